package pbm

import (
	"bytes"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/store"
)

// secretPath is a command of the table that takes a secret, with the
// words that name it.
type secretPath struct {
	name      []string
	cmd       *command
	admin     *command // the admin command run under "admin"
	adminName string
}

// secretCommands walks the whole command table (global, game and
// admin commands, with their children) and returns every command that
// takes a secret, so that a command added later is tested too.
func secretCommands(s *Server) []secretPath {
	var out []secretPath
	var walk func(prefix []string, set commandSet)
	walk = func(prefix []string, set commandSet) {
		for _, n := range set.Names() {
			c := set[n]
			name := append(append([]string(nil), prefix...), n)
			switch {
			case c.Children != nil:
				walk(name, c.Children)
			case n == "admin" && !c.Admin:
				for _, an := range s.global.Only(true).Names() {
					out = append(out, secretPath{name: name, cmd: c, admin: s.global[an], adminName: an})
				}
			case len(c.Secrets) > 0:
				out = append(out, secretPath{name: name, cmd: c})
			}
		}
	}
	walk(nil, s.global)
	walk([]string{"nim"}, s.game)
	return out
}

// fill makes the arguments of a usage line. Each secret word gets a
// fresh secret, except the password right after a userid, which is
// the user's real password when real is set (so that the command runs
// past its authentication).
func fill(usage string, secrets []int, user, pw string, board int, real bool, fresh func() string, sub func() []string) []string {
	var args []string
	for _, tok := range strings.Fields(usage) {
		t := strings.Trim(tok, "[]")
		switch {
		case strings.HasPrefix(t, "-"):
			continue
		case strings.HasPrefix(t, "<userid>"), strings.HasPrefix(t, "<player1>"):
			args = append(args, user)
		case strings.HasPrefix(t, "<player"):
			args = append(args, "bob")
		case strings.HasPrefix(t, "<board>"):
			args = append(args, fmt.Sprint(board))
		case strings.HasPrefix(t, "<move>"):
			args = append(args, "take1")
		case strings.HasPrefix(t, "<address>"):
			args = append(args, user+"@players.test")
		case t == "<from>":
			args = append(args, "2026-12-10")
		case t == "<to>":
			args = append(args, "2026-12-12")
		case t == "<game>":
			args = append(args, "nim")
		case t == "<command>":
			args = append(args, sub()...)
			return args
		default:
			args = append(args, "x")
		}
	}
	for _, i := range secrets {
		for len(args) <= i {
			args = append(args, "x")
		}
		if real && i > 0 && args[i-1] == user && !strings.HasPrefix(args[i], "S3cr3t") {
			args[i] = pw
		} else {
			args[i] = fresh()
		}
	}
	return args
}

// TestNoSecretWritten runs every command that takes a secret, with the
// right password and with wrong ones, in the Subject and in the body,
// on a board that plays and on one that is broken (so that the admins
// get a report quoting the Subject), and finds none of the secrets in
// the log output, in the store (processed records, outbox, boards) or
// in any mail queued (replies, board mails, admin reports).
func TestNoSecretWritten(t *testing.T) {
	paths := secretCommands(newFixture(t).s)
	if len(paths) < 20 {
		t.Fatalf("only %d commands with secrets found in the table", len(paths))
	}
	for _, p := range paths {
		label := strings.Join(p.name, " ")
		if p.admin != nil {
			label += " " + p.adminName
		}
		t.Run(label, func(t *testing.T) {
			f := newFixture(t)
			var logs bytes.Buffer
			f.s.log = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
			f.game("")
			f.signup("root")
			f.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")
			f.st.Update(func(tx *store.Tx) error {
				b, _ := tx.Board("nim", 102)
				b.Log = append(b.Log, store.Entry{Seat: 0, Move: "take9"})
				return tx.PutBoard(b)
			})
			var secrets []string
			fresh := func() string {
				s := fmt.Sprintf("S3cr3t%04dq", len(secrets))
				secrets = append(secrets, s)
				return s
			}
			user, pw := "alice", "pw-alice"
			if p.admin != nil {
				user, pw = "root", "pw-root"
			}
			// The real passwords are secrets too.
			secrets = append(secrets, "pw-alice", "pw-root")
			for _, board := range []int{101, 102} {
				for _, real := range []bool{true, false} {
					sub := func() []string {
						return append([]string{p.adminName}, fill(p.admin.Usage, p.admin.Secrets, "bob", "pw-bob", board, false, fresh, nil)...)
					}
					args := fill(p.cmd.Usage, p.cmd.Secrets, user, pw, board, real, fresh, sub)
					line := strings.Join(append(append([]string(nil), p.name...), args...), " ")
					f.send(user+"@players.test", line, "a comment\n")
					f.send(user+"@players.test", "", line+"\n\na comment\n")
					f.send(user+"@players.test", "Re: Nim Board 101 bob", line+"\n")
				}
			}
			// A mistyped command holds a password as well.
			f.send("alice@players.test", "nimm move 101 alice "+fresh()+" take1", "")
			f.send("alice@players.test", "", "nim mvoe 101 alice "+fresh()+" take1\nnim mova 101 alice "+fresh()+" take1\n")

			var db bytes.Buffer
			if _, err := f.st.WriteTo(&db); err != nil {
				t.Fatal(err)
			}
			var mails []string
			for _, m := range f.outbox() {
				d := decode(t, m)
				mails = append(mails, d.To+" "+d.Subject+"\n"+d.Text+"\n"+d.HTML)
			}
			if !strings.Contains(logs.String(), "subject=") {
				t.Fatalf("the log has no subjects:\n%s", logs.String())
			}
			for _, s := range secrets {
				if strings.Contains(logs.String(), s) {
					t.Errorf("secret %s in the log:\n%s", s, grepLines(logs.String(), s))
				}
				if bytes.Contains(db.Bytes(), []byte(s)) {
					t.Errorf("secret %s in the store", s)
				}
				for _, m := range mails {
					if strings.Contains(m, s) {
						t.Errorf("secret %s in a mail:\n%s", s, grepLines(m, s))
					}
				}
			}
		})
	}
}

