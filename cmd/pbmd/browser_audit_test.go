package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	gomail "github.com/emersion/go-message/mail"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/eko"
	"github.com/pbmgo/pbm/engine/esagek"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/drawing"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/store"
)

// axeScript finds axe-core's axe.min.js, which .ci/chromium.sh installs
// with npm: $PBM_AXE_DIR or /usr/local/lib/pbm-axe. "" when missing.
func axeScript() string {
	dir := os.Getenv("PBM_AXE_DIR")
	if dir == "" {
		dir = "/usr/local/lib/pbm-axe"
	}
	p := filepath.Join(dir, "node_modules", "axe-core", "axe.min.js")
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	return p
}

// brokenWords lists the words and numbers of the page's text (outside
// preformatted blocks and pictures) that the layout split over two
// lines. A hyphen may end a line: a token is what lies between spaces
// and hyphens.
const brokenWords = `(() => {
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let n;
  while ((n = walker.nextNode())) {
    const p = n.parentElement;
    if (!p || p.closest("pre, svg, script, style, .sr")) continue;
    const re = /[^\s\-\u2010-\u2015]+/g;
    let m;
    while ((m = re.exec(n.data))) {
      const r = document.createRange();
      r.setStart(n, m.index);
      r.setEnd(n, m.index + m[0].length);
      const rects = Array.from(r.getClientRects()).filter(x => x.width > 0 && x.height > 0);
      if (rects.length > 1 && rects.some(x => Math.abs(x.top - rects[0].top) > rects[0].height / 2)) {
        broken.push(m[0]);
      }
    }
  }
  return broken.slice(0, 20);
})()`

// overflowing lists the elements that reach past the window's right
// edge outside the regions that scroll by themselves.
const overflowing = `Array.from(document.querySelectorAll("body *"))
  .filter(e => e.getBoundingClientRect().right > screen.width + 1 && !e.closest("svg") && !e.querySelector(".scroll, .pre") && !(e.parentElement && e.parentElement.closest(".scroll, .pre") && getComputedStyle(e).position !== "absolute"))
  .slice(0, 6).map(e => e.tagName + "#" + e.id + "." + e.className + ": " + e.textContent.slice(0, 60))`

// axeRun runs axe-core's WCAG 2.1 A and AA rules, and the landmark and
// keyboard-scrolling rules of its best practices, and lists each
// violation with the elements it found.
const axeRun = `(async () => {
  const say = r => r.violations.map(v => v.id + " (" + v.impact + "): " + v.nodes.slice(0, 4).map(n => n.target.join(" ")).join(" | "));
  const wcag = await axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}});
  const best = await axe.run(document, {runOnly: {type: "rule", values: ["region", "landmark-one-main", "scrollable-region-focusable"]}});
  return say(wcag).concat(say(best));
})()`

