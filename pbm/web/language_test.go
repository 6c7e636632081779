package web

import (
	"encoding/json"
	"html"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// sameWord are the words of the English web messages that are the same
// word in another language (loanwords, names, abbreviations): they may
// stand in a page of that language. "reg" is the name of an Ekö terrain
// in every language, as the rule books write it; "pbm" is the server's
// name and "computer" the userid of the computer opponent.
var sameWord = map[string][]string{
	"":   {"atom", "json", "utc", "buchholz", "sonneborn-berger", "get", "head", "reg", "pbm", "computer", "elo"},
	"nl": {"rating", "ratings", "feed", "in", "met", "open", "per", "start", "server", "mail", "over", "plus"},
	"de": {"feed", "option", "in", "notation", "text", "sand", "per", "server", "mail", "plus", "minus"},
	"cs": {"text", "data", "server", "plus", "minus"},
	"hu": {"most"},
}

// englishWords are the words of the English web messages (web.en.toml)
// of three letters or more, lower case, without their placeholders.
func englishWords(t *testing.T, code string) map[string]bool {
	t.Helper()
	c, err := lang.Load()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	placeholder := regexp.MustCompile(`\{\{[^}]*\}\}`)
	for _, m := range c.Files["en"].Messages {
		if !strings.HasPrefix(m.ID, "Web") {
			continue
		}
		for _, text := range []string{m.One, m.Other} {
			for _, w := range words(placeholder.ReplaceAllString(text, " ")) {
				if len([]rune(w)) >= 3 {
					out[w] = true
				}
			}
		}
	}
	for _, w := range append(slices.Clone(sameWord[""]), sameWord[code]...) {
		delete(out, w)
	}
	return out
}

var wordRE = regexp.MustCompile(`[\p{L}][\p{L}'’-]*`)

// words are the lower-case words of a text; a path or a URL is no word.
func words(text string) []string {
	var out []string
	for _, field := range strings.Fields(text) {
		// Paths, addresses and the notation (G5-G6;R:NONE) are no words.
		if strings.ContainsAny(field, "/?=<>@;") || strings.Contains(strings.TrimRight(field, ":"), ":") {
			continue
		}
		for _, w := range wordRE.FindAllString(field, -1) {
			out = append(out, strings.ToLower(strings.Trim(w, "'’-")))
		}
	}
	return out
}

var (
	preRE   = regexp.MustCompile(`(?s)<pre[^>]*>.*?</pre>`)
	namesRE = regexp.MustCompile(`(?s)<nav class="languages".*?</nav>`)
	svgRE   = regexp.MustCompile(`(?s)<svg[^>]*>\s*(<title>.*?</title>\s*<desc>.*?</desc>).*?</svg>`)
	styleRE = regexp.MustCompile(`(?s)<style>.*?</style>`)
	tagRE   = regexp.MustCompile(`(?s)<[^>]*>`)
	attrRE  = regexp.MustCompile(`(?:title|aria-label)="([^"]*)"`)
)

// visible is what a reader of the page reads or hears: its text and the
// titles and labels of its elements, without the preformatted blocks
// (text boards, commands, rules summaries: notation, checked apart)
// and the switch (each language's name in that language). Of a board's
// picture it keeps the title and the description, which the site
// writes, not the captions that package drawing draws in the picture.
func visible(page string) string {
	page = svgRE.ReplaceAllString(page, "$1")
	page = styleRE.ReplaceAllString(page, " ")
	page = namesRE.ReplaceAllString(page, " ")
	page = preRE.ReplaceAllString(page, " ")
	var labels []string
	for _, m := range attrRE.FindAllStringSubmatch(page, -1) {
		labels = append(labels, m[1])
	}
	return html.UnescapeString(tagRE.ReplaceAllString(page, " ") + " " + strings.Join(labels, " "))
}

// languageSite is a site with a board of every game (one finished),
// a running round robin with results, an open tournament and a pools
// tournament, a seeker and a rating: every kind of page, with
// every part of it shown.
func languageSite(t *testing.T) (string, []string, []store.Board) {
	players := []string{"alice", "bob"}
	var boards []store.Board
	for i, g := range registry.Games() {
		b := played(t, g, 101, players, uint64(i+1), 6)
		for j := range b.Log {
			b.Log[j].At = time.Date(2026, 1, 5, 14, j, 0, 0, time.UTC)
		}
		b.Updated = time.Date(2026, 1, 5, 15, 0, 0, 0, time.UTC)
		b.Over, b.Outcome = false, ""
		boards = append(boards, b)
	}
	// The last game is HexEmergo, whose boards the tournaments use.
	hexemergoBoard := boards[len(boards)-1]
	if hexemergoBoard.Game != "hexemergo" {
		t.Fatalf("the last game is %s", hexemergoBoard.Game)
	}
	done := hexemergoBoard
	done.Number, done.Over, done.Outcome = 102, true, "alice 1 – bob 0"
	boards = append(boards, done)
	for n := 103; n < 109; n++ {
		b := hexemergoBoard
		b.Number = n
		boards = append(boards, b)
	}
	st, srv := newSite(t, boards...)
	if err := st.Update(func(tx *store.Tx) error {
		rr := tournament.Tournament{Game: "hexemergo", Name: "Winter", Organiser: "alice", Format: tournament.RoundRobin, Seats: 2,
			Options: map[string]string{"-nag": "1", "-forfeit": "7", "-total": "30"}, Double: true}
		for _, id := range []string{"alice", "bob", "carol"} {
			if err := rr.Join(id, 1600); err != nil {
				return err
			}
		}
		if err := rr.Start(); err != nil {
			return err
		}
		for i, ri := range rr.Pending() {
			rr.SetBoard(ri[0], ri[1], 103+i)
			if i == 0 {
				if err := rr.Record(103, []float64{1, 0}); err != nil {
					return err
				}
			}
		}
		open := tournament.Tournament{Game: "hexemergo", Name: "Spring", Organiser: "bob", Format: tournament.Swiss, Seats: 2, Rounds: 3, Size: 8,
			StartOn: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)}
		if err := open.Join("alice", 1600); err != nil {
			return err
		}
		for _, tr := range []tournament.Tournament{rr, open} {
			doc, err := json.Marshal(tr)
			if err != nil {
				return err
			}
			if err := tx.PutTournament(tr.Game, tr.Name, doc); err != nil {
				return err
			}
		}
		if err := tx.PutSeek(store.Seek{Game: "hexemergo", User: "alice", Count: 2}); err != nil {
			return err
		}
		return tx.PutRating("hexemergo", store.Rating{User: "alice", Rating: 1650, Games: 3, Won: 2, Lost: 1})
	}); err != nil {
		t.Fatal(err)
	}
	paths := []string{"/", "/player/alice", "/player/alice/running", "/player/alice/history", "/hexemergo/tournaments",
		"/hexemergo/tournament/winter", "/hexemergo/tournament/spring", "/hexemergo/102", "/hexemergo/103", "/eko/tournaments",
		// Error pages.
		"/nosuch", "/hexemergo/999", "/hexemergo/101?move=99", "/hexemergo/running?page=x", "/hexemergo/running?page=9",
		"/player/nobody", "/hexemergo/tournament/zzz", "/hexemergo/101/bogus"}
	for _, g := range registry.Games() {
		n := "/" + g.Name()
		paths = append(paths, n, n+"/help", n+"/standings", n+"/running", n+"/history", n+"/101", n+"/101?move=2", n+"/101/svg")
	}
	return srv.URL, paths, boards
}

