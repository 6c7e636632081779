package pbm

import (
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
	"github.com/pbmgo/pbm/engine/esagek"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/store"
)

// boardOf reads board n of game.
func (f *fixture) boardOf(game string, n int) store.Board {
	f.t.Helper()
	var b store.Board
	if err := f.st.View(func(tx *store.Tx) (err error) { b, err = tx.Board(game, n); return }); err != nil {
		f.t.Fatal(err)
	}
	return b
}

// stateOf replays board b from its seed.
func (f *fixture) stateOf(b store.Board) engine.State {
	f.t.Helper()
	_, st, err := f.s.boards.Replay(b, -1)
	if err != nil {
		f.t.Fatal(err)
	}
	return st
}

// reply is the text of the answer to a command from id.
func (f *fixture) command(id, cmd string) string {
	f.t.Helper()
	return f.answer(f.send(id+"@players.test", cmd, ""), id+"@players.test").Text
}

// TestConditionalThreeSeats: in a three-seat Esagek game a line's
// condition before each answer is the moves of both other seats, in
// turn order; the answer waits for the second of them and is played in
// the same transaction as it.
func TestConditionalThreeSeats(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.Games = engine.NewRegistry(enginetest.Nim{}, esagek.Game{})
	for _, id := range []string{"alice", "bob", "carol"} {
		f.signup(id)
	}
	if r := f.command("alice", "esagek challenge alice pw-alice alice bob carol -invasion"); !strings.Contains(r, "OK: ") {
		t.Fatalf("challenge: %s", r)
	}
	b := f.boardOf("esagek", 101)
	st := f.stateOf(b)
	owner := b.Players[st.ToMove()]
	first := st.Legal()[0]
	if r := f.command(owner, "esagek move 101 "+owner+" pw-"+owner+" "+first); !strings.Contains(r, "OK: ") {
		t.Fatalf("first move: %s", r)
	}
	b = f.boardOf("esagek", 101)
	st = f.stateOf(b)
	o1 := b.Players[st.ToMove()]
	var line []string
	try := st.Clone()
	for range 3 {
		c, err := try.Play(try.Legal()[len(try.Legal())/2])
		if err != nil {
			t.Fatal(err)
		}
		line = append(line, c)
	}
	o2 := b.Players[(board0(b, o1)+1)%3]
	ifCmd := "esagek if 101 " + owner + " pw-" + owner + " "
	if r := f.command(owner, ifCmd+strings.Join(line[:2], " ")); !strings.Contains(flat(r), "which is not yours: a line ends with your answer") {
		t.Errorf("a line ending on the second other seat's move: %s", r)
	}
	if r := f.command(owner, ifCmd+strings.Join(line, " ")); !strings.Contains(r, "  "+strings.Join(line, " ")) {
		t.Fatalf("the line of three: %s", r)
	}
	f.command(o1, "esagek move 101 "+o1+" pw-"+o1+" "+line[0])
	if n := len(f.boardOf("esagek", 101).Log); n != 2 {
		t.Fatalf("%d moves after the first condition: the answer did not wait for the second", n)
	}
	mails := f.send(o2+"@players.test", "esagek move 101 "+o2+" pw-"+o2+" "+line[1], "")
	log := f.boardOf("esagek", 101).Log
	if len(log) != 4 || log[3].Move != line[2] || b.Players[log[3].Seat] != owner || !log[3].Auto {
		t.Fatalf("the answer after both conditions: %+v", log)
	}
	for _, id := range b.Players {
		var got []string
		for _, m := range withSubject(mails, "Esagek Board 101") {
			if m.To == id+"@players.test" {
				got = append(got, m.Text)
			}
		}
		if len(got) != 2 || !strings.Contains(got[1], owner+" played "+line[2]+" (played from "+owner+"'s conditional moves).") {
			t.Errorf("%s: %d board mails of the move and its answer:\n%s", id, len(got), strings.Join(got, "\n----\n"))
		}
	}
}

func board0(b store.Board, id string) int {
	for i, p := range b.Players {
		if p == id {
			return i
		}
	}
	return -1
}

// TestConditionalHexatri: in Hexatri a turn of several actions is one
// move of a line, the turns parted by "/"; the answer is played when
// the turn it answers is.
func TestConditionalHexatri(t *testing.T) {
	f, mover, _ := hexatriFixture(t)
	b := f.hexatriBoard(101)
	st := f.stateOf(b)
	owner := b.Players[1-st.ToMove()]
	g := hexatri.Game{}
	turn := func(st engine.State) []string {
		var legal []string
		for _, m := range st.Legal() {
			if m != "PASS" {
				legal = append(legal, m)
			}
		}
		if len(legal) == 0 {
			return []string{"PASS"}
		}
		for _, a := range legal {
			for _, c := range legal {
				if _, err := st.Clone().Play(g.JoinTurn([]string{a, c})); err == nil {
					return []string{a, c}
				}
			}
		}
		return legal[:1]
	}
	theirs := turn(st)
	try := st.Clone()
	theirsCanon, err := try.Play(g.JoinTurn(theirs))
	if err != nil {
		t.Fatal(err)
	}
	mine := turn(try)
	mineCanon, err := try.Play(g.JoinTurn(mine))
	if err != nil {
		t.Fatal(err)
	}
	r := f.command(owner, "hexatri if 101 "+owner+" pw-"+owner+" "+strings.Join(theirs, " ")+" / "+strings.Join(mine, " "))
	if !strings.Contains(r, "  "+theirsCanon+" / "+mineCanon) {
		t.Fatalf("the line of two turns (%q, %q):\n%s", theirsCanon, mineCanon, r)
	}
	f.command(mover, "hexatri move 101 "+mover+" pw-"+mover+" "+strings.Join(theirs, " "))
	log := f.hexatriBoard(101).Log
	if len(log) != 2 || log[0].Move != theirsCanon || log[1].Move != mineCanon || b.Players[log[1].Seat] != owner || !log[1].Auto {
		t.Fatalf("the turn and its answer: %+v", log)
	}
}