// TestBrowserAudit loads every kind of page of the web site, and the
// HTML part of a board mail, in headless Chromium at a phone's 390 px
// and a desktop's 1280 px: no word or number is broken over two lines,
// nothing is wider than the screen, and axe-core finds no WCAG 2.1 A or
// AA violation (nor a missing main landmark, content outside the
// landmarks, or a region that scrolls but cannot be reached from the
// keyboard). A screenshot of each is written.
func TestBrowserAudit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the daemon and runs Chromium")
	}
	chrome := chromium()
	if chrome == "" {
		t.Skip("Chromium is not installed (bash .ci/chromium.sh installs it); browser tests skipped")
	}
	axePath := axeScript()
	if axePath == "" {
		if os.Getenv("PBM_BROWSER_AUDIT") != "" {
			t.Fatal("axe-core is not installed: bash .ci/chromium.sh installs it")
		}
		t.Skip("axe-core is not installed (bash .ci/chromium.sh installs it with npm); the audit is skipped")
	}
	axeSource, err := os.ReadFile(axePath)
	if err != nil {
		t.Fatal(err)
	}

	type game struct {
		g       engine.Game
		players int
		opts    map[string]string
		plies   int
	}
	games := []game{
		{hexemergo.Game{}, 2, nil, 8},
		{esagek.Game{}, 6, map[string]string{"invasion": ""}, 4},
		{hexatri.Game{}, 6, map[string]string{"size": "4"}, 6},
		{eko.Game{}, 4, nil, 5},
	}
	data := filepath.Join(t.TempDir(), "pbm.db")
	st, err := store.Open(store.Config{Path: data})
	if err != nil {
		t.Fatal(err)
	}
	boards := map[string]store.Board{}
	err = st.Update(func(tx *store.Tx) error {
		for _, g := range games {
			b, _ := browserBoard(t, g.g, g.players, g.opts, 11, g.plies)
			boards[g.g.Name()] = b
			if err := tx.PutBoard(b); err != nil {
				return err
			}
			for n := 102; n < 106; n++ {
				c := b
				c.Number = n
				if n == 105 {
					c.Over, c.Outcome = true, "Game won by alice."
				}
				if err := tx.PutBoard(c); err != nil {
					return err
				}
			}
		}
		return putWinter(tx)
	})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}

	// The HTML part of a board mail, as the mail writer composes it
	// with the picture and text board of a real position.
	mailPage := filepath.Join(t.TempDir(), "board-mail.html")
	{
		b := boards["hexemergo"]
		g := hexemergo.Game{}
		pos, err := g.New(len(b.Players), b.GameOptions(), b.Seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range b.Log {
			if _, err := pos.Play(e.Move); err != nil {
				t.Fatal(err)
			}
		}
		pr := lang.English()
		p, ok := board.PictureIn(pr, b, pos)
		if !ok {
			t.Fatal("no picture")
		}
		var png bytes.Buffer
		if err := drawing.PNG(&png, p); err != nil {
			t.Fatal(err)
		}
		text := "alice moved D5.\n\n" + board.TextBoardIn(pr, b, pos) +
			"\nTo play move 9, send: hexemergo move 101 alice <password> <move>#9\n"
		w, err := mail.NewWriter("pbm@localhost", "pbm")
		if err != nil {
			t.Fatal(err)
		}
		raw, err := w.Compose(mail.Out{To: "alice@example.org", Subject: "HexEmergo board 101", Text: text, PNG: png.Bytes(),
			Alt: "HexEmergo board 101 after move 8: " + p.Status, Link: "http://127.0.0.1/hexemergo/101"}, "id.1@localhost", time.Now())
		if err != nil {
			t.Fatal(err)
		}
		html := htmlPart(t, raw)
		if err := os.WriteFile(mailPage, html, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	base := startWebDaemon(t, data)
	shots := artefacts(t, "pbm-audit-")
	ctx := headlessFor(t, chrome, 20*time.Minute)
	pages := []string{base + "/", base + "/hexemergo", base + "/player/alice", base + "/hexemergo/tournament/winter",
		base + "/hexemergo/standings", base + "/eko/help", "file://" + mailPage}
	for _, g := range games {
		pages = append(pages, base+"/"+g.g.Name()+"/101")
	}
	for _, width := range []int{390, 1280} {
		var err error
		if width == 390 {
			err = chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		} else {
			err = chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900))
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, url := range pages {
			name := fmt.Sprintf("%d-%s", width, strings.NewReplacer("/", "-", ":", "", ".", "-").Replace(strings.TrimPrefix(strings.TrimPrefix(url, base+"/"), "file://")))
			if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitReady(chromedp.CSS("body"))); err != nil {
				t.Fatalf("%s at %d px: %v", url, width, err)
			}
			size, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[document.documentElement.scrollWidth, window.innerWidth]`))
			if err != nil {
				t.Fatal(err)
			}
			if len(size) != 2 || size[1] != width || size[0] > size[1] {
				wide, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](overflowing))
				t.Errorf("%s at %d px: the page is %v wide (scroll width, window): %q", url, width, size, wide)
			}
			broken, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](brokenWords))
			if err != nil {
				t.Fatal(err)
			}
			if len(broken) > 0 {
				t.Errorf("%s at %d px: words broken over two lines: %q", url, width, broken)
			}
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](string(axeSource)+";\ntrue")); err != nil {
				t.Fatalf("%s: loading axe-core: %v", url, err)
			}
			violations, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](axeRun, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatalf("%s: axe-core: %v", url, err)
			}
			for _, v := range violations {
				t.Errorf("%s at %d px: axe-core: %s", url, width, v)
			}
			if shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
				os.WriteFile(filepath.Join(shots, name+".png"), shot, 0o644)
			}
		}
	}
}

// htmlPart is the text/html part of a composed mail.
func htmlPart(t *testing.T, raw []byte) []byte {
	t.Helper()
	r, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if h, ok := p.Header.(*gomail.InlineHeader); ok {
			if ct, _, _ := h.ContentType(); ct == "text/html" {
				b, err := io.ReadAll(p.Body)
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
		}
	}
	t.Fatal("the mail has no HTML part")
	return nil
}
