package pbm

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// tournamentExists reports whether nim tournament name is stored.
func (f *fixture) tournamentExists(name string) bool {
	f.t.Helper()
	found := false
	f.st.View(func(tx *store.Tx) error {
		_, err := tx.Tournament("nim", name)
		found = err == nil
		return nil
	})
	return found
}

// A tournament whose boards could not all start, or whose settings do
// not fit its format, is refused when it is announced, with the option
// named, and nothing is stored.
func TestTournamentRefusedAtNew(t *testing.T) {
	f := newFixture(t)
	f.signup("p1")
	for _, c := range []struct{ cmd, want string }{
		{"Bad roundrobin -stones=abc", "-stones"},
		{"Bad roundrobin -stones=5000", "-stones"},
		{"Bad swiss --rounds=3 --start=2000-01-01", "--start=2000-01-01 is in the past"},
		{"Bad knockout --rounds=3", "--rounds is not a setting of a knockout tournament"},
		{"Bad swiss --rounds=3 --double", "--double is not a setting of a swiss tournament"},
		{"Bad pools --seats=5", "not 5 seats"},
		{"Bad roundrobin --size=500", "--size"},
		{"Bad roundrobin --size=20", "--size=20 is more entrants than this tournament takes"},
		{"Bad swiss --rounds=4 --size=3", "--size=3 is fewer entrants"},
	} {
		r := f.answer(f.send("p1@players.test", "nim tournament new p1 pw-p1 "+c.cmd, ""), "p1@players.test")
		if !strings.Contains(flat(r.Text), c.want) || strings.Contains(flat(r.Text), "announced") {
			t.Errorf("%s: want a refusal with %q:\n%s", c.cmd, c.want, r.Text)
		}
		if f.tournamentExists("Bad") {
			t.Fatalf("%s: refused but stored", c.cmd)
		}
	}
	// Today is not in the past; a pools tournament of Nim (2-4 seats)
	// reaches a final of 2, which Nim plays.
	for _, cmd := range []string{"Today swiss --rounds=2 --start=2026-12-01", "Pool pools --seats=3 -stones=7"} {
		if r := f.answer(f.send("p1@players.test", "nim tournament new p1 pw-p1 "+cmd, ""), "p1@players.test"); !strings.Contains(flat(r.Text), "announced") {
			t.Errorf("%s refused: %s", cmd, r.Text)
		}
	}
}

// An aborted tournament is closed: no join, no start, no round mail.
func TestTournamentAbortedIsClosed(t *testing.T) {
	f := newFixture(t)
	for _, id := range []string{"root", "p1", "p2", "p3", "p4", "p5"} {
		f.signup(id)
	}
	f.send("p1@players.test", "nim tournament new p1 pw-p1 Gone roundrobin", "")
	f.entrants("Gone", "p1", "p2")
	if r := f.answer(f.send("root@players.test", "admin root pw-root tournament abort nim Gone", ""), "root@players.test"); !strings.Contains(flat(r.Text), "aborted") {
		t.Fatalf("abort: %s", r.Text)
	}
	r := f.answer(f.send("p3@players.test", "nim tournament join Gone p3 pw-p3", ""), "p3@players.test")
	if !strings.Contains(flat(r.Text), "cannot join tournament Gone: the tournament has ended or was aborted") {
		t.Errorf("join after the abort: %s", r.Text)
	}
	mails := f.send("p1@players.test", "nim tournament start Gone p1 pw-p1", "")
	if r := f.answer(mails, "p1@players.test"); !strings.Contains(flat(r.Text), "cannot start: the tournament has ended or was aborted") {
		t.Errorf("start after the abort: %s", r.Text)
	}
	for _, m := range mails {
		if strings.Contains(m.Subject, "round") {
			t.Errorf("a round mail after the abort: %s to %s", m.Subject, m.To)
		}
	}
	if tr := f.tournamentOf("Gone"); tr.Started || len(tr.Entrants) != 2 || len(tr.Played) != 0 {
		t.Errorf("aborted tournament changed: started %v, %d entrants, %d rounds", tr.Started, len(tr.Entrants), len(tr.Played))
	}
	// Aborted while running: still closed to entrants and leavers.
	f.send("p1@players.test", "nim tournament new p1 pw-p1 Run swiss --rounds=2 --size=4", "")
	f.entrants("Run", "p1", "p2", "p3", "p4")
	f.send("root@players.test", "admin root pw-root tournament abort nim Run", "")
	for _, cmd := range []string{"join Run p5 pw-p5", "leave Run p5 pw-p5"} {
		if r := f.answer(f.send("p5@players.test", "nim tournament "+cmd, ""), "p5@players.test"); !strings.Contains(flat(r.Text), "ended or was aborted") {
			t.Errorf("%s after the abort: %s", cmd, r.Text)
		}
	}
}

