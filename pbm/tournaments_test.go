package pbm

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// tournamentOf reads a tournament back from the store.
func (f *fixture) tournamentOf(name string) tournament.Tournament {
	f.t.Helper()
	var t tournament.Tournament
	if err := f.st.View(func(tx *store.Tx) error {
		doc, err := tx.Tournament("nim", name)
		if err != nil {
			return err
		}
		return json.Unmarshal(doc, &t)
	}); err != nil {
		f.t.Fatal(err)
	}
	return t
}

// runningTournamentBoards lists the running boards of a tournament.
func (f *fixture) runningTournamentBoards(name string) []store.Board {
	f.t.Helper()
	var out []store.Board
	t := f.tournamentOf(name)
	for _, rd := range t.Played {
		for _, p := range rd.Pairings {
			if p.Board != 0 && !p.Done {
				out = append(out, f.board(p.Board))
			}
		}
	}
	return out
}

// playTournament ends every board of the tournament by resignations
// until it is over: at each board, loser picks the seat that resigns
// (until one seat is left). It returns every mail sent meanwhile.
func (f *fixture) playTournament(name string, loser func(b store.Board) int) []sent {
	f.t.Helper()
	var all []sent
	for guard := 0; !f.tournamentOf(name).Over; guard++ {
		if guard > 200 {
			f.t.Fatalf("tournament %s does not end", name)
		}
		boards := f.runningTournamentBoards(name)
		if len(boards) == 0 {
			f.t.Fatalf("tournament %s: no running board and not over: %+v", name, f.tournamentOf(name))
		}
		for _, b := range boards {
			for {
				b = f.board(b.Number)
				if b.Over {
					break
				}
				id := b.Players[loser(b)]
				mails := f.send(id+"@players.test", fmt.Sprintf("nim resign %d %s pw-%s", b.Number, id, id), "")
				all = append(all, mails...)
			}
		}
	}
	return all
}

func (f *fixture) entrants(name string, ids ...string) {
	f.t.Helper()
	for _, id := range ids {
		r := f.answer(f.send(id+"@players.test", fmt.Sprintf("nim tournament join %s %s pw-%s", name, id, id), ""), id+"@players.test")
		if !strings.Contains(r.Text, "joined") {
			f.t.Fatalf("join %s: %s", id, r.Text)
		}
	}
}

// lastStanding resigns every seat but the one left the longest: the
// first seat still in whose userid is smallest wins.
func lowestWins(b store.Board) int {
	out := board.DeclinedSeats(b)
	for _, e := range b.Log {
		if e.Kind != "" {
			out[e.Seat] = true
		}
	}
	best := -1
	for s, id := range b.Players {
		if !out[s] && (best < 0 || id < b.Players[best]) {
			best = s
		}
	}
	for s := range b.Players {
		if !out[s] && s != best {
			return s
		}
	}
	return best
}

func TestTournamentRoundRobinByMail(t *testing.T) {
	f := newFixture(t)
	ids := []string{"p1", "p2", "p3", "p4"}
	for _, id := range ids {
		f.signup(id)
	}
	r := f.answer(f.send("p1@players.test", "nim tournament new p1 pw-p1 Winter roundrobin -stones=5 --size=4", ""), "p1@players.test")
	if !strings.Contains(r.Text, "announced") || !strings.Contains(r.Text, "nim tournament join Winter") {
		t.Fatalf("new: %s", r.Text)
	}
	// A second of the same name is refused, and a bad name too.
	if r := f.answer(f.send("p2@players.test", "nim tournament new p2 pw-p2 winter swiss --rounds=2", ""), "p2@players.test"); !strings.Contains(r.Text, "already") {
		t.Errorf("same name: %s", r.Text)
	}
	if r := f.answer(f.send("p2@players.test", "nim tournament new p2 pw-p2 a! roundrobin", ""), "p2@players.test"); !strings.Contains(r.Text, "2 to 20 letters and digits") {
		t.Errorf("bad name: %s", r.Text)
	}
	f.entrants("Winter", ids...)
	tr := f.tournamentOf("winter")
	if !tr.Started || len(tr.Played) != 1 || len(tr.Played[0].Pairings) != 6 {
		t.Fatalf("after the 4th entrant: %+v", tr)
	}
	b := f.board(tr.Played[0].Pairings[0].Board)
	if b.NagDays != 1 || b.ForfeitDays != 7 || b.Options["stones"] != "5" || b.Tournament != "Winter" || b.Round != 1 {
		t.Errorf("tournament board: %+v", b)
	}
	mails := f.playTournament("winter", lowestWins)
	tr = f.tournamentOf("winter")
	// p1 beats everyone, p2 all but p1...
	if tr.Winner != "p1" {
		t.Errorf("winner %s", tr.Winner)
	}
	st := tr.Standings()
	for i, want := range []float64{3, 2, 1, 0} {
		if st[i].ID != ids[i] || st[i].Points != want {
			t.Errorf("standing %d: %+v, want %s with %v", i, st[i], ids[i], want)
		}
	}
	// Every pair met once, seats balanced.
	first := map[string]int{}
	met := map[string]bool{}
	for _, p := range tr.Played[0].Pairings {
		first[p.Seats[0]]++
		k := strings.Join(slices.Sorted(slices.Values(p.Seats)), "-")
		if met[k] {
			t.Errorf("%s met twice", k)
		}
		met[k] = true
	}
	for _, id := range ids {
		if n := first[id]; n < 1 || n > 2 {
			t.Errorf("%s moved first at %d boards of 3", id, n)
		}
	}
	for _, id := range ids {
		found := false
		for _, m := range mails {
			if m.To == id+"@players.test" && strings.Contains(m.Subject, "final table") {
				found = true
				if !strings.Contains(m.Text, "the winner is p1") || !strings.Contains(m.Text, "SB") {
					t.Errorf("final mail to %s:\n%s", id, m.Text)
				}
			}
		}
		if !found {
			t.Errorf("%s got no final table", id)
		}
	}
	if r := f.answer(f.send("p3@players.test", "nim tournaments", ""), "p3@players.test"); !strings.Contains(r.Text, "Finished tournaments of Nim: 1") || !strings.Contains(r.Text, "won by p1") {
		t.Errorf("tournaments: %s", r.Text)
	}
}

