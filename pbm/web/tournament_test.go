package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"log/slog"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	gomail "github.com/emersion/go-message/mail"
	"golang.org/x/crypto/bcrypt"

	"github.com/pbmgo/pbm/pbm"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// mailSite is the core server and the web site over one store: the
// boards, tournaments and seeks are made by mail commands, as players
// make them, and read back through the site.
type mailSite struct {
	t     *testing.T
	st    *store.Store
	s     *pbm.Server
	url   string
	clock time.Time
	n     int
	seen  map[uint64]bool
	// mails are the texts of every mail the server queued, per
	// recipient; tokens the reply tokens of their Reply-To addresses.
	mails  map[string][]string
	tokens []string
}

const serverAddress = "pbm@games.example.org"

func newMailSite(t *testing.T) *mailSite {
	t.Helper()
	st := storetest.Open(t)
	m := &mailSite{t: t, st: st, clock: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC), seen: map[uint64]bool{}, mails: map[string][]string{}}
	var err error
	m.s, err = pbm.New(pbm.Config{Store: st, Games: registry, Address: serverAddress, Name: "Test Server",
		BcryptCost: bcrypt.MinCost, BackupDir: t.TempDir(), Now: func() time.Time { return m.clock },
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(New(st, registry, Options{Address: serverAddress, Name: "Test Server"}))
	t.Cleanup(srv.Close)
	m.url = srv.URL
	return m
}

var replyToken = regexp.MustCompile(`pbm\+[a-z0-9]+\.\d+\.(?:\d+\.)?([a-z2-7]{24})@`)

// mail sends a command from id's address and returns the text of the
// answer to id; the clock moves on a minute.
func (m *mailSite) mail(id, command string) string {
	m.t.Helper()
	m.n++
	m.clock = m.clock.Add(time.Minute)
	from := id + "@players.test"
	raw := fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: %s\r\nMessage-ID: <m%d@client.test>\r\nDate: %s\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\r\n",
		from, serverAddress, command, m.n, m.clock.Format(time.RFC1123Z))
	if _, err := m.s.Handle(context.Background(), []byte(raw)); err != nil {
		m.t.Fatalf("%s: %v", command, err)
	}
	var out []store.Mail
	if err := m.st.View(func(tx *store.Tx) error {
		var err error
		out, err = tx.Outbox()
		return err
	}); err != nil {
		m.t.Fatal(err)
	}
	answer := ""
	for _, q := range out {
		if m.seen[q.Seq] {
			continue
		}
		m.seen[q.Seq] = true
		text := mailText(m.t, q.Raw)
		m.mails[q.To] = append(m.mails[q.To], text)
		for _, t := range replyToken.FindAllStringSubmatch(string(q.Raw), -1) {
			m.tokens = append(m.tokens, t[1])
		}
		if q.To == from {
			answer += text
		}
	}
	return answer
}

// ok sends a command that must succeed.
func (m *mailSite) ok(id, command, want string) {
	m.t.Helper()
	if a := m.mail(id, command); !strings.Contains(a, want) {
		m.t.Fatalf("%s: the answer does not say %q:\n%s", command, want, a)
	}
}

func mailText(t *testing.T, raw []byte) string {
	t.Helper()
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("a queued mail does not parse: %v", err)
	}
	var b strings.Builder
	for {
		p, err := mr.NextPart()
		if err != nil {
			break
		}
		if h, ok := p.Header.(*gomail.InlineHeader); ok {
			if ct, _, _ := h.ContentType(); ct == "text/plain" {
				io.Copy(&b, p.Body)
			}
		}
	}
	return b.String()
}

func (m *mailSite) signup(ids ...string) {
	m.t.Helper()
	for _, id := range ids {
		m.ok(id, "signup "+id+" pw-"+id, "OK: Welcome, "+id)
	}
}

func (m *mailSite) tournament(name string) tournament.Tournament {
	m.t.Helper()
	var t tournament.Tournament
	if err := m.st.View(func(tx *store.Tx) error {
		doc, err := tx.Tournament("hexemergo", name)
		if err != nil {
			return err
		}
		return json.Unmarshal(doc, &t)
	}); err != nil {
		m.t.Fatal(err)
	}
	return t
}

