package daemon

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/player"
)

// TestClocksByMail drives the daemon's clock with an injected time
// source: a reminder reaches the late player's mailbox on the nag day,
// and the forfeit reaches both players at the limit.
func TestClocksByMail(t *testing.T) {
	var now atomic.Int64
	now.Store(time.Now().UTC().Truncate(time.Hour).UnixNano()) // the players' mail is dated by the real clock
	cfg := testConfig(t)
	cfg.Now = func() time.Time { return time.Unix(0, now.Load()).UTC() }
	cfg.Clock.Tick = 50 * time.Millisecond
	d, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	h := &harness{t: t, mail: d.Local, d: d, cfg: cfg}
	alice, bob := h.signup("alice"), h.signup("bob")
	h.command(alice, "nim challenge alice pw-alice alice bob --nag=1 --forfeit=3", "")
	// Both move once: a timeout before that declines the challenge.
	h.command(alice, "nim move 101 alice pw-alice take1", "")
	h.command(bob, "nim move 101 bob pw-bob take1", "")
	now.Add(int64(25 * time.Hour))
	if _, err := alice.Await(wait, player.Count("Nag: Nim Board 101 alice", 1)); err != nil {
		t.Fatal(err)
	}
	if _, err := bob.Await(wait, player.Count("Nim Board 101: alice is late", 1)); err != nil {
		t.Fatal(err)
	}
	now.Add(int64(2 * 24 * time.Hour))
	for _, p := range []*player.Player{alice, bob} {
		_, err := p.Await(wait, func(ms []player.Mail) bool {
			for _, m := range ms {
				if m.Subject == "Nim Board 101" && strings.Contains(m.Text, "forfeits") && strings.Contains(m.Text, "Game won by bob") {
					return true
				}
			}
			return false
		})
		if err != nil {
			t.Errorf("%s: no forfeit board: %v", p.Address, err)
		}
	}
}