func TestTournamentSwissSevenByMail(t *testing.T) {
	f := newFixture(t)
	var ids []string
	for i := 1; i <= 7; i++ {
		ids = append(ids, fmt.Sprintf("s%d", i))
		f.signup(ids[i-1])
	}
	f.send("s1@players.test", "nim tournament new s1 pw-s1 Open swiss --rounds=3", "")
	f.entrants("open", ids...)
	// Only the organiser (or an admin) starts it.
	if r := f.answer(f.send("s2@players.test", "nim tournament start open s2 pw-s2", ""), "s2@players.test"); !strings.Contains(r.Text, "Only the organiser") {
		t.Errorf("start by another: %s", r.Text)
	}
	f.send("s1@players.test", "nim tournament start open s1 pw-s1", "")
	f.playTournament("open", lowestWins)
	tr := f.tournamentOf("open")
	if len(tr.Played) != 3 {
		t.Fatalf("%d rounds", len(tr.Played))
	}
	met := map[string]bool{}
	byes := map[string]bool{}
	for r, rd := range tr.Played {
		n := 0
		for _, p := range rd.Pairings {
			if p.Bye() {
				n++
				if byes[p.Seats[0]] {
					t.Errorf("%s has two byes", p.Seats[0])
				}
				byes[p.Seats[0]] = true
				continue
			}
			k := strings.Join(slices.Sorted(slices.Values(p.Seats)), "-")
			if met[k] {
				t.Errorf("round %d: %s meet again", r+1, k)
			}
			met[k] = true
		}
		if n != 1 {
			t.Errorf("round %d: %d byes", r+1, n)
		}
	}
	// Points and Buchholz computed here from the boards themselves.
	score := map[string]float64{}
	for _, rd := range tr.Played {
		for _, p := range rd.Pairings {
			if p.Bye() {
				score[p.Seats[0]]++
				continue
			}
			b := f.board(p.Board)
			winner := b.Players[lowestOf(b.Players)]
			score[winner]++
		}
	}
	for _, s := range tr.Standings() {
		if s.Points != score[s.ID] {
			t.Errorf("%s: %v points, counted %v", s.ID, s.Points, score[s.ID])
		}
		var bh float64
		for _, rd := range tr.Played {
			for _, p := range rd.Pairings {
				if i := slices.Index(p.Seats, s.ID); i >= 0 && !p.Bye() {
					bh += score[p.Seats[1-i]]
				}
			}
		}
		if s.TieBreaks[0] != bh {
			t.Errorf("%s: Buchholz %v, counted %v", s.ID, s.TieBreaks[0], bh)
		}
	}
}

func lowestOf(ids []string) int {
	best := 0
	for i, id := range ids {
		if id < ids[best] {
			best = i
		}
	}
	return best
}

func TestTournamentKnockoutEightByMail(t *testing.T) {
	f := newFixture(t)
	var ids []string
	for i := 1; i <= 8; i++ {
		ids = append(ids, fmt.Sprintf("k%d", i))
		f.signup(ids[i-1])
	}
	f.send("k1@players.test", "nim tournament new k1 pw-k1 Cup knockout --size=8", "")
	f.entrants("cup", ids...)
	// The higher seed wins every match but the first, which k8 wins.
	f.playTournament("cup", func(b store.Board) int {
		if b.Round == 1 && slices.Contains(b.Players, "k8") {
			return slices.Index(b.Players, "k1")
		}
		return 1 - lowestOf(b.Players)
	})
	tr := f.tournamentOf("cup")
	if len(tr.Played) != 3 || tr.Winner != "k2" {
		t.Errorf("%d rounds, winner %s; want 3 rounds won by k2", len(tr.Played), tr.Winner)
	}
	if final := tr.Played[2].Pairings[0].Seats; !slices.Contains(final, "k2") {
		t.Errorf("final %v", final)
	}
}