// A player who signs off is withdrawn: not paired in the next Swiss
// round, and out of the tournaments not yet started.
func TestSignoffWithdrawsFromTournaments(t *testing.T) {
	f := newFixture(t)
	ids := []string{"p1", "p2", "p3", "p4", "p5", "p6"}
	for _, id := range ids {
		f.signup(id)
	}
	f.send("p1@players.test", "nim tournament new p1 pw-p1 Later knockout", "")
	f.entrants("Later", "p2", "p6")
	f.send("p1@players.test", "nim tournament new p1 pw-p1 Swiss6 swiss --rounds=3 --size=6", "")
	f.entrants("Swiss6", ids...)
	if r := f.answer(f.send("p6@players.test", "signoff p6 pw-p6", ""), "p6@players.test"); !strings.Contains(flat(r.Text), "p6") {
		t.Fatalf("signoff: %s", r.Text)
	}
	if tr := f.tournamentOf("Later"); len(tr.Entrants) != 1 || tr.Entrants[0].ID != "p2" {
		t.Errorf("tournament not started: entrants %+v, want p2 alone", tr.Entrants)
	}
	if sw := f.tournamentOf("Swiss6"); !sw.Withdrawn("p6") {
		t.Fatal("p6 is not withdrawn from the running swiss")
	}
	f.playTournament("Swiss6", lowestWins)
	tr := f.tournamentOf("Swiss6")
	if len(tr.Played) != 3 {
		t.Fatalf("%d rounds played, want 3", len(tr.Played))
	}
	for r := 1; r < len(tr.Played); r++ {
		for _, p := range tr.Played[r].Pairings {
			for _, s := range p.Seats {
				if s == "p6" {
					t.Errorf("round %d pairs p6 after the signoff: %v", r+1, p.Seats)
				}
			}
		}
	}
}

// One organiser's unfinished tournaments are capped; an ended one
// frees its place.
func TestTournamentOpenLimit(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.Tournaments.Open = 2
	f.signup("root")
	f.signup("p1")
	for i := range 2 {
		if r := f.answer(f.send("p1@players.test", fmt.Sprintf("nim tournament new p1 pw-p1 T%d knockout", i), ""), "p1@players.test"); !strings.Contains(flat(r.Text), "announced") {
			t.Fatalf("tournament %d: %s", i, r.Text)
		}
	}
	r := f.answer(f.send("p1@players.test", "nim tournament new p1 pw-p1 T2 knockout", ""), "p1@players.test")
	if !strings.Contains(flat(r.Text), "p1 already organises 2 tournaments that have not ended") || f.tournamentExists("T2") {
		t.Errorf("third tournament: %s", r.Text)
	}
	f.send("root@players.test", "admin root pw-root tournament abort nim T0", "")
	if r := f.answer(f.send("p1@players.test", "nim tournament new p1 pw-p1 T2 knockout", ""), "p1@players.test"); !strings.Contains(flat(r.Text), "announced") {
		t.Errorf("after one ended: %s", r.Text)
	}
	// Admins are not bound.
	for i := range 3 {
		if r := f.answer(f.send("root@players.test", fmt.Sprintf("nim tournament new root pw-root R%d knockout", i), ""), "root@players.test"); !strings.Contains(flat(r.Text), "announced") {
			t.Errorf("admin's tournament %d: %s", i, r.Text)
		}
	}
}

