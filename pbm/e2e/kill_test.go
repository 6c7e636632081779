package e2e

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/store"
)

// TestKill kills the pbmd binary with SIGKILL at random points (seeded:
// PBM_E2E_SEED, default 1) while it works through more than 200
// command mails in its Dovecot mailbox, restarting it each time.
// Mails: 8 password chains of 25 steps, and a HexEmergo game (signups,
// challenge, every move with its number #n) mailed in one burst.
// Afterwards every mail has exactly one reply, every chain ends on its
// last password and the board's log holds each move once, in order.
// PBM_E2E_BURN=n runs n processes that spin on the CPU beside it, to
// show that the test holds on a machine that is fully loaded.
func TestKill(t *testing.T) {
	if testing.Short() {
		t.Skip("kills the pbmd binary again and again")
	}
	burn(t)
	w := newWorld(t)
	// The daemon reaches Dovecot through a proxy that delays each
	// command by 3 ms: the acknowledgement of a committed mail then
	// takes long enough for a kill to land before it.
	d := w.newPBMDVia("tls", latencyProxy(t, w.d.imapsAddr, 3*time.Millisecond))
	// A reply whose sending a kill cut short is retried within a
	// second, not after the default minute: the drain below waits on
	// progress, and a retry minutes away would look like none.
	d.setenv("PBM_RETRY=1s")
	const nUsers, steps = 8, 25 // 200 mails
	us := w.chainUsers("k", nUsers)
	all := append([]*user(nil), us...)

	// The game's mails, mailed in between the chains' steps.
	type gameMail struct {
		u   *user
		cmd string
	}
	var moves []string
	var game []gameMail
	if offers(t, "hexemergo") {
		ga, gb := w.user("ga"), w.user("gb")
		ga.pw, gb.pw = "gpa", "gpb"
		game = append(game, gameMail{ga, "signup ga gpa"}, gameMail{gb, "signup gb gpb"},
			gameMail{ga, "hexemergo challenge ga gpa ga gb"})
		moves = shortGame(t, 300)
		st, _ := hexemergo.Game{}.New(2, nil, 0)
		seats := []*user{ga, gb}
		for i, mv := range moves {
			u := seats[st.ToMove()]
			// The first hexemergo board of a fresh store is 101.
			game = append(game, gameMail{u, fmt.Sprintf("hexemergo move 101 %s %s %s#%d", u.id, u.pw, mv, i+1)})
			st.Play(mv)
		}
		all = append(all, ga, gb)
	} else {
		t.Log("pbmd offers no HexEmergo: password chains only")
	}
	for k := 0; k < steps || len(game) > 0; k++ {
		if k < steps {
			sendChain(us, k, k+1)
		}
		for i := 0; i < 2 && len(game) > 0; i++ {
			game[0].u.send(game[0].cmd)
			game = game[1:]
		}
	}
	mails := 0
	for _, u := range all {
		mails += len(u.sent)
	}
	if err := w.mx.settled(time.Minute); err != nil {
		t.Fatal(err)
	}

	sd := seed(t, 1)
	r := rand.New(rand.NewPCG(sd, 0x6b696c6c))
	start := time.Now()
	deadline := start.Add(3 * time.Minute)
	kills, justAfter := 0, 0
	d.start()
	for time.Now().Before(deadline) && !allReplied(all) {
		// A random point: one kill in five early, while the daemon
		// starts, connects or drains its first mail; two in five just
		// after a mail's transaction committed (the daemon logs the
		// outcome after the commit, before the IMAP acknowledgement);
		// the others anywhere in a mail's transaction, its
		// acknowledgement or the sending of its replies.
		switch k := r.IntN(5); k {
		case 0:
			time.Sleep(time.Duration(50+r.IntN(450)) * time.Millisecond)
		case 1, 2:
			if !d.awaitLog("msg=mail ", 3*time.Second) {
				continue
			}
			justAfter++
		default:
			time.Sleep(time.Duration(300+r.IntN(1700)) * time.Millisecond)
		}
		d.kill()
		kills++
		d.start()
	}
	took := time.Since(start)
	// The backlog left after the last kill drains at the machine's
	// pace: wait for it before counting.
	if err := drain(all, d, 3*time.Minute); err != nil {
		t.Error(err)
	}
	w.smarthost.quiet(1500*time.Millisecond, 30*time.Second)
	tl := countReplies(all, 10*time.Second, isOK)
	d.stop()

	st, err := store.Open(store.Config{Path: d.data})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	lost, doubled, processed, pending := 0, 0, 0, 0
	st.View(func(tx *store.Tx) error {
		lost += checkChains(t, tx, us, steps-1)
		processed, pending = tx.ProcessedCount(), tx.OutboxLen()
		if moves == nil {
			return nil
		}
		l, d := checkGame(t, tx, moves)
		lost, doubled = lost+l, doubled+d
		return nil
	})
	if processed != mails {
		t.Errorf("the store records %d processed mails, %d were sent", processed, mails)
	}
	if pending != 0 {
		t.Errorf("%d mails left in the outbox", pending)
	}
	log := d.logText()
	t.Logf("kill: mails %d (%d chains of %d, game %d moves), seed %d, kills %d (%d just after a commit), daemon runs %d, redelivered and recognised %d, resent copies %d; moves lost %d, applied twice %d, replies missing %d, refused %d; %s",
		mails, nUsers, steps, len(moves), sd, kills, justAfter, d.runs, strings.Count(log, "outcome=duplicate"), tl.copies,
		lost, doubled+tl.doubled, tl.missing, tl.refused, took.Round(time.Millisecond))
	if kills < 10 {
		t.Errorf("only %d kills", kills)
	}
	if lost+doubled+tl.doubled+tl.missing+tl.refused > 0 {
		t.Errorf("moves lost %d, doubled %d, replies doubled %d, missing %d, refused %d", lost, doubled, tl.doubled, tl.missing, tl.refused)
	}
	record(figures{mails: mails, moves: len(moves), kills: kills, lost: lost, doubled: doubled + tl.doubled, missing: tl.missing})
}

// burn starts the CPU burners PBM_E2E_BURN asks for, stopped when the
// test ends.
func burn(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("PBM_E2E_BURN"))
	for range n {
		cmd := exec.Command("sh", "-c", "while :; do :; done")
		if err := cmd.Start(); err != nil {
			t.Fatalf("CPU burner: %v", err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	}
	if n > 0 {
		t.Logf("%d CPU burners beside the test", n)
	}
}