func TestTournamentPoolsNineByMail(t *testing.T) {
	f := newFixture(t)
	var ids []string
	for i := 1; i <= 9; i++ {
		ids = append(ids, fmt.Sprintf("q%d", i))
		f.signup(ids[i-1])
	}
	if r := f.answer(f.send("q1@players.test", "nim tournament new q1 pw-q1 Pool pools", ""), "q1@players.test"); !strings.Contains(r.Text, "three or more seats") {
		t.Errorf("pools of two seats: %s", r.Text)
	}
	f.send("q1@players.test", "nim tournament new q1 pw-q1 Pool pools --seats=3 --size=9", "")
	f.entrants("pool", ids...)
	f.playTournament("pool", lowestWins)
	tr := f.tournamentOf("pool")
	if len(tr.Played) != 2 || len(tr.Played[0].Pairings) != 3 || len(tr.Played[1].Pairings) != 1 {
		t.Fatalf("stages: %+v", tr.Played)
	}
	for _, p := range tr.Played[0].Pairings {
		if len(p.Seats) != 3 {
			t.Errorf("table %v", p.Seats)
		}
		if w := p.Seats[lowestOf(p.Seats)]; !slices.Contains(tr.Played[1].Pairings[0].Seats, w) {
			t.Errorf("table winner %s not in the final", w)
		}
	}
	if tr.Winner != "q1" {
		t.Errorf("winner %s", tr.Winner)
	}
}

func TestTournamentComputerEntrant(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	f.send("alice@players.test", "nim tournament new alice pw-alice Robo roundrobin", "")
	if r := f.answer(f.send("bob@players.test", "nim tournament join robo bob pw-bob computer:easy", ""), "bob@players.test"); !strings.Contains(r.Text, "Only the organiser") {
		t.Errorf("computer entered by another: %s", r.Text)
	}
	f.entrants("robo", "alice", "bob")
	f.send("alice@players.test", "nim tournament join robo alice pw-alice computer:easy", "")
	f.send("alice@players.test", "nim tournament start robo alice pw-alice", "")
	tr := f.tournamentOf("robo")
	if len(tr.Entrants) != 3 || len(tr.Played[0].Pairings) != 3 {
		t.Fatalf("%+v", tr)
	}
	for guard := 0; !f.tournamentOf("robo").Over; guard++ {
		if guard > 100 {
			t.Fatal("no end")
		}
		f.computerTurns()
		for _, b := range f.runningTournamentBoards("robo") {
			if who := toMoveOf(f, b); who != "" && !strings.HasPrefix(who, "computer") {
				f.send(who+"@players.test", fmt.Sprintf("nim move %d %s pw-%s take1", b.Number, who, who), "")
			}
		}
	}
	robo := f.tournamentOf("robo")
	if st := robo.Standings(); len(st) != 3 || st[0].Played != 2 {
		t.Errorf("standings %+v", st)
	}
}

func toMoveOf(f *fixture, b store.Board) string {
	_, st, err := f.s.boards.Replay(b, -1)
	if err != nil {
		f.t.Fatal(err)
	}
	return board.ToMove(b, st)
}

func TestSeek(t *testing.T) {
	f := newFixture(t)
	for _, id := range []string{"alice", "bob", "carol", "dave"} {
		f.signup(id)
	}
	r := f.answer(f.send("alice@players.test", "nim seek alice pw-alice 2 -stones=7", ""), "alice@players.test")
	if !strings.Contains(r.Text, "You seek 2 Nim boards") || strings.Contains(r.Text, "Started") {
		t.Fatalf("first seek: %s", r.Text)
	}
	// Other options: no match.
	r = f.answer(f.send("carol@players.test", "nim seek carol pw-carol", ""), "carol@players.test")
	if strings.Contains(r.Text, "Started") {
		t.Errorf("incompatible seeks matched: %s", r.Text)
	}
	// Same options: a board at once, the older seeker first.
	r = f.answer(f.send("bob@players.test", "nim seek bob pw-bob -stones=7", ""), "bob@players.test")
	if !strings.Contains(r.Text, "Started: board 101 against alice") {
		t.Fatalf("matched seek: %s", r.Text)
	}
	if b := f.board(101); !slices.Equal(b.Players, []string{"alice", "bob"}) || b.Options["stones"] != "7" {
		t.Errorf("seek board %+v", b)
	}
	// The standings list who still seeks.
	r = f.answer(f.send("dave@players.test", "nim standings", ""), "dave@players.test")
	if !strings.Contains(r.Text, "Seeking a game: 2") || !strings.Contains(r.Text, "alice") || !strings.Contains(r.Text, "-stones=7") {
		t.Errorf("standings: %s", r.Text)
	}
	// A withdrawn seek is not matched.
	f.send("alice@players.test", "nim seek alice pw-alice 0", "")
	r = f.answer(f.send("dave@players.test", "nim seek dave pw-dave -stones=7", ""), "dave@players.test")
	if strings.Contains(r.Text, "Started") {
		t.Errorf("withdrawn seek matched: %s", r.Text)
	}
	// A limit is respected: carol refuses nim boards, dave seeks plain.
	f.send("carol@players.test", "nim limit carol pw-carol 0", "")
	r = f.answer(f.send("dave@players.test", "nim seek dave pw-dave", ""), "dave@players.test")
	if strings.Contains(r.Text, "Started") {
		t.Errorf("seek matched a player who rejects challenges: %s", r.Text)
	}
}