// engineWords are the texts of the boards' pictures that the engines
// and the core write, in English, at every position: the status, the
// seats' colours, letters and notes, the terrains. The site shows them
// as they come.
func engineWords(t *testing.T, boards []store.Board) []string {
	var out []string
	for _, b := range boards {
		g, _ := registry.Lookup(b.Game)
		for upto := 0; upto <= len(b.Log); upto++ {
			st, err := replay(g, b, upto)
			if err != nil {
				t.Fatal(err)
			}
			bb := b
			bb.Log = b.Log[:upto]
			p, ok := pbm.BoardPicture(bb, st)
			if !ok {
				continue
			}
			out = append(out, strings.TrimSuffix(p.Status, "."))
			for _, s := range p.Seats {
				out = append(out, s.Note, s.Colour)
			}
			for _, c := range p.Cells {
				out = append(out, "("+string(c.Terrain)+")")
			}
		}
	}
	// The longest first, so that no part of one is taken for another.
	slices.SortFunc(out, func(a, b string) int { return len(b) - len(a) })
	return slices.Compact(out)
}

func getIn(t *testing.T, url string, header ...string) (*http.Response, string) {
	t.Helper()
	r := fetch(t, url, header...)
	return r, body(t, r)
}

// Every page of every kind, asked for in each language by
// Accept-Language, is in that language: <html lang>, a switch to the
// others, and no word of the English messages in what a reader reads.
func TestPagesInEveryLanguage(t *testing.T) {
	base, paths, boards := languageSite(t)
	var pairs []string
	for _, w := range engineWords(t, boards) {
		if w != "" && w != "()" {
			pairs = append(pairs, w, " ")
		}
	}
	engineText := strings.NewReplacer(pairs...)
	for _, code := range lang.Codes[1:] {
		english := englishWords(t, code)
		for _, p := range paths {
			r, page := getIn(t, base+p, "Accept-Language", code+"-XX, en;q=0.5")
			if r.StatusCode != 200 && r.StatusCode != 404 {
				t.Errorf("%s %s: %s", code, p, r.Status)
				continue
			}
			if !strings.Contains(r.Header.Get("Vary"), "Accept-Language") {
				t.Errorf("%s %s: Vary %q", code, p, r.Header.Get("Vary"))
			}
			if strings.HasSuffix(p, "/svg") {
				desc := regexp.MustCompile(`(?s)<title>(.*?)</title>\s*<desc>(.*?)</desc>`).FindStringSubmatch(page)
				if desc == nil {
					t.Errorf("%s %s: no title and desc", code, p)
					continue
				}
				page = desc[1] + " " + desc[2]
			} else if !strings.Contains(page, `<html lang="`+code+`">`) {
				t.Errorf("%s %s: not <html lang=%q>", code, p, code)
			}
			var found []string
			for _, w := range words(engineText.Replace(visible(page))) {
				if english[w] && !slices.Contains(found, w) {
					found = append(found, w)
				}
			}
			if len(found) > 0 {
				t.Errorf("%s %s: English words %q in:\n%s", code, p, found, visible(page))
			}
		}
	}
}

