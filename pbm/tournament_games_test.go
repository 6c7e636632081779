package pbm

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// newGamesFixture is a fixture whose server plays the real games
// hexatri and hexemergo rather than Nim.
func newGamesFixture(t testing.TB) *fixture {
	t.Helper()
	st := storetest.Open(t)
	f := &fixture{t: t, st: st, clock: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)}
	var err error
	f.s, err = New(Config{
		Store: st, Games: engine.NewRegistry(hexatri.Game{}, hexemergo.Game{}), Address: "pbm@games.test",
		Name: "Test Server", Admins: []string{"root"}, BcryptCost: bcrypt.MinCost,
		BackupDir: t.TempDir(), Now: func() time.Time { return f.clock },
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// The tournaments that stopped every clock are refused when they are
// announced, naming the option: hexatri's -size=99 (no board starts
// with it), and -firstblood in pools of three seats, whose final table
// of two hexatri refuses it. Nothing is stored.
func TestTournamentPoisonRefused(t *testing.T) {
	f := newGamesFixture(t)
	f.signup("alice")
	for _, c := range []struct{ cmd, want string }{
		{"Poison roundrobin -size=99 --start=2026-12-02", "-size"},
		{"Poison roundrobin -size=abc", "-size"},
		{"Poison pools --seats=3 -firstblood", "-firstblood"},
		{"Poison pools --seats=3 -firstblood", "board of 2 players"},
		{"Poison knockout -firstblood", "-firstblood"},
		{"Poison roundrobin -size=99 --start=2000-01-01", "in the past"},
	} {
		r := f.answer(f.send("alice@players.test", "hexatri tournament new alice pw-alice "+c.cmd, ""), "alice@players.test")
		if text := flat(r.Text); !strings.Contains(text, c.want) || !strings.Contains(text, "Refused") {
			t.Errorf("%s: want a refusal naming %q:\n%s", c.cmd, c.want, r.Text)
		}
		f.st.View(func(tx *store.Tx) error {
			if _, err := tx.Tournament("hexatri", "Poison"); err == nil {
				t.Errorf("%s: refused but stored", c.cmd)
			}
			return nil
		})
	}
	// Three seats at every board: -firstblood fits a round robin.
	if r := f.answer(f.send("alice@players.test", "hexatri tournament new alice pw-alice Blood roundrobin --seats=3 -firstblood", ""), "alice@players.test"); !strings.Contains(r.Text, "announced") {
		t.Errorf("round robin of three seats with -firstblood: %s", r.Text)
	}
	// A seek with an option no board of two takes is refused too.
	r := f.answer(f.send("alice@players.test", "hexatri seek alice pw-alice -firstblood", ""), "alice@players.test")
	if text := flat(r.Text); !strings.Contains(text, "Invalid seek") || !strings.Contains(text, "-firstblood") {
		t.Errorf("seek -firstblood: %s", r.Text)
	}
	f.st.View(func(tx *store.Tx) error {
		if seeks, _ := tx.Seeks("hexatri"); len(seeks) != 0 {
			t.Errorf("refused seek stored: %+v", seeks)
		}
		return nil
	})
}

// The start of the largest round robin and swiss of hexemergo, by a
// mail and by the clock's tick, is one transaction of bounded length:
// timed (the wall clock and the process's CPU time) and reported.
func TestTournamentLargestStartHexemergo(t *testing.T) {
	if testing.Short() {
		t.Skip("signs up 65 players")
	}
	f := newGamesFixture(t)
	var ids []string
	for i := range tournament.EntrantsCap + 1 {
		id := fmt.Sprintf("h%03d", i)
		f.signup(id)
		ids = append(ids, id)
	}
	rr := (&tournament.Tournament{Format: tournament.RoundRobin, Seats: 2}).MaxEntrants()
	for _, c := range []struct {
		name, format string
		entrants     int
		byClock      bool
	}{
		{"RR", "roundrobin", rr, false},
		{"Sw", "swiss --rounds=3", tournament.EntrantsCap, false},
		{"Clock", "roundrobin --start=2026-12-02", rr, true},
	} {
		f.send("h000@players.test", "hexemergo tournament new h000 pw-h000 "+c.name+" "+c.format, "")
		for _, id := range ids[:c.entrants] {
			f.send(id+"@players.test", fmt.Sprintf("hexemergo tournament join %s %s pw-%s", c.name, id, id), "")
		}
		r := f.answer(f.send(ids[c.entrants]+"@players.test", fmt.Sprintf("hexemergo tournament join %s %s pw-%s", c.name, ids[c.entrants], ids[c.entrants]), ""), ids[c.entrants]+"@players.test")
		if !strings.Contains(r.Text, "full") {
			t.Errorf("%s: entrant %d: %s", c.name, c.entrants+1, r.Text)
		}
		before := f.outboxSeqs()
		began, cpu := time.Now(), cpuTime()
		if c.byClock {
			f.clock = time.Date(2026, 12, 2, 1, 0, 0, 0, time.UTC)
			if _, err := f.s.Tick(context.Background()); err != nil {
				t.Fatal(err)
			}
		} else {
			f.send("h000@players.test", fmt.Sprintf("hexemergo tournament start %s h000 pw-h000", c.name), "")
		}
		took, cpu := time.Since(began), cpuTime()-cpu
		mails := len(f.outboxSeqs()) - len(before)
		var tr tournament.Tournament
		f.st.View(func(tx *store.Tx) error {
			doc, err := tx.Tournament("hexemergo", c.name)
			if err == nil {
				err = json.Unmarshal(doc, &tr)
			}
			return err
		})
		if !tr.Started || len(tr.Played) != 1 || len(tr.Played[0].Pairings) > tournament.MaxBoardsAtOnce {
			t.Errorf("%s: started %v, %d rounds", c.name, tr.Started, len(tr.Played))
			continue
		}
		how := "by a mail"
		if c.byClock {
			how = "by the clock's tick"
		}
		t.Logf("hexemergo %s, %s: %d entrants, %d boards and %d mails in one transaction: %d ms (CPU %d ms)", c.format, how, c.entrants, len(tr.Played[0].Pairings), mails, took.Milliseconds(), cpu.Milliseconds())
	}
}

// A tournament stored before its options were checked for every
// number of seats (pools of three with hexatri's -firstblood, whose
// final of two hexatri refuses) ends where it stands when its final
// cannot start: the resignation that ends stage 1 is taken, the board
// ends, and the entrants are told why.
func TestTournamentHaltsRatherThanRefuseTheMove(t *testing.T) {
	f := newGamesFixture(t)
	ids := []string{"q1", "q2", "q3", "q4", "q5", "q6"}
	tr := tournament.Tournament{Game: "hexatri", Name: "Old", Organiser: "q1", Format: tournament.Pools, Seats: 3,
		Options: map[string]string{"firstblood": "", "-nag": "1", "-forfeit": "7"}}
	for _, id := range ids {
		f.signup(id)
		tr.Entrants = append(tr.Entrants, tournament.Entrant{ID: id, Rating: 1600})
	}
	if err := f.st.Update(func(tx *store.Tx) error {
		doc, err := json.Marshal(tr)
		if err != nil {
			return err
		}
		return tx.PutTournament("hexatri", "Old", doc)
	}); err != nil {
		t.Fatal(err)
	}
	if r := f.answer(f.send("q1@players.test", "hexatri tournament start Old q1 pw-q1", ""), "q1@players.test"); !strings.Contains(r.Text, "started") {
		t.Fatalf("start: %s", r.Text)
	}
	read := func() tournament.Tournament {
		var got tournament.Tournament
		f.st.View(func(tx *store.Tx) error {
			doc, err := tx.Tournament("hexatri", "Old")
			if err == nil {
				err = json.Unmarshal(doc, &got)
			}
			return err
		})
		return got
	}
	stage := read().Played[0].Pairings
	if len(stage) != 2 {
		t.Fatalf("stage 1 has %d tables, want 2", len(stage))
	}
	var last []sent
	for _, p := range stage {
		// All but the first seat resign; the last resignation ends
		// stage 1 and would start the final of two.
		for _, id := range p.Seats[1:] {
			last = f.send(id+"@players.test", fmt.Sprintf("hexatri resign %d %s pw-%s", p.Board, id, id), "")
			if r := f.answer(last, id+"@players.test"); !strings.Contains(r.Text, "resign") || strings.Contains(r.Text, "Refused") {
				t.Fatalf("resign %s at %d: %s", id, p.Board, r.Text)
			}
		}
	}
	got := read()
	if !got.Over || len(got.Played) != 1 {
		t.Errorf("over %v, %d stages: want ended after stage 1", got.Over, len(got.Played))
	}
	told := 0
	for _, m := range last {
		if strings.Contains(m.Subject, "ended early") && strings.Contains(flat(m.Text), "-firstblood") {
			told++
		}
	}
	if told != len(ids) {
		t.Errorf("%d entrants told why the tournament ended, want %d", told, len(ids))
	}
}