// play ends every board of the tournament, round after round, by the
// resignation of the seat loser picks, until the tournament is over.
func (m *mailSite) play(name string, loser func(seats []string) string) {
	m.t.Helper()
	for guard := 0; ; guard++ {
		t := m.tournament(name)
		if t.Over {
			return
		}
		if guard > 50 {
			m.t.Fatalf("tournament %s does not end: %+v", name, t)
		}
		resigned := 0
		for _, rd := range t.Played {
			for _, p := range rd.Pairings {
				if p.Done || p.Board == 0 {
					continue
				}
				id := loser(p.Seats)
				m.ok(id, fmt.Sprintf("hexemergo resign %d %s pw-%s", p.Board, id, id), "OK")
				resigned++
			}
		}
		if resigned == 0 {
			m.t.Fatalf("tournament %s: no board to play and not over: %+v", name, t)
		}
	}
}

// get fetches a page that must be there.
func (m *mailSite) get(path string) string {
	m.t.Helper()
	r := fetch(m.t, m.url+path)
	page := body(m.t, r)
	if r.StatusCode != 200 {
		m.t.Fatalf("%s: %s\n%s", path, r.Status, page)
	}
	return page
}

// section is the part of page from the element with this id to the
// end of its table.
func section(t *testing.T, page, id string) string {
	t.Helper()
	i := strings.Index(page, `id="`+id+`"`)
	if i < 0 {
		t.Fatalf("no element %q on the page:\n%s", id, page)
	}
	rest := page[i:]
	if j := strings.Index(rest, "</table>"); j >= 0 {
		rest = rest[:j]
	}
	return rest
}

var standingRowRE = regexp.MustCompile(`<tr><td>(\d+)</td><th scope="row"><a href="/player/([a-z0-9]+)">[a-z0-9]+</a></th><td>([^<]*)</td>((?:<td>[^<]*</td>)*)</tr>`)

