package pbm

import (
	"strings"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// setAutoVacation: "vacation <userid> <password> auto on|off". With it
// on, a clock that would forfeit the player spends a day of the year's
// vacation days instead, for every board at once.
func (s *Server) setAutoVacation(c *call, u store.User) error {
	var on bool
	switch strings.ToLower(c.args[3]) {
	case "on":
		on = true
	case "off":
	default:
		return refuseMsg(lang.M("AutoVacationUsage"))
	}
	u.AutoVacation = on
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	if !on {
		c.sec.say(lang.M("AutoVacationOff", "User", u.ID))
		return nil
	}
	left := s.cfg.VacationDays - board.VacationDaysIn(u, s.now().UTC().Year())
	c.sec.say(lang.N("AutoVacationOn", left, "User", u.ID, "Left", left))
	return nil
}

// autoVacation spends a day of the mover's vacation days instead of
// the forfeit the clock would make (board.SpendAutoDay), and tells the
// player; false when the forfeit is to happen.
func (c *call) autoVacation(b store.Board, g engine.Game, st engine.State, u *store.User, now time.Time) (bool, error) {
	if u == nil {
		return false, nil
	}
	left, ok := board.SpendAutoDay(u, now, c.s.cfg.VacationDays)
	if !ok {
		return false, nil
	}
	if err := c.tx.PutUser(*u); err != nil {
		return true, err
	}
	b.Due = c.nextDue(b, st, now)
	if err := c.tx.PutBoard(b); err != nil {
		return true, err
	}
	loc := zoneOf(c.tx, u.ID)
	until := now.Add(day)
	c.s.log.Info("clock: a day of automatic vacation instead of a forfeit", "user", u.ID, "game", b.Game, "board", b.Number, "left", left)
	return true, c.tellAboutIn(b, u.ID, lang.M("MailSubjectAutoVacation", "Title", g.Title(), "Number", b.Number), func(p lang.Printer) string {
		return p.N("AutoVacationSpent", left, "Title", g.Title(), "Number", b.Number, "Until", until.In(loc), "Left", left)
	})
}
