package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"golang.org/x/crypto/bcrypt"

	"github.com/pbmgo/pbm/pbm/localmail"
	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/store"
)

// TestOutboxKills kills the pbmd binary at least 200 times at the
// points around its outbox, from inside the SMTP server it delivers
// to (localmail, in this test's process, so that mail outlives the
// daemon):
//
//   - "before accept": during the SMTP transaction of a reply the
//     daemon committed, before the server accepts it (RCPT or DATA);
//   - "after accept": once the reply is stored, just before or just
//     after the 250 reaches the daemon, and before the daemon records
//     it as sent;
//   - "at start": at a random moment in the first 400 ms after start.
//
// Every mail must be answered (a kill between the acceptance and the
// record must resend, never drop), no command applied twice (the
// password chain), and the only duplicates are resends of one reply
// under its own Message-ID.
func TestOutboxKills(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the daemon 200 times")
	}
	const wantKills = 200
	bin, mail, dir, logf := killRig(t)
	data := filepath.Join(dir, "pbm.db")

	var (
		mu    sync.Mutex
		cur   *exec.Cmd
		kills = map[string]int{}
		total int
		rng   = rand.New(rand.NewPCG(17, 4))
	)
	// kill sends SIGKILL to the running daemon, at most wantKills+10
	// times in all, with probability p.
	kill := func(point string, p float64) bool {
		mu.Lock()
		defer mu.Unlock()
		if cur == nil || total >= wantKills+10 || rng.Float64() >= p {
			return false
		}
		if cur.Process.Signal(syscall.SIGKILL) == nil {
			kills[point]++
			total++
			cur = nil
			return true
		}
		return false
	}
	isPlayer := func(rcpt string) bool { return strings.HasSuffix(rcpt, "@example.test") }
	mail.SetSMTPFault(func(rcpt string) error {
		if isPlayer(rcpt) && kill("before accept", 0.25) {
			return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "killed"}
		}
		return nil
	})
	mail.SetSMTPDelivered(func(rcpt string) {
		if !isPlayer(rcpt) {
			return
		}
		mu.Lock()
		late := rng.IntN(2) == 0
		d := time.Duration(rng.IntN(3000)) * time.Microsecond
		mu.Unlock()
		if late {
			// After the 250 has gone out, before the daemon records it.
			time.AfterFunc(d, func() { kill("after accept", 0.4) })
		} else {
			kill("after accept", 0.4)
		}
	})

	const users, chain = 6, 40
	type sentMail struct {
		p  *player.Player
		id string
	}
	var sent []sentMail
	players := make([]*player.Player, users)
	for u := range players {
		players[u] = &player.Player{Address: fmt.Sprintf("u%d@example.test", u), Server: "pbm@localhost",
			SMTP: mail.SMTPAddr(), IMAP: mail.IMAPAddr(), Password: localmail.DefaultPassword}
	}
	send := func(p *player.Player, subject string) {
		id, err := p.Send(subject, "")
		if err != nil {
			t.Fatal(err)
		}
		sent = append(sent, sentMail{p, id})
	}
	for u, p := range players {
		send(p, fmt.Sprintf("signup user%d p0", u))
	}
	for k := 1; k <= chain; k++ {
		for u, p := range players {
			send(p, fmt.Sprintf("change password user%d p%d p%d", u, k-1, k))
		}
	}

	// The supervisor restarts the daemon whenever it dies, until done.
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		for {
			cmd := exec.Command(bin)
			cmd.Dir = dir
			cmd.Env = append(daemonEnv(mail, data), "PBM_RETRY=100ms", "PBM_BACKOFF=50ms", "PBM_SMTP_POLL=100ms", "PBM_IMAP_POLL=200ms")
			cmd.Stdout, cmd.Stderr = logf, logf
			if err := cmd.Start(); err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			cur = cmd
			d := time.Duration(rng.IntN(400)) * time.Millisecond
			mu.Unlock()
			startKill := time.AfterFunc(d, func() { kill("at start", 0.15) })
			exited := make(chan struct{})
			go func() { cmd.Wait(); close(exited) }()
			select {
			case <-exited:
				startKill.Stop()
			case <-done:
				startKill.Stop()
				mu.Lock()
				cur = nil
				mu.Unlock()
				cmd.Process.Signal(syscall.SIGKILL)
				<-exited
				return
			}
		}
	}()
	defer func() {
		select {
		case <-done:
		default:
			close(done)
		}
		<-stopped
	}()

	// Wait with a progress-based deadline: fail only when no new reply
	// came for two minutes.
	answered := func() (n int, byID map[string]map[string]int) {
		byID = map[string]map[string]int{}
		for _, p := range players {
			ms, _ := p.Mails()
			for _, m := range ms {
				if byID[m.InReplyTo] == nil {
					byID[m.InReplyTo] = map[string]int{}
				}
				byID[m.InReplyTo][m.MessageID]++
			}
		}
		for _, s := range sent {
			if len(byID[s.id]) > 0 {
				n++
			}
		}
		return n, byID
	}
	last, progress := -1, time.Now()
	var byID map[string]map[string]int
	for {
		var n int
		n, byID = answered()
		mu.Lock()
		k := total
		mu.Unlock()
		if n == len(sent) && k >= wantKills {
			break
		}
		if n == len(sent) && k < wantKills {
			// More work for the killer: another round of the chain.
			for u, p := range players {
				send(p, fmt.Sprintf("change password user%d p%d p%d", u, chain, chain))
			}
		}
		if n != last {
			last, progress = n, time.Now()
		} else if time.Since(progress) > 2*time.Minute {
			logText, _ := os.ReadFile(filepath.Join(dir, "pbmd.log"))
			t.Fatalf("no progress for 2 minutes: %d of %d mails answered, %d kills\n%s", n, len(sent), k, tail(string(logText), 3000))
		}
		time.Sleep(100 * time.Millisecond)
	}
	close(done)
	<-stopped

	lost, doubled, resent, refused := 0, 0, 0, 0
	for _, s := range sent {
		replies := byID[s.id]
		switch {
		case len(replies) == 0:
			lost++
		case len(replies) > 1:
			doubled++ // two different replies: the mail was handled twice
		}
		for _, copies := range replies {
			resent += copies - 1
		}
	}
	// Every reply is an OK: a command applied twice would have been
	// refused (its old password gone). Extra rounds after the chain
	// repeat p<chain> -> p<chain>, which stays OK.
	for _, p := range players {
		ms, _ := p.Mails()
		for _, m := range ms {
			if !strings.Contains(m.Text, "OK: ") {
				refused++
				t.Errorf("reply to %s: %s", m.InReplyTo, m.Text)
			}
		}
	}
	st, err := store.Open(store.Config{Path: data})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	outbox := 0
	st.View(func(tx *store.Tx) error {
		outbox = tx.OutboxLen()
		for u := range players {
			usr, err := tx.User(fmt.Sprintf("user%d", u))
			if err == nil && bcrypt.CompareHashAndPassword(usr.Hash, []byte(fmt.Sprintf("p%d", chain))) != nil {
				err = errors.New("not the last password of the chain")
			}
			if err != nil {
				t.Errorf("user%d: %v", u, err)
			}
		}
		return nil
	})
	mu.Lock()
	defer mu.Unlock()
	t.Logf("outbox kills: %d in all (%d before accept, %d after accept, %d at start); mails %d, replies lost %d, handled twice %d, resent copies %d, refused %d, left in the outbox %d",
		total, kills["before accept"], kills["after accept"], kills["at start"], len(sent), lost, doubled, resent, refused, outbox)
	if total < wantKills || lost+doubled+refused+outbox > 0 {
		t.Errorf("kills %d, lost %d, handled twice %d, refused %d, outbox %d", total, lost, doubled, refused, outbox)
	}
}
