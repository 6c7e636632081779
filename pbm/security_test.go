package pbm

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
	"github.com/pbmgo/pbm/store"
)

func TestRateLimitPerSenderSurvivesRestart(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.RateLimit = 3
	for i := 0; i < 3; i++ {
		if n := len(f.send("spam@players.test", "list", "")); n != 1 {
			t.Fatalf("mail %d got %d answers", i+1, n)
		}
	}
	mails := f.send("spam@players.test", "list", "")
	if len(mails) != 1 || mails[0].Subject != "pbm error: too many mails" {
		t.Fatalf("over the limit: %v", mails)
	}
	if n := len(f.send("spam@players.test", "list", "")); n != 0 {
		t.Errorf("a second mail over the limit got %d answers", n)
	}
	// Another sender is not affected.
	if n := len(f.send("other@players.test", "list", "")); n != 1 {
		t.Errorf("another sender got %d answers", n)
	}
	// A new server on the same store keeps the count.
	s2, err := New(f.s.cfg)
	if err != nil {
		t.Fatal(err)
	}
	f.s = s2
	if n := len(f.send("spam@players.test", "list", "")); n != 0 {
		t.Errorf("after a restart the limit was reset: %d answers", n)
	}
	f.clock = f.clock.Add(61 * time.Minute)
	if n := len(f.send("spam@players.test", "list", "")); n != 1 {
		t.Errorf("after the hour: %d answers", n)
	}
}

func TestForeignAddressReportedToAccount(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	f.signup("bob")
	mails := f.send("mallory@evil.test", "nim challenge alice guess alice bob", "")
	r := f.only(mails, "mallory@evil.test")
	if !strings.Contains(r.Text, "Invalid password") || strings.Contains(r.Text, "guess") {
		t.Errorf("reply: %s", r.Text)
	}
	// A wrong password is not reported guess by guess: the lockout
	// tells the owner once (TestGuessesFromManySendersLockAccount). A command carried out
	// from an address not the account's is reported.
	if len(mails) != 1 {
		t.Errorf("a wrong password from a foreign address queued %d mails", len(mails))
	}
	mails = f.send("mallory@evil.test", "nim limit alice pw-alice 3", "")
	n := f.only(mails, "alice@players.test")
	if !strings.Contains(n.Text, "mallory@evil.test") || !strings.Contains(n.Text, "It was carried out.") || strings.Contains(n.Text, "pw-alice") {
		t.Errorf("report to alice: %s", n.Text)
	}
	// A forged From of the registered address is the registered
	// address: it needs the password like anyone.
	mails = f.send("alice@players.test", "nim challenge alice guess alice bob", "")
	if len(mails) != 1 {
		t.Errorf("forged From got %d mails", len(mails))
	}
}

func TestUnknownCommandDoesNotEchoSecrets(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	for _, line := range []string{"sigunp alice topsecret", "nim mvoee 101 alice topsecret take1", "change password alice topsecret", "admin alice topsecret"} {
		r := f.only(f.send("alice@players.test", line, ""), "alice@players.test")
		if strings.Contains(r.Text, "topsecret") {
			t.Errorf("%q echoed the password:\n%s", line, r.Text)
		}
		if !strings.Contains(r.Text, "Refused") {
			t.Errorf("%q not refused:\n%s", line, r.Text)
		}
	}
}

// hostile is a corpus of broken and hostile mail; each must be handled
// without error, with at most one answer, and no header injected.
func TestHostileMail(t *testing.T) {
	f := newFixture(t)
	f.signup("alice")
	big := strings.Repeat("x", 8<<20)
	many := strings.Repeat("list\n", 5000)
	deep := ""
	for i := 0; i < 200; i++ {
		deep += "Content-Type: multipart/mixed; boundary=b" + string(rune('a'+i%26)) + "\r\n\r\n--b" + string(rune('a'+i%26)) + "\r\n"
	}
	cases := []struct {
		name    string
		raw     string
		answers int
		want    string
	}{
		{"huge body", "From: a@x.test\r\nSubject: list\r\nMessage-ID: <h1@x>\r\n\r\n" + big, 1, "Games here"},
		{"huge header", "From: a@x.test\r\nSubject: list\r\nX-Junk: " + strings.Repeat("y", 2<<20) + "\r\nMessage-ID: <h2@x>\r\n\r\n", 1, "could not be read"},
		{"thousands of commands", "From: a@x.test\r\nSubject: multiple\r\nMessage-ID: <h3@x>\r\n\r\n" + many, 1, "more command lines were not read"},
		{"deep MIME nesting", "From: a@x.test\r\nSubject: list\r\nMessage-ID: <h4@x>\r\n" + deep + "\r\nhi\r\n", 1, ""},
		{"invalid UTF-8", "From: a@x.test\r\nSubject: signup \xff\xfe bad\r\nMessage-ID: <h5@x>\r\n\r\n", 1, "cannot be a userid"},
		{"unknown charset", "From: a@x.test\r\nSubject: \r\nMessage-ID: <h6@x>\r\nContent-Type: text/plain; charset=x-nope\r\n\r\nlist\r\n", 1, "Games here"},
		{"no Message-ID", "From: a@x.test\r\nSubject: list\r\n\r\n", 1, "Games here"},
		{"no From", "Subject: list\r\nMessage-ID: <h7@x>\r\n\r\n", 0, ""},
		{"garbage", "\x00\x01\x02 not a mail at all", 0, ""},
		{"CR LF in a userid", "From: a@x.test\r\nSubject: =?utf-8?q?signup_ev=0D=0Ail_pw?=\r\nMessage-ID: <h8@x>\r\n\r\n", 1, "Refused"},
	}
	for _, c := range cases {
		before := len(f.outbox())
		out, err := f.s.Handle(context.Background(), []byte(c.raw))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		all := f.outbox()
		if got := len(all) - before; got != c.answers {
			t.Errorf("%s: %d answers, want %d (%v)", c.name, got, c.answers, out)
			continue
		}
		for _, m := range all[before:] {
			d := decode(t, m)
			if c.want != "" && !strings.Contains(d.Text, c.want) {
				t.Errorf("%s: answer lacks %q:\n%.500s", c.name, c.want, d.Text)
			}
			if len(d.Text) > 64<<10 {
				t.Errorf("%s: answer of %d bytes", c.name, len(d.Text))
			}
			for _, k := range []string{"Bcc", "Cc"} {
				if d.Header.Has(k) {
					t.Errorf("%s: %s header in the answer", c.name, k)
				}
			}
		}
	}
}

