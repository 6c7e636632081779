package web

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine/hexemergo"
)

// rawGet sends target as the request line's target over its own TCP
// connection, as written (a client library would clean it first), and
// reads the answer.
func rawGet(t *testing.T, base, target string, header ...string) *http.Response {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	c, err := net.DialTimeout("tcp", u.Host, 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(60 * time.Second))
	req := "GET " + target + " HTTP/1.1\r\nHost: " + u.Host + "\r\nConnection: close\r\n"
	for i := 0; i+1 < len(header); i += 2 {
		req += header[i] + ": " + header[i+1] + "\r\n"
	}
	if _, err := io.WriteString(c, req+"\r\n"); err != nil {
		t.Fatal(err)
	}
	r, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("GET %s: %v", target, err)
	}
	t.Cleanup(func() { r.Body.Close() })
	return r
}

// onSite says whether a Location keeps the reader on the site: a path
// (one "/" then no "/" or "\"), which resolved against the site's own
// URL (RFC 3986 section 5.2) has the site's host.
func onSite(base, loc string) bool {
	if !strings.HasPrefix(loc, "/") || strings.HasPrefix(loc, "//") || strings.HasPrefix(loc, `/\`) {
		return false
	}
	b, _ := url.Parse(base)
	l, err := url.Parse(loc)
	if err != nil || l.Scheme != "" || l.Host != "" {
		return false
	}
	return b.ResolveReference(l).Host == b.Host
}

// No request, however its target is written, is redirected off the
// site: not a network-path reference ("//host"), not a backslash that
// a browser reads as a slash, not the host of an absolute-form target.
func TestNoRedirectLeavesTheSite(t *testing.T) {
	_, srv := newSite(t, played(t, hexemergo.Game{}, 101, []string{"alice", "bob"}, 1, 4))
	// Each target with the Location it must get (a path of this site).
	for target, want := range map[string]string{
		"//evil.example/":                               "/evil.example",
		"//evil.example":                                "/evil.example",
		"///evil.example/":                              "/evil.example",
		"//evil.example?lang=hu":                        "/evil.example",
		"//evil.example/?lang=hu":                       "/evil.example",
		"//evil.example/x?page=01":                      "/evil.example/x",
		`/\evil.example/`:                               "/%5Cevil.example",
		`/%5Cevil.example/`:                             "/%5Cevil.example",
		"/%2F%2Fevil.example/":                          "/%2F%2Fevil.example",
		"/./evil.example/":                              "/evil.example",
		"/../evil.example/":                             "/evil.example",
		"/.//evil.example":                              "/evil.example",
		"http://evil.example/":                          "",
		"http://evil.example/x/":                        "/x",
		"http://evil.example//evil.example/":            "/evil.example",
		"http://evil.example/HEXEMERGO/0101/":           "/hexemergo/101",
		"http://evil.example/hexemergo/101?lang=hu":     "/hexemergo/101",
		"http://evil.example/hexemergo/running?page=01": "/hexemergo/running",
		"http://evil.example/player/ALICE/":             "/player/alice",
		"https://evil.example:8443/hexemergo/0101":      "/hexemergo/101",
	} {
		r := rawGet(t, srv.URL, target)
		loc := r.Header.Get("Location")
		if want == "" {
			if r.StatusCode != 200 || loc != "" {
				t.Errorf("GET %s: %s to %q, want 200", target, r.Status, loc)
			}
			continue
		}
		if r.StatusCode/100 != 3 || loc != want || !onSite(srv.URL, loc) {
			t.Errorf("GET %s: %s to %q, want a redirect to %q", target, r.Status, loc, want)
		}
	}
}

// Every other spelling of a page is one redirect from it: the Location
// is the canonical URL, which answers 200 itself.
func TestOneRedirectToTheCanonicalURL(t *testing.T) {
	_, srv := newSite(t, manyBoards(t)...)
	forms := map[string][]string{
		"/hexemergo/101": {"/HEXEMERGO/0101/", "/HEXEMERGO/0101", "/hexemergo/0101/", "/HexEmergo/+101", "/hexemergo/+0101//",
			"//hexemergo/101", "/hexemergo//101", "/hexemergo/101/", "/hexemergo/101///", "/hexemergo/./101", "/x/../hexemergo/101",
			"/%68exemergo/%30101", "/HEXEMERGO/000101/.", "/./HEXEMERGO/./0101/"},
		"/hexemergo/101/svg":           {"/HEXEMERGO/0101/svg/", "/hexemergo/+101/svg", "/hexemergo//101//svg"},
		"/hexemergo/101/json":          {"/HEXEMERGO/0101/json/"},
		"/hexemergo/101?move=2":        {"/HEXEMERGO/0101/?move=2", "/hexemergo/101?move=02", "/hexemergo/0101/?move=%2B2"},
		"/hexemergo":                   {"/HEXEMERGO/", "/hexemergo/", "//HexEmergo//", "/hexemergo/."},
		"/hexemergo/help":              {"/HEXEMERGO/help/", "/hexemergo//help"},
		"/hexemergo/standings":         {"/HexEmergo/standings/"},
		"/hexemergo/running":           {"/HEXEMERGO/running/?page=1", "/hexemergo/running?page=01", "/hexemergo/running/"},
		"/hexemergo/running?page=2":    {"/HEXEMERGO/running/?page=02", "/hexemergo/running?page=%2B2", "/hexemergo//running?page=2"},
		"/hexemergo/history":           {"/hexemergo/history/?page=1"},
		"/player/alice":                {"/player/ALICE/", "/player/Alice", "/player//alice/", "/player/%41lice"},
		"/player/alice/running?page=2": {"/player/Alice/running/?page=02"},
		"/":                            {"//", "///", "/.", "/..", "/./"},
		"/robots.txt":                  {"//robots.txt", "/robots.txt/"},
	}
	for canonical, from := range forms {
		r := rawGet(t, srv.URL, canonical)
		if r.StatusCode != 200 {
			t.Errorf("the canonical %s: %s to %q, want 200", canonical, r.Status, r.Header.Get("Location"))
		}
		for _, f := range from {
			r := rawGet(t, srv.URL, f)
			if r.StatusCode != http.StatusPermanentRedirect || r.Header.Get("Location") != canonical {
				t.Errorf("%s: %s to %q, want one 308 to %s", f, r.Status, r.Header.Get("Location"), canonical)
			}
			// The switch of language also goes straight to the
			// canonical URL.
			sep := "?"
			if strings.Contains(f, "?") {
				sep = "&"
			}
			r = rawGet(t, srv.URL, f+sep+"lang=hu")
			if r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != canonical {
				t.Errorf("%s: %s to %q, want one 303 to %s", f+sep+"lang=hu", r.Status, r.Header.Get("Location"), canonical)
			}
		}
	}
}

// A tournament's page is one redirect from any spelling of its game's
// name and its own.
func TestOneRedirectToATournament(t *testing.T) {
	m := newMailSite(t)
	m.signup("p1")
	m.ok("p1", "hexemergo tournament new p1 pw-p1 Winter roundrobin --size=4", "announced")
	const canonical = "/hexemergo/tournament/winter"
	if r := rawGet(t, m.url, canonical); r.StatusCode != 200 {
		t.Fatalf("%s: %s", canonical, r.Status)
	}
	for _, f := range []string{"/HEXEMERGO/tournament/WINTER/", "/hexemergo/tournament/Winter", "//hexemergo//tournament//winter//",
		"http://evil.example/HexEmergo/tournament/WINTER/"} {
		r := rawGet(t, m.url, f)
		if r.StatusCode != http.StatusPermanentRedirect || r.Header.Get("Location") != canonical {
			t.Errorf("%s: %s to %q, want one 308 to %s", f, r.Status, r.Header.Get("Location"), canonical)
		}
	}
	if r := rawGet(t, m.url, "/hexemergo/tournaments?page=01"); r.StatusCode != http.StatusPermanentRedirect || r.Header.Get("Location") != "/hexemergo/tournaments" {
		t.Errorf("/hexemergo/tournaments?page=01: %s to %q", r.Status, r.Header.Get("Location"))
	}
}

// A target that names no page is a 404, not a redirect elsewhere; a
// query other than page and move is kept as it came.
func TestRedirectKeepsOtherQueries(t *testing.T) {
	_, srv := newSite(t, played(t, hexemergo.Game{}, 101, []string{"alice", "bob"}, 1, 4))
	r := rawGet(t, srv.URL, "/HEXEMERGO/0101/?x=%2F%2Fevil.example&move=2")
	if loc := r.Header.Get("Location"); r.StatusCode != 308 || loc != "/hexemergo/101?x=%2F%2Fevil.example&move=2" || !onSite(srv.URL, loc) {
		t.Errorf("%s to %q", r.Status, loc)
	}
	for _, p := range []string{"/evil.example", "/%5Cevil.example", "/hexemergo/101/x/y"} {
		if r := rawGet(t, srv.URL, p); r.StatusCode != 404 {
			t.Errorf("%s: %s, want 404", p, r.Status)
		}
	}
	if got := strings.Join([]string{location("//evil.example", ""), location(`/\evil.example`, "a=1"), location("evil.example", "")}, " "); got != "/ /?a=1 /" {
		t.Errorf("location of what is not a path of the site: %s", got)
	}
}
