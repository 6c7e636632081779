package pbm

import (
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/store"
)

// TestSerialTimeoutsRatedOnce: a player who vanishes forfeits two
// boards at once; the first counts for ratings, the second does not,
// and its opponent is told why.
func TestSerialTimeoutsRatedOnce(t *testing.T) {
	f := newFixture(t)
	for _, id := range []string{"alice", "bob", "carol"} {
		f.signup(id)
	}
	f.send("bob@players.test", "nim challenge bob pw-bob bob alice --forfeit=3 --nag=20", "")
	f.send("carol@players.test", "nim challenge carol pw-carol carol alice --forfeit=3 --nag=20", "")
	f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	f.send("carol@players.test", "nim move 102 carol pw-carol take1", "")
	f.clock = f.clock.Add(time.Hour)
	f.send("alice@players.test", "nim move 101 alice pw-alice take1", "")
	f.send("alice@players.test", "nim move 102 alice pw-alice take1", "")
	f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	f.send("carol@players.test", "nim move 102 carol pw-carol take1", "")
	// alice vanishes: both boards forfeit at the same tick.
	f.clock = f.clock.Add(3*day + time.Hour)
	mails := f.tick()
	for _, n := range []int{101, 102} {
		if b := f.board(n); !b.Over || b.Log[len(b.Log)-1].Kind != "forfeit" {
			t.Fatalf("board %d not forfeited: %+v", n, b.Log)
		}
	}
	if !f.board(102).SerialTimeout || f.board(101).SerialTimeout {
		t.Errorf("serial marks: 101 %v, 102 %v", f.board(101).SerialTimeout, f.board(102).SerialTimeout)
	}
	m := f.only(mails, "carol@players.test")
	if !strings.Contains(m.Text, "This game was not rated: alice lost another game on time within the day before") {
		t.Errorf("carol is not told why:\n%s", m.Text)
	}
	if m := f.only(mails, "bob@players.test"); strings.Contains(m.Text, "not rated") {
		t.Errorf("the first forfeit is not rated:\n%s", m.Text)
	}
	f.st.View(func(tx *store.Tx) error {
		r, _, err := tx.Rating("nim", "alice")
		if r.Games != 1 || r.Lost != 1 {
			t.Errorf("alice's rating counts %d games, %d lost; want 1", r.Games, r.Lost)
		}
		return err
	})
}