// The boards of the computer against itself are capped per organiser.
func TestTournamentComputerBoardsLimit(t *testing.T) {
	f := newFixture(t)
	f.signup("p1")
	join := func(name, who string) string {
		return f.answer(f.send("p1@players.test", fmt.Sprintf("nim tournament join %s p1 pw-p1 %s", name, who), ""), "p1@players.test").Text
	}
	for _, name := range []string{"C1", "C2", "C3"} {
		f.send("p1@players.test", "nim tournament new p1 pw-p1 "+name+" knockout", "")
		if r := join(name, "computer:easy"); !strings.Contains(r, "joined") {
			t.Fatalf("%s: first computer: %s", name, r)
		}
	}
	for _, name := range []string{"C1", "C2"} {
		if r := join(name, "computer:hard"); !strings.Contains(r, "joined") {
			t.Fatalf("%s: second computer: %s", name, r)
		}
	}
	r := join("C3", "computer:hard")
	if !strings.Contains(flat(r), "would have 3 boards of the computer against itself at once, more than the 2 allowed") {
		t.Errorf("a third computer-only board: %s", r)
	}
	if n := len(f.tournamentOf("C3").Entrants); n != 1 {
		t.Errorf("C3 has %d entrants after the refusal, want 1", n)
	}
}

// Tournament refusals are written in the reader's language.
func TestTournamentRefusalsTranslated(t *testing.T) {
	f := newFixture(t)
	for code, want := range map[string]string{
		"hu": "svájci", "cs": "švýcarský", "nl": "Zwitsers", "de": "Schweizer",
	} {
		id := "p" + code
		f.signup(id)
		f.send(id+"@players.test", fmt.Sprintf("language %s pw-%s %s", id, id, code), "")
		r := f.answer(f.send(id+"@players.test", fmt.Sprintf("nim tournament new %s pw-%s X%s swiss", id, id, code), ""), id+"@players.test")
		if !strings.Contains(flat(r.Text), want) || strings.Contains(flat(r.Text), "needs --rounds") {
			t.Errorf("%s: want %q, no English:\n%s", code, want, r.Text)
		}
	}
}

// No round robin starts more than tournament.MaxBoardsAtOnce boards in
// one transaction: the entrant beyond the bound is refused, and the
// start of the largest round robin, and of the largest swiss, is timed.
func TestTournamentLargestStart(t *testing.T) {
	if testing.Short() {
		t.Skip("signs up 66 players")
	}
	f := newFixture(t)
	var ids []string
	for i := range tournament.EntrantsCap + 2 {
		id := fmt.Sprintf("e%03d", i)
		f.signup(id)
		ids = append(ids, id)
	}
	for _, c := range []struct{ name, format string }{
		{"RR", "roundrobin"}, {"RR2", "roundrobin --double"}, {"Sw", "swiss --rounds=3"},
	} {
		f.send("e000@players.test", "nim tournament new e000 pw-e000 "+c.name+" "+c.format, "")
		max := 0
		for _, id := range ids {
			r := f.answer(f.send(id+"@players.test", fmt.Sprintf("nim tournament join %s %s pw-%s", c.name, id, id), ""), id+"@players.test")
			if strings.Contains(flat(r.Text), "the tournament is full") {
				break
			}
			if !strings.Contains(flat(r.Text), "joined") {
				t.Fatalf("%s: join %s: %s", c.name, id, r.Text)
			}
			max++
		}
		if max == len(ids) {
			t.Fatalf("%s: %d entrants and never full", c.name, max)
		}
		began := time.Now()
		mails := f.send("e000@players.test", fmt.Sprintf("nim tournament start %s e000 pw-e000", c.name), "")
		took := time.Since(began)
		boards := len(f.runningTournamentBoards(c.name))
		if boards == 0 || boards > tournament.MaxBoardsAtOnce {
			t.Errorf("%s: %d boards started at once, bound %d", c.name, boards, tournament.MaxBoardsAtOnce)
		}
		t.Logf("%s (%s): %d entrants, start of %d boards and %d mails in one transaction: %d ms", c.name, c.format, max, boards, len(mails), took.Milliseconds())
	}
}

