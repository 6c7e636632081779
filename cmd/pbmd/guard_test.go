package main

import (
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/daemon"
	"github.com/pbmgo/pbm/pbm/localmail"
	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/store"
)

// supervisor runs the daemon binary and starts it again each time it
// exits, as systemd's Restart= does, until stop. Each start has its
// own seed for the kill points (PBM_TEST_KILLSEED, the count of starts
// before it).
type supervisor struct {
	mu       sync.Mutex
	stopping bool
	cur      *exec.Cmd
	n        int
	exited   chan struct{}
}

func supervise(t *testing.T, bin, dir string, env []string, logf *os.File) *supervisor {
	t.Helper()
	s := &supervisor{exited: make(chan struct{})}
	go func() {
		defer close(s.exited)
		for {
			s.mu.Lock()
			if s.stopping {
				s.mu.Unlock()
				return
			}
			cmd := exec.Command(bin)
			cmd.Env, cmd.Dir, cmd.Stdout, cmd.Stderr = append(env[:len(env):len(env)], fmt.Sprintf("PBM_TEST_KILLSEED=%d", s.n)), dir, logf, logf
			if err := cmd.Start(); err != nil {
				s.mu.Unlock()
				t.Error(err)
				return
			}
			s.cur = cmd
			s.n++
			s.mu.Unlock()
			cmd.Wait()
		}
	}()
	t.Cleanup(s.stop)
	return s
}

func (s *supervisor) starts() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n
}

// kill ends the running daemon with SIGKILL, as an outside kill; it
// reports whether there was one to kill.
func (s *supervisor) kill() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur == nil || s.stopping {
		return false
	}
	s.cur.Process.Signal(syscall.SIGKILL)
	return true
}

// stop ends the daemon with SIGTERM (SIGKILL after a minute) and
// starts it no more.
func (s *supervisor) stop() {
	s.mu.Lock()
	if s.stopping {
		s.mu.Unlock()
		<-s.exited
		return
	}
	s.stopping = true
	c := s.cur
	s.mu.Unlock()
	if c != nil && c.Process != nil {
		c.Process.Signal(syscall.SIGTERM)
	}
	select {
	case <-s.exited:
	case <-time.After(time.Minute):
		c.Process.Kill()
		<-s.exited
	}
}

// guardRig is a kill rig with an admin, root, signed up, and players
// to send mail.
type guardRig struct {
	t    *testing.T
	bin  string
	mail *localmail.Server
	dir  string
	data string
	logf *os.File
	env  []string
	kill string // the kill log
}

func newGuardRig(t *testing.T, extra ...string) *guardRig {
	if testing.Short() {
		t.Skip("builds and kills the daemon")
	}
	bin, mail, dir, logf := killRig(t)
	g := &guardRig{t: t, bin: bin, mail: mail, dir: dir, logf: logf, data: filepath.Join(dir, "pbm.db"), kill: filepath.Join(dir, "kills.log")}
	g.env = append(daemonEnv(mail, g.data), append([]string{"PBM_ADMINS=root", "PBM_RATELIMIT=1000000", "PBM_TEST_KILLLOG=" + g.kill}, extra...)...)
	// The admin is claimed on the host, as an operator does: a signup
	// by mail does not make a configured admin (account.Open refuses it).
	cmd := exec.Command(bin, "admin", "add", "root", "root@players.test")
	cmd.Env, cmd.Stdin = g.env, strings.NewReader("pw-root\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pbmd admin add: %v\n%s", err, out)
	}
	return g
}

func (g *guardRig) player(name string) *player.Player {
	return &player.Player{Address: name + "@players.test", Server: "pbm@localhost", SMTP: g.mail.SMTPAddr(), IMAP: g.mail.IMAPAddr(), Password: localmail.DefaultPassword}
}

// send mails subject from name and returns the mail's id.
func (g *guardRig) send(name, subject string) string {
	g.t.Helper()
	id, err := g.player(name).Send(subject, "")
	if err != nil {
		g.t.Fatal(err)
	}
	return id
}

// kills counts the lines of the kill log that start with what.
func (g *guardRig) kills(what string) int {
	b, _ := os.ReadFile(g.kill)
	n := 0
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, what+" ") {
			n++
		}
	}
	return n
}

