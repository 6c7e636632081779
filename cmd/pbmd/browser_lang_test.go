package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/eko"
	"github.com/pbmgo/pbm/engine/esagek"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// TestBrowserLanguages runs the pbmd binary with its web site and loads
// its pages in headless Chromium asking, by Accept-Language, for
// Hungarian, Czech, Dutch and German: each page is in that language
// (<html lang>, its headings, dates and help), and the switch on the
// page changes the language of that page and of the pages after it,
// whatever the browser asks for, at the page's own URL.
func TestBrowserLanguages(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the daemon and runs Chromium")
	}
	chrome := chromium()
	if chrome == "" {
		t.Skip("Chromium is not installed (bash .ci/chromium.sh installs it); browser tests skipped")
	}
	data := filepath.Join(t.TempDir(), "pbm.db")
	st, err := store.Open(store.Config{Path: data})
	if err != nil {
		t.Fatal(err)
	}
	games := []engine.Game{hexemergo.Game{}, esagek.Game{}, hexatri.Game{}, eko.Game{}}
	err = st.Update(func(tx *store.Tx) error {
		for _, g := range games {
			b, _ := browserBoard(t, g, 2, nil, 7, 4)
			for i := range b.Log {
				b.Log[i].At = time.Date(2026, 1, 5, 14, i, 0, 0, time.UTC)
			}
			if err := tx.PutBoard(b); err != nil {
				return err
			}
		}
		return tx.PutRating("hexemergo", store.Rating{User: "alice", Rating: 1650, Games: 3, Won: 2, Lost: 1})
	})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	cat, err := lang.Load()
	if err != nil {
		t.Fatal(err)
	}

	base := startWebDaemon(t, data)
	shots := artefacts(t, "pbm-browser-lang-")
	ctx := headless(t, chrome)
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	// asks makes the browser ask for code, forgetting any choice made
	// with the switch.
	asks := func(code string) error {
		if _, err := chromedp.Call(ctx, network.ClearBrowserCookies, struct{}{}); err != nil {
			return err
		}
		_, err := chromedp.Call(ctx, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{
			Headers: network.Headers{"Accept-Language": code + "-XX," + code + ";q=0.9"}})
		return err
	}
	// read is what a page shows: its language, its headings, its text.
	type shown struct {
		Lang, Headings, Text, Search string
		Switch                       []string
	}
	read := func() (shown, error) {
		return chromedp.Run(ctx, chromedp.Evaluate[shown](`({
			Lang: document.documentElement.lang,
			Headings: Array.from(document.querySelectorAll("h1, h2, h3, th, caption")).map(e => e.textContent).join(" | "),
			Text: document.body.innerText,
			Search: location.search,
			Switch: Array.from(document.querySelectorAll("#languages a")).map(a => a.hreflang),
		})`))
	}

	for _, code := range lang.Codes[1:] {
		p := cat.For(code)
		if err := asks(code); err != nil {
			t.Fatal(err)
		}
		// A board page: the headings and the dates of the moves.
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/hexemergo/101"), chromedp.WaitVisible("#moves")); err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		page, err := read()
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{p.T("WebTextBoard"), p.T("WebPlayers"), p.T("WebMoves"), p.T("WebData")} {
			if !strings.Contains(page.Headings, want) {
				t.Errorf("%s board page: no heading %q in %q", code, want, page.Headings)
			}
		}
		for _, english := range []string{"Text board", "Players", "Moves", "Record (text)"} {
			if strings.Contains(page.Text, english) {
				t.Errorf("%s board page says %q:\n%s", code, english, page.Text)
			}
		}
		if page.Lang != code || len(page.Switch) != len(lang.Codes)-1 {
			t.Errorf("%s board page: lang %q, switch %v", code, page.Lang, page.Switch)
		}
		if day := p.Date(time.Date(2026, 1, 5, 14, 0, 0, 0, time.UTC)); !strings.Contains(page.Text, day) {
			t.Errorf("%s board page: no date written %q", code, day)
		}
		if shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(80)); err == nil {
			os.WriteFile(filepath.Join(shots, "lang-"+code+"-board.jpg"), shot, 0o644)
		}
		// The help of the game whose rule book is in this language.
		for _, g := range games {
			text, ok := engine.HelpIn(g, code)
			if !ok {
				continue
			}
			// Navigate returns once the page has loaded.
			if err := chromedp.Do(ctx, chromedp.Navigate(base+"/"+g.Name()+"/help")); err != nil {
				where, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href + "\n" + document.body.innerText.slice(0, 500)`))
				t.Fatalf("%s %s help: %v\n%s", code, g.Name(), err, where)
			}
			help, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("pre").textContent`))
			if err != nil {
				t.Fatal(err)
			}
			if help != text {
				t.Errorf("%s %s help: not the summary in %s", code, g.Name(), code)
			}
		}
		// The player page, then the switch to English and back.
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/player/alice"), chromedp.WaitVisible("#ratings")); err != nil {
			t.Fatalf("%s player page: %v", code, err)
		}
		if page, err = read(); err != nil {
			t.Fatal(err)
		}
		if page.Lang != code || !strings.Contains(page.Headings, p.T("WebRatings")) {
			t.Errorf("%s player page: lang %q, headings %q", code, page.Lang, page.Headings)
		}
		other := "en"
		if code == "hu" {
			other = "de"
		}
		if err := chromedp.Do(ctx, chromedp.Click(`#languages a[hreflang="`+other+`"]`), chromedp.WaitVisible(`#languages strong[lang="`+other+`"]`)); err != nil {
			t.Fatalf("%s: the switch to %s: %v", code, other, err)
		}
		if page, err = read(); err != nil {
			t.Fatal(err)
		}
		if page.Lang != other || strings.Contains(page.Search, "lang=") || !strings.Contains(page.Headings, cat.For(other).T("WebRatings")) {
			t.Errorf("%s, switched to %s: lang %q, query %q, headings %q", code, other, page.Lang, page.Search, page.Headings)
		}
		// The choice holds on the next page, though the browser still
		// asks for the other language.
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/hexemergo"), chromedp.WaitVisible("h1")); err != nil {
			t.Fatal(err)
		}
		if page, err = read(); err != nil {
			t.Fatal(err)
		}
		if page.Lang != other {
			t.Errorf("%s, switched to %s: the next page is in %q", code, other, page.Lang)
		}
		if shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(80)); err == nil {
			os.WriteFile(filepath.Join(shots, "lang-"+code+"-switched-"+other+".jpg"), shot, 0o644)
		}
	}
}
