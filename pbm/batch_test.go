package pbm

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
)

// Clone keeps the panicking wrapper on copies (the position cache
// hands out copies).
func (s boomState) Clone() engine.State { return boomState{s.State.Clone()} }

// TestHandleBatch: mails in one group commit are applied in order, a
// mail that panics in the middle is set aside alone while the mails
// around it are applied, and a mail repeated in the batch is applied
// once.
func TestHandleBatch(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.Games = engine.NewRegistry(boom{})
	f.signup("alice")
	f.signup("bob")
	f.send("alice@players.test", "boom challenge alice pw-alice alice bob", "")
	before := len(f.outbox())
	carol := f.raw("carol@players.test", "signup carol pw-carol", "")
	raws := [][]byte{
		f.raw("alice@players.test", "boom move 101 alice pw-alice take1", ""),
		f.raw("bob@players.test", "boom move 101 bob pw-bob take3", ""), // panics
		carol,
		f.raw("bob@players.test", "boom move 101 bob pw-bob take2", ""),
		carol, // the same mail again
		f.raw("alice@players.test", "boom move 101 alice pw-alice take1", ""),
	}
	for i, err := range f.s.HandleBatch(context.Background(), raws) {
		if err != nil {
			t.Fatalf("mail %d: %v", i, err)
		}
	}
	var b store.Board
	var carolErr error
	f.st.View(func(tx *store.Tx) error {
		b, _ = tx.Board("boom", 101)
		_, carolErr = tx.User("carol")
		return nil
	})
	var moves []string
	for _, e := range b.Log {
		moves = append(moves, e.Move)
	}
	if got := strings.Join(moves, " "); got != "take1 take2 take1" {
		t.Errorf("log %q, want take1 take2 take1", got)
	}
	if carolErr != nil {
		t.Errorf("carol: %v", carolErr)
	}
	apologies, welcomes := 0, 0
	for _, m := range f.outbox()[before:] {
		d := decode(t, m)
		if strings.Contains(d.Text, "nothing of it was applied") && d.To == "bob@players.test" {
			apologies++
		}
		if strings.Contains(d.Text, "Welcome, carol") {
			welcomes++
		}
	}
	if apologies != 1 || welcomes != 1 {
		t.Errorf("apologies %d, welcomes %d; want 1 and 1", apologies, welcomes)
	}
}

// BenchmarkHandleBatch is BenchmarkHandleMove through group commits of
// 64 mails.
func BenchmarkHandleBatch(b *testing.B) {
	f := newFixture(b)
	f.s.cfg.RateLimit = 1 << 30
	f.signup("alice")
	f.signup("bob")
	who := []string{"alice", "bob"}
	b.ResetTimer()
	for i := 0; i < b.N; i += 64 {
		b.StopTimer()
		f.send("alice@players.test", "nim challenge alice pw-alice alice bob -stones=1000", "")
		var n int
		f.st.View(func(tx *store.Tx) error { bs, _ := tx.Boards("nim"); n = bs[len(bs)-1].Number; return nil })
		var raws [][]byte
		for k := 0; k < 64; k++ {
			p := who[k%2]
			raws = append(raws, f.raw(p+"@players.test", "nim move "+strconv.Itoa(n)+" "+p+" pw-"+p+" take1", ""))
		}
		b.StartTimer()
		for _, err := range f.s.HandleBatch(context.Background(), raws) {
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}
