package daemon

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/store"
)

// TestConditionalMovesByMail runs conditional moves through the mail
// servers and the daemon: lines entered by command and by a reply to
// the board mail, an illegal line refused with its move and position,
// the tree shown to its owner and to nobody else (the opponent's and a
// watcher's mails, show, record, the web pages, the JSON, the Atom
// feed and the log are the same with it as without it), an answer
// played in the transaction of the move it answers at no thinking time
// and mailed as a board of its own, a deviation that keeps the lines
// left as unplayed, two trees answering each other, a draw offer that
// stops the tree, and a take-back that voids it.
func TestConditionalMovesByMail(t *testing.T) {
	cfg := testConfig(t)
	cfg.Web.Listen = "127.0.0.1:0"
	cfg.Web.URL = "https://games.example.test/"
	logs := &syncBuffer{}
	cfg.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	d, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	h := &harness{t: t, mail: d.Local, d: d, cfg: cfg}
	alice, bob, carol := h.signup("alice"), h.signup("bob"), h.signup("carol")
	h.command(alice, "nim challenge alice pw-alice alice bob -stones=40", "")
	h.command(carol, "nim subscribe carol pw-carol 101", "")
	ok := func(p *player.Player, cmd, want string) player.Mail {
		t.Helper()
		r := h.command(p, cmd, "")
		if !strings.Contains(flat(r.Text), want) {
			t.Fatalf("%s: want %q in:\n%s", cmd, want, r.Text)
		}
		return r
	}
	moves := func() []store.Entry { return h.board(101).Log }
	get := func(path string) string { return pageOK(t, d, path) }
	// What anyone but the owner sees of the board.
	outside := func() map[string]string {
		out := map[string]string{}
		for _, p := range []string{"/nim", "/nim/running", "/nim/101", "/nim/101/json", "/nim/101/atom", "/nim/101/record", "/player/alice", "/player/bob", "/player/alice/atom", "/player/bob/atom"} {
			out[p] = get(p)
		}
		out["show"] = ok(bob, "nim show 101", "Pile").Text
		out["record"] = ok(carol, "nim record 101", "alice").Text
		return out
	}
	// The board mails to p, the answers to show and record left out.
	boardMailsIn := func(ms []player.Mail) []player.Mail {
		var out []player.Mail
		for _, m := range player.WithSubject(ms, "Nim Board 101") {
			if !strings.HasPrefix(m.Text, "> nim show") && !strings.HasPrefix(m.Text, "> nim record") {
				out = append(out, m)
			}
		}
		return out
	}
	boardMails := func(p *player.Player) int {
		ms, err := p.Mails()
		if err != nil {
			t.Fatal(err)
		}
		return len(boardMailsIn(ms))
	}

	ok(alice, "nim move 101 alice pw-alice take1", "alice played on Nim board 101")
	// The board mails of alice's move have come to bob and carol.
	if _, err := bob.Await(wait, player.Count("Nim Board 101", 1)); err != nil {
		t.Fatal(err)
	}
	if _, err := carol.Await(wait, player.Count("Nim Board 101", 1)); err != nil {
		t.Fatal(err)
	}
	before := outside()
	bobMails, carolMails := boardMails(bob), boardMails(carol)
	logAt := len(logs.String())

	// A line by command, one by a reply to the board mail, an illegal
	// one refused.
	ok(alice, "nim if 101 alice pw-alice take2 take3 take1 take2", "Your line on Nim board 101 is kept.")
	boardMail := latest(t, alice, "Nim Board 101", 1)
	if r := h.answerMail(alice, boardMail, "if take3 take1"); !strings.Contains(flat(r.Text), "take2 take3 take1 take2 take3 take1") {
		t.Fatalf("if by reply:\n%s", r.Text)
	}
	r := ok(alice, "nim if 101 alice pw-alice take2 take9", `Move 3, "take9", is illegal`)
	if !strings.Contains(r.Text, "The position it was tried on:") || !strings.Contains(r.Text, "Pile:") || !strings.Contains(r.Text, "Your conditional moves are as they were.") {
		t.Errorf("the refusal shows no position:\n%s", r.Text)
	}
	ok(alice, "nim if 101 alice pw-alice take2 take1", `answer take3, not "take1" (move 3)`)
	tree := ok(alice, "nim if 101 alice pw-alice", "from move 2").Text
	for _, line := range []string{"  take2 take3 take1 take2\n", "  take3 take1\n"} {
		if !strings.Contains(tree+"\n", line) {
			t.Errorf("the tree has no line %q:\n%s", line, tree)
		}
	}
	if strings.Contains(tree, "take9") {
		t.Errorf("the refused line is in the tree:\n%s", tree)
	}

	// Nothing of it reaches anyone else.
	after := outside()
	for k, v := range before {
		if k == "show" || k == "record" {
			v, after[k] = flat(v), flat(after[k])
		}
		if after[k] != v {
			t.Errorf("%s changed with the tree:\nbefore: %s\nafter: %s", k, v, after[k])
		}
	}
	if n := boardMails(bob); n != bobMails {
		t.Errorf("bob got %d board mails about alice's tree", n-bobMails)
	}
	if n := boardMails(carol); n != carolMails {
		t.Errorf("carol got %d board mails about alice's tree", n-carolMails)
	}
	for _, secret := range []string{"take2 take3", "take3 take1", "take2 take9"} {
		if strings.Contains(logs.String()[logAt:], secret) {
			t.Errorf("the log holds %q:\n%s", secret, logs.String()[logAt:])
		}
	}

	// Bob's move draws alice's answer in its own transaction, logged at
	// the time of the move (no thinking time), mailed as a board of its
	// own to both players and the watcher.
	ok(bob, "nim move 101 bob pw-bob take2", "bob played on Nim board 101")
	log := moves()
	if len(log) != 3 || log[2].Move != "take3" || log[2].Seat != 0 || !log[2].Auto || !log[2].At.Equal(log[1].At) {
		t.Fatalf("log after bob's move: %+v", log)
	}
	for _, p := range []*player.Player{bob, carol} {
		ms, err := p.Await(wait, func(ms []player.Mail) bool {
			for _, m := range ms {
				if strings.Contains(m.Text, "alice played take3 (played from alice's conditional moves).") {
					return true
				}
			}
			return false
		})
		if err != nil {
			t.Fatalf("%s: no board mail of the answer: %v", p.Address, err)
		}
		if n := len(player.WithSubject(ms, "Nim Board 101")); n < 2 {
			t.Errorf("%s: %d board mails for a move and its answer", p.Address, n)
		}
	}
	if page := get("/nim/101"); !strings.Contains(page, "take3") {
		t.Errorf("the played answer is not on the board's page")
	}

	// Bob deviates: the lines left are kept as unplayed, and alice is
	// told.
	ok(bob, "nim move 101 bob pw-bob take2", "bob played on Nim board 101")
	if n := len(moves()); n != 4 {
		t.Fatalf("%d moves after the deviation", n)
	}
	told := latest(t, alice, "pbm: conditional moves on Nim board 101", 1)
	if !strings.Contains(flat(told.Text), "take2 was played on Nim board 101 at move 4") || !strings.Contains(told.Text, "  take1 take2") {
		t.Errorf("the deviation notice:\n%s", told.Text)
	}
	if r := ok(alice, "nim if 101 alice pw-alice", "Not played: the game went another way at move 4:"); !strings.Contains(r.Text, "  take1 take2") {
		t.Errorf("the unplayed line is not shown:\n%s", r.Text)
	}

	// Two trees answer each other: bob's waits for alice's move; alice's
	// line begins with her move at her turn.
	ok(bob, "nim if 101 bob pw-bob take1 take2 take3 take1", "Your line on Nim board 101 is kept.")
	ok(alice, "nim if 101 alice pw-alice take1 take2 take3 take1 take2", "alice played on Nim board 101 (move 5): take1.")
	log = moves()
	want := []string{"take1", "take2", "take3", "take1", "take2"}
	if len(log) != 9 {
		t.Fatalf("the chain: %+v", log)
	}
	for i, e := range log[4:] {
		if e.Move != want[i] || e.Seat != i%2 || e.Auto != (i > 0) {
			t.Errorf("chain move %d: %+v, want %s by seat %d", i+5, e, want[i], i%2)
		}
	}
	// Bob's board mails: his move and its answer, his deviation, and
	// the five moves of the chain, one each, the automatic ones marked.
	ms, err := bob.Await(wait, func(ms []player.Mail) bool { return len(boardMailsIn(ms)) >= bobMails+2+1+5 })
	if err != nil {
		for _, m := range ms {
			t.Logf("%s | %.300s", m.Subject, m.Text)
		}
		t.Fatalf("bob has not a board mail of each move of the chain: %v", err)
	}
	chain := boardMailsIn(ms)[bobMails+3:]
	for i, want := range []string{"alice played take1.", "bob played take2 (played from bob's conditional moves).",
		"alice played take3 (played from alice's conditional moves).", "bob played take1 (played from bob's conditional moves).",
		"alice played take2 (played from alice's conditional moves)."} {
		if !strings.Contains(chain[i].Text, want) {
			t.Errorf("board mail %d of the chain does not say %q:\n%s", i+1, want, chain[i].Text)
		}
	}

	// A draw offer open when the move comes stops the tree.
	ok(alice, "nim if 101 alice pw-alice take1 take1", "Your line on Nim board 101 is kept.")
	ok(bob, "nim propose 101 bob pw-bob", "proposes")
	ok(bob, "nim move 101 bob pw-bob take1", "bob played on Nim board 101")
	if log := moves(); len(log) != 10 || log[9].Seat != 1 {
		t.Fatalf("the tree answered past a draw offer: %+v", log[9:])
	}
	held := latest(t, alice, "pbm: conditional moves on Nim board 101", 2)
	if !strings.Contains(flat(held.Text), "Your conditional answer take1 on Nim board 101 was not played") {
		t.Errorf("the notice of the answer held:\n%s", held.Text)
	}
	// A take-back voids the tree, and its owner is told.
	ok(alice, "nim undo 101 alice pw-alice", "proposes")
	ok(bob, "nim accept 101 bob pw-bob", "accepts")
	if n := len(moves()); n != 9 {
		t.Fatalf("%d moves after the take-back", n)
	}
	void := latest(t, alice, "pbm: conditional moves on Nim board 101", 3)
	if !strings.Contains(flat(void.Text), "your conditional moves there are void") || !strings.Contains(void.Text, "  take1") {
		t.Errorf("the notice of the void tree:\n%s", void.Text)
	}
	if r := ok(alice, "nim if 101 alice pw-alice", "You have no conditional moves on Nim board 101."); strings.Contains(r.Text, "Not played") {
		t.Errorf("a void tree is still shown:\n%s", r.Text)
	}
}

