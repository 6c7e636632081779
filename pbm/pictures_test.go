package pbm

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/store"
)

// pngOf is the image/png part of a mail, or nil.
func pngOf(t *testing.T, raw []byte) []byte {
	t.Helper()
	m, err := player.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return m.Image
}

// twoBoards starts two HexEmergo boards, alice against bob and carol
// against dave, and returns a mail with a legal first move on each.
func twoBoards(f *fixture) (moves [][]byte) {
	f.s.cfg.Games = engine.NewRegistry(hexemergo.Game{})
	f.s.cfg.RateLimit = 1000
	for _, u := range []string{"alice", "bob", "carol", "dave"} {
		f.signup(u)
	}
	f.send("alice@players.test", "hexemergo challenge alice pw-alice alice bob", "")
	f.send("carol@players.test", "hexemergo challenge carol pw-carol carol dave", "")
	for n := 101; n <= 102; n++ {
		var b store.Board
		f.st.View(func(tx *store.Tx) (err error) { b, err = tx.Board("hexemergo", n); return })
		_, st, err := f.s.boards.Replay(b, -1)
		if err != nil {
			f.t.Fatal(err)
		}
		who := board.ToMove(b, st)
		moves = append(moves, f.raw(who+"@players.test", fmt.Sprintf("hexemergo move %d %s pw-%s %s", n, who, who, st.Legal()[0]), ""))
	}
	return moves
}

// TestBatchDrawsPicturesTogether: in a group commit the board mails'
// pictures are drawn after the batch's mails are applied, all at once;
// every mail gets the very picture it gets when handled alone, and each
// recipient's mails stay in the order they were sent, a board mail
// with a picture before a later answer without one.
func TestBatchDrawsPicturesTogether(t *testing.T) {
	alone, batch := newFixture(t), newFixture(t)
	pictures := map[string][]byte{}
	for _, raw := range twoBoards(alone) {
		alone.handle(raw)
	}
	for _, m := range alone.outbox() {
		if p := pngOf(t, m.Raw); p != nil && strings.Contains(m.Subject, "Board") {
			pictures[m.To+" "+m.Subject] = p
		}
	}
	moves := twoBoards(batch)
	before := batch.outboxSeqs()
	// The opponent of the first move, then the same opponent asks for
	// help: the board mail is sent first, and must stay first.
	opponent := "bob@players.test"
	if strings.HasPrefix(string(moves[0]), "From: bob@") {
		opponent = "alice@players.test"
	}
	raws := append(moves, batch.raw(opponent, "help", ""))
	for i, err := range batch.s.HandleBatch(context.Background(), raws) {
		if err != nil {
			t.Fatalf("mail %d: %v", i, err)
		}
	}
	var toOpponent []string
	drawn := 0
	for _, m := range batch.outbox() {
		if before[m.Seq] {
			continue
		}
		if m.To == opponent {
			toOpponent = append(toOpponent, m.Subject)
		}
		p := pngOf(t, m.Raw)
		if !strings.Contains(m.Subject, "Board") {
			continue
		}
		want, ok := pictures[m.To+" "+m.Subject]
		if !ok {
			t.Errorf("no mail %q to %s when handled alone", m.Subject, m.To)
			continue
		}
		if !bytes.Equal(p, want) {
			t.Errorf("%s %q: picture of %d bytes, %d when handled alone", m.To, m.Subject, len(p), len(want))
		}
		drawn++
	}
	if drawn != 4 {
		t.Errorf("%d board mails with their pictures, want 4 (two players of two boards)", drawn)
	}
	if len(toOpponent) != 2 || !strings.Contains(toOpponent[0], "Board 101") || strings.Contains(toOpponent[1], "Board") {
		t.Errorf("mails to %s in the order %q, want the board mail and then the answer to help", opponent, toOpponent)
	}
}
