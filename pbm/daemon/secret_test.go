package daemon

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/pbmgo/pbm/pbm/player"
)

// syncBuffer is a log sink the daemon's goroutines share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// secretUsages reads the usage lines of "help commands" (generated
// from the command table, so a command added later is run too) and
// keeps those that take a secret.
func secretUsages(help string) []string {
	var out []string
	for _, l := range strings.Split(help, "\n") {
		if !strings.HasPrefix(l, "  ") || strings.HasPrefix(l, "   ") {
			continue
		}
		l = strings.TrimSpace(l)
		if strings.Contains(l, "<password>") || strings.Contains(l, "<old>") || strings.Contains(l, "<new>") {
			out = append(out, l)
		}
	}
	// Commands that end the account or change its password last.
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i]) < rank(out[j]) })
	return out
}

func rank(usage string) int {
	switch {
	case strings.HasPrefix(usage, "change password"):
		return 3
	case strings.HasPrefix(usage, "signoff"):
		return 2
	case strings.Contains(usage, "setpassword"):
		return 1
	}
	return 0
}

// signups counts the userids fillUsage made for signup.
var signups int

// fillUsage makes a command line of a usage line: the password after
// a userid is the user's own, every other secret a fresh one.
func fillUsage(usage string, fresh func() string) string {
	var words []string
	user := "alice"
	if strings.HasPrefix(usage, "admin ") {
		user = "root"
	}
	if strings.HasPrefix(usage, "signup ") {
		signups++
		user = fmt.Sprintf("new%d", signups)
	}
	prev := ""
	for _, tok := range strings.Fields(usage) {
		t := strings.Trim(tok, "[]")
		var w string
		switch {
		case tok == "|" || strings.HasPrefix(t, "-"):
			continue
		case strings.HasPrefix(tok, "[") && !strings.Contains(tok, "<n>|"):
			continue // optional
		case t == "<game>":
			w = "nim"
		case strings.HasPrefix(t, "<board>"):
			w = "101"
		case t == "<userid>":
			w = user
			if prev != "" {
				w = "bob" // the user an admin command acts on
			}
		case t == "<password>" && strings.HasPrefix(usage, "signup"):
			w = fresh()
		case t == "<password>", t == "<old>":
			w = "pw-" + user
		case t == "<new>":
			w = fresh()
		case strings.HasPrefix(t, "<address>"):
			w = user + "@example.test"
		case strings.HasPrefix(t, "<player"):
			w = map[bool]string{true: "alice", false: "bob"}[t == "<player1>"]
		case strings.HasPrefix(t, "<move>"):
			w = "take1"
		case t == "<from>":
			w = "2027-03-01"
		case t == "<to>":
			w = "2027-03-02"
		case strings.HasPrefix(t, "<to>"):
			w = "bob"
		case t == "on|off":
			w = "on"
		case strings.Contains(t, "<n>|"):
			w = "5"
		case t == "<command>":
			w = "stats"
		default:
			w = t
		}
		if t == "<userid>" {
			prev = w
		}
		words = append(words, w)
	}
	return strings.Join(words, " ")
}

// TestNoSecretInDaemonLog runs every command that takes a secret
// through the daemon and its embedded IMAP and SMTP servers, in the
// Subject and in the body, and a move by reply, with the daemon's
// whole log (intake, core, outbox, mail servers) captured at debug
// level: no password, new password or reply token is in it.
func TestNoSecretInDaemonLog(t *testing.T) {
	var logs syncBuffer
	cfg := testConfig(t)
	cfg.Logger = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	d, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	h := &harness{t: t, mail: d.Local, d: d, cfg: cfg}
	alice := h.signup("alice")
	h.signup("bob")
	h.signup("root")
	h.command(alice, "nim challenge alice pw-alice alice bob", "")
	secrets := []string{"pw-alice", "pw-bob", "pw-root"}
	fresh := func() string {
		s := fmt.Sprintf("S3cr3t%04dq", len(secrets))
		secrets = append(secrets, s)
		return s
	}
	// A move by reply: the token is a secret too.
	toAlice := latest(t, alice, "New Nim Board 101", 1)
	token := replyTo(toAlice)
	secrets = append(secrets, token[strings.LastIndex(token, ".")+1:strings.Index(token, "@")])
	if r := h.answerMail(alice, toAlice, "take1"); !strings.Contains(r.Text, "OK: alice played") {
		t.Fatalf("move by reply: %s", r.Text)
	}

	usages := secretUsages(h.command(alice, "help commands", "").Text)
	if len(usages) < 20 {
		t.Fatalf("only %d commands with secrets in help commands", len(usages))
	}
	for _, u := range usages {
		line := fillUsage(u, fresh)
		from := alice
		if strings.HasPrefix(line, "admin ") {
			from = h.player("root")
		}
		if strings.HasPrefix(line, "signup") {
			from = h.player(strings.Fields(line)[1])
		}
		h.command(from, line, "a comment")
		h.command(from, "", line+"\n\na comment")
		// A mistyped command holds a password as well.
		h.command(from, "x"+line, "")
	}
	// Every mail answered has passed the outbox: wait for its log.
	if _, err := alice.Await(wait, func([]player.Mail) bool { return strings.Contains(logs.String(), "sent") }); err != nil {
		t.Fatal(err)
	}
	out := logs.String()
	// The log does show the commands, masked: the test can see a leak.
	if !strings.Contains(out, "subject=") || !strings.Contains(out, "alice ********") {
		t.Fatalf("the log has no subjects:\n%s", out)
	}
	for _, s := range secrets {
		if strings.Contains(out, s) {
			t.Errorf("secret %s in the log:\n%s", s, linesWith(out, s))
		}
	}
	t.Logf("%d commands with secrets run, %d secrets, %d lines of log", len(usages), len(secrets), strings.Count(out, "\n"))
}

func linesWith(text, s string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, s) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