// TestConditionalHexatriByMail: in a three-seat Hexatri game over the
// mail servers, a turn of three actions is one move of a line, the
// turns parted by "/": it is played for its owner as one move of the
// log when the turn it answers is played.
func TestConditionalHexatriByMail(t *testing.T) {
	h, ps, st := hexatriOfThree(t)
	var b store.Board
	var err error
	x := st.ToMove()
	y, z := (x+1)%3, (x+2)%3
	move := func(seat int, actions string) {
		t.Helper()
		r := h.command(ps[seat], fmt.Sprintf("hexatri move 101 p%d pw-p%d %s", seat+1, seat+1, actions), "")
		if !strings.Contains(r.Text, "OK: ") {
			t.Fatalf("p%d %s: %s", seat+1, actions, r.Text)
		}
	}
	// Two rounds (as TestHexatriTurnsByMail plays them): x's leader
	// stands on A1 with two points to spend in round 3, z to act.
	for _, m := range []struct {
		seat    int
		actions string
	}{{x, "L:IN:A1N!"}, {y, "L:IN:G4S!"}, {z, "L:IN:G4SE!"}, {x, "PASS"}, {y, "PASS"}, {z, "PASS"},
		{y, "L:G4S-G4!"}, {z, "L:G4SE-G4!"}, {x, "L:A1N-A1!"}, {y, "PASS"}, {z, "PASS"}, {x, "PASS"}} {
		move(m.seat, m.actions)
	}
	owner := fmt.Sprintf("p%d", x+1)
	r := h.command(ps[x], "hexatri if 101 "+owner+" pw-"+owner+" PASS / IN:A1N@A1 in:a1nw L:A1-A1S!", "")
	if !strings.Contains(r.Text, "  PASS / IN:A1N@A1;IN:A1NW@A1;L:A1-A1S!") {
		t.Fatalf("the line of a pass and a turn of three actions:\n%s", r.Text)
	}
	move(z, "PASS")
	h.d.Store.View(func(tx *store.Tx) error { b, err = tx.Board("hexatri", 101); return err })
	if err != nil {
		t.Fatal(err)
	}
	n := len(b.Log)
	if n != 14 || b.Log[n-1].Move != "IN:A1N@A1;IN:A1NW@A1;L:A1-A1S!" || b.Log[n-1].Seat != x || !b.Log[n-1].Auto {
		t.Fatalf("the answer of three actions: %+v", b.Log[n-2:])
	}
	if _, err := ps[y].Await(wait, func(ms []player.Mail) bool {
		for _, m := range ms {
			if strings.Contains(flat(m.Text), owner+" played IN:A1N@A1;IN:A1NW@A1;L:A1-A1S! (played from "+owner+"'s conditional moves).") {
				return true
			}
		}
		return false
	}); err != nil {
		t.Errorf("p%d has no board mail of the answer: %v", y+1, err)
	}
}
