package e2e

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/pbmgo/pbm/pbm/player"
)

// serverAddress is the daemon's address; its Dovecot user has the
// same name.
const serverAddress = "pbm@e2e.test"

// world is Dovecot, the relay players submit through ("mx") and the
// relay the daemon sends through ("smarthost").
type world struct {
	t         *testing.T
	d         *dovecot
	mx        *relay
	smarthost *relay
}

func newWorld(t *testing.T) *world {
	t.Helper()
	d := startDovecot(t)
	return &world{t: t, d: d, mx: startRelay(t, "mx", d), smarthost: startRelay(t, "smarthost", d)}
}

// user is a player with a mail address in Dovecot: commands go out
// through the mx relay, mail is read over implicit TLS.
type user struct {
	w    *world
	id   string
	pw   string
	p    *player.Player
	box  *mailbox
	sent []string // Message-IDs of the commands sent, in order
}

func (w *world) user(id string) *user {
	addr := id + "@e2e.test"
	u := &user{w: w, id: id, p: &player.Player{Address: addr, Server: serverAddress, SMTP: w.mx.addr}}
	u.box = &mailbox{d: w.d, user: addr}
	w.t.Cleanup(u.box.close)
	return u
}

// send mails one command and remembers its Message-ID.
func (u *user) send(subject string) string {
	u.w.t.Helper()
	id, err := u.p.Send(subject, "")
	if err != nil {
		u.w.t.Fatalf("%s: %v", u.id, err)
	}
	u.sent = append(u.sent, id)
	return id
}

// command sends a command and waits for its reply.
func (u *user) command(subject string, timeout time.Duration) player.Mail {
	u.w.t.Helper()
	id := u.send(subject)
	m, err := u.box.reply(id, timeout)
	if err != nil {
		u.w.t.Fatalf("%s: %q: %v", u.id, subject, err)
	}
	return m
}

// confirmClaim answers the answer to an admin's signup, as the
// operator does from the address the configuration names for it
// (PBM_CLAIM): the claim gives admin power only once its address has
// answered (account.MayAdmin).
func (u *user) confirmClaim() {
	u.w.t.Helper()
	ms, err := u.box.await(replyWait, func(ms []player.Mail) bool { return len(ms) > 0 })
	if err != nil {
		u.w.t.Fatalf("%s: no answer to the claim: %v", u.id, err)
	}
	var claim player.Mail
	for _, m := range ms {
		if strings.Contains(m.Header.Get("Reply-To"), "+confirm.") {
			claim = m
		}
	}
	if claim.MessageID == "" {
		u.w.t.Fatalf("%s: the answer to the claim asks for no confirmation", u.id)
	}
	id, err := u.p.Send("Re: "+claim.Subject, "yes", "Cc: "+claim.Header.Get("Reply-To"), "In-Reply-To: <"+claim.MessageID+">")
	if err != nil {
		u.w.t.Fatalf("%s: %v", u.id, err)
	}
	u.sent = append(u.sent, id)
	if r, err := u.box.reply(id, replyWait); err != nil || !strings.Contains(r.Text, "OK: Confirmed") {
		u.w.t.Fatalf("%s: the claim's confirmation: %v %s", u.id, err, r.Text)
	}
}

// mailbox reads one user's INBOX over a kept IMAP connection (implicit
// TLS), fetching only what is new; it reconnects after errors, such as
// Dovecot being restarted.
type mailbox struct {
	d     *dovecot
	user  string
	mu    sync.Mutex
	c     *imapclient.Client
	uidv  uint32
	last  imap.UID
	mails []player.Mail
}

func (b *mailbox) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.c != nil {
		b.c.Close()
		b.c = nil
	}
}

// poll fetches new mail and returns every mail read so far.
func (b *mailbox) poll() ([]player.Mail, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if err := b.fetchNew(); err != nil {
		if b.c != nil {
			b.c.Close()
			b.c = nil
		}
		return slices.Clone(b.mails), err
	}
	return slices.Clone(b.mails), nil
}

