package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/lmtp"
	"github.com/pbmgo/pbm/pbm/player"
)

// crowdLimit is the daemon's file limit in TestCrowdDoesNotStarveMail,
// and the crowds are well past it.
const (
	crowdLimit = 1024
	webCrowd   = 3000
	lmtpCrowd  = 300
)

// TestCrowdDoesNotStarveMail runs the daemon binary with its file
// limit lowered to 1024 descriptors, holds 3,000 idle keep-alive
// connections to its web site and 300 idle LMTP connections (each of
// the crowd connects again a few seconds after it is closed), and
// meanwhile plays four games by mail, half the players mailing through
// the IMAP intake and half over LMTP: every mail is answered, the
// daemon never runs out of descriptors, the site still serves a fresh
// visitor and answers each of the crowd in turn, and idle LMTP
// connections are closed with a 421.
func TestCrowdDoesNotStarveMail(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the daemon and holds thousands of connections")
	}
	prlimit, err := exec.LookPath("prlimit") // util-linux
	if err != nil {
		t.Skip("prlimit (util-linux) is not installed")
	}
	// This process holds the crowds: Go raised its soft limit to the
	// hard one; the hard one must allow them.
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil || lim.Cur < webCrowd+lmtpCrowd+500 {
		t.Skipf("the test's own file limit (%d) cannot hold the crowds", lim.Cur)
	}
	bin, mail, dir, logf := killRig(t)
	webAddr, lmtpAddr := freeAddr(t), freeAddr(t)
	env := append(daemonEnv(mail, filepath.Join(dir, "pbm.db")),
		"PBM_RATELIMIT=1000000", "PBM_WEB_LISTEN="+webAddr, "PBM_LMTP_LISTEN="+lmtpAddr, "PBM_LMTP_IDLETIMEOUT=2s")
	cmd := exec.Command(prlimit, fmt.Sprintf("--nofile=%d:%d", crowdLimit, crowdLimit), bin)
	cmd.Env, cmd.Dir, cmd.Stdout, cmd.Stderr = env, dir, logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(time.Minute):
			cmd.Process.Kill()
			<-exited
		}
	})
	daemonLog := func() string {
		b, _ := os.ReadFile(filepath.Join(dir, "pbmd.log"))
		return string(b)
	}
	// prlimit execs the daemon: the same process.
	for deadline := time.Now().Add(2 * time.Minute); !strings.Contains(daemonLog(), "pbmd started"); {
		select {
		case <-exited:
			t.Fatalf("the daemon exited:\n%s", tail(daemonLog(), 4000))
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the daemon did not start:\n%s", tail(daemonLog(), 4000))
		}
		time.Sleep(50 * time.Millisecond)
	}
	caps := regexp.MustCompile(`msg="file descriptors" limit=(\d+) reserve=(\d+) web_max_connections=(\d+) lmtp_max_connections=(\d+)`).FindStringSubmatch(daemonLog())
	if caps == nil || caps[1] != fmt.Sprint(crowdLimit) {
		t.Fatalf("the daemon does not log its file limit of %d: %q\n%s", crowdLimit, caps, tail(daemonLog(), 4000))
	}
	t.Logf("the daemon's shares of %s descriptors: reserve %s, web %s, lmtp %s", caps[1], caps[2], caps[3], caps[4])

	// The daemon's open descriptors, sampled as long as the test runs.
	stop := make(chan struct{})
	var crowds sync.WaitGroup
	var peakFDs atomic.Int64
	crowds.Add(1)
	go func() {
		defer crowds.Done()
		for {
			if fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", cmd.Process.Pid)); err == nil && int64(len(fds)) > peakFDs.Load() {
				peakFDs.Store(int64(len(fds)))
			}
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	// pause waits a few seconds before a member of a crowd connects
	// again, or reports that the test is over.
	pause := func() bool {
		select {
		case <-stop:
			return false
		case <-time.After(time.Duration(2000+rand.IntN(2000)) * time.Millisecond):
			return true
		}
	}

	// member is one member of a crowd: it connects to addr, uses the
	// connection, and after a pause connects again, until the test is
	// over, which closes a connection still open.
	member := func(addr string, use func(net.Conn)) {
		crowds.Add(1)
		go func() {
			defer crowds.Done()
			for first := true; ; first = false {
				if !first && !pause() {
					return
				}
				conn, err := net.DialTimeout("tcp", addr, time.Minute)
				if err != nil {
					continue
				}
				done := make(chan struct{})
				go func() {
					select {
					case <-stop:
						conn.Close()
					case <-done:
					}
				}()
				conn.SetDeadline(time.Now().Add(10 * time.Minute))
				use(conn)
				conn.Close()
				close(done)
			}
		}()
	}

	// The web crowd: each connects, asks for the front page with
	// keep-alive, and holds the connection idle until the daemon
	// closes it.
	var webConnected, webAnswered, webClosed atomic.Int64
	var webServed [webCrowd]atomic.Bool
	for i := range webCrowd {
		counted := false
		member(webAddr, func(conn net.Conn) {
			if !counted {
				counted = true
				webConnected.Add(1)
			}
			fmt.Fprintf(conn, "GET / HTTP/1.1\r\nHost: %s\r\n\r\n", webAddr)
			br := bufio.NewReader(conn)
			if r, err := http.ReadResponse(br, nil); err == nil {
				// Read to its end: Close does not when the server
				// closes the connection after it.
				io.Copy(io.Discard, r.Body)
				r.Body.Close()
				if r.StatusCode == 200 {
					webAnswered.Add(1)
					webServed[i].Store(true)
				}
			}
			// Idle until the daemon closes it (or the test ends).
			if _, err := br.ReadByte(); err != nil {
				webClosed.Add(1)
			}
		})
	}
	// The LMTP crowd: each connects, reads the greeting and says
	// nothing more.
	var lmtpTold atomic.Int64
	for range lmtpCrowd {
		member(lmtpAddr, func(conn net.Conn) {
			br := bufio.NewReader(conn)
			if l, err := br.ReadString('\n'); err == nil && strings.HasPrefix(l, "220 ") {
				if l, err := br.ReadString('\n'); err == nil && strings.HasPrefix(l, "421 ") {
					lmtpTold.Add(1)
				}
			}
		})
	}
	t.Cleanup(func() { close(stop); crowds.Wait() })
	// The web crowd is all there before the mail starts.
	awaitProgress(t, "the web crowd connects", func() (bool, int) {
		n := int(webConnected.Load())
		return n == webCrowd, n
	}, daemonLog)

	// The mail: four games, in each one player mails through the IMAP
	// intake and the other over LMTP.
	start := time.Now()
	const pairs, plies = 4, 6
	var answered atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, 2*pairs)
	for g := range pairs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := playGame(t, mail.SMTPAddr(), mail.IMAPAddr(), lmtpAddr, g, plies, &answered); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if t.Failed() {
		t.Fatalf("daemon log:\n%s", tail(daemonLog(), 4000))
	}
	mailTime := time.Since(start)

	// A fresh visitor is served with the crowd still there.
	fresh := time.Now()
	r, err := (&http.Client{Timeout: 3 * time.Minute}).Get("http://" + webAddr + "/")
	if err != nil {
		t.Fatalf("a fresh visitor: %v", err)
	}
	r.Body.Close()
	if r.StatusCode != 200 {
		t.Fatalf("a fresh visitor: %s", r.Status)
	}
	freshTime := time.Since(fresh)
	// Each of the web crowd is answered in turn.
	awaitProgress(t, "every member of the web crowd is answered", func() (bool, int) {
		n := 0
		for i := range webServed {
			if webServed[i].Load() {
				n++
			}
		}
		return n == webCrowd, n
	}, daemonLog)
	awaitProgress(t, "idle LMTP connections are closed", func() (bool, int) {
		n := int(lmtpTold.Load())
		return n >= lmtpCrowd, n
	}, daemonLog)
	if log := daemonLog(); strings.Contains(log, "too many open files") {
		t.Errorf("the daemon ran out of file descriptors:\n%s", tail(log, 4000))
	}
	if p := peakFDs.Load(); p >= crowdLimit {
		t.Errorf("the daemon had %d descriptors open, its limit %d", p, crowdLimit)
	}
	t.Logf("limit %d descriptors, crowds of %d web and %d LMTP connections: %d mails answered in %v, a fresh visitor served in %v; "+
		"the daemon had at most %d descriptors open; the web crowd got %d answers (%d connections closed by the daemon), the LMTP crowd %d 421s; %d LMTP deliveries retried after a 421",
		crowdLimit, webCrowd, lmtpCrowd, answered.Load(), mailTime.Round(time.Millisecond), freshTime.Round(time.Millisecond),
		peakFDs.Load(), webAnswered.Load(), webClosed.Load(), lmtpTold.Load(), lmtpRetries.Load())
}

