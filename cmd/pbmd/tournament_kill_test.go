package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/localmail"
	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// TestTournamentKills plays a Swiss tournament of HexEmergo by mail
// through the daemon binary while it is killed: from outside at random
// moments, and from inside (pbm/killpoint "tournament-round") once a
// round is paired, before its boards start and before the transaction
// that paired it commits: always at the first pairing reached, and
// with probability ½ after that. The results are planned (at every board the higher
// userid resigns), so the whole event is known in advance from package
// tournament: after it, the stored tournament must be that event
// exactly (every round paired once, with the planned boards), every
// board of it must exist with its pairing's players and result, and no
// other board may exist; every mail is answered exactly once.
func TestTournamentKills(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the daemon")
	}
	bin, mail, dir, logf := killRig(t)
	data := filepath.Join(dir, "pbm.db")
	killLog := filepath.Join(dir, "kills.log")
	env := append(daemonEnv(mail, data), "PBM_RATELIMIT=1000000",
		"PBM_TEST_KILLPOINTS=tournament-round=0.5!", "PBM_TEST_KILLLOG="+killLog)

	ids := []string{"e1", "e2", "e3", "e4", "e5", "e6", "e7"}
	players := map[string]*player.Player{}
	for _, id := range ids {
		players[id] = &player.Player{Address: id + "@players.test", Server: "pbm@localhost",
			SMTP: mail.SMTPAddr(), IMAP: mail.IMAPAddr(), Password: localmail.DefaultPassword}
	}

	// The plan: the event as package tournament pairs it, boards
	// numbered from 101 in the order the rounds start them.
	plan := &tournament.Tournament{Game: "hexemergo", Name: "Kill", Format: tournament.Swiss, Seats: 2, Rounds: 3}
	for _, id := range ids {
		plan.Join(id, 1600)
	}
	if err := plan.Start(); err != nil {
		t.Fatal(err)
	}
	next := 101
	var rounds [][]tournament.Pairing
	for !plan.Over {
		for _, ri := range plan.Pending() {
			plan.SetBoard(ri[0], ri[1], next)
			next++
		}
		rounds = append(rounds, slices.Clone(plan.Played[plan.Current()].Pairings))
		for _, p := range plan.Played[plan.Current()].Pairings {
			if !p.Bye() {
				pts := []float64{1, 0}
				if p.Seats[1] < p.Seats[0] {
					pts = []float64{0, 1}
				}
				plan.Record(p.Board, pts)
			}
		}
		if _, err := plan.Advance(); err != nil {
			t.Fatal(err)
		}
	}

	// The daemon, restarted whenever it dies, and killed from outside
	// now and then. The kills from outside are bounded in number. A
	// mail the daemon died with waits up to 5 s after a start before it
	// is handled again (guard.Mark.Settle), longer than the longest
	// pause between two kills here, and a start on a loaded machine can
	// take longer than the pause too: without a bound the kills could
	// keep the daemon from ever handling the mail. Once they are spent
	// the event must end.
	sup := supervise(t, bin, dir, env, logf)
	const maxOutside = 40
	outside := 0
	killing := make(chan struct{})
	killerDone := make(chan struct{})
	go func() {
		defer close(killerDone)
		r := rand.New(rand.NewPCG(4, 5))
		for outside < maxOutside {
			select {
			case <-killing:
				return
			case <-time.After(time.Duration(300+r.IntN(1200)) * time.Millisecond):
			}
			if sup.kill() {
				outside++
			}
		}
	}()
	var stopOnce sync.Once
	stop := func() {
		stopOnce.Do(func() {
			close(killing)
			<-killerDone
			sup.stop()
		})
	}
	// A test that fails half-way stops the killer before the daemon.
	t.Cleanup(stop)

	type sentMail struct {
		p  *player.Player
		id string
		ok string // what its reply must say
	}
	var all []sentMail
	send := func(id, subject, ok string) sentMail {
		mid, err := players[id].Send(subject, "")
		if err != nil {
			t.Fatal(err)
		}
		s := sentMail{players[id], mid, ok}
		all = append(all, s)
		return s
	}
	// await waits until every mail has its reply, as long as replies
	// keep coming: it fails only when none has come for a long while.
	await := func(mails []sentMail) {
		t.Helper()
		const stall = 3 * time.Minute
		last, done := time.Now(), 0
		for {
			n := 0
			for _, s := range mails {
				ms, err := s.p.Mails()
				if err != nil {
					continue
				}
				for _, m := range ms {
					if m.InReplyTo == s.id {
						n++
						break
					}
				}
			}
			if n == len(mails) {
				return
			}
			if n > done {
				last, done = time.Now(), n
			}
			if time.Since(last) > stall {
				t.Fatalf("%d of %d replies, none for %v", n, len(mails), stall)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}

	var setup []sentMail
	for _, id := range ids {
		setup = append(setup, send(id, fmt.Sprintf("signup %s pw-%s", id, id), "Welcome"))
	}
	await(setup)
	await([]sentMail{send("e1", "hexemergo tournament new e1 pw-e1 Kill swiss --rounds=3", "announced")})
	for _, id := range ids {
		await([]sentMail{send(id, fmt.Sprintf("hexemergo tournament join kill %s pw-%s", id, id), "joined")})
	}
	await([]sentMail{send("e1", "hexemergo tournament start kill e1 pw-e1", "started")})
	for _, rd := range rounds {
		var wave []sentMail
		for _, p := range rd {
			if p.Bye() {
				continue
			}
			loser := max(p.Seats[0], p.Seats[1])
			wave = append(wave, send(loser, fmt.Sprintf("hexemergo resign %d %s pw-%s", p.Board, loser, loser), "OK"))
		}
		await(wave)
	}
	stop()
	defer func() {
		if t.Failed() {
			logText, _ := os.ReadFile(filepath.Join(dir, "pbmd.log"))
			var errs []string
			for _, l := range strings.Split(string(logText), "\n") {
				if strings.Contains(l, "level=ERROR") {
					errs = append(errs, l)
				}
			}
			t.Logf("daemon errors:\n%s", tail(strings.Join(errs, "\n"), 3000))
		}
	}()

	// Every mail answered once, and as planned.
	for _, s := range all {
		ms, _ := s.p.Mails()
		// A copy of one reply sent again (same Message-ID) is the
		// outbox's at-least-once delivery after a kill between the
		// relay's acceptance and its record: one reply, not two.
		var replies []player.Mail
		seen := map[string]bool{}
		for _, m := range ms {
			if m.InReplyTo == s.id && !seen[m.MessageID] {
				seen[m.MessageID] = true
				replies = append(replies, m)
			}
		}
		if len(replies) != 1 || !strings.Contains(replies[0].Text, s.ok) {
			var texts []string
			for _, m := range replies {
				texts = append(texts, m.Text)
			}
			t.Errorf("mail %s: %d replies, want one saying %q: %q", s.id, len(replies), s.ok, texts)
		}
	}
	st, err := store.Open(store.Config{Path: data})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var got tournament.Tournament
	err = st.View(func(tx *store.Tx) error {
		doc, err := tx.Tournament("hexemergo", "kill")
		if err != nil {
			return err
		}
		if err := json.Unmarshal(doc, &got); err != nil {
			return err
		}
		for r, rd := range got.Played {
			for _, p := range rd.Pairings {
				if p.Bye() {
					continue
				}
				b, err := tx.Board("hexemergo", p.Board)
				if err != nil {
					t.Errorf("round %d: board %d: %v", r+1, p.Board, err)
					continue
				}
				if !slices.Equal(b.Players, p.Seats) || !b.Over || b.Tournament != "Kill" || b.Round != r+1 {
					t.Errorf("board %d: %+v, pairing %+v", p.Board, b, p)
				}
			}
		}
		if _, err := tx.Board("hexemergo", next); err == nil {
			t.Errorf("board %d exists: a round was paired twice", next)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Played) != len(plan.Played) || !got.Over || got.Winner != plan.Winner {
		t.Fatalf("tournament %d rounds, over %v, winner %s; planned %d rounds won by %s", len(got.Played), got.Over, got.Winner, len(plan.Played), plan.Winner)
	}
	for r := range plan.Played {
		if !slices.EqualFunc(got.Played[r].Pairings, plan.Played[r].Pairings, func(a, b tournament.Pairing) bool {
			return slices.Equal(a.Seats, b.Seats) && a.Board == b.Board && slices.Equal(a.Points, b.Points)
		}) {
			t.Errorf("round %d: %+v, planned %+v", r+1, got.Played[r].Pairings, plan.Played[r].Pairings)
		}
	}
	for i, s := range plan.Standings() {
		if g := got.Standings()[i]; g.ID != s.ID || g.Points != s.Points {
			t.Errorf("standing %d: %+v, planned %+v", i, g, s)
		}
	}
	kills, _ := os.ReadFile(killLog)
	inside := strings.Count(string(kills), "tournament-round")
	t.Logf("tournament kills: %d mails, %d starts, %d kills from outside, %d at a round's pairing, %d boards", len(all), sup.starts(), outside, inside, next-101)
	if inside == 0 {
		t.Errorf("no kill at a round's pairing (starts %d)", sup.starts())
	}
}