func TestTotalTime(t *testing.T) {
	f := newFixture(t)
	f.game("--total=3 --forfeit=30 --nag=20")
	b := f.board(101)
	if b.TotalDays != 3 || b.ForfeitDays != 30 || b.NagDays != 20 {
		t.Fatalf("clock days %+v", b)
	}
	// The server's options stay out of the engine's: an engine that
	// refuses unknown options must replay the board.
	if len(b.Options) != 0 {
		t.Errorf("server options among the game's: %v", b.Options)
	}
	if got := (store.Board{Options: map[string]string{"-nag": "2", "stones": "5"}}).GameOptions(); len(got) != 1 || got["stones"] != "5" {
		t.Errorf("engineOptions of an old board: %v", got)
	}
	f.clock = f.clock.Add(24 * time.Hour)
	mails := f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	found := false
	for _, m := range mails {
		if m.To == "bob@players.test" && strings.Contains(m.Text, "Thinking time left of 3 days: 3 days, 00:00") {
			found = true
		}
	}
	if !found {
		t.Errorf("board mail without bob's time left")
	}
	// bob takes a day, then goes on vacation for five: not counted.
	f.clock = f.clock.Add(24 * time.Hour)
	f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	f.clock = f.clock.Add(2 * 24 * time.Hour) // alice: 1 + 2 = 3 days used
	f.tick()
	if b := f.board(101); !b.Over || !strings.Contains(b.Log[len(b.Log)-1].Kind, "forfeit") {
		t.Fatalf("alice over her budget not forfeited: %+v", b.Log)
	}

	f2 := newFixture(t)
	f2.game("--total=2 --forfeit=30 --nag=20")
	day0 := f2.clock
	f2.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	f2.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	from := day0.Add(24 * time.Hour).Format("2006-01-02")
	to := day0.Add(5 * 24 * time.Hour).Format("2006-01-02")
	f2.send("alice@players.test", "vacation alice pw-alice "+from+" "+to, "")
	f2.clock = day0.Add(7*24*time.Hour - time.Hour)
	f2.tick()
	if b := f2.board(101); b.Over {
		t.Fatalf("vacation days counted against the budget: %+v", b.Log)
	}
	f2.clock = day0.Add(9 * 24 * time.Hour)
	f2.tick()
	if b := f2.board(101); !b.Over {
		t.Fatalf("not forfeited after the budget: %+v", b)
	}
}

// The answer to "tournament start" plays on no board: only a board
// mail's reply address does.
func TestTournamentStartAnswerHasNoReplyAddress(t *testing.T) {
	f := newFixture(t)
	// In a round robin of three the organiser plays two of the boards
	// started, the last among them.
	ids := []string{"r2", "r3", "r1"}
	for _, id := range ids {
		f.signup(id)
	}
	f.send("r1@players.test", "nim tournament new r1 pw-r1 Spring roundrobin", "")
	f.entrants("spring", ids...)
	mails := f.send("r1@players.test", "nim tournament start spring r1 pw-r1", "")
	answered := false
	for _, m := range mails {
		if m.To != "r1@players.test" {
			continue
		}
		rt := m.Header.Get("Reply-To")
		if strings.Contains(m.Text, "> nim tournament start") {
			answered = true
			if strings.Contains(rt, "pbm+") {
				t.Errorf("the answer to tournament start carries a reply address %q:\n%s", rt, m.Text)
			}
		} else if strings.HasPrefix(m.Subject, "New Nim Board") && !strings.Contains(rt, "pbm+") {
			t.Errorf("a new board's mail has no reply address: %q", m.Subject)
		}
	}
	if !answered {
		t.Fatalf("no answer to tournament start among %d mails", len(mails))
	}
}
