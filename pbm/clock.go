package pbm

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/clockdue"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/notice"
	"github.com/pbmgo/pbm/pbm/tickmark"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// clockOf is a board's clock, with the server's limits where the
// board sets none.
func clockOf(s *Server, b store.Board) board.Clock {
	return board.Limits(b, s.cfg.NagDays, s.cfg.ForfeitDays)
}

// clockDue is when Tick must next look at a running board
// (board.DueOf).
func clockDue(s *Server, tx *store.Tx, b store.Board, st engine.State, now time.Time) time.Time {
	return board.DueOf(tx, b, st, clockOf(s, b), now)
}

// nextDue is clockDue for a board Tick looks at now (board.NextLook).
func nextDue(s *Server, tx *store.Tx, b store.Board, st engine.State, now time.Time) time.Time {
	return board.NextLook(clockDue(s, tx, b, st, now), now)
}

// tickBoard does what the board's clock says at now (board.Clock.Check)
// and mails what it did.
func tickBoard(work *unit, b store.Board, now time.Time) error {
	g, st, err := work.s.boards.Replay(b, -1)
	if err != nil {
		return err
	}
	clock := clockOf(work.s, b)
	seat, u := board.Mover(work.tx, b, st)
	act := clock.Check(b, seat, u, now)
	late := act.Late(b)
	if act.Kind == board.ForfeitTotal || act.Kind == board.ForfeitIdle {
		if spent, err := autoVacation(work, b, g, st, u, now); spent || err != nil {
			return err
		}
		if err := board.SerialForfeit(work.tx, &b, u, now); err != nil {
			return err
		}
	}
	switch act.Kind {
	case board.VoteTimeout:
		silent, d := board.Timeout(&b, now)
		said := []lang.Msg{notice.VoteTimeout(b, silent, int(clock.Forfeit/day))}
		if st, said, err = carriedMsg(work.s, b, st, d, said); err != nil {
			return err
		}
		return commit(work, &b, g, st, change{Said: said})
	case board.ForfeitTotal:
		fallthrough
	case board.ForfeitIdle:
		said, lapse := notice.Forfeit(act.Kind, b, late, act.Days, now)
		_, err := leave(work, b, act.Seat, "forfeit", said, lapse, "")
		return err
	case board.Warn:
		return warn(work, b, g, st, act, now)
	case board.Nag:
		if err := board.Nagged(work.tx, &b, now, func(b store.Board) time.Time { return nextDue(work.s, work.tx, b, st, now) }); err != nil {
			return err
		}
		for _, n := range notice.Nag(b, g, st, late, act.Days, act.Left, !board.AllMoved(b)) {
			if err := tell(work, n); err != nil {
				return err
			}
		}
		return nil
	}
	// Nothing that commits the board: only its next look changes.
	return board.Reschedule(work.tx, &b, nextDue(work.s, work.tx, b, st, now))
}

