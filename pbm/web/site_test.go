package web

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"html"
	"image/png"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/board"

	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm"
	"github.com/pbmgo/pbm/store"
)

// noRedirect is a client that shows redirects instead of following.
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func fetch(t *testing.T, url string, header ...string) *http.Response {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	r, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Body.Close() })
	return r
}

func body(t *testing.T, r *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// manyBoards is 250 running boards of HexEmergo (101 to 350) and 30
// finished ones (351 to 380), alice in every one.
func manyBoards(t *testing.T) []store.Board {
	running := played(t, hexemergo.Game{}, 0, []string{"alice", "bob"}, 1, 2)
	var out []store.Board
	for i := 0; i < 280; i++ {
		b := running
		b.Number = 101 + i
		b.Updated = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Hour)
		if i >= 250 {
			b.Over, b.Outcome = true, "Game won by alice."
		}
		out = append(out, b)
	}
	return out
}

var boardLink = regexp.MustCompile(`<a href="/hexemergo/(\d+)">`)

// Every running board is reachable through the pages of the list, each
// once, and the game's page and each list page say how many there are.
func TestListsPaged(t *testing.T) {
	_, srv := newSite(t, manyBoards(t)...)
	page := body(t, fetch(t, srv.URL+"/hexemergo"))
	for _, want := range []string{"1 to 20 of 250.", `<a href="/hexemergo/running">All 250</a>`, "1 to 20 of 30.", `<a href="/hexemergo/history">All 30</a>`} {
		if !strings.Contains(page, want) {
			t.Errorf("the game's page has no %q", want)
		}
	}
	seen := map[string]int{}
	next := "/hexemergo/running"
	pages := 0
	for next != "" {
		r := fetch(t, srv.URL+next)
		if r.StatusCode != 200 {
			t.Fatalf("%s: %s", next, r.Status)
		}
		page := body(t, r)
		pages++
		if !strings.Contains(page, fmt.Sprintf("Page %d of 3:", pages)) || !strings.Contains(page, "of 250.") {
			t.Errorf("%s does not say which page of how many", next)
		}
		for _, m := range boardLink.FindAllStringSubmatch(page, -1) {
			seen[m[1]]++
		}
		next = ""
		if m := regexp.MustCompile(`<a rel="next" href="([^"]+)">`).FindStringSubmatch(page); m != nil {
			next = html.UnescapeString(m[1])
		}
	}
	if pages != 3 || len(seen) != 250 {
		t.Fatalf("%d pages, %d boards; want 3 pages of 250 boards", pages, len(seen))
	}
	for n := 101; n <= 350; n++ {
		if c := seen[fmt.Sprint(n)]; c != 1 {
			t.Errorf("board %d listed %d times", n, c)
		}
	}
	if seen["351"] != 0 {
		t.Error("a finished board in the running list")
	}
	if r := fetch(t, srv.URL+"/hexemergo/running?page=4"); r.StatusCode != 404 || !strings.Contains(body(t, r), "the list has 3") {
		t.Errorf("page past the end: %s", r.Status)
	}
	if r := fetch(t, srv.URL+"/hexemergo/running?page=x"); r.StatusCode != 404 || !strings.Contains(body(t, r), "not a page number") {
		t.Errorf("a page that is no number: %s", r.Status)
	}
	for q, want := range map[string]string{"?page=1": "/hexemergo/running", "?page=02": "/hexemergo/running?page=2"} {
		if r := fetch(t, srv.URL+"/hexemergo/running"+q); r.StatusCode != 308 || r.Header.Get("Location") != want {
			t.Errorf("%s: %s to %q, want 308 to %q", q, r.Status, r.Header.Get("Location"), want)
		}
	}
	history := body(t, fetch(t, srv.URL+"/hexemergo/history"))
	if n := len(boardLink.FindAllString(history, -1)); n != 30 || !strings.Contains(history, "Page 1 of 1:") {
		t.Errorf("history: %d boards, want 30", n)
	}
}

