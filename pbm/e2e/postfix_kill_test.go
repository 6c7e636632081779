package e2e

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/store"
)

// TestPostfixKill kills the pbmd binary with SIGKILL at random points
// (seeded: PBM_E2E_SEED, default 1), at least 50 times, while a real
// Postfix hands it a run of moves over LMTP on a loopback port. The
// players act as players do: each sends its next mail once the reply
// to the last one is in, so Postfix's retries may reorder nothing that
// matters. Streams: password chains that go on until the campaign has
// its kills, and a HexEmergo game (signups, challenge, every move with
// its number #n).
//
// First pbmd is down while the first mails arrive: Postfix must keep
// them in its queue (LMTP delivery deferred, RFC 5321 section 4.5.4.1)
// and deliver them once pbmd listens. Afterwards every mail has
// exactly one reply, every chain ends on its last password, the
// board's log holds each move once, in order, and both Postfix's queue
// and pbmd's outbox are empty.
func TestPostfixKill(t *testing.T) {
	if testing.Short() {
		t.Skip("kills the pbmd binary again and again")
	}
	needPostfix(t)
	const nChains, minKills = 6, 50
	var names []string
	for i := 0; i < nChains; i++ {
		names = append(names, fmt.Sprintf("k%d", i))
	}
	game := offers(t, "hexemergo")
	if game {
		names = append(names, "ga", "gb")
	} else {
		t.Log("pbmd offers no HexEmergo: password chains only")
	}
	pw := newPostfixWorld(t, false, names...)
	d := pw.newPBMD()
	d.fastRetries()

	// A stream is a sequence of mails, each sent once the reply to the
	// one before it has arrived.
	type step struct {
		u   *user
		cmd string
	}
	type stream struct {
		chain *user  // a password chain, or nil for the game
		steps []step // the game's mails still to send
		last  *user
		id    string // Message-ID of the mail in flight
		done  bool
	}
	var streams []*stream
	var all, chains []*user
	for i := 0; i < nChains; i++ {
		u := pw.user(names[i])
		chains = append(chains, u)
		all = append(all, u)
		streams = append(streams, &stream{chain: u})
	}
	var moves []string
	if game {
		ga, gb := pw.user("ga"), pw.user("gb")
		ga.pw, gb.pw = "gpa", "gpb"
		all = append(all, ga, gb)
		g := &stream{steps: []step{{ga, "signup ga gpa"}, {gb, "signup gb gpb"}, {ga, "hexemergo challenge ga gpa ga gb"}}}
		moves = shortGame(t, 300)
		st, _ := hexemergo.Game{}.New(2, nil, 0)
		seats := []*user{ga, gb}
		for i, mv := range moves {
			u := seats[st.ToMove()]
			// The first hexemergo board of a fresh store is 101.
			g.steps = append(g.steps, step{u, fmt.Sprintf("hexemergo move 101 %s %s %s#%d", u.id, u.pw, mv, i+1)})
			st.Play(mv)
		}
		streams = append(streams, g)
	}

	var mu sync.Mutex // guards the streams, extend and progress
	extend := true    // the chains take another step
	progress := time.Now()
	// next sends the stream's next mail if its last one is answered;
	// it reports false on a failure to send.
	next := func(s *stream) bool {
		if s.done {
			return true
		}
		if s.id != "" {
			ms, _ := s.last.box.poll()
			answered := false
			for _, m := range ms {
				if m.InReplyTo == s.id {
					answered = true
					break
				}
			}
			if !answered {
				return true
			}
			progress = time.Now()
		}
		var st step
		switch {
		case s.chain != nil && extend:
			st = step{s.chain, chainStep(s.chain, len(s.chain.sent))}
		case s.chain == nil && len(s.steps) > 0:
			st, s.steps = s.steps[0], s.steps[1:]
		default:
			s.done = true
			return true
		}
		id, err := st.u.p.Send(st.cmd, "")
		if err != nil {
			t.Errorf("%s: send to Postfix: %v", st.u.id, err)
			return false
		}
		st.u.sent = append(st.u.sent, id)
		s.last, s.id = st.u, id
		return true
	}

	// pbmd is down: the first mail of every stream waits in Postfix's
	// queue, its LMTP delivery deferred.
	for _, s := range streams {
		if !next(s) {
			t.FailNow()
		}
	}
	held := len(streams)
	var deferred int
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(100 * time.Millisecond) {
		if _, deferred = pw.pf.lmtpStats(); deferred >= held {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Postfix deferred %d of the %d mails for pbmd while it was down", deferred, held)
		}
	}
	time.Sleep(2500 * time.Millisecond) // two retries at least (maximal_backoff_time 2s)
	if n, err := pw.pf.queued(); err != nil || n != held {
		t.Fatalf("with pbmd down Postfix holds %d mails (%v), want %d", n, err, held)
	}
	_, heldDeferred := pw.pf.lmtpStats()

	sd := seed(t, 1)
	r := rand.New(rand.NewPCG(sd, 0x706f7374))
	stop := make(chan struct{})
	fed := make(chan struct{})
	go func() {
		defer close(fed)
		for {
			mu.Lock()
			for _, s := range streams {
				if !next(s) {
					mu.Unlock()
					return
				}
			}
			mu.Unlock()
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
			}
		}
	}()
	allDone := func() bool {
		mu.Lock()
		defer mu.Unlock()
		for _, s := range streams {
			if !s.done {
				return false
			}
		}
		return true
	}

	start := time.Now()
	kills, justAfter := 0, 0
	d.start()
	if err := pw.awaitListening(d, time.Minute); err != nil {
		t.Fatal(err)
	}
	pw.pf.flush()
	for kills < minKills || !allDone() {
		mu.Lock()
		stalled := time.Since(progress)
		mu.Unlock()
		if stalled > 3*time.Minute {
			close(stop)
			<-fed
			t.Fatalf("no reply for %v after %d kills", stalled.Round(time.Second), kills)
		}
		// A random point: one kill in five early, while the daemon
		// starts or takes its first mail; two in five just after a
		// mail's transaction committed (the daemon logs the outcome
		// after the commit, before the LMTP server writes its 250);
		// the others anywhere in a mail's transaction, its answer or
		// the sending of its replies.
		switch r.IntN(5) {
		case 0:
			time.Sleep(time.Duration(50+r.IntN(450)) * time.Millisecond)
		case 1, 2:
			if !d.awaitLog("msg=mail ", 3*time.Second) {
				continue
			}
			justAfter++
		default:
			time.Sleep(time.Duration(300+r.IntN(1200)) * time.Millisecond)
		}
		d.kill()
		kills++
		if kills >= minKills {
			mu.Lock()
			extend = false
			mu.Unlock()
		}
		d.start()
		// Ask the queue manager to rescan its queue, as an operator
		// would after a restart: a mail whose delivery was cut by the
		// kill may otherwise sit in the active queue until the next
		// scan (seen here as "skipped, still being delivered").
		go pw.pf.flush()
	}
	close(stop)
	<-fed
	took := time.Since(start)
	var err error
	if t.Failed() {
		t.FailNow()
	}
	// The backlog left after the last kill drains at the machine's
	// pace: wait for it, with a deadline that moves with progress,
	// flushing Postfix's queue every few seconds meanwhile.
	flushing := make(chan struct{})
	go func() {
		for {
			pw.pf.flush()
			select {
			case <-flushing:
				return
			case <-time.After(3 * time.Second):
			}
		}
	}()
	err = drain(all, d, 2*time.Minute)
	close(flushing)
	if err != nil {
		t.Error(err)
	}
	if err := pw.awaitEmptyQueue(time.Minute); err != nil {
		t.Error(err)
	}
	tl := countReplies(all, 10*time.Second, isOK)
	d.stop()

	st, err := store.Open(store.Config{Path: d.data})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	mails := 0
	for _, u := range all {
		mails += len(u.sent)
	}
	lost, doubled, processed, pending := 0, 0, 0, 0
	st.View(func(tx *store.Tx) error {
		for _, u := range chains {
			usr, err := tx.User(u.id)
			last := fmt.Sprintf("p%d", len(u.sent)-1)
			if err != nil || bcrypt.CompareHashAndPassword(usr.Hash, []byte(last)) != nil {
				t.Errorf("%s does not have the last password of its chain of %d mails, %s (%v)", u.id, len(u.sent), last, err)
				lost++
			}
		}
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
	sent, deferredAll := pw.pf.lmtpStats()
	log := d.logText()
	t.Logf("postfix kill: mails %d (%d chains, game %d moves), seed %d, kills %d (%d just after a commit), daemon runs %d; held in Postfix's queue while pbmd was down %d (deferred %d times); Postfix LMTP deliveries sent %d, deferred %d; redelivered and recognised %d, resent copies %d; moves lost %d, applied twice %d, replies missing %d, refused %d; %s",
		mails, nChains, len(moves), sd, kills, justAfter, d.runs, held, heldDeferred, sent, deferredAll,
		strings.Count(log, "outcome=duplicate"), tl.copies, lost, doubled+tl.doubled, tl.missing, tl.refused, took.Round(time.Millisecond))
	if kills < minKills {
		t.Errorf("only %d kills", kills)
	}
	if lost+doubled+tl.doubled+tl.missing+tl.refused > 0 {
		t.Errorf("moves lost %d, doubled %d, replies doubled %d, missing %d, refused %d", lost, doubled, tl.doubled, tl.missing, tl.refused)
	}
	record(figures{mails: mails, moves: len(moves), kills: kills, lost: lost, doubled: doubled + tl.doubled, missing: tl.missing})
}

// awaitEmptyQueue waits until Postfix has delivered everything, with
// a deadline that moves while the queue shrinks.
func (pw *postfixWorld) awaitEmptyQueue(stall time.Duration) error {
	last, since := -1, time.Now()
	for {
		n, err := pw.pf.queued()
		if err == nil && n == 0 {
			return nil
		}
		if n != last {
			last, since = n, time.Now()
		} else if time.Since(since) > stall {
			return fmt.Errorf("Postfix's queue holds %d mails, unchanged for %v (%v)", n, stall, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