// A huge mail costs memory in proportion to what is read of it, not to
// its size: the parser reads at most 256 KiB of a part.
func TestHugeMailMemoryBounded(t *testing.T) {
	if raceEnabled {
		// As the standard library's allocation tests do: the race
		// detector's sync.Pool discards at random, so what is
		// allocated is not the code's. The plain run checks it.
		t.Skip("allocation is not measurable under the race detector")
	}
	f := newFixture(t)
	raw := []byte("From: a@x.test\r\nSubject: multiple\r\nMessage-ID: <big@x>\r\n\r\nlist\r\n" + strings.Repeat("all work and no play\r\n", 3<<20/22*10))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if _, err := f.s.Handle(context.Background(), raw); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(len(raw)) {
		t.Errorf("handling a %d MiB mail allocated %d MiB", len(raw)>>20, alloc>>20)
	} else {
		t.Logf("a %d MiB mail: %d KiB allocated", len(raw)>>20, alloc>>10)
	}
}

// A board whose log no longer replays (an engine changed under it)
// must not stall the intake: the mail is set aside with an apology and
// a report to the admins, and the next mail is handled.
func TestBrokenBoardDoesNotStall(t *testing.T) {
	f := newFixture(t)
	f.signup("root")
	f.game("")
	f.st.Update(func(tx *store.Tx) error {
		b, _ := tx.Board("nim", 101)
		b.Log = append(b.Log, store.Entry{Seat: 0, Move: "take9"})
		return tx.PutBoard(b)
	})
	mails := f.send("bob@players.test", "nim move 101 bob pw-bob take1", "")
	if r := f.only(mails, "bob@players.test"); !strings.Contains(r.Text, "error in the server; nothing of it was applied") {
		t.Errorf("sender: %s", r.Text)
	}
	if r := f.only(mails, "root@players.test"); !strings.Contains(r.Text, "replay of entry 1") {
		t.Errorf("admin: %s", r.Text)
	}
	if n := len(f.send("bob@players.test", "list", "")); n != 1 {
		t.Errorf("the next mail got %d answers", n)
	}
}

// boom is Nim with a Play that panics on "take3".
type boom struct{ enginetest.Nim }

func (boom) Name() string { return "boom" }
func (g boom) New(n int, o map[string]string, seed uint64) (engine.State, error) {
	s, err := g.Nim.New(n, o, seed)
	return boomState{s}, err
}

type boomState struct{ engine.State }

func (s boomState) Play(m string) (string, error) {
	if m == "take3" {
		panic("engine bug")
	}
	return s.State.Play(m)
}

func TestEnginePanicSetAside(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.Games = engine.NewRegistry(boom{})
	f.signup("alice")
	f.signup("bob")
	f.send("alice@players.test", "boom challenge alice pw-alice alice bob", "")
	mails := f.send("alice@players.test", "boom move 101 alice pw-alice take3", "")
	if r := f.only(mails, "alice@players.test"); !strings.Contains(r.Text, "nothing of it was applied") {
		t.Errorf("sender: %s", r.Text)
	}
	var b store.Board
	f.st.View(func(tx *store.Tx) error { b, _ = tx.Board("boom", 101); return nil })
	if len(b.Log) != 0 {
		t.Errorf("the panicking move left %v", b.Log)
	}
	// The board to each player, alice's also the answer to her mail.
	if n := len(f.send("alice@players.test", "boom move 101 alice pw-alice take1", "")); n != 2 {
		t.Errorf("the next move queued %d mails", n)
	}
}
