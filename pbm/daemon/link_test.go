package daemon

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/player"
)

// lockedBuffer collects the daemon's log from its goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// boardMails starts a daemon with its web site on loopback and webURL
// as web.url, has alice challenge bob, and returns the new board's
// mail to alice (with pictures) and to bob (text only), and the log.
func boardMails(t *testing.T, webURL string) (withPicture, textOnly player.Mail, log string) {
	cfg := testConfig(t)
	cfg.Games = engine.NewRegistry(hexemergo.Game{})
	cfg.Web.Listen = "127.0.0.1:0"
	cfg.Web.URL = webURL
	var logs lockedBuffer
	cfg.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	d, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	h := &harness{t: t, mail: d.Local, d: d, cfg: cfg}
	alice, bob := h.signup("alice"), h.signup("bob")
	h.command(bob, "pictures bob pw-bob off", "")
	h.command(bob, "hexemergo challenge bob pw-bob alice bob", "")
	subject := "New HexEmergo Board 101"
	got := map[string]player.Mail{}
	for name, p := range map[string]*player.Player{"alice": alice, "bob": bob} {
		ms, err := p.Await(wait, player.Count(subject, 1))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got[name] = player.WithSubject(ms, subject)[0]
	}
	if len(got["alice"].Image) == 0 || len(got["bob"].Image) != 0 {
		t.Fatalf("alice's mail should carry the picture and bob's not: %d and %d bytes", len(got["alice"].Image), len(got["bob"].Image))
	}
	return got["alice"], got["bob"], logs.String()
}

// With web.url set, a board mail links the board's page in its text
// part and in its HTML part, with the picture and without it; the
// HTML part fits a phone's width and its text board scrolls inside
// itself.
func TestBoardMailLinksPage(t *testing.T) {
	pic, text, log := boardMails(t, "https://games.example.test/")
	const link = "https://games.example.test/hexemergo/101"
	for name, m := range map[string]player.Mail{"with picture": pic, "text only": text} {
		if !strings.Contains(m.Text, "This board on the web: "+link+"\n") {
			t.Errorf("%s: the text part has no link:\n%s", name, m.Text)
		}
		if !strings.Contains(m.HTML, `<a href="`+link+`">`) {
			t.Errorf("%s: the HTML part has no link:\n%s", name, m.HTML)
		}
		if !strings.Contains(m.HTML, `<meta name="viewport" content="width=device-width, initial-scale=1">`) {
			t.Errorf("%s: the HTML part has no viewport:\n%s", name, m.HTML)
		}
		if !strings.Contains(m.HTML, `<div tabindex="0" style="max-width: 100%; overflow-x: auto"><pre style="font-family: monospace; margin: 0">`) {
			t.Errorf("%s: the text board of the HTML part does not scroll inside itself:\n%s", name, m.HTML)
		}
	}
	if strings.Contains(log, "web.url is empty") {
		t.Errorf("warned of an empty web.url that is set:\n%s", log)
	}
}

// In trial mode (the embedded mail servers) without web.url, board
// mails link the site at the address it listens on, which is where
// the players, on this machine, can open it; the daemon says so at
// start rather than warning.
func TestBoardMailTrialLinksOwnSite(t *testing.T) {
	pic, text, log := boardMails(t, "")
	for name, m := range map[string]player.Mail{"with picture": pic, "text only": text} {
		i := strings.Index(m.Text, "This board on the web: http://127.0.0.1:")
		if i < 0 || !strings.Contains(m.Text[i:], "/hexemergo/101\n") {
			t.Errorf("%s: no link to the site's own address:\n%s", name, m.Text)
		}
		if !strings.Contains(m.HTML, `<a href="http://127.0.0.1:`) {
			t.Errorf("%s: the HTML part has no link:\n%s", name, m.HTML)
		}
	}
	if strings.Contains(log, "carry no link") || !strings.Contains(log, "board mails link the web site at its own address") {
		t.Errorf("the start does not say which address board mails link:\n%s", log)
	}
}
