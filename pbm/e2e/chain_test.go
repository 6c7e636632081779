package e2e

import (
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/store"
)

// A password chain makes a lost or doubled mail visible: each user signs
// up with password p0 and then changes it p0 -> p1 -> ... -> pK, one
// mail per step. A mail applied twice is refused the second time (its
// old password is gone) and a lost mail breaks the chain, so every later
// step is refused and the last password is not pK.

// chainUsers makes n users named prefix0, prefix1, ...
func (w *world) chainUsers(prefix string, n int) []*user {
	us := make([]*user, n)
	for i := range us {
		us[i] = w.user(fmt.Sprintf("%s%d", prefix, i))
	}
	return us
}

// chainStep is the command of step k: signup, then password changes.
func chainStep(u *user, k int) string {
	if k == 0 {
		return fmt.Sprintf("signup %s p0", u.id)
	}
	return fmt.Sprintf("change password %s p%d p%d", u.id, k-1, k)
}

// sendChain mails steps [from, to) of every user's chain, interleaved.
func sendChain(us []*user, from, to int) {
	for k := from; k < to; k++ {
		for _, u := range us {
			u.send(chainStep(u, k))
		}
	}
}

// allReplied reports whether every mail the users sent has a reply.
func allReplied(us []*user) bool {
	for _, u := range us {
		ms, _ := u.box.poll()
		if len(repliedTo(u, ms)) < len(u.sent) {
			return false
		}
	}
	return true
}

// drain waits until every mail of us has a reply, with a deadline that
// moves with progress: it fails only when for stall neither a reply
// arrived nor the daemon recorded a mail. A loaded machine makes the
// backlog drain slowly, never wrongly.
func drain(us []*user, d *pbmd, stall time.Duration) error {
	last, since := -1, time.Now()
	for {
		replied, want := 0, 0
		for _, u := range us {
			ms, _ := u.box.poll()
			replied += len(repliedTo(u, ms))
			want += len(u.sent)
		}
		if replied >= want {
			return nil
		}
		// Progress: a reply read, a mail recorded, or a reply sent
		// (one the outbox retries moves only the last).
		if n := replied + d.processedLogged() + d.sentLogged(); n != last {
			last, since = n, time.Now()
		} else if time.Since(since) > stall {
			return errorf("no progress for %v: %d of %d mails answered", stall, replied, want)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// countReplies tallies the replies of all users.
func countReplies(us []*user, timeout time.Duration, ok func(player.Mail) bool) tally {
	var tl tally
	for _, u := range us {
		tl.add(u.replies(timeout, ok))
	}
	return tl
}

// checkChains reads the store and counts the users whose password is
// not the last of their chain of k changes.
func checkChains(t *testing.T, tx *store.Tx, us []*user, k int) (broken int) {
	t.Helper()
	for _, u := range us {
		usr, err := tx.User(u.id)
		if err != nil {
			t.Errorf("%s: %v", u.id, err)
			broken++
			continue
		}
		if bcrypt.CompareHashAndPassword(usr.Hash, []byte(fmt.Sprintf("p%d", k))) != nil {
			t.Errorf("%s does not have the last password of its chain, p%d", u.id, k)
			broken++
		}
	}
	return broken
}

// seed is PBM_E2E_SEED, or def: the random points of a fault test
// repeat from run to run unless asked otherwise.
func seed(t *testing.T, def uint64) uint64 {
	if s := os.Getenv("PBM_E2E_SEED"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("PBM_E2E_SEED=%q: %v", s, err)
		}
		return n
	}
	return def
}

// quiet waits until the relay has delivered nothing new for d (the
// daemon's outbox has drained), at most timeout.
func (r *relay) quiet(d, timeout time.Duration) {
	deadline := time.Now().Add(timeout)
	last, since := -1, time.Now()
	for time.Now().Before(deadline) {
		r.mu.Lock()
		n := r.accepted
		r.mu.Unlock()
		if n != last {
			last, since = n, time.Now()
		} else if time.Since(since) >= d {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	r.settled(timeout)
}

// checkGame compares the log of HexEmergo board 101 with the moves of
// the game played on it, which must have ended: it returns how many
// moves are missing from the log and how many it holds too many.
func checkGame(t *testing.T, tx *store.Tx, moves []string) (lost, doubled int) {
	t.Helper()
	b, err := tx.Board("hexemergo", 101)
	if err != nil {
		t.Errorf("board 101: %v", err)
		return len(moves), 0
	}
	for i, e := range b.Log {
		if i < len(moves) && e.Move != moves[i] {
			t.Errorf("move %d: the log has %q, the game %q", i+1, e.Move, moves[i])
		}
	}
	if !b.Over {
		t.Errorf("board 101 is not over: %d moves in the log", len(b.Log))
	}
	return max(0, len(moves)-len(b.Log)), max(0, len(b.Log)-len(moves))
}

// challenge has alice (password apple) challenge bob to HexEmergo and
// returns the number of the board from bob's new board mail.
func challenge(t *testing.T, alice, bob *user) int {
	t.Helper()
	if r := alice.command("hexemergo challenge alice apple alice bob", replyWait); !isOK(r) {
		t.Fatalf("challenge: %s", r.Text)
	}
	ms, err := bob.box.await(replyWait, func(ms []player.Mail) bool {
		for _, m := range ms {
			if boardRe.MatchString(m.Subject) {
				return true
			}
		}
		return false
	})
	if err != nil {
		t.Fatalf("bob has no new board: %v", err)
	}
	board := 0
	for _, m := range ms {
		if sm := boardRe.FindStringSubmatch(m.Subject); sm != nil {
			board, _ = strconv.Atoi(sm[1])
		}
	}
	return board
}