func (b *mailbox) fetchNew() error {
	if b.c == nil {
		c, err := b.d.dialTLS(b.user)
		if err != nil {
			return err
		}
		sel, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait()
		if err != nil {
			c.Close()
			return fmt.Errorf("examine INBOX of %s: %w", b.user, err)
		}
		if b.uidv != 0 && sel.UIDValidity != b.uidv {
			c.Close()
			return fmt.Errorf("UIDVALIDITY of %s changed", b.user)
		}
		b.c, b.uidv = c, sel.UIDValidity
	} else if err := b.c.Noop().Wait(); err != nil {
		return fmt.Errorf("noop %s: %w", b.user, err)
	}
	if mb := b.c.Mailbox(); mb == nil || mb.NumMessages == 0 {
		return nil
	}
	var set imap.UIDSet
	set.AddRange(b.last+1, 0) // last+1:* (RFC 9051 section 6.4.8)
	body := &imap.FetchItemBodySection{Peek: true}
	msgs, err := b.c.Fetch(set, &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{body}}).Collect()
	if err != nil {
		return fmt.Errorf("fetch %s: %w", b.user, err)
	}
	sort.Slice(msgs, func(i, j int) bool { return msgs[i].UID < msgs[j].UID })
	for _, msg := range msgs {
		if msg.UID <= b.last { // "n:*" includes the last mail when nothing is newer
			continue
		}
		m, err := player.Parse(msg.FindBodySection(body))
		if err != nil {
			return fmt.Errorf("parse mail %d of %s: %w", msg.UID, b.user, err)
		}
		b.mails = append(b.mails, m)
		b.last = msg.UID
	}
	return nil
}

