package e2e

import (
	"fmt"
	"math/rand/v2"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/store"
)

const replyWait = 60 * time.Second

// TestGameSTARTTLS plays a whole game of HexEmergo by mail, the daemon
// reading its Dovecot mailbox over STARTTLS (RFC 9051 section 6.2.1).
// Each move waits for its reply, as a player would; Dovecot batches
// its IDLE notifications for half a second, so a move takes about
// 0.8 s from mail to reply.
func TestGameSTARTTLS(t *testing.T) { playGame(t, "starttls", false) }

// TestGameImplicitTLS plays a whole game over implicit TLS (RFC 8314),
// the moves mailed in one burst, each with its number: the daemon must
// take them in the order they arrived.
func TestGameImplicitTLS(t *testing.T) { playGame(t, "tls", true) }

// offers reports whether the pbmd binary offers the game (its help
// lists the games of the function games in cmd/pbmd).
func offers(t *testing.T, name string) bool {
	t.Helper()
	out, err := exec.Command(buildPBMD(t), "help").CombinedOutput()
	if err != nil {
		t.Fatalf("pbmd help: %v\n%s", err, out)
	}
	return strings.Contains(string(out), name)
}

// needGame skips the test when the binary does not offer the game.
func needGame(t *testing.T, name string) {
	t.Helper()
	if !offers(t, name) {
		t.Skipf("e2e: pbmd does not offer %s (cmd/pbmd/games.go)", name)
	}
}

// shortGame picks, among seeded random games of HexEmergo, the one
// with the fewest moves, so that a whole game by mail stays short. The
// game has no randomness of its own (its New ignores the seed), so the
// test can replay it blind.
func shortGame(t *testing.T, tries int) []string {
	t.Helper()
	var best []string
	for seed := uint64(1); seed <= uint64(tries); seed++ {
		st, err := hexemergo.Game{}.New(2, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 0xe2e))
		var moves []string
		for st.ToMove() >= 0 && len(moves) < 1000 {
			legal := st.Legal()
			mv, err := st.Play(legal[r.IntN(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			moves = append(moves, mv)
		}
		if st.ToMove() < 0 && (best == nil || len(moves) < len(best)) {
			best = moves
		}
	}
	return best
}

var boardRe = regexp.MustCompile(`New HexEmergo Board (\d+)`)

func playGame(t *testing.T, tlsMode string, burst bool) {
	if testing.Short() {
		t.Skip("starts Dovecot and the pbmd binary")
	}
	t.Parallel()
	w := newWorld(t)
	needGame(t, "hexemergo")
	start := time.Now()
	d := w.newPBMD(tlsMode)
	d.start()

	alice, bob := w.user("alice"), w.user("bob")
	alice.pw, bob.pw = "apple", "banana"
	for _, u := range []*user{alice, bob} {
		if r := u.command(fmt.Sprintf("signup %s %s", u.id, u.pw), replyWait); !strings.Contains(r.Text, "OK: Welcome") {
			t.Fatalf("signup %s: %s", u.id, r.Text)
		}
	}
	if r := bob.command("list", replyWait); !strings.Contains(r.Text, "hexemergo") {
		t.Fatalf("list: %s", r.Text)
	}
	board := challenge(t, alice, bob)

	// Play the game move by move, each with its number (#n).
	moves := shortGame(t, 300)
	st, _ := hexemergo.Game{}.New(2, nil, 0)
	seats := []*user{alice, bob}
	for i, mv := range moves {
		u := seats[st.ToMove()]
		cmd := fmt.Sprintf("hexemergo move %d %s %s %s#%d", board, u.id, u.pw, mv, i+1)
		if burst {
			u.send(cmd)
		} else if r := u.command(cmd, replyWait); !isOK(r) {
			t.Fatalf("move %d %s by %s: %s", i+1, mv, u.id, r.Text)
		}
		if _, err := st.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	res := st.Result()
	// Both players get the final board, which tells the result.
	for _, u := range seats {
		if _, err := u.box.await(replyWait, func(ms []player.Mail) bool {
			for _, m := range ms {
				if strings.HasPrefix(m.Subject, fmt.Sprintf("HexEmergo Board %d", board)) && strings.Contains(m.Text, res.Reason) {
					return true
				}
			}
			return false
		}); err != nil {
			t.Errorf("%s has no final board saying %q: %v", u.id, res.Reason, err)
		}
	}
	// A stale move (its #n already played) is refused, not played.
	stale := fmt.Sprintf("hexemergo move %d alice apple %s#1", board, moves[0])
	if r := alice.command(stale, replyWait); isOK(r) {
		t.Errorf("stale move accepted: %s", r.Text)
	}

	var tl tally
	for _, u := range seats {
		tl.add(u.replies(replyWait, func(m player.Mail) bool {
			return isOK(m) || strings.Contains(m.Subject, "Error") // the stale move
		}))
	}
	d.stop()
	b := readBoard(t, d.data, "hexemergo", board)
	if !b.Over || len(b.Log) != len(moves) {
		t.Errorf("board %d: over %v, %d moves in the log, %d played", board, b.Over, len(b.Log), len(moves))
	}
	for i, e := range b.Log {
		if i < len(moves) && e.Move != moves[i] {
			t.Errorf("move %d: log has %q, played %q", i+1, e.Move, moves[i])
		}
	}
	lost := max(0, len(moves)-len(b.Log))
	doubled := max(0, len(b.Log)-len(moves))
	mode := "move by move"
	if burst {
		mode = "moves in one burst"
	}
	t.Logf("game over %s, %s: HexEmergo board %d, %d moves, %q; mails %d, replies missing %d, answered twice %d, moves lost %d, doubled %d; %s",
		tlsMode, mode, board, len(moves), b.Outcome, tl.mails, tl.missing, tl.doubled, lost, doubled, time.Since(start).Round(time.Millisecond))
	if tl.missing+tl.doubled > 0 {
		t.Errorf("replies missing %d, doubled %d", tl.missing, tl.doubled)
	}
	record(figures{mails: tl.mails, moves: len(moves), lost: lost, doubled: doubled + tl.doubled, missing: tl.missing})
}

// readBoard reads a board from the store of a stopped daemon.
func readBoard(t *testing.T, path, game string, n int) store.Board {
	t.Helper()
	st, err := store.Open(store.Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var b store.Board
	if err := st.View(func(tx *store.Tx) error {
		var err error
		b, err = tx.Board(game, n)
		return err
	}); err != nil {
		t.Fatalf("board %s %d: %v", game, n, err)
	}
	return b
}
