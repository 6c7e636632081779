package pbm

import (
	"fmt"
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/board"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// clockOf is a board's clock, with the server's limits where the
// board sets none.
func (s *Server) clockOf(b store.Board) board.Clock {
	return board.Limits(b, s.cfg.NagDays, s.cfg.ForfeitDays)
}

// mover is the seat to move on b and its account, nil when it has
// none (an account gone: signoff resigns its games).
func mover(tx *store.Tx, b store.Board, st engine.State) (int, *store.User) {
	seat := st.ToMove()
	if seat < 0 || seat >= len(b.Players) {
		return seat, nil
	}
	u, err := tx.User(b.Players[seat])
	if err != nil {
		return seat, nil
	}
	return seat, &u
}

// clockDue is when Tick must next look at a running board
// (board.Clock.Due).
func (s *Server) clockDue(tx *store.Tx, b store.Board, st engine.State, now time.Time) time.Time {
	if b.Over {
		return time.Time{}
	}
	seat, u := mover(tx, b, st)
	return s.clockOf(b).Due(b, seat, u, now)
}

// nextDue is clockDue for a board Tick looks at now. A Due that has
// come already (which clockDue should not give) is put an hour on, so
// that a board is not looked at on every tick.
func (c *call) nextDue(b store.Board, st engine.State, now time.Time) time.Time {
	due := c.s.clockDue(c.tx, b, st, now)
	if !due.IsZero() && !due.After(now) {
		due = now.Add(time.Hour)
	}
	return due
}

// reschedule sets the board's Due after Tick looked at it and did
// nothing that commits the board.
func (c *call) reschedule(b store.Board, st engine.State, now time.Time) error {
	due := c.nextDue(b, st, now)
	if due.Equal(b.Due) {
		return nil
	}
	b.Due = due
	return c.tx.PutBoard(b)
}

// tick does what the board's clock says at now (board.Clock.Check)
// and mails what it did.
func (c *call) tick(b store.Board, now time.Time) error {
	g, st, err := c.s.replay(b, -1)
	if err != nil {
		return err
	}
	clock := c.s.clockOf(b)
	seat, u := mover(c.tx, b, st)
	act := clock.Check(b, seat, u, now)
	late := ""
	if act.Kind != board.VoteTimeout && act.Kind != board.Wait {
		late = b.Players[act.Seat]
	}
	if act.Kind == board.ForfeitTotal || act.Kind == board.ForfeitIdle {
		if spent, err := c.autoVacation(b, g, st, u, now); spent || err != nil {
			return err
		}
		if err := c.serialTimeout(&b, u, now); err != nil {
			return err
		}
	}
	switch act.Kind {
	case board.VoteTimeout:
		silent, d := board.Timeout(&b, now)
		var names []string
		for _, s := range silent {
			names = append(names, b.Players[s])
		}
		days := int(clock.Forfeit / day)
		said := []lang.Msg{lang.N("ClockVoteTimeout", days, "Who", strings.Join(names, ", "), "Days", days)}
		first := lang.English().Join(said)
		event := first
		if st, event, err = c.carried(b, st, d, event); err != nil {
			return err
		}
		if rest := strings.TrimPrefix(event, first); rest != "" {
			said = append(said, lang.Literal(rest))
		}
		return c.commit(&b, g, st, change{Event: event, Said: said})
	case board.ForfeitTotal:
		if b.Bank > 0 {
			_, err := c.leave(b, act.Seat, "forfeit", lang.M("ForfeitBank", "Who", late, "When", now.UTC()), lang.M("LapseBank", "Who", late))
			return err
		}
		_, err := c.leave(b, act.Seat, "forfeit", lang.N("ForfeitTotal", b.TotalDays, "Who", late, "Days", b.TotalDays, "When", now.UTC()),
			lang.N("LapseTotal", b.TotalDays, "Who", late, "Days", b.TotalDays))
		return err
	case board.ForfeitIdle:
		days := act.Days
		_, err := c.leave(b, act.Seat, "forfeit", lang.N("ForfeitIdle", days, "Who", late, "Days", days, "When", now.UTC()),
			lang.N("LapseIdle", days, "Who", late, "Days", days))
		return err
	case board.Warn:
		return c.warn(b, g, st, act, now)
	case board.Nag:
		b.LastNag = now
		b.Due = c.nextDue(b, st, now)
		if err := c.tx.PutBoard(b); err != nil {
			return err
		}
		days, left := act.Days, act.Left
		then := "NagForfeit"
		if !board.AllMoved(b) {
			then = "NagLapse"
		}
		if err := c.tellAboutIn(b, late, lang.M("MailSubjectNag", "Title", g.Title(), "Number", b.Number, "Who", late), func(p lang.Printer) string {
			return p.N("NagIdle", days, "Title", g.Title(), "Number", b.Number, "Days", days) + "\n" +
				p.N(then, left, "Left", left) + "\n\n" + board.TextBoardIn(p, b, st) + "\n\n" +
				p.T("NagHowTo") + fmt.Sprintf(" %s move %d %s <password> <move>#%d", g.Name(), b.Number, late, len(b.Log)+1)
		}); err != nil {
			return err
		}
		for _, other := range b.Players {
			if strings.EqualFold(other, late) {
				continue
			}
			if err := c.tellAboutIn(b, other, lang.M("MailSubjectLate", "Title", g.Title(), "Number", b.Number, "Who", late), func(p lang.Printer) string {
				return p.N("LateIdle", days, "Who", late, "Title", g.Title(), "Number", b.Number, "Days", days) +
					p.N("LateForfeitIn", left, "Left", left)
			}); err != nil {
				return err
			}
		}
		return nil
	}
	return c.reschedule(b, st, now)
}

// cmdVacation: "vacation <userid> <password> <from> <to>", dates as
// YYYY-MM-DD (UTC), both days included: no reminders and no forfeits
// while away. The days per calendar year are limited by the
// configuration; the opponents of the user's running games are told.
func (s *Server) cmdVacation(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	if strings.EqualFold(c.args[2], "auto") {
		return s.setAutoVacation(c, u)
	}
	from, err1 := time.Parse("2006-01-02", c.args[2])
	to, err2 := time.Parse("2006-01-02", c.args[3])
	if err1 != nil || err2 != nil {
		return refuseMsg(lang.M("ClockDateForm", "User", u.ID))
	}
	today := s.now().UTC().Truncate(day)
	switch {
	case to.Before(from):
		return refuseMsg(lang.M("ClockEndsBefore", "To", c.args[3], "From", c.args[2]))
	case to.Before(today):
		return refuseMsg(lang.M("ClockOver"))
	case to.Sub(from) >= 366*day:
		return refuseMsg(lang.M("ClockYear"))
	}
	// The days are counted against the calendar year they fall in: a
	// vacation over New Year uses days of both years.
	days := int(to.Sub(from)/day) + 1
	var left []lang.Msg
	for y := from.Year(); y <= to.Year(); y++ {
		used := 0
		for _, v := range u.Vacations {
			used += board.DaysIn(v.From, v.To, y)
		}
		want := board.DaysIn(from, to, y)
		if used+want > s.cfg.VacationDays {
			return refuseMsg(lang.N("ClockTooLong", want, "Want", want, "Left", s.cfg.VacationDays-used, "Allowed", s.cfg.VacationDays, "Year", y))
		}
		n := s.cfg.VacationDays - used - want
		left = append(left, lang.N("ClockLeftIn", n, "Left", n, "Year", y))
	}
	u.Vacations = append(u.Vacations, store.Vacation{From: from, To: to})
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	boards, err := c.tx.BoardsOf(u.ID, "")
	if err != nil {
		return err
	}
	told := map[string]bool{}
	for _, b := range boards {
		if b.Over || board.SeatOf(b, u.ID) < 0 {
			continue
		}
		for _, p := range b.Players {
			if strings.EqualFold(p, u.ID) || told[strings.ToLower(p)] {
				continue
			}
			told[strings.ToLower(p)] = true
			if err := c.tellUserSaying(p, lang.M("MailSubjectVacation", "User", u.ID),
				lang.M("ClockAwayNotice", "User", u.ID, "From", c.args[2], "To", c.args[3])); err != nil {
				return err
			}
		}
	}
	leftMsg := left[0]
	if len(left) > 1 {
		leftMsg = lang.M("ClockLeftBoth", "First", left[0], "Second", left[1])
	}
	c.sec.say(lang.N("ClockVacationSet", days, "From", c.args[2], "To", c.args[3], "Days", days, "Left", leftMsg),
		lang.N("ClockOpponentsTold", len(told), "Count", len(told)))
	return nil
}

// durationIn writes a time used by p: "3 days, 02:04".
func durationIn(p lang.Printer, d time.Duration) string {
	if d < 0 {
		d = 0
	}
	days := int(d / day)
	d -= time.Duration(days) * day
	return p.N("Duration", days, "Days", days, "Clock", fmt.Sprintf("%02d:%02d", int(d/time.Hour), int(d%time.Hour/time.Minute)))
}

const day = board.Day