// The switch links each page in every language; following one sets the
// reader's choice, which then outranks Accept-Language on every page.
func TestLanguageSwitch(t *testing.T) {
	base, _, _ := languageSite(t)
	_, page := getIn(t, base+"/hexemergo/101?move=2", "Accept-Language", "de")
	for _, code := range lang.Codes {
		want := `href="/hexemergo/101?lang=` + code + `&amp;move=2"`
		if code == "de" {
			want = `<strong lang="de" aria-current="true">Deutsch</strong>`
		}
		if !strings.Contains(page, want) {
			t.Errorf("the switch has no %s", want)
		}
	}
	r, _ := getIn(t, base+"/hexemergo/101?lang=hu&move=2", "Accept-Language", "de")
	var cookie *http.Cookie
	for _, c := range r.Cookies() {
		if c.Name == "lang" {
			cookie = c
		}
	}
	if r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/hexemergo/101?move=2" || cookie == nil || cookie.Value != "hu" || cookie.Path != "/" {
		t.Fatalf("the switch to hu: %s to %q, cookie %v", r.Status, r.Header.Get("Location"), cookie)
	}
	for _, p := range []string{"/hexemergo/101?move=2", "/", "/eko/help", "/nosuch"} {
		_, page := getIn(t, base+p, "Accept-Language", "de", "Cookie", "lang=hu")
		if !strings.Contains(page, `<html lang="hu">`) {
			t.Errorf("%s with the cookie hu and Accept-Language de is not in Hungarian", p)
		}
	}
	// A code the server does not speak sets nothing.
	if r, _ := getIn(t, base+"/?lang=fr"); r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/" || len(r.Cookies()) != 0 {
		t.Errorf("?lang=fr: %s to %q, cookies %v", r.Status, r.Header.Get("Location"), r.Cookies())
	}
	// No language asked for, or none the server speaks: English.
	for _, al := range []string{"", "fr, ja;q=0.8", "garbage;;q"} {
		if _, page := getIn(t, base+"/", "Accept-Language", al); !strings.Contains(page, `<html lang="en">`) {
			t.Errorf("Accept-Language %q: not English", al)
		}
	}
	if _, page := getIn(t, base+"/", "Accept-Language", "fr, nl-BE;q=0.9, de;q=0.8"); !strings.Contains(page, `<html lang="nl">`) {
		t.Error("the first language the server speaks is not chosen")
	}
}

