package daemon

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/player"
)

// The daemon's web site agrees with its mails: a board removed by a
// declined challenge says on its page what its mail said and is in no
// history, and a running board's page names the server's address to
// mail, never a player's.
func TestSiteAgreesWithMails(t *testing.T) {
	cfg := testConfig(t)
	cfg.Games = engine.NewRegistry(hexemergo.Game{})
	cfg.Web.Listen = "127.0.0.1:0"
	cfg.Web.URL = "https://games.example.test/"
	d, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	h := &harness{t: t, mail: d.Local, d: d, cfg: cfg}
	alice, bob := h.signup("alice"), h.signup("bob")
	h.command(alice, "hexemergo challenge alice pw-alice alice bob", "")
	h.command(bob, "hexemergo resign 101 bob pw-bob", "")
	const subject = "HexEmergo Board 101 removed"
	ms, err := alice.Await(wait, player.Count(subject, 1))
	if err != nil {
		t.Fatal(err)
	}
	const status = "The challenge was declined by bob: the board is removed, unrated."
	if m := player.WithSubject(ms, subject)[0]; !strings.Contains(m.Text, status) {
		t.Fatalf("the mail does not say %q:\n%s", status, m.Text)
	}
	get := func(path string) string { return pageOK(t, d, path) }
	if page := get("/hexemergo/101"); !strings.Contains(page, `<p id="status">`+status+`</p>`) {
		t.Errorf("the page of the removed board does not say %q:\n%s", status, page)
	}
	for _, p := range []string{"/hexemergo", "/hexemergo/history", "/player/bob", "/player/alice/history"} {
		if strings.Contains(get(p), `href="/hexemergo/101"`) {
			t.Errorf("%s lists the removed board", p)
		}
	}

	h.command(alice, "hexemergo challenge alice pw-alice alice bob", "")
	page := get("/hexemergo/102")
	if !strings.Contains(page, `To play, mail <a href="mailto:pbm@localhost" id="address">pbm@localhost</a>:`) {
		t.Errorf("the page does not name the server's address:\n%s", page)
	}
	if strings.Contains(page, "example.test") {
		t.Errorf("the page shows a player's address:\n%s", page)
	}
	if !strings.Contains(get("/hexemergo"), `href="/hexemergo/102"`) {
		t.Error("the running board is not listed")
	}
}

// pageOK is the body of a page of d's web site, which must answer 200.
func pageOK(t *testing.T, d *Daemon, path string) string {
	t.Helper()
	r, err := http.Get("http://" + d.web.addr + path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	if r.StatusCode != 200 {
		t.Fatalf("%s: %s", path, r.Status)
	}
	return string(b)
}