// awaitProgress waits until done holds; it fails when its progress
// figure has not moved for three minutes, or after a cap of fifteen.
func awaitProgress(t *testing.T, what string, done func() (bool, int), log func() string) {
	t.Helper()
	limit := time.Now().Add(15 * time.Minute)
	last, moved := -1, time.Now()
	for {
		ok, progress := done()
		if ok {
			return
		}
		if progress != last {
			last, moved = progress, time.Now()
		}
		if time.Since(moved) > 3*time.Minute || time.Now().After(limit) {
			t.Fatalf("%s: no progress (at %d)\n%s", what, progress, tail(log(), 4000))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// lmtpRetries counts the LMTP deliveries of playGame told 421.
var lmtpRetries atomic.Int64

var boardStarted = regexp.MustCompile(`board (\d+) started`)

// playGame signs up two players, g-a mailing through the SMTP server
// (read by the daemon over IMAP) and g-b handing its mails over LMTP,
// and plays the first plies of a HexEmergo game; each mail must be
// answered as it should be before the next is sent.
func playGame(t *testing.T, smtpAddr, imapAddr, lmtpAddr string, g, plies int, answered *atomic.Int64) error {
	mk := func(name string) *player.Player {
		return &player.Player{Address: name + "@players.test", Server: "pbm@localhost", SMTP: smtpAddr, IMAP: imapAddr, Password: "pbm"}
	}
	a, b := fmt.Sprintf("g%da", g), fmt.Sprintf("g%db", g)
	pa, pb := mk(a), mk(b)
	// send mails subject from p, over LMTP for b, and returns the
	// text of the answer, which must hold want.
	send := func(p *player.Player, subject, want string) (string, error) {
		var id string
		if p == pb {
			id = fmt.Sprintf("%d.%d@players.test", time.Now().UnixNano(), rand.Int64())
			raw := fmt.Sprintf("From: %s\r\nTo: pbm@localhost\r\nSubject: %s\r\nMessage-ID: <%s>\r\nDate: %s\r\n\r\n",
				p.Address, subject, id, time.Now().Format(time.RFC1123Z))
			// Generous: the connection may wait in the backlog behind
			// the LMTP crowd. A 421 (closed to make room, before its
			// MAIL) is retried, as an MTA does; a refusal for good
			// fails.
			for try := 1; ; try++ {
				err := lmtp.Deliver(lmtpAddr, p.Address, "pbm@localhost", []byte(raw), 5*time.Minute)
				if err == nil {
					break
				}
				var ref *lmtp.Refusal
				if try == 10 || !errors.As(err, &ref) || !ref.Temporary() {
					return "", fmt.Errorf("%s over LMTP: %q (try %d): %w", p.Address, subject, try, err)
				}
				lmtpRetries.Add(1)
				time.Sleep(time.Second)
			}
		} else {
			var err error
			if id, err = p.Send(subject, ""); err != nil {
				return "", fmt.Errorf("%s: %q: %w", p.Address, subject, err)
			}
		}
		m, err := p.Reply(id, 3*time.Minute)
		if err != nil {
			return "", fmt.Errorf("%s: %q: no answer: %w", p.Address, subject, err)
		}
		answered.Add(1)
		if !strings.Contains(m.Text, want) {
			return "", fmt.Errorf("%s: %q: the answer does not say %q:\n%s", p.Address, subject, want, m.Text)
		}
		return m.Text, nil
	}
	if _, err := send(pa, "signup "+a+" pw-"+a, "OK: Welcome"); err != nil {
		return err
	}
	if _, err := send(pb, "signup "+b+" pw-"+b, "OK: Welcome"); err != nil {
		return err
	}
	text, err := send(pa, fmt.Sprintf("hexemergo challenge %s pw-%s %s %s", a, a, a, b), "started")
	if err != nil {
		return err
	}
	m := boardStarted.FindStringSubmatch(text)
	if m == nil {
		return fmt.Errorf("%s: the challenge's answer names no board:\n%s", a, text)
	}
	moves := hexemergoGame(t, uint64(g+1))
	for i, mv := range moves[:plies] {
		p, who := pa, a
		if i%2 == 1 {
			p, who = pb, b
		}
		if _, err := send(p, fmt.Sprintf("hexemergo move %s %s pw-%s %s#%d", m[1], who, who, mv, i+1), "OK: "+who+" played"); err != nil {
			return err
		}
	}
	return nil
}