// A player's page shows the ratings per game, the boards running and
// the finished ones; every userid on a board page links it.
func TestPlayerPage(t *testing.T) {
	boards := manyBoards(t)
	other := played(t, hexemergo.Game{}, 999, []string{"carol", "dave"}, 2, 2)
	st, srv := newSite(t, append(boards, other)...)
	if err := st.Update(func(tx *store.Tx) error {
		return tx.PutRating("hexemergo", store.Rating{User: "alice", Rating: 1712, Games: 30, Won: 30})
	}); err != nil {
		t.Fatal(err)
	}
	board := body(t, fetch(t, srv.URL+"/hexemergo/101"))
	for _, p := range []string{"alice", "bob"} {
		if !strings.Contains(board, `<a href="/player/`+p+`">`+p+`</a>`) {
			t.Errorf("the board page does not link %s's page", p)
		}
	}
	r := fetch(t, srv.URL+"/player/alice")
	page := body(t, r)
	if r.StatusCode != 200 {
		t.Fatalf("player page: %s", r.Status)
	}
	for _, want := range []string{"<h1>alice</h1>", "<td>1712</td><td>30</td><td>30</td>", "1 to 20 of 250.", "1 to 20 of 30.",
		`<a href="/player/alice/running">All 250</a>`, `<a href="/player/alice/history">All 30</a>`, `href="/player/alice/atom"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the player page has no %q", want)
		}
	}
	if strings.Contains(page, "/hexemergo/999") || strings.Contains(page, "carol") {
		t.Error("the player page lists a board alice does not play")
	}
	// Newest first: the last finished board heads the history.
	hist := page[strings.Index(page, `<div id="history">`):]
	if m := boardLink.FindStringSubmatch(hist); m == nil || m[1] != "380" {
		t.Errorf("the history does not start with board 380: %v", m)
	}
	seen := map[string]bool{}
	for p := 1; p <= 3; p++ {
		url := srv.URL + "/player/alice/running"
		if p > 1 {
			url += fmt.Sprintf("?page=%d", p)
		}
		for _, m := range boardLink.FindAllStringSubmatch(body(t, fetch(t, url)), -1) {
			seen[m[1]] = true
		}
	}
	if len(seen) != 250 {
		t.Errorf("alice's running boards over 3 pages: %d, want 250", len(seen))
	}
	if r := fetch(t, srv.URL+"/player/Alice"); r.StatusCode != 308 || r.Header.Get("Location") != "/player/alice" {
		t.Errorf("/player/Alice: %s to %q", r.Status, r.Header.Get("Location"))
	}
	if r := fetch(t, srv.URL+"/player/nobody"); r.StatusCode != 404 || !strings.Contains(body(t, r), "no player &#34;nobody&#34;") {
		t.Errorf("unknown player: %s", r.Status)
	}
}

// Every page and picture has an ETag; asking again with it gets 304
// and no body, until the board changes. A finished board's data is
// cached for good, a running board's revalidated.
func TestConditionalGet(t *testing.T) {
	running := played(t, hexemergo.Game{}, 101, []string{"alice", "bob"}, 1, 4)
	finished := running
	finished.Number, finished.Over, finished.Outcome = 102, true, "Game won by alice."
	st, srv := newSite(t, running, finished)
	paths := []string{"/", "/hexemergo", "/hexemergo/help", "/hexemergo/standings", "/hexemergo/running", "/hexemergo/history",
		"/hexemergo/101", "/hexemergo/101?move=2", "/hexemergo/101/svg", "/hexemergo/101/json", "/hexemergo/101/record", "/hexemergo/101/atom",
		"/player/alice", "/player/alice/atom", "/robots.txt", "/favicon.ico"}
	tags := map[string]string{}
	for _, p := range paths {
		r := fetch(t, srv.URL+p)
		tag := r.Header.Get("ETag")
		if r.StatusCode != 200 || !strings.HasPrefix(tag, `"`) || r.Header.Get("Cache-Control") == "" {
			t.Errorf("%s: %s, ETag %q, Cache-Control %q", p, r.Status, tag, r.Header.Get("Cache-Control"))
			continue
		}
		tags[p] = tag
		again := fetch(t, srv.URL+p, "If-None-Match", tag)
		if again.StatusCode != 304 || body(t, again) != "" {
			t.Errorf("%s with If-None-Match %s: %s", p, tag, again.Status)
		}
		if other := fetch(t, srv.URL+p, "If-None-Match", `"other"`); other.StatusCode != 200 {
			t.Errorf("%s with another ETag: %s", p, other.Status)
		}
	}
	for p, want := range map[string]string{
		"/hexemergo/101": "no-cache", "/hexemergo/101/svg": "no-cache",
		"/hexemergo/102/svg": "public, max-age=31536000, immutable", "/hexemergo/102/json": "public, max-age=31536000, immutable",
		"/hexemergo/102": "public, max-age=86400",
	} {
		if got := fetch(t, srv.URL+p).Header.Get("Cache-Control"); got != want {
			t.Errorf("%s: Cache-Control %q, want %q", p, got, want)
		}
	}
	// A move changes the board's page, picture and feed.
	next := played(t, hexemergo.Game{}, 101, []string{"alice", "bob"}, 1, 5)
	if err := st.Update(func(tx *store.Tx) error { return tx.PutBoard(next) }); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/hexemergo/101", "/hexemergo/101/svg", "/hexemergo/101/atom", "/hexemergo/101/json"} {
		if r := fetch(t, srv.URL+p, "If-None-Match", tags[p]); r.StatusCode != 200 || r.Header.Get("ETag") == tags[p] {
			t.Errorf("%s after a move: %s, ETag %s unchanged", p, r.Status, tags[p])
		}
	}
}