// One mail's tournament starts together begin at most
// tournament.MaxBoardsAtOnce boards: the start past the bound is
// refused and waits for a mail of its own.
func TestTournamentStartsPerMail(t *testing.T) {
	f := newFixture(t)
	var ids []string
	for i := range 11 {
		id := fmt.Sprintf("m%02d", i)
		f.signup(id)
		ids = append(ids, id)
	}
	for _, name := range []string{"AA", "BB"} {
		f.send("m00@players.test", "nim tournament new m00 pw-m00 "+name+" roundrobin", "")
		f.entrants(name, ids...)
	}
	r := f.answer(f.send("m00@players.test", "", "nim tournament start AA m00 pw-m00\nnim tournament start BB m00 pw-m00"), "m00@players.test")
	if !strings.Contains(flat(r.Text), "Tournament BB would start 55 boards where 55 tournament boards have just been started, more than 64 at once") {
		t.Errorf("second start in one mail: %s", r.Text)
	}
	if a, b := f.tournamentOf("AA"), f.tournamentOf("BB"); !a.Started || b.Started || len(f.runningTournamentBoards("AA")) != 55 {
		t.Errorf("A started %v, B started %v", a.Started, b.Started)
	}
	if r := f.answer(f.send("m00@players.test", "nim tournament start BB m00 pw-m00", ""), "m00@players.test"); !strings.Contains(r.Text, "started with 11 entrants") {
		t.Errorf("B in a mail of its own: %s", r.Text)
	}
}

// A clock tick starts each due tournament in a transaction of its own
// (one unit of the tick), so that no transaction starts more than
// tournament.MaxBoardsAtOnce boards; a due tournament whose stored
// settings cannot start fails its own unit and neither the tick nor
// the others.
func TestTickStartsDueTournamentsBounded(t *testing.T) {
	f := newFixture(t)
	var ids []string
	for i := range 11 {
		id := fmt.Sprintf("d%02d", i)
		f.signup(id)
		ids = append(ids, id)
	}
	for _, name := range []string{"DueA", "DueB"} {
		f.send("d00@players.test", "nim tournament new d00 pw-d00 "+name+" roundrobin --start=2026-12-02", "")
		f.entrants(name, ids...)
	}
	// A document of an older version whose settings no longer pair.
	f.send("d00@players.test", "nim tournament new d00 pw-d00 Broken knockout --start=2026-12-02", "")
	f.entrants("Broken", "d01", "d02")
	broken := f.tournamentOf("Broken")
	broken.Seats = 3
	if err := f.st.Update(func(tx *store.Tx) error {
		doc, err := json.Marshal(broken)
		if err != nil {
			return err
		}
		return tx.PutTournament("nim", "Broken", doc)
	}); err != nil {
		t.Fatal(err)
	}
	f.clock = time.Date(2026, 12, 2, 1, 0, 0, 0, time.UTC)
	if _, err := f.s.Tick(context.Background()); err != nil {
		t.Fatalf("tick: %v", err)
	}
	if a, b := f.tournamentOf("DueA"), f.tournamentOf("DueB"); !a.Started || !b.Started {
		t.Errorf("first tick: DueA started %v, DueB started %v; want both, each in its own unit", a.Started, b.Started)
	}
	if n, m := len(f.runningTournamentBoards("DueA")), len(f.runningTournamentBoards("DueB")); n != 55 || m != 55 {
		t.Errorf("DueA and DueB started %d and %d boards, want 55 each", n, m)
	}
	if _, err := f.s.Tick(context.Background()); err != nil {
		t.Fatalf("second tick: %v", err)
	}
	if f.tournamentOf("Broken").Started {
		t.Error("the broken tournament started")
	}
}

// The bound holds for a group commit too: two mails of one batch each
// starting a round robin of 55 boards begin one of them.
func TestTournamentStartsPerBatch(t *testing.T) {
	f := newFixture(t)
	var ids []string
	for i := range 11 {
		id := fmt.Sprintf("g%02d", i)
		f.signup(id)
		ids = append(ids, id)
	}
	for _, name := range []string{"GA", "GB"} {
		f.send("g00@players.test", "nim tournament new g00 pw-g00 "+name+" roundrobin", "")
		f.entrants(name, ids...)
	}
	errs := f.s.HandleBatch(context.Background(), [][]byte{
		f.raw("g00@players.test", "nim tournament start GA g00 pw-g00", ""),
		f.raw("g00@players.test", "nim tournament start GB g00 pw-g00", ""),
	})
	for i, err := range errs {
		if err != nil {
			t.Fatalf("mail %d: %v", i, err)
		}
	}
	if a, b := f.tournamentOf("GA"), f.tournamentOf("GB"); !a.Started || b.Started {
		t.Errorf("one batch: GA started %v, GB started %v; want GA alone", a.Started, b.Started)
	}
}