// await polls until done holds or the timeout passes.
func (b *mailbox) await(timeout time.Duration, done func([]player.Mail) bool) ([]player.Mail, error) {
	deadline := time.Now().Add(timeout)
	for {
		ms, err := b.poll()
		if done(ms) {
			return ms, nil
		}
		if time.Now().After(deadline) {
			if err == nil {
				err = errors.New("condition not met")
			}
			return ms, fmt.Errorf("mailbox %s after %v (%d mails): %w", b.user, timeout, len(ms), err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// reply waits for the reply to the mail with Message-ID id.
func (b *mailbox) reply(id string, timeout time.Duration) (player.Mail, error) {
	var found player.Mail
	_, err := b.await(timeout, func(ms []player.Mail) bool {
		for _, m := range ms {
			if m.InReplyTo == id {
				found = m
				return true
			}
		}
		return false
	})
	return found, err
}

// tally checks that every command a user sent got exactly one reply.
type tally struct {
	mails, missing, doubled, copies, refused int
}

func (t *tally) add(o tally) {
	t.mails += o.mails
	t.missing += o.missing
	t.doubled += o.doubled
	t.copies += o.copies
	t.refused += o.refused
}

// replies waits until every mail in sent has a reply in the user's
// mailbox (or the timeout passes), then counts: replies missing, mails
// answered by more than one distinct reply (applied twice), extra
// copies of one reply (a resend with the same Message-ID after a
// crash, which mail clients collapse), and replies that refused.
func (u *user) replies(timeout time.Duration, ok func(player.Mail) bool) tally {
	want := map[string]bool{}
	for _, id := range u.sent {
		want[id] = true
	}
	ms, _ := u.box.await(timeout, func(ms []player.Mail) bool {
		got := map[string]bool{}
		for _, m := range ms {
			if want[m.InReplyTo] {
				got[m.InReplyTo] = true
			}
		}
		return len(got) == len(want)
	})
	byID := map[string]map[string]int{}
	for _, m := range ms {
		if !want[m.InReplyTo] {
			continue
		}
		if byID[m.InReplyTo] == nil {
			byID[m.InReplyTo] = map[string]int{}
		}
		byID[m.InReplyTo][m.MessageID]++
		if ok != nil && !ok(m) {
			// Only the first copy counts.
			if byID[m.InReplyTo][m.MessageID] == 1 {
				u.w.t.Errorf("%s: unexpected reply %q:\n%s", u.id, m.Subject, m.Text)
			}
		}
	}
	r := tally{mails: len(u.sent)}
	for _, id := range u.sent {
		replies := byID[id]
		switch {
		case len(replies) == 0:
			r.missing++
		case len(replies) > 1:
			r.doubled++
		}
		for mid, n := range replies {
			r.copies += n - 1
			for _, m := range ms {
				if m.MessageID == mid && ok != nil && !ok(m) {
					r.refused++
					break
				}
			}
		}
	}
	return r
}

// isOK is a reply whose every command succeeded.
func isOK(m player.Mail) bool {
	return strings.Contains(m.Text, "OK: ") && !strings.Contains(m.Text, "Refused")
}

// The pbmd binary is built once per test run.
var (
	buildOnce sync.Once
	buildDir  string
	pbmdBin   string
	buildErr  error
)

func buildPBMD(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		// go test caches a passing result keyed on the test's own
		// imports and the files it opened; the binary's sources (its
		// packages of this module, with their embedded files) need not
		// be either, so read them to have a change there run the suite
		// again.
		readSources("github.com/pbmgo/pbm/cmd/pbmd")
		buildDir, buildErr = os.MkdirTemp("", "pbm-e2e-bin-")
		if buildErr != nil {
			return
		}
		pbmdBin = filepath.Join(buildDir, "pbmd")
		out, err := exec.Command("go", "build", "-o", pbmdBin, "github.com/pbmgo/pbm/cmd/pbmd").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build pbmd: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return pbmdBin
}

// readSources reads the Go and embedded files of pkg and of every
// package of this module it depends on.
func readSources(pkg string) {
	const format = `{{if and .Module .Module.Main}}{{$d := .Dir}}` +
		`{{range .GoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}` +
		`{{range .EmbedFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{end}}`
	out, err := exec.Command("go", "list", "-deps", "-f", format, pkg).Output()
	if err != nil {
		return
	}
	for _, f := range strings.Split(string(out), "\n") {
		if f != "" {
			os.ReadFile(f)
		}
	}
}

// pbmd runs the daemon binary against the world's Dovecot and
// smarthost, configured only through PBM_* variables.
type pbmd struct {
	t    *testing.T
	bin  string
	dir  string
	data string
	env  []string
	log  *os.File

	cmd  *exec.Cmd
	done chan struct{}
	runs int
}

// newPBMD prepares a daemon that reads its mailbox with the given TLS
// mode ("starttls" on the plain port, "tls" on the implicit-TLS port).
func (w *world) newPBMD(tlsMode string) *pbmd {
	w.t.Helper()
	imapAddr := w.d.imapAddr
	if tlsMode == "tls" {
		imapAddr = w.d.imapsAddr
	}
	return w.newPBMDVia(tlsMode, imapAddr)
}

// newPBMDVia is newPBMD with the IMAP server reached at imapAddr (a
// proxy in front of Dovecot).
// newDaemon prepares the daemon binary with a data directory of its
// own and the settings every suite shares: the environment without any
// PBM_ variable of the caller, the data and backup paths, the admin and
// the server's address and name. The caller adds the mail servers. The
// daemon is killed when the test ends, and its log shown if it failed.
func newDaemon(t *testing.T) *pbmd {
	t.Helper()
	dir := t.TempDir()
	p := &pbmd{t: t, bin: buildPBMD(t), dir: dir, data: filepath.Join(dir, "pbm.db")}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PBM_") {
			p.env = append(p.env, kv)
		}
	}
	p.env = append(p.env,
		// No web site unless a test asks for one (a later
		// PBM_WEB_LISTEN wins): the daemons of tests run side by side
		// must not contend for one port.
		"PBM_WEB_LISTEN=",
		"PBM_DATA="+p.data,
		"PBM_BACKUP="+dir,
		"PBM_ADMINS=root",
		// The admin is claimed by mail from its own address (account.Signup.Claim).
		"PBM_CLAIM=root=root@e2e.test",
		"PBM_SERVER_ADDRESS="+serverAddress,
		"PBM_SERVER_NAME=PBM e2e",
	)
	var err error
	p.log, err = os.Create(filepath.Join(dir, "pbmd.log"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		p.kill()
		if t.Failed() {
			t.Logf("pbmd log (tail):\n%s", tail(p.logText(), 4000))
		}
		p.log.Close()
	})
	return p
}

func (w *world) newPBMDVia(tlsMode, imapAddr string) *pbmd {
	w.t.Helper()
	p := newDaemon(w.t)
	ih, ip := splitHostPort(w.t, imapAddr)
	sh, sp := splitHostPort(w.t, w.smarthost.addr)
	p.env = append(p.env,
		"PBM_IMAP_HOST="+ih, "PBM_IMAP_PORT="+ip, "PBM_IMAP_TLS="+tlsMode,
		"PBM_IMAP_USERNAME="+serverAddress, "PBM_IMAP_PASSWORD="+mailPassword,
		"PBM_IMAP_CAFILE="+w.d.caFile,
		"PBM_IMAP_POLL=2s",
		"PBM_SMTP_HOST="+sh, "PBM_SMTP_PORT="+sp, "PBM_SMTP_TLS=starttls",
		"PBM_SMTP_CAFILE="+w.d.caFile,
		"PBM_SMTP_POLL=500ms",
	)
	return p
}

// setenv sets PBM_* variables ("PBM_RETRY=100ms", ...) for the next
// start, replacing earlier values.
func (p *pbmd) setenv(kvs ...string) {
	for _, kv := range kvs {
		k, _, _ := strings.Cut(kv, "=")
		p.env = slices.DeleteFunc(p.env, func(e string) bool { return strings.HasPrefix(e, k+"=") })
		p.env = append(p.env, kv)
	}
}

// fastRetries makes the daemon wait briefly after a failure: 200 ms
// after each temporary SMTP failure, and from 100 ms (doubling up to
// 2 s) after a lost IMAP connection or a mail it could not store.
func (p *pbmd) fastRetries() {
	p.setenv("PBM_RETRY=200ms", "PBM_BACKOFF=100ms", "PBM_SMTP_POLL=200ms")
}

func splitHostPort(t *testing.T, addr string) (string, string) {
	h, p, ok := strings.Cut(addr, ":")
	if !ok {
		t.Fatalf("address %q", addr)
	}
	return h, p
}

func (p *pbmd) start() {
	p.t.Helper()
	cmd := exec.Command(p.bin)
	cmd.Dir = p.dir
	cmd.Env = p.env
	cmd.Stdout, cmd.Stderr = p.log, p.log
	if err := cmd.Start(); err != nil {
		p.t.Fatalf("start pbmd: %v", err)
	}
	p.cmd, p.done = cmd, make(chan struct{})
	done := p.done
	go func() { cmd.Wait(); close(done) }()
	p.runs++
}

// kill ends the daemon with SIGKILL: no chance to clean up.
func (p *pbmd) kill() {
	if p.cmd == nil {
		return
	}
	p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
	p.cmd = nil
}

// stop ends the daemon with SIGTERM, the orderly way.
func (p *pbmd) stop() {
	p.t.Helper()
	if p.cmd == nil {
		return
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(20 * time.Second):
		p.t.Errorf("pbmd did not stop in 20s after SIGTERM")
		p.cmd.Process.Kill()
		<-p.done
	}
	p.cmd = nil
}

// awaitLog waits until a line containing substr is appended to the
// daemon's log, and reports whether one was. It polls without pause:
// the kill that follows must land within the millisecond or so
// between a commit and the IMAP acknowledgement.
func (p *pbmd) awaitLog(substr string, timeout time.Duration) bool {
	f, err := os.Open(p.log.Name())
	if err != nil {
		return false
	}
	defer f.Close()
	off, _ := f.Seek(0, io.SeekEnd)
	buf := make([]byte, 64<<10)
	var seen []byte
	for deadline := time.Now().Add(timeout); time.Now().Before(deadline); {
		n, _ := f.ReadAt(buf, off)
		if n > 0 {
			off += int64(n)
			seen = append(seen, buf[:n]...)
			if bytes.Contains(seen, []byte(substr)) {
				return true
			}
			if i := bytes.LastIndexByte(seen, '\n'); i >= 0 {
				seen = seen[i+1:]
			}
			continue
		}
		runtime.Gosched()
	}
	return false
}

// logText is the daemon's log so far.
func (p *pbmd) logText() string {
	b, _ := os.ReadFile(p.log.Name())
	return string(b)
}

// processedLogged counts the mails the daemon logged as recorded in its
// store: it logs each mail's outcome once its transaction committed,
// and a mail offered again after it was recorded as a duplicate. (The
// store itself cannot be read while the daemon runs: bbolt holds an
// exclusive lock on it.)
func (p *pbmd) processedLogged() int {
	n := 0
	for _, line := range strings.Split(p.logText(), "\n") {
		if strings.Contains(line, " msg=mail ") && strings.Contains(line, " outcome=") && !strings.Contains(line, " outcome=duplicate") {
			n++
		}
	}
	return n
}

// sentLogged counts the mails the daemon logged as handed to its SMTP
// server.
func (p *pbmd) sentLogged() int {
	return strings.Count(p.logText(), " msg=sent ")
}