// Each page has one URL; other spellings are redirected to it, and
// what is not there gets the site's own 404 page.
func TestCanonicalURLs(t *testing.T) {
	_, srv := newSite(t, played(t, hexemergo.Game{}, 101, []string{"alice", "bob"}, 1, 4))
	for from, to := range map[string]string{
		"/HEXEMERGO/101":        "/hexemergo/101",
		"/hexemergo/0101":       "/hexemergo/101",
		"/hexemergo/+101":       "/hexemergo/101",
		"/hexemergo/101/":       "/hexemergo/101",
		"/hexemergo/":           "/hexemergo",
		"/HexEmergo/help":       "/hexemergo/help",
		"/hexemergo/0101/svg":   "/hexemergo/101/svg",
		"/hexemergo/101?move=2": "",
	} {
		r := fetch(t, srv.URL+from)
		if to == "" {
			if r.StatusCode != 200 {
				t.Errorf("%s: %s, want 200", from, r.Status)
			}
			continue
		}
		if r.StatusCode != 308 || r.Header.Get("Location") != to {
			t.Errorf("%s: %s to %q, want 308 to %q", from, r.Status, r.Header.Get("Location"), to)
			continue
		}
		if r := fetch(t, srv.URL+to); r.StatusCode != 200 {
			t.Errorf("%s: %s", to, r.Status)
		}
	}
	if r := fetch(t, srv.URL+"/HEXEMERGO/0101?move=2"); r.Header.Get("Location") != "/hexemergo/0101?move=2" && r.Header.Get("Location") != "/hexemergo/101?move=2" {
		t.Errorf("the query is lost: %q", r.Header.Get("Location"))
	}
	for _, p := range []string{"/nosuch", "/hexemergo/abc", "/hexemergo/999", "/hexemergo/101/bogus", "/hexemergo/101?move=99",
		"/hexemergo/101/svg/x", "/player/nobody", "/player", "/player/alice/bogus"} {
		r := fetch(t, srv.URL+p)
		page := body(t, r)
		if r.StatusCode != 404 || !strings.Contains(page, "<h1>Not found</h1>") || !strings.Contains(page, `<nav><a href="/">Games</a></nav>`) {
			t.Errorf("%s: %s, not the site's 404 page:\n%s", p, r.Status, page)
		}
	}
	if r, err := http.Post(srv.URL+"/hexemergo", "text/plain", nil); err != nil || r.StatusCode != 405 || r.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST: %v %v", r.Status, err)
	}
	r := fetch(t, srv.URL+"/robots.txt")
	if page := body(t, r); r.StatusCode != 200 || r.Header.Get("Content-Type") != "text/plain; charset=utf-8" || !strings.HasPrefix(page, "User-agent: *\n") {
		t.Errorf("robots.txt: %s %q %q", r.Status, r.Header.Get("Content-Type"), page)
	}
	r = fetch(t, srv.URL+"/favicon.ico")
	ico := []byte(body(t, r))
	if r.StatusCode != 200 || r.Header.Get("Content-Type") != "image/x-icon" || len(ico) < 22 {
		t.Fatalf("favicon.ico: %s %q, %d bytes", r.Status, r.Header.Get("Content-Type"), len(ico))
	}
	var head [3]uint16
	binary.Read(bytes.NewReader(ico), binary.LittleEndian, &head)
	offset := binary.LittleEndian.Uint32(ico[18:22])
	img, err := png.Decode(bytes.NewReader(ico[offset:]))
	if head != [3]uint16{0, 1, 1} || err != nil || img.Bounds().Dx() != 32 {
		t.Errorf("favicon.ico is no icon: header %v, %v", head, err)
	}
}

