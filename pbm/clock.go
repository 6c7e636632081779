package pbm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/notice"
	"github.com/pbmgo/pbm/pbm/tournament"
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
		if err := tell(c.run, notice.Notice{User: late, Board: &b, Subject: lang.M("MailSubjectNag", "Title", g.Title(), "Number", b.Number, "Who", late), Body: notice.Written(func(p lang.Printer) string {
			return p.N("NagIdle", days, "Title", g.Title(), "Number", b.Number, "Days", days) + "\n" +
				p.N(then, left, "Left", left) + "\n\n" + board.TextBoardIn(p, b, st) + "\n\n" +
				p.T("NagHowTo") + fmt.Sprintf(" %s move %d %s <password> <move>#%d", g.Name(), b.Number, late, len(b.Log)+1)
		})}); err != nil {
			return err
		}
		for _, other := range b.Players {
			if strings.EqualFold(other, late) {
				continue
			}
			if err := tell(c.run, notice.Notice{User: other, Board: &b, Subject: lang.M("MailSubjectLate", "Title", g.Title(), "Number", b.Number, "Who", late), Body: notice.Written(func(p lang.Printer) string {
				return p.N("LateIdle", days, "Who", late, "Title", g.Title(), "Number", b.Number, "Days", days) +
					p.N("LateForfeitIn", left, "Left", left)
			})}); err != nil {
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
func cmdVacation(c *call) error {
	s := c.s
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
			if err := tell(c.run, notice.Notice{User: p, Subject: lang.M("MailSubjectVacation", "User", u.ID),
				Body: []lang.Msg{lang.M("ClockAwayNotice", "User", u.ID, "From", c.args[2], "To", c.args[3])}}); err != nil {
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

const day = board.Day

// tickRetry is how long the clock leaves a unit alone after it failed:
// it is tried again then, and reported only the first time.
const tickRetry = day

// maxDigestsPerTick bounds the digests one tick sends; the rest go at
// the next.
const maxDigestsPerTick = 1000

// tickMarkPrefix names, in the store's meta values, the marks of the
// units whose last run failed (tickMark).
const tickMarkPrefix = "tick-failed/"

// tickMark records that a unit of the clock failed: since when, when
// last, and the error, so that the report goes out once and the unit
// is left alone for tickRetry.
type tickMark struct {
	Since time.Time `json:"since"`
	At    time.Time `json:"at"`
	Error string    `json:"error"`
}

// tickUnit is one thing the clock handles by itself, in its own
// transaction: a board, a tournament, an account, the housekeeping.
// One that fails is rolled back alone; the others go on.
type tickUnit struct {
	key  string   // its name in the marks and the log: "board/nim/101"
	what lang.Msg // its name for the people told
	tell []string // the userids told when it fails: players, organiser
	run  func(c *call) error
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
// put off after a failure are left out until their time.
func tickUnits(s *Server, now time.Time) ([]tickUnit, error) {
	var units []tickUnit
	err := s.cfg.Store.View(func(tx *store.Tx) error {
		units = nil
		boards, err := tx.DueBoards(now)
		if err != nil {
			return err
		}
		for _, b := range boards {
			if b.Over {
				continue
			}
			units = append(units, boardUnit(s, b, now))
		}
		for _, g := range s.cfg.Games.Games() {
			docs, err := tx.Tournaments(g.Name())
			if err != nil {
				return err
			}
			for _, doc := range docs {
				var t tournament.Tournament
				if err := json.Unmarshal(doc, &t); err != nil {
					s.log.Error("clock: a tournament does not decode", "game", g.Name(), "error", err)
					continue
				}
				if !dueToStart(&t, now) {
					continue
				}
				u := tournamentUnit(s, g.Name(), t.Name, t.Organiser, now)
				if !heldOff(tx, u.key, now) {
					units = append(units, u)
				}
			}
		}
		users, err := tx.PendingBefore(now.Add(-time.Duration(s.cfg.ConfirmDays) * day))
		if err != nil {
			return err
		}
		for _, usr := range users {
			u := lapseUnit(s, usr.ID, now)
			if !heldOff(tx, u.key, now) {
				units = append(units, u)
			}
		}
		digests, err := tx.DueDigests(now, maxDigestsPerTick)
		if err != nil {
			return err
		}
		for _, id := range digests {
			units = append(units, digestUnit(s, id, now))
		}
		units = append(units, tickUnit{key: "refusals", what: lang.M("TickWhatHousekeeping"),
			run: func(c *call) error { return c.tx.PruneRefusals(now.Add(-day)) }})
		return nil
	})
	return units, err
}

// heldOff tells whether the unit failed less than tickRetry ago.
func heldOff(tx *store.Tx, key string, now time.Time) bool {
	v := tx.Meta(tickMarkPrefix + key)
	if v == "" {
		return false
	}
	var m tickMark
	if json.Unmarshal([]byte(v), &m) != nil {
		return false
	}
	return now.Before(m.At.Add(tickRetry))
}

// dueToStart tells whether the clock starts a tournament at now: open,
// with a start day that has come, and entrants enough.
func dueToStart(t *tournament.Tournament, now time.Time) bool {
	return !t.Started && !t.Over && !t.StartOn.IsZero() && !now.Before(t.StartOn) && len(t.Entrants) >= t.MinEntrants()
}

// boardUnit runs the clock of one board (call.tick). The board is read
// again in the unit's transaction: the intake may have changed it.
func boardUnit(s *Server, b store.Board, now time.Time) tickUnit {
	game, number := b.Game, b.Number
	title := game
	if g, ok := s.cfg.Games.Lookup(game); ok {
		title = g.Title()
	}
	return tickUnit{
		key:  fmt.Sprintf("board/%s/%d", strings.ToLower(game), number),
		what: lang.M("TickWhatBoard", "Title", title, "Number", number),
		tell: append([]string(nil), b.Players...),
		run: func(c *call) error {
			b, err := c.tx.Board(game, number)
			if errors.Is(err, store.ErrNotFound) {
				return nil
			}
			if err != nil {
				return err
			}
			if b.Over || b.Due.IsZero() || b.Due.After(now) {
				return nil
			}
			if c.game, _ = s.cfg.Games.Lookup(b.Game); c.game == nil {
				return nil
			}
			return c.tick(b, now)
		},
		hold: func(tx *store.Tx, until time.Time) error {
			b, err := tx.Board(game, number)
			if err != nil || b.Over {
				return err
			}
			b.Due = until
			return tx.PutBoard(b)
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
		key:  fmt.Sprintf("tournament/%s/%s", strings.ToLower(game), strings.ToLower(name)),
		what: lang.M("TickWhatTournament", "Title", title, "Name", name),
		tell: []string{organiser},
		run: func(c *call) error {
			if !ok {
				return nil
			}
			c.game = g
			t, err := c.loadTournament(name)
			if err != nil {
				return err
			}
			if !dueToStart(t, now) {
				return nil
			}
			if err := c.startTournament(t); err != nil {
				return err
			}
			return c.saveTournament(t)
		},
	}
}

// lapseUnit drops an account's addresses whose confirmation did not
// come within the configured days.
func lapseUnit(s *Server, id string, now time.Time) tickUnit {
	return tickUnit{
		key:  "account/" + strings.ToLower(id),
		what: lang.M("TickWhatAccount", "User", id),
		run: func(c *call) error {
			cutoff := now.Add(-time.Duration(s.cfg.ConfirmDays) * day)
			u, err := c.tx.User(id)
			if errors.Is(err, store.ErrNotFound) {
				return nil
			}
			if err != nil {
				return err
			}
			var keep []store.PendingAddress
			for _, p := range u.Pending {
				if !p.Since.Before(cutoff) {
					keep = append(keep, p)
				}
			}
			if len(keep) == len(u.Pending) {
				return nil
			}
			s.log.Info("unconfirmed addresses dropped", "user", u.ID, "count", len(u.Pending)-len(keep))
			u.Pending = keep
			return c.tx.PutUser(u)
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
		r := &run{s: s, tx: tx, msg: &mail.Message{}}
		if err := u.run(&call{run: r, sec: &section{}}); err != nil {
			return err
		}
		if tx.Meta(tickMarkPrefix+u.key) != "" {
			if err := tx.DeleteMeta(tickMarkPrefix + u.key); err != nil {
				return err
			}
		}
		queued = r.queued
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
		key := tickMarkPrefix + u.key
		var m tickMark
		if v := tx.Meta(key); v != "" {
			_ = json.Unmarshal([]byte(v), &m)
		}
		first = m.Since.IsZero()
		if first {
			m.Since = now
		}
		m.At, m.Error = now, cause.Error()
		doc, err := json.Marshal(m)
		if err != nil {
			return err
		}
		if err := tx.PutMeta(key, string(doc)); err != nil {
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
		r := &run{s: s, tx: tx, msg: &mail.Message{}}
		c := &call{run: r, sec: &section{}}
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
			if err := tell(c.run, notice.Notice{User: id, Subject: lang.M("MailSubjectTickStopped", "What", u.what), Body: why}); err != nil {
				return err
			}
		}
		// The admins read the server's own error, in English, as in
		// the log.
		ms := []lang.Msg{lang.M("TickStoppedAdmin", "What", u.what, "Unit", u.key), lang.Literal("\n\n" + cause.Error() + "\n")}
		for _, a := range s.adminReaders(tx) {
			if err := s.notices.Enqueue(tx, 0, outMail{To: a.address, Subject: a.p.T("MailSubjectTickStopped", "What", a.p.Render(u.what)), Text: a.p.Join(ms), Report: true, Lang: a.p.Code()}); err != nil {
				return err
			}
			r.queued++
		}
		queued = r.queued
		return nil
	})
	s.log.Error("clock: a unit failed and is put off", "unit", u.key, "error", cause, "retry", now.Add(tickRetry), "reported", first && err == nil)
	return queued, err
}

// zoneOf is the time zone of a user's account (account.Location): the
// server's when the account sets none or is gone.
func zoneOf(tx *store.Tx, id string) *time.Location {
	u, err := tx.User(id)
	if err != nil {
		return localZone()
	}
	return account.Location(u, localZone())
}

// localZone is the server's time zone.
func localZone() *time.Location { return time.Local }

// warn tells the player to move, once for the move, that less than a
// day is left before the clock forfeits it (board.Clock.WarnAt): the
// deadline in the player's language and zone, and the command to
// move.
func (c *call) warn(b store.Board, g engine.Game, st engine.State, act board.Action, now time.Time) error {
	board.MarkWarned(&b)
	b.Due = c.nextDue(b, st, now)
	if err := c.tx.PutBoard(b); err != nil {
		return err
	}
	who := b.Players[act.Seat]
	loc := zoneOf(c.tx, who)
	return tell(c.run, notice.Notice{User: who, Board: &b, Subject: lang.M("MailSubjectWarning", "Title", g.Title(), "Number", b.Number), Body: notice.Written(func(p lang.Printer) string {
		return p.T("Warning", "Title", g.Title(), "Number", b.Number, "When", p.Stamp(act.Deadline.In(loc))) + "\n\n" +
			board.TextBoardIn(p, b, st) + "\n\n" +
			p.T("WarningHowTo") + fmt.Sprintf(" %s move %d %s <password> <move>#%d", g.Name(), b.Number, who, len(b.Log)+1)
	})})
}

// cmdTimezone: "timezone <userid> <password> <zone>", an IANA zone
// name (Europe/Budapest, UTC) or "server": the zone the account's
// deadlines are written in and its days are counted in.
func cmdTimezone(c *call) error {
	s := c.s
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	name, ok := account.Zone(c.args[2])
	if !ok {
		return refuseMsg(lang.M("ZoneUnknown", "Arg", quotedWord(c.args[2])))
	}
	u.TimeZone = name
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	loc := account.Location(u, nil)
	if name == "" {
		loc = account.Location(u, localZone())
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
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	mode, ok := account.DigestMode(c.args[2])
	if !ok {
		return refuseMsg(lang.M("DigestUnknown", "Arg", quotedWord(c.args[2])))
	}
	loc := account.Location(u, localZone())
	old := u.DigestNext
	u.Digest, u.DigestNext = mode, account.NextDigest(mode, loc, s.now())
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	if err := c.tx.SetDigestDue(u.ID, old, u.DigestNext); err != nil {
		return err
	}
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
		key:  "digest/" + strings.ToLower(id),
		what: lang.M("TickWhatAccount", "User", id),
		tell: []string{id},
		run: func(c *call) error {
			u, err := c.tx.User(id)
			if errors.Is(err, store.ErrNotFound) {
				return nil
			}
			if err != nil {
				return err
			}
			if u.Closed || u.Digest == "" || u.DigestNext.IsZero() || u.DigestNext.After(now) {
				return nil
			}
			if err := c.digest(u, now); err != nil {
				return err
			}
			old := u.DigestNext
			u.DigestNext = account.NextDigest(u.Digest, account.Location(u, localZone()), now)
			if err := c.tx.PutUser(u); err != nil {
				return err
			}
			return c.tx.SetDigestDue(u.ID, old, u.DigestNext)
		},
		hold: func(tx *store.Tx, until time.Time) error {
			u, err := tx.User(id)
			if err != nil || u.DigestNext.IsZero() {
				return err
			}
			old := u.DigestNext
			u.DigestNext = until
			if err := tx.PutUser(u); err != nil {
				return err
			}
			return tx.SetDigestDue(u.ID, old, until)
		},
	}
}

// waitingFor lists the boards where u is to move, the most urgent
// first (board.WaitingFor).
func waitingFor(s *Server, tx *store.Tx, u store.User, now time.Time) ([]board.Waiting, error) {
	return board.WaitingFor(tx, s.current, u, s.clockOf, now, digestMax)
}

// digest mails u the boards where u is to move, the most urgent
// first; nothing when nothing waits.
func (c *call) digest(u store.User, now time.Time) error {
	waiting, err := waitingFor(c.s, c.tx, u, now)
	if err != nil || len(waiting) == 0 {
		return err
	}
	loc := account.Location(u, localZone())
	return tell(c.run, notice.Notice{User: u.ID, Subject: lang.Msg{Write: func(p lang.Printer) string {
		return p.N("MailSubjectDigest", len(waiting), "N", len(waiting))
	}}, Body: notice.Written(func(p lang.Printer) string {
		var b strings.Builder
		b.WriteString(p.N("DigestHead", len(waiting), "N", len(waiting), "User", u.ID))
		for _, w := range waiting {
			b.WriteString("\n\n" + digestEntry(p, w, u.ID, loc, now))
		}
		return b.String()
	})})
}

// digestEntry is one board of a digest: the game and board, the
// opponents, the last move, the time left and the command to move.
func digestEntry(p lang.Printer, w board.Waiting, who string, loc *time.Location, now time.Time) string {
	g, b := w.Game, w.Board
	last := p.T("DigestNoMove")
	if w.Last != nil {
		mv := w.Last.Move
		if w.Last.Kind != "" {
			mv = "(" + w.Last.Kind + ")"
		}
		last = p.T("DigestLast", "Move", mv, "Who", board.SeatName(b, w.Last.Seat), "When", w.Last.At.In(loc))
	}
	return p.T("DigestBoard", "Title", g.Title(), "Number", b.Number, "Opponents", strings.Join(w.Opponents, ", "), "Last", last,
		"Left", board.DurationIn(p, w.Deadline.Sub(now)), "When", w.Deadline.In(loc)) + "\n  " +
		fmt.Sprintf("%s move %d %s <password> <move>#%d", g.Name(), b.Number, who, len(b.Log)+1)
}

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
	return true, tell(c.run, notice.Notice{User: u.ID, Board: &b, Subject: lang.M("MailSubjectAutoVacation", "Title", g.Title(), "Number", b.Number), Body: notice.Written(func(p lang.Printer) string {
		return p.N("AutoVacationSpent", left, "Title", g.Title(), "Number", b.Number, "Until", until.In(loc), "Left", left)
	})})
}

// cmdDaysOff: "daysoff <userid> <password> <days>|none", days as
// sat,sun: no clock of the player runs on those days of the player's
// time zone (board.Spent).
func cmdDaysOff(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	days, ok := board.ParseDaysOff(c.args[2])
	if !ok {
		return refuseMsg(lang.M("DaysOffUsage", "Arg", quotedWord(c.args[2]), "Max", board.MaxDaysOff))
	}
	u.DaysOff = days
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	if len(days) == 0 {
		c.sec.say(lang.M("DaysOffNone", "User", u.ID))
		return nil
	}
	c.sec.say(lang.M("DaysOffSet", "User", u.ID, "Days", board.DaysOffText(days), "Zone", board.Zone(u).String()))
	return nil
}

// serialTimeout marks a forfeit of the mover's that comes within a day
// of an earlier rated one as not rated (board.SerialTimeout); the end
// of the board tells its players why.
func (c *call) serialTimeout(b *store.Board, u *store.User, now time.Time) error {
	if u == nil {
		return nil
	}
	if board.SerialTimeout(b, u, now) {
		return c.tx.PutUser(*u)
	}
	return nil
}

// bankText is the line of a board mail with every seat's time bank at
// now, "" when the board has none.
func bankText(p lang.Printer, tx *store.Tx, b store.Board, toMove int, now time.Time) string {
	banks, ok := board.Banks(b, board.SeatUsers(tx, b), toMove, now)
	if !ok {
		return ""
	}
	k, _ := board.BankOf(b)
	var seats []string
	for _, l := range banks {
		id := "BankSeat"
		if l.ToMove {
			id = "BankSeatToMove"
		}
		seats = append(seats, p.T(id, "Who", l.Player, "Left", board.DurationIn(p, l.Left)))
	}
	return p.T("BankHead", "Start", board.DaysText(k.Start), "Add", board.DaysText(k.Add), "Cap", board.DaysText(k.Cap)) +
		" " + strings.Join(seats, "; ") + "."
}