// cells splits "<td>a</td><td>b</td>" into a, b.
func cells(s string) []string {
	var out []string
	for _, c := range strings.Split(s, "</td>") {
		if c = strings.TrimPrefix(c, "<td>"); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// The page of a finished four-entrant round robin played by mail:
// the standings in the order package tournament gives them, with the
// points and Sonneborn-Berger; the crosstable; every board linked,
// each link resolving to a board page that names the tournament and
// its round; a spelling of the name in capitals redirected, an unknown
// tournament the site's 404; a repeated request 304.
func TestTournamentRoundRobinPage(t *testing.T) {
	m := newMailSite(t)
	ids := []string{"p1", "p2", "p3", "p4"}
	m.signup(ids...)
	m.ok("p1", "hexemergo tournament new p1 pw-p1 Winter roundrobin --size=4", "announced")
	for _, id := range ids {
		m.ok(id, "hexemergo tournament join Winter "+id+" pw-"+id, "joined")
	}
	// The higher userid wins every board: p4 3 points, p3 2, p2 1, p1
	// 0, the reverse of the seeding (everyone has the start rating, so
	// the order of joining).
	m.play("winter", func(seats []string) string { return slices.Min(seats) })
	tr := m.tournament("winter")
	if !tr.Over || tr.Winner != "p4" {
		t.Fatalf("the tournament: %+v", tr)
	}
	page := m.get("/hexemergo/tournament/winter")
	if !strings.Contains(page, `<p id="state">Finished; the winner is <a href="/player/p4">p4</a>.</p>`) {
		t.Errorf("the page does not name the winner:\n%s", page)
	}
	for _, want := range []string{"<dd>round robin</dd>", "<dd>2</dd>", "a reminder after 1 day without a move; forfeit after 7 days without a move",
		`<dd><a href="/player/p1">p1</a></dd>`, "<caption>Standings: rank, entrant, points, SB, boards played</caption>",
		`<th scope="col"><abbr title="Sonneborn-Berger`, `<table id="crosstable">`, `<caption>Crosstable:`, `<caption>Round 1</caption>`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page has no %q", want)
		}
	}

	// The standings, in package tournament's order, and as worked out
	// here: p4 beat p3 (2 points), p2 (1) and p1 (0), SB 3; p3 beat p2
	// and p1, SB 1; p2 beat p1 only, SB 0; p1 nothing.
	rows := standingRowRE.FindAllStringSubmatch(section(t, page, "standings"), -1)
	st := tr.Standings()
	want := []struct {
		id, points, sb string
	}{{"p4", "3", "3"}, {"p3", "2", "1"}, {"p2", "1", "0"}, {"p1", "0", "0"}}
	if len(rows) != len(want) || len(st) != len(want) {
		t.Fatalf("%d standings rows on the page, %d in the tournament; want 4:\n%s", len(rows), len(st), section(t, page, "standings"))
	}
	for i, r := range rows {
		rest := cells(r[4])
		if r[2] != st[i].ID || r[1] != fmt.Sprint(st[i].Rank) || r[3] != tournament.FormatPoints(st[i].Points) {
			t.Errorf("standings row %d: %v, package tournament says %+v", i+1, r[1:4], st[i])
		}
		if r[2] != want[i].id || r[3] != want[i].points || len(rest) != 2 || rest[0] != want[i].sb || rest[1] != "3" {
			t.Errorf("standings row %d: %s %s points, SB and boards %v; want %+v and 3 boards", i+1, r[2], r[3], rest, want[i])
		}
	}

	// The crosstable: p4's row has the dash for itself, then 1 against
	// each of the others.
	cross := section(t, page, "crosstable")
	p4 := regexp.MustCompile(`<th scope="row"><a href="/player/p4">p4</a></th>(.*?)</tr>`).FindStringSubmatch(cross)
	if p4 == nil {
		t.Fatalf("no row of p4 in the crosstable:\n%s", cross)
	}
	results := regexp.MustCompile(`aria-label="p4 against (p\d), board (\d+): ([^"]*)">([^<]*)</a>`).FindAllStringSubmatch(p4[1], -1)
	if !strings.Contains(p4[1], `<span class="sr">the same entrant</span>`) || len(results) != 3 {
		t.Errorf("p4's row of the crosstable: %s", p4[1])
	}
	for _, r := range results {
		if r[3] != "1" || r[4] != "1" {
			t.Errorf("p4 against %s: %q", r[1], r[4])
		}
	}

	// Every board of the tournament is linked, and the link resolves.
	linked := map[int]bool{}
	for _, l := range regexp.MustCompile(`href="/hexemergo/(\d+)"`).FindAllStringSubmatch(page, -1) {
		var n int
		fmt.Sscan(l[1], &n)
		linked[n] = true
	}
	var boards []int
	for _, p := range tr.Played[0].Pairings {
		boards = append(boards, p.Board)
	}
	if len(boards) != 6 || len(linked) != 6 {
		t.Fatalf("%d boards in the tournament, %d linked", len(boards), len(linked))
	}
	rounds := section(t, page, "round-1")
	for _, n := range boards {
		if !linked[n] {
			t.Errorf("board %d is not linked", n)
		}
		if !strings.Contains(rounds, fmt.Sprintf(`<a href="/hexemergo/%d">%d</a>`, n, n)) {
			t.Errorf("board %d is not in the round's table", n)
		}
		board := m.get(fmt.Sprintf("/hexemergo/%d", n))
		if !strings.Contains(board, `<p id="tournament">A board of <a href="/hexemergo/tournament/winter">tournament Winter</a>, round 1.</p>`) {
			t.Errorf("board %d does not name its tournament", n)
		}
	}
	if c := strings.Count(rounds, "Game won by p"); c != 6 {
		t.Errorf("%d results in the round's table, want 6:\n%s", c, rounds)
	}

	r := fetch(t, m.url+"/hexemergo/tournament/WINTER")
	if r.StatusCode != 308 || r.Header.Get("Location") != "/hexemergo/tournament/winter" {
		t.Errorf("/hexemergo/tournament/WINTER: %s to %q", r.Status, r.Header.Get("Location"))
	}
	for _, p := range []string{"/hexemergo/tournament/nosuch", "/hexemergo/tournament", "/hexemergo/tournament/winter/x", "/eko/tournament/winter", "/hexemergo/tournaments?page=2"} {
		r := fetch(t, m.url+p)
		page := body(t, r)
		if r.StatusCode != 404 || !strings.Contains(page, "<h1>Not found</h1>") || !strings.Contains(page, `<nav><a href="/">Games</a></nav>`) {
			t.Errorf("%s: %s, not the site's 404 page:\n%s", p, r.Status, page)
		}
	}
	for _, p := range []string{"/hexemergo/tournament/winter", "/hexemergo/tournaments", "/hexemergo", "/hexemergo/standings"} {
		r := fetch(t, m.url+p)
		tag := r.Header.Get("ETag")
		if r.StatusCode != 200 || tag == "" || r.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("%s: %s, ETag %q, Cache-Control %q", p, r.Status, tag, r.Header.Get("Cache-Control"))
			continue
		}
		if again := fetch(t, m.url+p, "If-None-Match", tag); again.StatusCode != 304 || body(t, again) != "" {
			t.Errorf("%s again with its ETag: %s", p, again.Status)
		}
	}
	// A new tournament changes the game's page and its list.
	before := fetch(t, m.url+"/hexemergo").Header.Get("ETag")
	m.ok("p2", "hexemergo tournament new p2 pw-p2 Later knockout", "announced")
	if r := fetch(t, m.url+"/hexemergo", "If-None-Match", before); r.StatusCode != 200 {
		t.Errorf("the game's page after a new tournament: %s", r.Status)
	}
}