// cmdVacation: "vacation <userid> <password> <from> <to>", dates as
// YYYY-MM-DD (UTC), both days included: no reminders and no forfeits
// while away. The days per calendar year are limited by the
// configuration; the opponents of the user's running games are told.
func cmdVacation(c *call) error {
	s := c.s
	u := c.user
	if strings.EqualFold(c.args[2], "auto") {
		return setAutoVacation(c, u)
	}
	u, v, err := board.TakeVacation(c.tx, u, c.args[2], c.args[3], s.now().UTC().Truncate(day), s.cfg.VacationDays)
	var long *board.VacationTooLong
	switch {
	case errors.Is(err, board.ErrVacationDates):
		return refuseMsg(lang.M("ClockDateForm", "User", u.ID))
	case errors.Is(err, board.ErrVacationOrder):
		return refuseMsg(lang.M("ClockEndsBefore", "To", c.args[3], "From", c.args[2]))
	case errors.Is(err, board.ErrVacationOver):
		return refuseMsg(lang.M("ClockOver"))
	case errors.Is(err, board.ErrVacationLonger):
		return refuseMsg(lang.M("ClockYear"))
	case errors.As(err, &long):
		return refuseMsg(lang.N("ClockTooLong", long.Want, "Want", long.Want, "Left", long.Left, "Allowed", long.Allowed, "Year", long.Year))
	case err != nil:
		return err
	}
	days := v.Days
	var left []lang.Msg
	for _, y := range v.Left {
		left = append(left, lang.N("ClockLeftIn", y.Left, "Left", y.Left, "Year", y.Year))
	}
	told, err := board.OpponentsOf(c.tx, u.ID)
	if err != nil {
		return err
	}
	for _, p := range told {
		if err := tell(c.unit, notice.Away(p, u.ID, c.args[2], c.args[3])); err != nil {
			return err
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

const day = board.Day

// tickRetry is how long the clock leaves a unit alone after it failed:
// it is tried again then, and reported only the first time.
const tickRetry = tickmark.Retry

// maxDigestsPerTick bounds the digests one tick sends; the rest go at
// the next.
const maxDigestsPerTick = 1000

// tickMarkPrefix names, in the store's meta values, the marks of the
// units whose last run failed (package tickmark).
const tickMarkPrefix = tickmark.Prefix

// tickUnit is one thing the clock handles by itself, in its own
// transaction: a board, a tournament, an account, the housekeeping.
// One that fails is rolled back alone; the others go on.
type tickUnit struct {
	key  string   // its name in the marks and the log: "board/nim/101"
	what lang.Msg // its name for the people told
	tell []string // the userids told when it fails: players, organiser
	run  func(work *unit) error
	// hold, when set, puts the unit off after a failure within the
	// transaction that records it (a board's Due).
	hold func(tx *store.Tx, until time.Time) error
}

// Tick runs the clocks, each board, tournament and account in its own
// transaction (tickUnits): reminders and forfeits of the boards that
// are due (clockBoard), the start of the tournaments whose day has
// come, and the lapse of addresses never confirmed. A unit that fails
// is rolled back alone, logged, reported once to its players or
// organiser and to the admins, and left alone for a day; the others go
// on. It returns the number of mails queued; its error is only that
// the units could not be listed.
func (s *Server) Tick(ctx context.Context) (int, error) {
	now := s.now()
	units, err := tickUnits(s, now)
	if err != nil {
		return 0, fmt.Errorf("clock: %w", err)
	}
	queued, failed := 0, 0
	var longest time.Duration
	for _, u := range units {
		if ctx.Err() != nil {
			break
		}
		start := time.Now()
		n, err := runTickUnit(s, u)
		longest = max(longest, time.Since(start))
		if err != nil {
			failed++
			n, err = failTickUnit(s, u, now, err)
			if err != nil {
				s.log.Error("clock: the failure of a unit could not be recorded", "unit", u.key, "error", err)
			}
		}
		queued += n
	}
	if queued > 0 || failed > 0 {
		s.log.Info("clock", "queued", queued, "units", len(units), "failed", failed, "longest_unit", longest)
	}
	return queued, nil
}

// tickUnits lists, in one read, the units due at now: the boards whose
// Due has come, the tournaments whose start day has, the accounts with
// an address whose confirmation lapsed, and the housekeeping. Units
// put off after a failure are left out until their time (clockdue.At).
func tickUnits(s *Server, now time.Time) ([]tickUnit, error) {
	var units []tickUnit
	err := s.cfg.Store.View(func(tx *store.Tx) error {
		units = nil
		due, err := clockdue.At(tx, clockdue.Query{Games: gameNames(s.cfg.Games),
			LapseBefore: now.Add(-time.Duration(s.cfg.ConfirmDays) * day), MaxDigests: maxDigestsPerTick}, now)
		if err != nil {
			return err
		}
		for _, b := range due.Boards {
			units = append(units, boardUnit(s, b, now))
		}
		for _, bad := range due.Skipped {
			s.log.Error("clock: a tournament does not decode", "game", bad.Game, "error", bad.Err)
		}
		for _, t := range due.Tournaments {
			units = append(units, tournamentUnit(s, t.Game, t.Name, t.Organiser, now))
		}
		for _, id := range due.Lapsed {
			units = append(units, lapseUnit(s, id, now))
		}
		for _, id := range due.Digests {
			units = append(units, digestUnit(s, id, now))
		}
		units = append(units, tickUnit{key: "refusals", what: lang.M("TickWhatHousekeeping"),
			run: func(work *unit) error { return work.tx.PruneRefusals(now.Add(-day)) }})
		return nil
	})
	return units, err
}

// boardUnit runs the clock of one board (tickBoard). The board is read
// again in the unit's transaction: the intake may have changed it.
func boardUnit(s *Server, b store.Board, now time.Time) tickUnit {
	game, number := b.Game, b.Number
	title := game
	if g, ok := s.cfg.Games.Lookup(game); ok {
		title = g.Title()
	}
	return tickUnit{
		key:  clockdue.BoardKey(game, number),
		what: lang.M("TickWhatBoard", "Title", title, "Number", number),
		tell: append([]string(nil), b.Players...),
		run: func(work *unit) error {
			b, err := work.tx.Board(game, number)
			if errors.Is(err, store.ErrNotFound) {
				return nil
			}
			if err != nil {
				return err
			}
			if !board.DueAt(b, now) {
				return nil
			}
			if _, ok := s.cfg.Games.Lookup(b.Game); !ok {
				return nil
			}
			return tickBoard(work, b, now)
		},
		hold: func(tx *store.Tx, until time.Time) error {
			return board.Hold(tx, game, number, until)
		},
	}
}

// tournamentUnit starts one tournament whose day has come.
func tournamentUnit(s *Server, game, name, organiser string, now time.Time) tickUnit {
	title := game
	g, ok := s.cfg.Games.Lookup(game)
	if ok {
		title = g.Title()
	}
	return tickUnit{
		key:  clockdue.TournamentKey(game, name),
		what: lang.M("TickWhatTournament", "Title", title, "Name", name),
		tell: []string{organiser},
		run: func(work *unit) error {
			if !ok {
				return nil
			}
			t, err := loadTournament(work.tx, g, name)
			if err != nil {
				return err
			}
			if !t.DueToStart(now) {
				return nil
			}
			if err := startTournament(work, g, t); err != nil {
				return err
			}
			return tournament.Save(work.tx, t)
		},
	}
}

// lapseUnit drops an account's addresses whose confirmation did not
// come within the configured days.
func lapseUnit(s *Server, id string, now time.Time) tickUnit {
	return tickUnit{
		key:  clockdue.AccountKey(id),
		what: lang.M("TickWhatAccount", "User", id),
		run: func(work *unit) error {
			n, err := account.DropLapsed(work.tx, id, now.Add(-time.Duration(s.cfg.ConfirmDays)*day))
			if n > 0 {
				s.log.Info("unconfirmed addresses dropped", "user", id, "count", n)
			}
			return err
		},
	}
}

// runTickUnit runs one unit in its own transaction; a panic is its
// error. A unit that runs clears its failure mark.
func runTickUnit(s *Server, u tickUnit) (queued int, err error) {
	defer func() {
		if p := recover(); p != nil {
			queued, err = 0, fmt.Errorf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	err = s.cfg.Store.Update(func(tx *store.Tx) error {
		work := &unit{s: s, ctx: context.Background(), tx: tx}
		if err := u.run(work); err != nil {
			return err
		}
		if err := endUnit(work); err != nil {
			return err
		}
		if err := tickmark.Clear(tx, u.key); err != nil {
			return err
		}
		queued = work.queued
		return nil
	})
	return queued, err
}

// failTickUnit records a unit's failure in a transaction of its own:
// the unit is put off for tickRetry, and the first time the people it
// concerns and the admins are told. It returns the mails queued.
func failTickUnit(s *Server, u tickUnit, now time.Time, cause error) (int, error) {
	queued, first := 0, false
	err := s.cfg.Store.Update(func(tx *store.Tx) error {
		var err error
		if first, err = tickmark.Fail(tx, u.key, now, cause); err != nil {
			return err
		}
		if u.hold != nil {
			if err := u.hold(tx, now.Add(tickRetry)); err != nil {
				return err
			}
		}
		if !first {
			return nil
		}
		work := &unit{s: s, ctx: context.Background(), tx: tx}
		why := []lang.Msg{lang.M("TickStoppedPlayer", "What", u.what)}
		var ref *Refusal
		if errors.As(cause, &ref) {
			// A refusal is written for players: its reader sees why.
			why = append(why, lang.Literal("\n\n"), lang.M("TickWhy"), lang.Literal(" "))
			if ref.msgs != nil {
				why = append(why, ref.msgs...)
			} else {
				why = append(why, lang.Literal(ref.Error()))
			}
		}
		told := map[string]bool{}
		for _, id := range u.tell {
			if id == "" || told[strings.ToLower(id)] {
				continue
			}
			told[strings.ToLower(id)] = true
			if err := tell(work, notice.Notice{User: id, Subject: lang.M("MailSubjectTickStopped", "What", u.what), Body: why}); err != nil {
				return err
			}
		}
		n, err := s.notices.TickStoppedToAdmins(tx, s.cfg.Admins, u.what, u.key, cause)
		work.queued += n
		if err != nil {
			return err
		}
		queued = work.queued
		return nil
	})
	s.log.Error("clock: a unit failed and is put off", "unit", u.key, "error", cause, "retry", now.Add(tickRetry), "reported", first && err == nil)
	return queued, err
}

// warn tells the player to move, once for the move, that less than a
// day is left before the clock forfeits it (board.Clock.WarnAt): the
// deadline in the player's language and zone, and the command to
// move.
func warn(work *unit, b store.Board, g engine.Game, st engine.State, act board.Action, now time.Time) error {
	if err := board.Warned(work.tx, &b, func(b store.Board) time.Time { return nextDue(work.s, work.tx, b, st, now) }); err != nil {
		return err
	}
	who := b.Players[act.Seat]
	return tell(work, notice.Warning(b, g, st, who, act.Deadline, account.ZoneOf(work.tx, who, account.ServerZone())))
}

// cmdTimezone: "timezone <userid> <password> <zone>", an IANA zone
// name (Europe/Budapest, UTC) or "server": the zone the account's
// deadlines are written in and its days are counted in.
func cmdTimezone(c *call) error {
	s := c.s
	u := c.user
	var err error
	if u, err = account.SetZone(c.tx, u, c.args[2]); errors.Is(err, account.ErrUnknownZone) {
		return refuseMsg(lang.M("ZoneUnknown", "Arg", mail.Quoted(c.args[2])))
	} else if err != nil {
		return err
	}
	name := u.TimeZone
	loc := account.Location(u, nil)
	if name == "" {
		loc = account.Location(u, account.ServerZone())
		c.sec.say(lang.M("ZoneServer", "User", u.ID, "Zone", loc.String(), "Now", s.now().In(loc)))
		return nil
	}
	c.sec.say(lang.M("ZoneSet", "User", u.ID, "Zone", name, "Now", s.now().In(loc)))
	return nil
}

// digestMax bounds the boards one digest lists.
const digestMax = 50

// cmdDigest: "digest <userid> <password> daily|weekly|off": a mail at
// a quiet hour of the player's zone (account.DigestHour) listing the
// boards where the player is to move, the most urgent first.
func cmdDigest(c *call) error {
	s := c.s
	u := c.user
	var err error
	if u, err = account.SetDigest(c.tx, u, c.args[2], account.ServerZone(), s.now()); errors.Is(err, account.ErrUnknownDigest) {
		return refuseMsg(lang.M("DigestUnknown", "Arg", mail.Quoted(c.args[2])))
	} else if err != nil {
		return err
	}
	mode := u.Digest
	if mode == "" {
		c.sec.say(lang.M("DigestOff", "User", u.ID))
		return nil
	}
	c.sec.say(lang.M("DigestSet"+strings.ToUpper(mode[:1])+mode[1:], "User", u.ID, "Next", u.DigestNext))
	return nil
}

// digestUnit sends one account's digest, when it is due, and sets the
// next.
func digestUnit(s *Server, id string, now time.Time) tickUnit {
	return tickUnit{
		key:  clockdue.DigestKey(id),
		what: lang.M("TickWhatAccount", "User", id),
		tell: []string{id},
		run: func(work *unit) error {
			u, err := work.tx.User(id)
			if errors.Is(err, store.ErrNotFound) {
				return nil
			}
			if err != nil {
				return err
			}
			if !account.DigestDue(u, now) {
				return nil
			}
			if err := mailDigest(work, u, now); err != nil {
				return err
			}
			return account.DigestSent(work.tx, u, account.ServerZone(), now)
		},
		hold: func(tx *store.Tx, until time.Time) error {
			return account.HoldDigest(tx, id, until)
		},
	}
}

// waitingFor lists the boards where u is to move, the most urgent
// first (board.WaitingFor).
func waitingFor(s *Server, tx *store.Tx, u store.User, now time.Time) ([]board.Waiting, error) {
	return board.WaitingFor(tx, s.boards.Now, u, func(b store.Board) board.Clock { return clockOf(s, b) }, now, digestMax)
}

// mailDigest mails u the boards where u is to move, the most urgent
// first; nothing when nothing waits.
func mailDigest(work *unit, u store.User, now time.Time) error {
	waiting, err := waitingFor(work.s, work.tx, u, now)
	if err != nil || len(waiting) == 0 {
		return err
	}
	return tell(work, notice.Digest(u, waiting, account.Location(u, account.ServerZone()), now))
}

// setAutoVacation: "vacation <userid> <password> auto on|off". With it
// on, a clock that would forfeit the player spends a day of the year's
// vacation days instead, for every board at once.
func setAutoVacation(c *call, u store.User) error {
	s := c.s
	u, err := account.SetAutoVacation(c.tx, u, c.args[3])
	if errors.Is(err, account.ErrAutoVacationArg) {
		return refuseMsg(lang.M("AutoVacationUsage"))
	} else if err != nil {
		return err
	}
	if !u.AutoVacation {
		c.sec.say(lang.M("AutoVacationOff", "User", u.ID))
		return nil
	}
	left := board.VacationLeft(u, s.now().UTC().Year(), s.cfg.VacationDays)
	c.sec.say(lang.N("AutoVacationOn", left, "User", u.ID, "Left", left))
	return nil
}

// autoVacation spends a day of the mover's vacation days instead of
// the forfeit the clock would make (board.SpendAutoDay), and tells the
// player; false when the forfeit is to happen.
func autoVacation(work *unit, b store.Board, g engine.Game, st engine.State, u *store.User, now time.Time) (bool, error) {
	if u == nil {
		return false, nil
	}
	left, ok, err := board.SpendVacationDay(work.tx, u, now, work.s.cfg.VacationDays)
	if !ok || err != nil {
		return ok, err
	}
	if err := board.Reschedule(work.tx, &b, nextDue(work.s, work.tx, b, st, now)); err != nil {
		return true, err
	}
	work.s.log.Info("clock: a day of automatic vacation instead of a forfeit", "user", u.ID, "game", b.Game, "board", b.Number, "left", left)
	return true, tell(work, notice.AutoVacation(b, g, u.ID, now.Add(day), account.ZoneOf(work.tx, u.ID, account.ServerZone()), left))
}

// cmdDaysOff: "daysoff <userid> <password> <days>|none", days as
// sat,sun: no clock of the player runs on those days of the player's
// time zone (board.Spent).
func cmdDaysOff(c *call) error {
	u := c.user
	var err error
	days, ok := board.ParseDaysOff(c.args[2])
	if !ok {
		return refuseMsg(lang.M("DaysOffUsage", "Arg", mail.Quoted(c.args[2]), "Max", board.MaxDaysOff))
	}
	if u, err = account.SetDaysOff(c.tx, u, days); err != nil {
		return err
	}
	if len(days) == 0 {
		c.sec.say(lang.M("DaysOffNone", "User", u.ID))
		return nil
	}
	c.sec.say(lang.M("DaysOffSet", "User", u.ID, "Days", board.DaysOffText(days), "Zone", board.Zone(u).String()))
	return nil
}

// bankText is the line of a board mail with every seat's time bank
// (notice.BankLine).
var bankText = notice.BankLine
