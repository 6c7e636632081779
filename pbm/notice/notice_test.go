package notice

import (
	"context"
	"errors"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
	"github.com/pbmgo/pbm/engine/picture"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

var at = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func newWriter(t *testing.T, key []byte) (*Writer, *store.Store) {
	t.Helper()
	cat := catalogue(t)
	w := writerWith(t, func(c *Config) {
		c.TokenKey = key
		c.Printer = func(code string) lang.Printer {
			if code == "" {
				code = "nl" // the server's language
			}
			return cat.For(code)
		}
	})
	return w, storetest.Open(t)
}

// writerWith is the writer of the tests' server (its name and address,
// the key "k", the time at, every language), with what set changes.
func writerWith(t *testing.T, set func(*Config)) *Writer {
	t.Helper()
	c := Config{Name: "PBM Test", Address: "pbm@games.test", TokenKey: []byte("k"), Now: func() time.Time { return at }, Printer: catalogue(t).For}
	if set != nil {
		set(&c)
	}
	w, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func catalogue(t *testing.T) *lang.Catalogue {
	t.Helper()
	cat, err := lang.Load()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

func printer(t *testing.T, code string) lang.Printer {
	t.Helper()
	return catalogue(t).For(code)
}

// nimGame is a new game of Nim for two.
func nimGame(t *testing.T) engine.State {
	t.Helper()
	pos, err := enginetest.Nim{}.New(2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// A store without a configured key makes one on first use and keeps
// it; a configured key is used as it is and nothing is stored.
func TestSecretKeptInStore(t *testing.T) {
	w, st := newWriter(t, nil)
	var first, again []byte
	if err := st.Update(func(tx *store.Tx) (err error) { first, err = w.Secret(tx); return }); err != nil {
		t.Fatal(err)
	}
	if err := st.Update(func(tx *store.Tx) (err error) { again, err = w.Secret(tx); return }); err != nil {
		t.Fatal(err)
	}
	if len(first) != 32 || string(first) != string(again) {
		t.Errorf("the kept key changed or is not 32 bytes: %x then %x", first, again)
	}
	given, st2 := newWriter(t, []byte("configured"))
	st2.Update(func(tx *store.Tx) error {
		k, err := given.Secret(tx)
		if err != nil || string(k) != "configured" || tx.Meta(TokenKeyMeta) != "" {
			t.Errorf("a configured key: %q, %v, stored %q", k, err, tx.Meta(TokenKeyMeta))
		}
		return nil
	})
}

// A reply address names the board and its position on the server's
// address, and its token follows the password: a new password kills
// it. Only a player's own address of a running board gets one.
func TestReplyAddresses(t *testing.T) {
	w, st := newWriter(t, []byte("k"))
	alice := store.User{ID: "alice", Hash: []byte("h1"), Addresses: []string{"alice@players.test"}}
	b := store.Board{Game: "nim", Number: 101, Players: []string{"alice", "bob"}, Log: []store.Entry{{Seat: 0, Move: "take1"}}}
	st.Update(func(tx *store.Tx) error {
		if err := tx.PutUser(alice); err != nil {
			t.Fatal(err)
		}
		addr, err := w.ReplyAddress(tx, b, alice, "alice@players.test")
		if err != nil {
			t.Fatal(err)
		}
		tok := Token([]byte("k"), "nim", 101, 1, alice, "alice@players.test")
		if want := "pbm+nim.101.1." + tok + "@games.test"; addr != want {
			t.Errorf("reply address %q, want %q", addr, want)
		}
		changed := alice
		changed.Hash = []byte("h2")
		if Token([]byte("k"), "nim", 101, 1, changed, "alice@players.test") == tok {
			t.Error("the token outlives a password change")
		}
		if Token([]byte("k"), "nim", 101, 1, alice, "mallory@evil.test") == tok {
			t.Error("the token works from another address")
		}
		if got, _ := w.BoardReplyTo(tx, b, "Alice@Players.test"); got != addr {
			t.Errorf("the player's address in other case: %q, want %q", got, addr)
		}
		if got, _ := w.BoardReplyTo(tx, b, "carol@players.test"); got != "" {
			t.Errorf("an address of no player has a reply address: %q", got)
		}
		over := b
		over.Over = true
		if got, _ := w.BoardReplyTo(tx, over, "alice@players.test"); got != "" {
			t.Errorf("a finished board has a reply address: %q", got)
		}
		return nil
	})
}

// A notice nobody asked for says how to stop the mail (RFC 2369), in
// the reader's language; the answer to a mail does not.
func TestListUnsubscribe(t *testing.T) {
	w, st := newWriter(t, []byte("k"))
	p := printer(t, "de")
	st.Update(func(tx *store.Tx) error {
		ms, err := w.Mails(tx, Notice{To: []string{"alice@players.test"}, Lang: "de", Subject: lang.Literal("Betreff"), Body: []lang.Msg{lang.Literal("Hallo.")}})
		if err != nil || len(ms) != 1 {
			t.Fatalf("%d mails, %v", len(ms), err)
		}
		m := ms[0]
		if !strings.Contains(m.Text, "Hallo.") || !strings.Contains(m.Text, "PBM Test") || m.Lang != "de" {
			t.Errorf("a notice lacks its text, the server's name or its language: %+v", m)
		}
		answer := m
		answer.Kind = "auto-replied"
		if err := w.ListUnsubscribe(tx, &answer, p); err != nil || answer.Unsubscribe != "" || answer.Text != m.Text {
			t.Errorf("an answer got an unsubscribe line: %q, %v", answer.Unsubscribe, err)
		}
		if err := w.ListUnsubscribe(tx, &m, p); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(m.Unsubscribe, "<mailto:pbm+unsub.") || !strings.HasSuffix(m.Unsubscribe, "@games.test?subject=unsubscribe>") {
			t.Errorf("List-Unsubscribe %q", m.Unsubscribe)
		}
		addr := strings.TrimSuffix(strings.TrimPrefix(m.Unsubscribe, "<mailto:"), "?subject=unsubscribe>")
		if !strings.Contains(m.Text, p.T("MailUnsubscribe", "Server", "PBM Test", "Address", addr)) {
			t.Errorf("the text does not say how to stop the mail in German:\n%s", m.Text)
		}
		return nil
	})
}

// What was sent is kept as digests of its lines, never the line with
// a reply address, and found again by its Message-ID.
func TestKeepSent(t *testing.T) {
	w, st := newWriter(t, []byte("k"))
	text := "Nim Board 101\nalice to move\nReply to pbm+nim.101.1.secret@games.test\n"
	if err := st.Update(func(tx *store.Tx) error { return w.KeepSent(tx, "<1@games.test>", text) }); err != nil {
		t.Fatal(err)
	}
	st.View(func(tx *store.Tx) error {
		rec, ok, err := tx.SentRecord("<1@games.test>")
		if err != nil || !ok {
			t.Fatalf("the digests of a sent mail are not kept: %v %v", ok, err)
		}
		if len(rec.Digests) != 2 || !rec.At.Equal(at) {
			t.Errorf("kept %d digests at %v, want the 2 lines without a reply address at %v", len(rec.Digests), rec.At, at)
		}
		return nil
	})
}

// A template that does not render is an error that does not come and
// go: the caller's Broken marks it.
func TestRenderBroken(t *testing.T) {
	mark := errors.New("broken")
	w, err := New(Config{Name: "PBM Test", Address: "pbm@games.test", Broken: func(err error) error { return errors.Join(mark, err) }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Render("no-such.txt", nil); !errors.Is(err, mark) {
		t.Errorf("a missing template: %v", err)
	}
	if text, err := w.Render("notice.txt", map[string]any{"Text": "Hello.", "Server": "PBM Test"}); err != nil || !strings.Contains(text, "Hello.") {
		t.Errorf("the notice template: %q, %v", text, err)
	}
}

// The writer of mails stands below the core: it never imports it.
func TestNoticeImportsNoCore(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range file.Imports {
			if p := strings.Trim(imp.Path.Value, `"`); p == "github.com/pbmgo/pbm/pbm" {
				t.Errorf("%s imports the core", f)
			}
		}
	}
}

// A notice to an account goes to each of its addresses in its
// language (the server's when it has none); a closed or unknown
// account is not told; a notice about a board is in its thread, and
// only a player of the running board gets its reply address.
func TestMailsOfANotice(t *testing.T) {
	w, st := newWriter(t, []byte("k"))
	b := store.Board{Game: "nim", Number: 7, Players: []string{"alice", "bob"}, ThreadID: "<t7@games.test>"}
	st.Update(func(tx *store.Tx) error {
		for _, u := range []store.User{
			{ID: "alice", Language: "hu", Addresses: []string{"alice@players.test", "alice@work.test"}, Hash: []byte("a")},
			{ID: "carol", Addresses: []string{"carol@players.test"}},
			{ID: "dave", Closed: true, Addresses: []string{"dave@players.test"}},
		} {
			if err := tx.PutUser(u); err != nil {
				t.Fatal(err)
			}
		}
		say := Notice{Subject: lang.M("MailSubjectChat", "Title", "Nim", "Number", 7, "Who", "bob"),
			Body: Written(func(p lang.Printer) string { return p.T("BoardCommentBy", "Who", "bob") + "\n\nhi" }), Board: &b}
		to := func(user string) []Mail {
			n := say
			n.User = user
			ms, err := w.Mails(tx, n)
			if err != nil {
				t.Fatal(err)
			}
			return ms
		}
		hu, nl := printer(t, "hu"), printer(t, "nl")
		ms := to("alice")
		if len(ms) != 2 || ms[0].To != "alice@players.test" || ms[1].To != "alice@work.test" {
			t.Fatalf("alice's mails: %+v", ms)
		}
		for _, m := range ms {
			if m.Lang != "hu" || m.Subject != hu.Render(say.Subject) || !strings.Contains(m.Text, hu.T("BoardCommentBy", "Who", "bob")) {
				t.Errorf("not in alice's language: %q\n%s", m.Subject, m.Text)
			}
			if m.InReplyTo != b.ThreadID || len(m.References) != 1 || m.References[0] != b.ThreadID {
				t.Errorf("not in the board's thread: %q %q", m.InReplyTo, m.References)
			}
			want, _ := w.ReplyAddress(tx, b, store.User{ID: "alice", Hash: []byte("a")}, m.To)
			if m.ReplyTo == "" || m.ReplyTo != want {
				t.Errorf("a player's reply address %q, want %q", m.ReplyTo, want)
			}
		}
		ms = to("carol")
		if len(ms) != 1 || ms[0].ReplyTo != "" || ms[0].Lang != "nl" || ms[0].Subject != nl.Render(say.Subject) {
			t.Errorf("a reader who does not play, in the server's language: %+v", ms)
		}
		if ms := to("dave"); len(ms) != 0 {
			t.Errorf("a closed account is told: %+v", ms)
		}
		if ms := to("nobody"); len(ms) != 0 {
			t.Errorf("an unknown account is told: %+v", ms)
		}
		return nil
	})
}

// A board mail shows the board, its moves and who is to move, with
// what the core gives it (the vote line, the web link, the computer),
// in the reader's language; its subject names the player to move.
func TestRenderBoard(t *testing.T) {
	cat := catalogue(t)
	w := writerWith(t, func(c *Config) {
		c.TokenKey, c.ForfeitDays = nil, 21
		c.Link = func(game string, n int) string { return "https://games.test/" + game + "/" + strconv.Itoa(n) }
		c.Vote = func(p lang.Printer, b store.Board) string { return "VOTE LINE" }
		c.Computer = func(id string) bool { return id == "computer" }
	})
	st := storetest.Open(t)
	g := enginetest.Nim{}
	pos := nimGame(t)
	if _, err := pos.Play("take1"); err != nil {
		t.Fatal(err)
	}
	b := store.Board{Game: "nim", Number: 5, Players: []string{"alice", "computer"}, Created: at, Updated: at,
		Log: []store.Entry{{Seat: 0, Move: "take1", At: at}}}
	st.View(func(tx *store.Tx) error {
		for _, code := range []string{"en", "hu"} {
			p := cat.For(code)
			text, err := w.RenderBoard(p, tx, b, g, pos, -1, false, "alice took one.", "", "", nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"alice took one.", "VOTE LINE", "https://games.test/nim/5", "take1", "PBM Test"} {
				if !strings.Contains(text, want) {
					t.Errorf("%s: the board mail lacks %q:\n%s", code, want, text)
				}
			}
			if subject := p.Render(BoardSubject(g, b, pos, true, true)); !strings.Contains(subject, "computer") || !strings.HasSuffix(subject, " **") ||
				subject != p.T("MailSubjectBoardNew", "Title", "Nim", "Number", 5)+" computer **" {
				t.Errorf("%s: subject %q", code, subject)
			}
		}
		return nil
	})
}

// A queued mail is in the outbox as MIME from the server, with its
// Message-ID, the List-Unsubscribe line in the reader's language, the
// text cut by Bound, and the digests of what was sent kept; a mail
// without a recipient is not queued.
func TestEnqueue(t *testing.T) {
	w := writerWith(t, func(c *Config) {
		c.Bound = func(p lang.Printer, text string) string { return strings.ReplaceAll(text, "LONG", "cut") }
	})
	st := storetest.Open(t)
	if err := st.Update(func(tx *store.Tx) error {
		if err := w.Enqueue(tx, 0, Mail{Subject: "nobody"}); err != nil {
			return err
		}
		return w.Enqueue(tx, 0, Mail{To: "alice@players.test", Subject: "Hallo", Text: "A LONG line.\n", Lang: "de"})
	}); err != nil {
		t.Fatal(err)
	}
	st.View(func(tx *store.Tx) error {
		out, err := tx.Outbox()
		if err != nil || len(out) != 1 {
			t.Fatalf("outbox %d mails, %v", len(out), err)
		}
		m := out[0]
		raw := string(m.Raw)
		if m.From != "pbm@games.test" || m.To != "alice@players.test" || !m.Queued.Equal(at) || !strings.HasSuffix(m.MessageID, "@games.test") {
			t.Errorf("outbox entry from %s to %s at %v as %s", m.From, m.To, m.Queued, m.MessageID)
		}
		if !strings.Contains(raw, "List-Unsubscribe: <mailto:pbm+unsub.") || !strings.Contains(raw, "A cut line.") || strings.Contains(raw, "LONG") {
			t.Errorf("the mail lacks its unsubscribe header or was not cut:\n%s", raw)
		}
		if _, ok, _ := tx.SentRecord(m.MessageID); !ok {
			t.Errorf("what was sent as %s is not kept", m.MessageID)
		}
		return nil
	})
}

// The mails of a board after a change: each address of each player
// then subscriber, in the reader's language and the board's thread, a
// picture (one per language) unless turned off, and a reply address
// for a player of the running board only; the unknown computer and a
// closed account get none.
func TestBoardMails(t *testing.T) {
	w := writerWith(t, nil)
	st := storetest.Open(t)
	g := enginetest.Nim{}
	pos := nimGame(t)
	b := store.Board{Game: "nim", Number: 9, Players: []string{"alice", "computer"}, Subscribers: []string{"carol", "dave", "erin"},
		ThreadID: "t9@games.test", Created: at, Updated: at}
	st.Update(func(tx *store.Tx) error {
		for _, u := range []store.User{
			{ID: "alice", Language: "hu", NoPictures: true, Addresses: []string{"alice@players.test"}},
			{ID: "carol", Addresses: []string{"carol@players.test", "carol@work.test"}},
			{ID: "dave", Closed: true, Addresses: []string{"dave@players.test"}},
			{ID: "erin", Addresses: []string{"erin@players.test"}},
		} {
			if err := tx.PutUser(u); err != nil {
				t.Fatal(err)
			}
		}
		ms, err := w.BoardMails(tx, b, g, pos, Change{New: true, Said: []lang.Msg{lang.Literal("The board starts.")}})
		if err != nil {
			t.Fatal(err)
		}
		var to []string
		for _, m := range ms {
			to = append(to, m.To)
			if m.InReplyTo != b.ThreadID || !strings.Contains(m.Text, "The board starts.") {
				t.Errorf("%s: not in the thread or without the change", m.To)
			}
		}
		if strings.Join(to, " ") != "alice@players.test carol@players.test carol@work.test erin@players.test" {
			t.Fatalf("board mails to %v", to)
		}
		hu := printer(t, "hu")
		if a := ms[0]; a.Lang != "hu" || a.Subject != hu.Render(BoardSubject(g, b, pos, true, false)) || a.Picture != nil || a.ReplyTo == "" {
			t.Errorf("the player's mail: %s %q picture %v reply %q", a.Lang, a.Subject, a.Picture != nil, a.ReplyTo)
		}
		if c := ms[1]; c.Lang != "en" || c.ReplyTo != "" || c.Picture == nil || c.Picture != ms[3].Picture {
			t.Errorf("a subscriber's mail: %s reply %q, one picture per language: %v", c.Lang, c.ReplyTo, c.Picture != nil && c.Picture == ms[3].Picture)
		}
		return nil
	})
}

// In a group commit a mail with a picture takes its outbox number when
// it is sent and is queued under it once the pictures are drawn, so a
// recipient's mails keep their order; a picture that panics fails the
// batch with an error Config.Broken marks.
func TestLaterKeepsTheOrder(t *testing.T) {
	mark := errors.New("broken")
	w := writerWith(t, func(c *Config) { c.Broken = func(err error) error { return errors.Join(mark, err) } })
	st := storetest.Open(t)
	g := enginetest.Nim{}
	pos := nimGame(t)
	later := w.Later()
	if LaterOf(WithLater(context.Background(), later)) != later || LaterOf(context.Background()) != nil {
		t.Fatal("the waiting set is not found under its context")
	}
	b := store.Board{Game: "nim", Number: 4, Players: []string{"alice", "bob"}}
	if err := st.Update(func(tx *store.Tx) error {
		if err := later.Add(tx, Mail{To: "alice@players.test", Subject: "first", Text: "1\n", Picture: NewPicture(printer(t, "en"), g, b, pos)}); err != nil {
			return err
		}
		if err := w.Enqueue(tx, 0, Mail{To: "alice@players.test", Subject: "second", Text: "2\n"}); err != nil {
			return err
		}
		return later.Queue(tx)
	}); err != nil {
		t.Fatal(err)
	}
	st.View(func(tx *store.Tx) error {
		out, _ := tx.Outbox()
		if len(out) != 2 || out[0].Subject != "first" || out[1].Subject != "second" {
			t.Errorf("outbox order: %d mails", len(out))
			for _, m := range out {
				t.Logf("%d %s", m.Seq, m.Subject)
			}
		}
		return nil
	})
	bad := w.Later()
	st.Update(func(tx *store.Tx) error {
		if err := bad.Add(tx, Mail{To: "bob@players.test", Subject: "x", Picture: &Picture{pr: printer(t, "en"), g: g, b: store.Board{Number: 3}, st: panicking{pos}}}); err != nil {
			t.Fatal(err)
		}
		if err := bad.Queue(tx); !errors.Is(err, mark) || !strings.Contains(err.Error(), "picture of board 3: panic") {
			t.Errorf("a picture that panics: %v", err)
		}
		return nil
	})
}

// panicking is a position whose picture panics.
type panicking struct{ engine.State }

func (panicking) Picture() picture.Picture { panic("no picture") }