// A Swiss of three entrants has a bye each round: the page shows it
// as a bye, with its point, in the round and among the standings; the
// tie-breaks are Buchholz and median Buchholz.
func TestTournamentSwissPage(t *testing.T) {
	m := newMailSite(t)
	ids := []string{"q1", "q2", "q3"}
	m.signup(ids...)
	m.ok("q1", "hexemergo tournament new q1 pw-q1 Open swiss --rounds=2 -alternate --forfeit=5", "announced")
	for _, id := range ids {
		m.ok(id, "hexemergo tournament join open "+id+" pw-"+id, "joined")
	}
	open := m.get("/hexemergo/tournament/open")
	for _, want := range []string{`<p id="state">Open for entries: 3 so far.</p>`, `<ol id="entrants"><li><a href="/player/q1">q1</a></li><li><a href="/player/q2">q2</a></li><li><a href="/player/q3">q3</a></li></ol>`,
		`<pre class="command" id="join">hexemergo tournament join Open &lt;userid&gt; &lt;password&gt;</pre>`,
		"To enter, mail <a href=\"mailto:" + serverAddress + "\">", "<dd>-alternate</dd>", "forfeit after 5 days without a move", "<dd>Swiss</dd>"} {
		if !strings.Contains(open, want) {
			t.Errorf("the open tournament's page has no %q:\n%s", want, open)
		}
	}
	m.ok("q1", "hexemergo tournament start open q1 pw-q1", "started")
	running := m.get("/hexemergo/tournament/open")
	if !strings.Contains(running, `<p id="state">Running: Round 1 is being played.</p>`) || !strings.Contains(running, "<td>running</td>") {
		t.Errorf("the running tournament's page:\n%s", running)
	}
	m.play("open", func(seats []string) string { return slices.Max(seats) })
	tr := m.tournament("open")
	if !tr.Over || len(tr.Played) != 2 {
		t.Fatalf("the tournament: %+v", tr)
	}
	page := m.get("/hexemergo/tournament/open")
	for r, rd := range tr.Played {
		var bye string
		for _, p := range rd.Pairings {
			if p.Bye() {
				bye = p.Seats[0]
			}
		}
		if bye == "" {
			t.Fatalf("round %d has no bye: %+v", r+1, rd)
		}
		want := fmt.Sprintf(`<tr><td>bye</td><td><a href="/player/%s">%s</a></td><td>1</td><td>A bye: a point without a board.</td></tr>`, bye, bye)
		if !strings.Contains(section(t, page, fmt.Sprintf("round-%d", r+1)), want) {
			t.Errorf("round %d does not show %s's bye:\n%s", r+1, bye, section(t, page, fmt.Sprintf("round-%d", r+1)))
		}
	}
	if !strings.Contains(page, "<caption>Standings: rank, entrant, points, Buchholz, Median, boards played, byes</caption>") ||
		!strings.Contains(page, `<abbr title="Median Buchholz`) || strings.Contains(page, `id="crosstable"`) {
		t.Errorf("the Swiss standings:\n%s", section(t, page, "standings"))
	}
	rows := standingRowRE.FindAllStringSubmatch(section(t, page, "standings"), -1)
	st := tr.Standings()
	if len(rows) != 3 {
		t.Fatalf("%d standings rows", len(rows))
	}
	for i, r := range rows {
		rest := cells(r[4])
		if r[2] != st[i].ID || r[3] != tournament.FormatPoints(st[i].Points) || len(rest) != 4 ||
			rest[0] != tournament.FormatPoints(st[i].TieBreaks[0]) || rest[1] != tournament.FormatPoints(st[i].TieBreaks[1]) ||
			rest[2] != fmt.Sprint(st[i].Played) || rest[3] != fmt.Sprint(st[i].Byes) {
			t.Errorf("standings row %d: %v %v, package tournament says %+v", i+1, r[1:4], rest, st[i])
		}
	}
	// Two rounds, a bye each: two byes among the three entrants.
	byes := 0
	for _, s := range st {
		byes += s.Byes
	}
	if byes != 2 {
		t.Errorf("%d byes in the standings, want 2", byes)
	}
	for _, l := range regexp.MustCompile(`href="(/hexemergo/\d+)"`).FindAllStringSubmatch(page, -1) {
		if !strings.Contains(m.get(l[1]), `href="/hexemergo/tournament/open">tournament Open</a>, round `) {
			t.Errorf("%s does not name its tournament", l[1])
		}
	}
}

