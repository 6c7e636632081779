package daemon

import (
	"bytes"
	"context"
	"image/png"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/emersion/go-message"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/player"
)

// part is one leaf of a mail's MIME tree with the media types of the
// multiparts above it.
type part struct {
	path    []string
	header  message.Header
	body    []byte
	related map[string]string
}

func leaves(t *testing.T, raw []byte) []part {
	t.Helper()
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var out []part
	var walk func(e *message.Entity, path []string, params map[string]string)
	walk = func(e *message.Entity, path []string, params map[string]string) {
		ct, ps, _ := e.Header.ContentType()
		if mr := e.MultipartReader(); mr != nil {
			for {
				p, err := mr.NextPart()
				if err == io.EOF {
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				walk(p, append(append([]string(nil), path...), ct), ps)
			}
		}
		b, _ := io.ReadAll(e.Body)
		out = append(out, part{path: path, header: e.Header, body: b, related: params})
	}
	walk(e, nil, nil)
	return out
}

// A board mail read back over IMAP: the HTML part shows the PNG of
// the board carried in the same multipart/related, and links the
// board's page; the text/plain part is the text a player without
// pictures gets.
func TestBoardMailPicture(t *testing.T) {
	cfg := testConfig(t)
	cfg.Games = engine.NewRegistry(hexemergo.Game{})
	cfg.Web.URL = "http://games.test:8080/"
	d, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	h := &harness{t: t, mail: d.Local, d: d, cfg: cfg}
	alice, bob := h.signup("alice"), h.signup("bob")
	if r := h.command(bob, "pictures bob pw-bob off", ""); !strings.Contains(r.Text, "text board only") {
		t.Fatalf("pictures off: %s", r.Text)
	}
	hostile := `<script>alert(1)</script> "><img src=x onerror=alert(2)>`
	h.command(alice, "hexemergo challenge alice pw-alice alice bob", hostile)
	subject := "New HexEmergo Board 101"
	got := map[string]player.Mail{}
	for name, p := range map[string]*player.Player{"alice": alice, "bob": bob} {
		ms, err := p.Await(wait, player.Count(subject, 1))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got[name] = player.WithSubject(ms, subject)[0]
	}
	// alice's board is also the answer to her challenge: the command
	// and its OK stand above the same board text.
	// bob's, which answers no mail of his, ends with the way to stop
	// the mail (List-Unsubscribe's line).
	bobText, stopLine, _ := strings.Cut(got["bob"].Text, "\nTo stop all mail from Test Server to this address")
	bobHeader := got["bob"].Header
	if stopLine == "" || bobHeader.Get("List-Unsubscribe") == "" {
		t.Errorf("bob's board mail has no way to stop it:\n%s", got["bob"].Text)
	}
	if !strings.HasSuffix(got["alice"].Text, "\n\n"+bobText) || !strings.HasPrefix(got["alice"].Text, "> hexemergo challenge alice ********") || !strings.Contains(got["bob"].Text, "A - ") {
		t.Errorf("the text parts differ or lack the board:\n%s\n---\n%s", got["alice"].Text, got["bob"].Text)
	}
	var cid, html string
	var img []byte
	for _, p := range leaves(t, got["alice"].Raw) {
		ct, _, _ := p.header.ContentType()
		switch ct {
		case "text/html":
			html = string(p.body)
			if strings.Join(p.path, " ") != "multipart/alternative multipart/related" || p.related["type"] != "text/html" {
				t.Errorf("HTML part under %v %v", p.path, p.related)
			}
		case "image/png":
			cid = strings.Trim(p.header.Get("Content-ID"), "<>")
			img = p.body
		}
	}
	m := regexp.MustCompile(`<img src="cid:([^"]+)"`).FindStringSubmatch(html)
	if m == nil || cid == "" || m[1] != cid {
		t.Fatalf("HTML references %v, image Content-ID %q:\n%s", m, cid, html)
	}
	pic, err := png.Decode(bytes.NewReader(img))
	if err != nil || pic.Bounds().Dx() != 640 {
		t.Fatalf("image: %v %v", err, pic)
	}
	if !strings.Contains(html, `href="http://games.test:8080/hexemergo/101"`) {
		t.Errorf("no link to the board page:\n%s", html)
	}
	for _, bad := range []string{"<script", "onerror=alert(2)>", `"><img`} {
		if strings.Contains(html, bad) {
			t.Errorf("HTML mail holds %q", bad)
		}
	}
	if !strings.Contains(html, "&lt;script&gt;") {
		t.Errorf("the comment is not shown as text:\n%s", html)
	}
	for _, p := range leaves(t, got["bob"].Raw) {
		if ct, _, _ := p.header.ContentType(); strings.HasPrefix(ct, "image/") {
			t.Errorf("bob turned pictures off but got %s", ct)
		}
	}
}