// TestConditionalAndQueue: a tree comes before a queue; the queue plays
// at a turn where the tree holds no answer.
func TestConditionalAndQueue(t *testing.T) {
	f := newFixture(t)
	f.game("-stones=30")
	f.command("alice", "nim move 101 alice pw-alice take1")
	f.command("alice", "nim queue 101 alice pw-alice take3")
	if r := f.command("alice", "nim if 101 alice pw-alice take2 take1"); !strings.Contains(r, "Your line on Nim board 101 is kept.") {
		t.Fatalf("if: %s", r)
	}
	f.command("bob", "nim move 101 bob pw-bob take2")
	log := f.board(101).Log
	if len(log) != 3 || log[2].Move != "take1" || !log[2].Auto {
		t.Fatalf("the tree's answer before the queue: %+v", log)
	}
	if q := f.board(101).Queued["alice"]; len(q) != 1 || q[0] != "take3" {
		t.Errorf("the queue after the tree's answer: %v", q)
	}
	f.command("bob", "nim move 101 bob pw-bob take1")
	log = f.board(101).Log
	if len(log) != 5 || log[4].Move != "take3" || !log[4].Auto {
		t.Fatalf("the queue after the tree ran out: %+v", log)
	}
	// Nothing is shown or kept of a tree once the game is over.
	f.command("alice", "nim if 101 alice pw-alice take1 take1")
	f.command("bob", "nim resign 101 bob pw-bob")
	var left []store.Conditional
	f.st.View(func(tx *store.Tx) (err error) { left, err = tx.Conditionals("nim", 101); return })
	if len(left) != 0 {
		t.Errorf("trees kept after the end: %+v", left)
	}
	if r := f.command("alice", "nim if 101 alice pw-alice take1 take1"); !strings.Contains(r, "has ended") {
		t.Errorf("a line after the end: %s", r)
	}
}

// TestConditionalHelp: "help if" and "<game> help" explain conditional
// moves with an example in the game's notation, in the reader's
// language.
func TestConditionalHelp(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.Games = engine.NewRegistry(enginetest.Nim{}, hexatri.Game{})
	r := f.command("x", "help if")
	for _, want := range []string{"<game> if <board> <userid> <password> [<move>...|clear]", "Your tree comes before your queue",
		"nim if <board> <userid> <password> take", "hexatri if <board> <userid> <password> ", " / ", "  if take"} {
		if !strings.Contains(r, want) {
			t.Errorf("help if lacks %q:\n%s", want, r)
		}
	}
	for _, l := range strings.Split(r, "\n") {
		if len([]rune(l)) > 79 && !strings.HasPrefix(l, " ") {
			t.Errorf("a line of %d columns: %q", len([]rune(l)), l)
		}
	}
	if r := f.command("x", "hexatri help"); !strings.Contains(r, "hexatri if <board> <userid> <password> ") || !strings.Contains(r, "Conditional moves") {
		t.Errorf("hexatri help:\n%s", r)
	}
	f.signup("hu")
	f.command("hu", "language hu pw-hu hu")
	if r := f.command("hu", "nim help"); !strings.Contains(r, "Feltételes lépések") || !strings.Contains(r, "nim if <board> <userid> <password> take") {
		t.Errorf("nim help in Hungarian:\n%s", r)
	}
}

// TestConditionalChainBound: two trees that answer each other stop after
// board.MaxAutomatic automatic moves, the last board mail saying so;
// the rest waits for the next change of the board.
func TestConditionalChainBound(t *testing.T) {
	f := newFixture(t)
	f.game("-stones=1000")
	line := strings.TrimSpace(strings.Repeat("take1 ", 100))
	// Bob's tree waits for alice's move; alice's line begins with it.
	if r := f.command("bob", "nim if 101 bob pw-bob "+line); !strings.Contains(r, "Your line on Nim board 101 is kept.") {
		t.Fatalf("bob's line: %s", r)
	}
	start := time.Now()
	mails := f.send("alice@players.test", "nim if 101 alice pw-alice take1 "+line, "")
	t.Logf("a move and %d automatic answers, %d mails: %s", board.MaxAutomatic, len(mails), time.Since(start).Round(time.Millisecond))
	log := f.board(101).Log
	if len(log) != 1+board.MaxAutomatic {
		t.Fatalf("%d moves after a chain bounded at %d", len(log), board.MaxAutomatic)
	}
	for i, e := range log[1:] {
		if !e.Auto || e.Seat != (i+1)%2 {
			t.Fatalf("move %d: %+v", i+2, e)
		}
	}
	toBob := withSubject(mails, "Nim Board 101")
	var n int
	last := ""
	for _, m := range toBob {
		if m.To == "bob@players.test" {
			n++
			last = m.Text
		}
	}
	if n != 1+board.MaxAutomatic || !strings.Contains(last, "Automatic moves stop after 50 in a row.") {
		t.Errorf("bob got %d board mails; the last:\n%s", n, last)
	}
}