// The game's page lists the tournaments (open first, then running,
// then finished, newest first) with links to their pages, and the
// seekers with the number of boards, the options and the limit, and
// the command to seek; the standings list the seekers too. No page
// shows a password, an address of a player or a reply token.
func TestGamePageTournamentsAndSeekers(t *testing.T) {
	m := newMailSite(t)
	m.signup("p1", "p2", "p3", "s1", "s2")
	m.ok("p1", "hexemergo tournament new p1 pw-p1 Old roundrobin", "announced")
	m.ok("p1", "hexemergo tournament join old p1 pw-p1", "joined")
	m.ok("p2", "hexemergo tournament join old p2 pw-p2", "joined")
	m.ok("p1", "hexemergo tournament start old p1 pw-p1", "started")
	m.play("old", func(seats []string) string { return slices.Max(seats) })
	m.ok("p2", "hexemergo tournament new p2 pw-p2 Middle roundrobin --size=2", "announced")
	m.ok("p2", "hexemergo tournament join middle p2 pw-p2", "joined")
	m.ok("p3", "hexemergo tournament join middle p3 pw-p3", "started")
	m.ok("p3", "hexemergo tournament new p3 pw-p3 Fresh swiss --rounds=1", "announced")
	m.ok("p3", "hexemergo tournament new p3 pw-p3 Fresher swiss --rounds=1", "announced")

	m.ok("s1", "hexemergo limit s1 pw-s1 5", "now limited")
	m.ok("s1", "hexemergo seek s1 pw-s1 2", "You seek 2")
	m.ok("s2", "hexemergo seek s2 pw-s2 -alternate", "You seek 1")

	page := m.get("/hexemergo")
	list := section(t, page, "tournament-list")
	var order []string
	for _, r := range regexp.MustCompile(`<tr><td><a href="/hexemergo/tournament/([a-z]+)">[A-Za-z]+</a></td><td>([^<]*)</td>`).FindAllStringSubmatch(list, -1) {
		order = append(order, r[1]+": "+r[2])
	}
	want := []string{"fresher: open", "fresh: open", "middle: running, round 1", "old: finished, won by p1"}
	if !slices.Equal(order, want) {
		t.Errorf("the game's page lists the tournaments %q, want %q", order, want)
	}
	if !strings.Contains(page, `<a href="/hexemergo/tournaments">Tournaments</a>`) {
		t.Error("the game's page does not link the list of tournaments")
	}
	for _, name := range []string{"fresher", "fresh", "middle", "old"} {
		m.get("/hexemergo/tournament/" + name)
	}
	all := m.get("/hexemergo/tournaments")
	if !strings.Contains(all, "Page 1 of 1: tournaments 1 to 4 of 4.") || strings.Count(all, `<a href="/hexemergo/tournament/`) != 4 {
		t.Errorf("the list of tournaments:\n%s", all)
	}

	for _, p := range []string{"/hexemergo", "/hexemergo/standings"} {
		page := m.get(p)
		seeks := section(t, page, "seeks")
		for _, want := range []string{`<caption>Players seeking a game of HexEmergo, the oldest seek first</caption>`,
			`<th scope="col">Boards sought</th>`,
			`<tr><td>s1</td><td>2</td><td>no options</td><td>at most 5 running boards</td></tr>`,
			`<tr><td>s2</td><td>1</td><td>-alternate</td><td>no limit</td></tr>`} {
			if !strings.Contains(seeks, want) {
				t.Errorf("%s: the seekers have no %q:\n%s", p, want, seeks)
			}
		}
		if !strings.Contains(page, `<pre class="command" id="seek-command">hexemergo seek &lt;userid&gt; &lt;password&gt; [&lt;n&gt;] [-option...]</pre>`) {
			t.Errorf("%s does not give the command to seek", p)
		}
	}
	// Withdrawn, a seek is gone from the page.
	m.ok("s2", "hexemergo seek s2 pw-s2 0", "withdrawn")
	if seeks := section(t, m.get("/hexemergo"), "seeks"); strings.Contains(seeks, "<td>s2</td>") {
		t.Errorf("a withdrawn seek is listed:\n%s", seeks)
	}
	if !strings.Contains(m.get("/eko"), "No one is seeking a game now.") {
		t.Error("the page of a game without seekers does not say so")
	}
	if none := m.get("/eko/tournaments"); !strings.Contains(none, "Page 1 of 1: no tournaments yet.") || !strings.Contains(none, "<p>None.</p>") {
		t.Errorf("the list of a game without tournaments:\n%s", none)
	}

	// Nothing secret on any page: no password, no address of a player,
	// no reply address or token of the mails sent.
	if len(m.tokens) == 0 {
		t.Fatal("no reply token in the mails: the check below would check nothing")
	}
	var boards []string
	for _, name := range []string{"old", "middle"} {
		for _, rd := range m.tournament(name).Played {
			for _, p := range rd.Pairings {
				boards = append(boards, fmt.Sprintf("/hexemergo/%d", p.Board))
			}
		}
	}
	paths := append([]string{"/", "/hexemergo", "/hexemergo/standings", "/hexemergo/tournaments", "/hexemergo/tournament/old",
		"/hexemergo/tournament/middle", "/hexemergo/tournament/fresh", "/player/p1", "/player/p2"}, boards...)
	for _, p := range paths {
		page := html.UnescapeString(m.get(p))
		for _, secret := range []string{"pw-", "@players.test", "pbm+"} {
			if strings.Contains(page, secret) {
				t.Errorf("%s shows %q", p, secret)
			}
		}
		for _, tok := range m.tokens {
			if strings.Contains(strings.ToLower(page), tok) {
				t.Errorf("%s shows a reply token", p)
			}
		}
	}
}