// reply is the answer to mail id in name's mailbox, if there is one.
func (g *guardRig) reply(name, id string) (player.Mail, bool) {
	ms, _ := g.player(name).Mails()
	for _, m := range ms {
		if m.InReplyTo == id {
			return m, true
		}
	}
	return player.Mail{}, false
}

// has reports whether name has a mail whose text holds every one of
// the words.
func (g *guardRig) has(name string, words ...string) bool {
	ms, _ := g.player(name).Mails()
	for _, m := range ms {
		all := true
		for _, w := range words {
			all = all && strings.Contains(m.Text, w)
		}
		if all {
			return true
		}
	}
	return false
}

// await waits until done holds. It fails when nothing moves (no start
// of the daemon, no change of done's progress figure) for three
// minutes, after a cap of fifteen, or when the daemon was started more
// than 40 times: a crash loop the guard does not end.
func (g *guardRig) await(what string, s *supervisor, done func() (bool, int)) {
	g.t.Helper()
	limit := time.Now().Add(15 * time.Minute)
	last, lastStarts, moved := -1, -1, time.Now()
	for {
		ok, progress := done()
		if ok {
			return
		}
		if st := s.starts(); progress != last || st != lastStarts {
			last, lastStarts, moved = progress, st, time.Now()
		}
		if time.Since(moved) > 3*time.Minute || time.Now().After(limit) || s.starts() > 40 {
			log, _ := os.ReadFile(filepath.Join(g.dir, "pbmd.log"))
			g.t.Fatalf("%s: no progress (starts %d, progress %d)\n%s", what, s.starts(), progress, tail(string(log), 4000))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// setAside reads the set-aside mails of the store (daemon stopped).
func (g *guardRig) setAside() []store.SetAside {
	g.t.Helper()
	st, err := daemon.OpenStore(daemon.Config{Data: g.data}, slog.New(slog.DiscardHandler))
	if err != nil {
		g.t.Fatal(err)
	}
	defer st.Close()
	var recs []store.SetAside
	if err := st.View(func(tx *store.Tx) (err error) { recs, err = tx.SetAsideMails(); return err }); err != nil {
		g.t.Fatal(err)
	}
	return recs
}

// honest sends "list" from h<from>..h<to-1> and returns the ids.
func (g *guardRig) honest(from, to int) map[string]string {
	ids := map[string]string{}
	for i := from; i < to; i++ {
		name := fmt.Sprintf("h%d", i)
		ids[name] = g.send(name, "list")
	}
	return ids
}

// answered counts the honest mails answered, and fails on an answer
// that says the mail was set aside.
func (g *guardRig) answered(ids map[string]string) int {
	n := 0
	for name, id := range ids {
		if m, ok := g.reply(name, id); ok {
			n++
			if strings.Contains(m.Text, "nothing of it was applied") {
				g.t.Errorf("the honest mail of %s was set aside: %s", name, m.Text)
			}
		}
	}
	return n
}

// culprit runs the case of a mail that kills (action die) or hangs the
// daemon, sent with honest mail before and after it in one batch: the
// honest mails are answered, the culprit alone is set aside, the
// admins are told, and the deaths are the one with the batch in hand
// and those charged to the culprit alone in hand.
func culprit(t *testing.T, action, word string, deaths int, extra ...string) (*guardRig, string) {
	g := newGuardRig(t, append([]string{"PBM_TEST_POISON=" + action + "=" + word}, extra...)...)
	ids := g.honest(0, 3)
	bad := g.send("culprit", "list "+word)
	for k, v := range g.honest(3, 6) {
		ids[k] = v
	}
	s := supervise(t, g.bin, g.dir, g.env, g.logf)
	g.await("the honest mails and the culprit", s, func() (bool, int) {
		n := g.answered(ids)
		_, told := g.reply("culprit", bad)
		return n == len(ids) && told && g.has("root", "Set-aside mail 1", "hit an internal error and was set aside"), n
	})
	s.stop()
	if m, _ := g.reply("culprit", bad); !strings.Contains(m.Text, "nothing of it was applied") {
		t.Errorf("the culprit's answer: %s", m.Text)
	}
	if n := g.kills("mail-" + action); n != deaths {
		t.Errorf("%d deaths on the culprit, want %d: one with the batch in hand and the rest alone", n, deaths)
	}
	recs := g.setAside()
	if len(recs) != 1 || recs[0].MessageID != bad || recs[0].From != "culprit@players.test" || !strings.Contains(string(recs[0].Raw), word) {
		t.Fatalf("set-aside mails: %+v", recs)
	}
	t.Logf("%s: %d starts, %d deaths on the culprit, set aside: %q", action, s.starts(), g.kills("mail-"+action), recs[0].Reason)
	return g, bad
}

// TestGuardKillerInABatch: a mail that kills the daemon with a Go
// fatal error, sent with other mail before and after it in one batch,
// is found and set aside; every honest mail is answered; the admins
// are told. An admin's retry of it dies again, and is reported again
// at the next start; with the fault gone, the retry answers it.
func TestGuardKillerInABatch(t *testing.T) {
	g, bad := culprit(t, "die", "KILLME", 1+maxDeathsOfGuard)
	root := g.player("root")
	s := supervise(t, g.bin, g.dir, g.env, g.logf)
	id, _ := root.Send("admin root pw-root retry", "")
	if m, err := root.Reply(id, 3*time.Minute); err != nil || !strings.Contains(m.Text, "1 set-aside mail:") || !strings.Contains(m.Text, "culprit@players.test") {
		t.Fatalf("the list: %v %s", err, m.Text)
	}
	root.Send("admin root pw-root retry 1", "")
	g.await("the retry that dies again", s, func() (bool, int) {
		return g.has("root", "Set-aside mail 1", "killed the daemon again when it was replayed"), s.starts()
	})
	s.stop()
	if recs := g.setAside(); len(recs) != 1 || recs[0].Failures != 2 || !recs[0].Retried {
		t.Fatalf("after the retry died: %+v", recs)
	}
	// The fault fixed (the daemon without the hook): the retry answers.
	var env []string
	for _, e := range g.env {
		if !strings.HasPrefix(e, "PBM_TEST_POISON=") {
			env = append(env, e)
		}
	}
	s = supervise(t, g.bin, g.dir, env, g.logf)
	root.Send("admin root pw-root retry 1", "")
	g.await("the retry that answers", s, func() (bool, int) {
		ms, _ := g.player("culprit").Mails()
		for _, m := range ms {
			if m.InReplyTo == bad && !strings.Contains(m.Text, "nothing of it was applied") {
				return g.has("root", "Set-aside mail 1", "was replayed by an admin and handled"), 1
			}
		}
		return false, 0
	})
	s.stop()
	if recs := g.setAside(); len(recs) != 0 {
		t.Errorf("still set aside after the retry answered it: %+v", recs)
	}
}

// maxDeathsOfGuard is guard.MaxDeaths plus one:
// the deaths with a mail alone in hand after which it is set aside.
const maxDeathsOfGuard = 11

// TestGuardHangerInABatch: a mail that hangs the daemon, with other
// mail before and after it in one batch, is set aside after three
// hangs alone in hand (the hang with the batch in hand charges
// nobody); every honest mail is answered; at a later start it is
// replayed once by itself, and answered now that it no longer hangs.
func TestGuardHangerInABatch(t *testing.T) {
	g, bad := culprit(t, "hang", "HANGME", 4, "PBM_MAILTIMEOUT=1s")
	if !g.has("root", "count 12") {
		t.Error("the report does not give the count of three hangs")
	}
	var env []string
	for _, e := range g.env {
		if !strings.HasPrefix(e, "PBM_TEST_POISON=") {
			env = append(env, e)
		}
	}
	s := supervise(t, g.bin, g.dir, env, g.logf)
	g.await("the replay at a later start", s, func() (bool, int) {
		ms, _ := g.player("culprit").Mails()
		for _, m := range ms {
			if m.InReplyTo == bad && !strings.Contains(m.Text, "nothing of it was applied") {
				return g.has("root", "Set-aside mail 1", "was replayed at a later start of the daemon and handled"), 1
			}
		}
		return false, 0
	})
	s.stop()
	if recs := g.setAside(); len(recs) != 0 {
		t.Errorf("still set aside: %+v", recs)
	}
}

// TestGuardKillerAlone: a killer that is the only mail in hand is set
// aside after maxDeaths+1 deaths, and the mail after it is answered.
func TestGuardKillerAlone(t *testing.T) {
	g := newGuardRig(t, "PBM_TEST_POISON=die=KILLME")
	s := supervise(t, g.bin, g.dir, g.env, g.logf)
	bad := g.send("culprit", "list KILLME")
	g.await("the killer set aside", s, func() (bool, int) {
		_, ok := g.reply("culprit", bad)
		return ok, g.kills("mail-die")
	})
	ids := g.honest(0, 2)
	g.await("the mails after it", s, func() (bool, int) { n := g.answered(ids); return n == len(ids), n })
	s.stop()
	if n := g.kills("mail-die"); n != maxDeathsOfGuard {
		t.Errorf("%d deaths, want %d", n, maxDeathsOfGuard)
	}
	if recs := g.setAside(); len(recs) != 1 || recs[0].MessageID != bad || recs[0].Deaths != maxDeathsOfGuard {
		t.Errorf("set-aside mails: %+v", recs)
	}
	t.Logf("killer alone: %d starts, %d deaths", s.starts(), g.kills("mail-die"))
}

// TestGuardOutsideKills: kills from outside in a tight loop, each at a
// random time in the 1.5 s after a start, while honest mail is handled (password changes along
// a chain, each with a bcrypt hash to check and make), never set an
// honest mail aside: every mail is answered OK once the kills stop,
// and nothing is in the set-aside mails.
func TestGuardOutsideKills(t *testing.T) {
	g := newGuardRig(t)
	const users, chain, kills = 4, 4, 40
	ids := map[string][]string{}
	for u := 0; u < users; u++ {
		name := fmt.Sprintf("o%d", u)
		ids[name] = append(ids[name], g.send(name, fmt.Sprintf("signup %s p0", name)))
	}
	for k := 1; k <= chain; k++ {
		for u := 0; u < users; u++ {
			name := fmt.Sprintf("o%d", u)
			ids[name] = append(ids[name], g.send(name, fmt.Sprintf("change password %s p%d p%d", name, k-1, k)))
		}
	}
	r := rand.New(rand.NewPCG(23, 3))
	for i := 0; i < kills; i++ {
		cmd := exec.Command(g.bin)
		cmd.Env, cmd.Dir, cmd.Stdout, cmd.Stderr = g.env, g.dir, g.logf, g.logf
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(r.IntN(1500)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
	}
	s := supervise(t, g.bin, g.dir, g.env, g.logf)
	total := users * (chain + 1)
	g.await("every honest mail answered", s, func() (bool, int) {
		n := 0
		for name, list := range ids {
			for _, id := range list {
				if _, ok := g.reply(name, id); ok {
					n++
				}
			}
		}
		return n == total, n
	})
	s.stop()
	for name, list := range ids {
		for _, id := range list {
			m, _ := g.reply(name, id)
			if !strings.Contains(m.Text, "OK: ") || strings.Contains(m.Text, "nothing of it was applied") {
				t.Errorf("%s: %s", name, m.Text)
			}
		}
	}
	if recs := g.setAside(); len(recs) != 0 {
		t.Errorf("honest mail set aside: %+v", recs)
	}
	logText, _ := os.ReadFile(filepath.Join(g.dir, "pbmd.log"))
	charged, most := 0, 0
	for _, l := range strings.Split(string(logText), "\n") {
		if !strings.Contains(l, "charged to it") {
			continue
		}
		charged++
		if _, v, ok := strings.Cut(l, " deaths="); ok {
			var n int
			fmt.Sscan(v, &n)
			most = max(most, n)
		}
	}
	t.Logf("outside kills: %d kills, %d mails; deaths charged to a mail alone in hand %d (the most on one mail %d, set aside past %d), deaths with several in hand %d",
		kills, total, charged, most, maxDeathsOfGuard-1, strings.Count(string(logText), "handled one at a time"))
}