func grepLines(text, s string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, s) {
			out = append(out, l)
		}
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}

// A reply token is as secret as a password: the log shows the reply
// address without it.
func TestReplyTokenNotLogged(t *testing.T) {
	f := newFixture(t)
	var logs bytes.Buffer
	f.s.log = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	f.game("")
	replyTo := f.replyAddress("alice@players.test", "New Nim Board 101")
	local, _, _ := strings.Cut(replyTo, "@")
	token := local[strings.LastIndex(local, ".")+1:]
	if len(token) < 20 {
		t.Fatalf("token %q of %s", token, replyTo)
	}
	f.n++
	raw := fmt.Sprintf("From: alice@players.test\r\nTo: %s\r\nSubject: Re: reply %s\r\nMessage-ID: <r%d@x>\r\n\r\ntake1\n", replyTo, replyTo, f.n)
	f.handle([]byte(raw))
	if b := f.board(101); len(b.Log) != 1 {
		t.Fatalf("the reply was not played: %+v", b.Log)
	}
	if strings.Contains(logs.String(), token) {
		t.Errorf("the token is in the log:\n%s", grepLines(logs.String(), token))
	}
	var db bytes.Buffer
	f.st.WriteTo(&db)
	if bytes.Contains(db.Bytes(), []byte(token)) {
		t.Error("the token is in the store")
	}
}

func TestMasked(t *testing.T) {
	f := newFixture(t)
	for in, want := range map[string]string{
		"nim move 101 alice apple take1#3":         "nim move 101 alice ******** take1#3",
		"Re: nim move 101 alice apple take1":       "Re: nim move 101 alice ******** take1",
		"change password alice old new":            "change password alice ******** ********",
		"admin root rootpw setpassword bob newpw":  "admin root ******** setpassword bob ********",
		"admin root rootpw frobnicate bob newpw":   "admin root ******** frobnicate ******** ********",
		"NIM chall alice apple alice bob":          "NIM chall alice ******** alice bob",
		"nimm move 101 alice apple take1":          "nimm move ...",
		"Re: New Nim Board 101 alice":              "Re: New Nim Board 101 alice",
		"list":                                     "list",
		"signup carol":                             "signup carol",
		"mail pbm+nim.101.abcdef@games.test today": "mail pbm+nim.101.********@games.test ...",
	} {
		if got := lineReader(f.s).Masked(in); got != want {
			t.Errorf("Masked(%q) = %q, want %q", in, got, want)
		}
	}
}

// replyAddress is the Reply-To of the latest queued mail to addr whose
// subject starts with subject.
func (f *fixture) replyAddress(addr, subject string) string {
	f.t.Helper()
	var replyTo string
	for _, m := range f.outbox() {
		d := decode(f.t, m)
		if d.To == addr && strings.HasPrefix(d.Subject, subject) {
			replyTo = strings.Trim(d.Header.Get("Reply-To"), "<>")
		}
	}
	if replyTo == "" {
		f.t.Fatalf("no mail %q to %s with a Reply-To", subject, addr)
	}
	return replyTo
}