// Past one page of the game's list, the tournaments are counted and
// the whole list linked.
func TestTournamentListCounted(t *testing.T) {
	m := newMailSite(t)
	m.signup("p1")
	for i := range shown + 3 {
		m.ok("p1", fmt.Sprintf("hexemergo tournament new p1 pw-p1 T%02d knockout", i), "announced")
	}
	page := m.get("/hexemergo")
	if !strings.Contains(page, fmt.Sprintf("1 to %d of %d.", shown, shown+3)) || !strings.Contains(page, fmt.Sprintf(`<a href="/hexemergo/tournaments">All %d</a>`, shown+3)) {
		t.Errorf("the game's page does not count the tournaments:\n%s", section(t, page, "tournaments"))
	}
	list := section(t, page, "tournament-list")
	if n := strings.Count(list, `<a href="/hexemergo/tournament/`); n != shown || !strings.Contains(list, `/tournament/t22"`) || strings.Contains(list, `/tournament/t00"`) {
		t.Errorf("%d tournaments on the game's page, want the %d newest", n, shown)
	}
	all := m.get("/hexemergo/tournaments")
	if n := strings.Count(all, `<a href="/hexemergo/tournament/`); n != shown+3 {
		t.Errorf("%d tournaments in the whole list, want %d", n, shown+3)
	}
}

// An entrant without a board or a rating yet has a page, linked from
// the tournament's, listing the tournaments entered.
func TestEntrantPageListsTournaments(t *testing.T) {
	m := newMailSite(t)
	m.signup("e1", "e2")
	m.ok("e1", "hexemergo tournament new e1 pw-e1 Spring roundrobin", "announced")
	m.ok("e2", "hexemergo tournament join spring e2 pw-e2", "joined")
	page := m.get("/player/e2")
	for _, want := range []string{`<table id="player-tournaments">`, `<a href="/hexemergo/tournament/spring">Spring</a>`} {
		if !strings.Contains(page, want) {
			t.Errorf("e2's page has no %q:\n%s", want, page)
		}
	}
	if page := m.get("/hexemergo/tournament/spring"); !strings.Contains(page, `<a href="/player/e2">e2</a>`) {
		t.Errorf("the tournament's page does not link its entrant:\n%s", page)
	}
}
