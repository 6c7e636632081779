package pbm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

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
				why = append(why, lang.Literal(ref.Text))
			}
		}
		told := map[string]bool{}
		for _, id := range u.tell {
			if id == "" || told[strings.ToLower(id)] {
				continue
			}
			told[strings.ToLower(id)] = true
			if err := c.tellUserSaying(id, lang.M("MailSubjectTickStopped", "What", u.what), why...); err != nil {
				return err
			}
		}
		// The admins read the server's own error, in English, as in
		// the log.
		ms := []lang.Msg{lang.M("TickStoppedAdmin", "What", u.what, "Unit", u.key), lang.Literal("\n\n" + cause.Error() + "\n")}
		for _, a := range s.adminReaders(tx) {
			if err := s.enqueue(tx, outMail{To: a.address, Subject: a.p.T("MailSubjectTickStopped", "What", a.p.Render(u.what)), Text: a.p.Join(ms), Report: true, lang: a.p.Code()}); err != nil {
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