// The board's record, JSON and Atom feed say what the board holds, and
// its page links them.
func TestOpenData(t *testing.T) {
	b := played(t, hexemergo.Game{}, 101, []string{"alice", "bob"}, 1, 6)
	for i := range b.Log {
		b.Log[i].At = time.Date(2026, 12, 1, 10, i, 0, 0, time.UTC)
	}
	b.Updated = b.Log[5].At
	done := b
	done.Number = 102
	done.Log = append(append([]store.Entry(nil), b.Log...), store.Entry{Seat: 1, Kind: "resign", At: time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)})
	done.Over, done.Outcome, done.Updated = true, "Game won by alice (the others resigned).", done.Log[6].At
	_, srv := newSite(t, b, done)

	page := body(t, fetch(t, srv.URL+"/hexemergo/101"))
	for _, want := range []string{`href="/hexemergo/101/record"`, `href="/hexemergo/101/json"`, `href="/hexemergo/101/atom"`,
		`<link rel="alternate" type="application/atom+xml" href="/hexemergo/101/atom"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the board page has no %s", want)
		}
	}

	rec := fetch(t, srv.URL+"/hexemergo/102/record")
	back, err := board.ParseRecord([]byte(body(t, rec)))
	if err != nil || back.Number != 102 || len(back.Log) != 7 || back.Log[3].Move != done.Log[3].Move || back.Log[6].Kind != "resign" {
		t.Errorf("the record does not read back to the board: %v %+v", err, back)
	}

	for _, bd := range []store.Board{b, done} {
		r := fetch(t, fmt.Sprintf("%s/hexemergo/%d/json", srv.URL, bd.Number))
		if r.Header.Get("Content-Type") != "application/json" {
			t.Errorf("JSON Content-Type %q", r.Header.Get("Content-Type"))
		}
		var v BoardJSON
		if err := json.Unmarshal([]byte(body(t, r)), &v); err != nil {
			t.Fatal(err)
		}
		if v.Game != "hexemergo" || v.Number != bd.Number || len(v.Players) != 2 || v.Players[1].Player != "bob" || v.Over != bd.Over || v.Result != bd.Outcome || len(v.Moves) != len(bd.Log) {
			t.Errorf("board %d as JSON: %+v", bd.Number, v)
			continue
		}
		for i, m := range v.Moves {
			e := bd.Log[i]
			if m.N != i+1 || m.Move != e.Move || !m.At.Equal(e.At) || m.Player != bd.Players[e.Seat] || (e.Kind == "" && m.Kind != "move") || (e.Kind != "" && m.Kind != e.Kind) {
				t.Errorf("board %d move %d as JSON: %+v, log %+v", bd.Number, i+1, m, e)
			}
		}
		if !bd.Over && v.ToMove != "alice" {
			t.Errorf("running board: to_move %q", v.ToMove)
		}
	}

	r := fetch(t, srv.URL+"/hexemergo/102/atom")
	if r.Header.Get("Content-Type") != "application/atom+xml; charset=utf-8" {
		t.Errorf("Atom Content-Type %q", r.Header.Get("Content-Type"))
	}
	var f Feed
	if err := xml.Unmarshal([]byte(body(t, r)), &f); err != nil {
		t.Fatal(err)
	}
	if f.XMLName.Space != "http://www.w3.org/2005/Atom" || !strings.HasPrefix(f.ID, "tag:games.example.org,2026:") || f.Updated != "2026-12-02T00:00:00Z" || f.Author.Name == "" || len(f.Entries) != 8 {
		t.Fatalf("feed: %+v", f)
	}
	ids := map[string]bool{}
	for _, e := range f.Entries {
		if _, err := time.Parse(time.RFC3339, e.Updated); err != nil || ids[e.ID] || !strings.HasPrefix(e.ID, "tag:") || e.Title == "" || e.Link.Href == "" {
			t.Errorf("entry %+v", e)
		}
		ids[e.ID] = true
	}
	if f.Entries[0].Title != "Result: "+done.Outcome {
		t.Errorf("the newest entry is not the result: %q", f.Entries[0].Title)
	}
	want := fmt.Sprintf("Move 4: bob %s", done.Log[3].Move)
	if e := f.Entries[4]; e.Title != want || e.Link.Href != "/hexemergo/102?move=4" || e.Updated != "2026-12-01T10:03:00Z" {
		t.Errorf("entry of move 4: %+v, want %q", e, want)
	}

	var pf Feed
	if err := xml.Unmarshal([]byte(body(t, fetch(t, srv.URL+"/player/bob/atom"))), &pf); err != nil {
		t.Fatal(err)
	}
	if len(pf.Entries) != 6+8 || !strings.Contains(pf.Title, "bob") || !strings.HasPrefix(pf.Entries[0].Title, "HexEmergo board 102: Result") {
		t.Errorf("bob's feed: %d entries, %q first", len(pf.Entries), pf.Entries[0].Title)
	}
}

// The board page shows the picture with a title and a description of
// what stands where, the text board below it, a header on the moves
// table and the server's address to mail.
func TestBoardPageText(t *testing.T) {
	g := hexemergo.Game{}
	b := played(t, g, 101, []string{"alice", "bob"}, 1, 6)
	_, srv := newSite(t, b)
	page := body(t, fetch(t, srv.URL+"/hexemergo/101"))
	st, err := replay(g, b, len(b.Log))
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	st.Board(&text, b.Players)
	if !strings.Contains(page, `<pre id="text">`+html.EscapeString(strings.TrimRight(text.String(), "\n"))+"</pre>") {
		t.Errorf("no text board on the page:\n%s", page)
	}
	desc := regexp.MustCompile(`(?s)<svg[^>]*>\s*<title>([^<]+)</title>\s*<desc>([^<]+)</desc>`).FindStringSubmatch(page)
	if desc == nil {
		t.Fatalf("the SVG has no title and desc:\n%s", page)
	}
	if !strings.Contains(desc[1], "board 101 after move 6") {
		t.Errorf("title %q", desc[1])
	}
	p, _ := pbm.BoardPicture(b, st)
	pieces := 0
	for _, c := range p.Cells {
		if len(c.Pieces) == 0 {
			continue
		}
		pieces++
		seat := p.Seats[c.Pieces[0].Seat]
		if want := c.Name + ": " + seat.Colour; !strings.Contains(html.UnescapeString(desc[2]), want) {
			t.Errorf("the description does not say %q:\n%s", want, desc[2])
		}
	}
	if pieces != 6 {
		t.Errorf("%d occupied cells, want 6", pieces)
	}
	if !strings.Contains(page, `<table id="moves"><tr><th scope="col">Move</th><th scope="col">Player</th>`) {
		t.Error("the moves table has no header row")
	}
	if !strings.Contains(page, `To play, mail <a href="mailto:pbm@games.example.org" id="address">pbm@games.example.org</a>:`) {
		t.Error("the page does not say where to mail")
	}
	past := body(t, fetch(t, srv.URL+"/hexemergo/101?move=3"))
	if strings.Count(past, `class="current" aria-current="step"`) != 1 || !strings.Contains(past, "▶ shown") {
		t.Error("the move shown is marked by colour alone")
	}
}

// A board removed by a declined challenge says so, as its mail did,
// and is in no history.
func TestDeclinedBoard(t *testing.T) {
	g := hexemergo.Game{}
	b := played(t, g, 101, []string{"alice", "bob"}, 1, 1)
	b.Log = append(b.Log, store.Entry{Seat: 1, Kind: "decline"})
	b.Over, b.Outcome = true, "The challenge was declined by bob: the board is removed, unrated."
	won := played(t, g, 102, []string{"alice", "bob"}, 1, 1)
	won.Log = append(won.Log, store.Entry{Seat: 1, Kind: "resign"})
	won.Over, won.Outcome = true, "Game won by alice (the others resigned)."
	_, srv := newSite(t, b, won)
	page := body(t, fetch(t, srv.URL+"/hexemergo/101"))
	if !strings.Contains(page, `<p id="status">The challenge was declined by bob: the board is removed, unrated.</p>`) || strings.Contains(page, `<p id="status">Game over`) {
		t.Errorf("the page of a declined board does not say so:\n%s", page)
	}
	for _, p := range []string{"/hexemergo", "/hexemergo/history", "/player/alice", "/player/alice/history", "/"} {
		list := body(t, fetch(t, srv.URL+p))
		if strings.Contains(list, `href="/hexemergo/101"`) {
			t.Errorf("%s lists the removed board", p)
		}
		if !strings.Contains(list, `href="/hexemergo/102"`) {
			t.Errorf("%s does not list the finished board", p)
		}
	}
}

// The text board of a declined board says what its status says, not
// the engine's "Game over" of a resignation.
func TestDeclinedTextBoard(t *testing.T) {
	g := hexemergo.Game{}
	b := played(t, g, 101, []string{"alice", "bob"}, 1, 1)
	b.Log = append(b.Log, store.Entry{Seat: 1, Kind: "decline"})
	b.Over, b.Outcome = true, "The challenge was declined by bob: the board is removed, unrated."
	_, srv := newSite(t, b)
	page := body(t, fetch(t, srv.URL+"/hexemergo/101"))
	i := strings.Index(page, `<pre id="text">`)
	if i < 0 {
		t.Fatalf("no text board:\n%s", page)
	}
	text := page[i:]
	text = text[:strings.Index(text, "</pre>")]
	if strings.Contains(text, "Game over") || !strings.Contains(text, "The challenge was declined by bob") {
		t.Errorf("the text board of a declined board:\n%s", text)
	}
}