// Each language has its own ETag; a conditional request in one
// language does not get a 304 for another's. The data documents are the
// same in every language and do not vary.
func TestLanguageCaching(t *testing.T) {
	base, _, _ := languageSite(t)
	tags := map[string]string{}
	for _, code := range lang.Codes {
		r, _ := getIn(t, base+"/hexemergo/101", "Accept-Language", code)
		tags[code] = r.Header.Get("ETag")
		if r.Header.Get("Vary") != "Accept-Language, Cookie" {
			t.Errorf("%s: Vary %q", code, r.Header.Get("Vary"))
		}
		if again, _ := getIn(t, base+"/hexemergo/101", "Accept-Language", code, "If-None-Match", tags[code]); again.StatusCode != 304 {
			t.Errorf("%s: %s with its own ETag", code, again.Status)
		}
	}
	for _, code := range lang.Codes[1:] {
		if tags[code] == tags["en"] {
			t.Errorf("%s has the English ETag", code)
		}
		if r, _ := getIn(t, base+"/hexemergo/101", "Accept-Language", "en", "If-None-Match", tags[code]); r.StatusCode != 200 {
			t.Errorf("English with the ETag of %s: %s", code, r.Status)
		}
	}
	for _, p := range []string{"/hexemergo/102/json", "/hexemergo/102/record", "/hexemergo/102/atom", "/player/alice/atom", "/robots.txt"} {
		en, enBody := getIn(t, base+p)
		hu, huBody := getIn(t, base+p, "Accept-Language", "hu", "Cookie", "lang=cs")
		if enBody != huBody || en.Header.Get("ETag") != hu.Header.Get("ETag") || hu.Header.Get("Vary") != "" {
			t.Errorf("%s differs by language (Vary %q)", p, hu.Header.Get("Vary"))
		}
	}
}

// Dates are written as each language writes them.
func TestLanguageDates(t *testing.T) {
	base, _, _ := languageSite(t)
	for code, want := range map[string]string{
		"en": "<td>2026-01-05 14:01</td>", "hu": "<td>2026. január 5., hétfő 14:01</td>",
		"cs": "<td>pondělí 5. ledna 2026 14:01</td>", "nl": "<td>maandag 5 januari 2026 14:01</td>", "de": "<td>Montag, 5. Januar 2026 14:01</td>",
	} {
		if _, page := getIn(t, base+"/hexemergo/101", "Accept-Language", code); !strings.Contains(page, want) {
			t.Errorf("%s: no %s", code, want)
		}
	}
	_, page := getIn(t, base+"/hexemergo/tournament/spring", "Accept-Language", "de")
	if !strings.Contains(page, "<dd>Sonntag, 1. März 2026</dd>") {
		t.Error("the start day of a tournament is not written in German")
	}
}

// The help page is the engine's summary in the page's language when it
// has one, else the English with a note saying so.
func TestHelpInLanguage(t *testing.T) {
	base, _, _ := languageSite(t)
	for _, g := range registry.Games() {
		for _, code := range lang.Codes {
			_, page := getIn(t, base+"/"+g.Name()+"/help", "Accept-Language", code)
			text, ok := engine.HelpIn(g, code)
			if !ok {
				text = g.Help()
				if !strings.Contains(page, `<p id="help-language">`) || !strings.Contains(page, `<pre lang="en">`) {
					t.Errorf("%s in %s: the English without a note", g.Name(), code)
				}
			} else if strings.Contains(page, `id="help-language"`) {
				t.Errorf("%s in %s: a note though the summary is there", g.Name(), code)
			}
			pre := regexp.MustCompile(`(?s)<pre[^>]*>(.*?)</pre>`).FindStringSubmatch(page)
			if pre == nil || html.UnescapeString(pre[1]) != text {
				t.Errorf("%s in %s: the page does not show the summary", g.Name(), code)
			}
		}
	}
}
