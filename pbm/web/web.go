// Package web is the read-only web site of the server: the games and
// their boards, one page per board with its picture, text board and
// moves, one page per player, the standings, the seekers, the help and
// the tournaments of each game with one page per tournament, and each
// board's record as text, JSON and an Atom feed. It reads the
// store in read-only bbolt transactions, so it never blocks the intake,
// and shows userids, moves, outcomes and the server's own mail address
// only: never a password, a reply token or a player's address. Every
// page is rendered with html/template.
//
// Every page is in the reader's language (choose, printer), with a switch
// to the others.
//
// Every resource has one URL: the game's name in lower case, the board
// number in decimal without sign or leading zeros, no trailing slash;
// any other spelling is one redirect to it (RFC 9110 section 15.4.9),
// always to a path of this site (Site.canonical, redirectTo).
// Every answer carries an ETag and is answered with 304 Not Modified
// when a conditional request names it (RFC 9110 sections 8.8.3, 13.1.2
// and 15.4.5), and a Cache-Control suited to it (RFC 9111 section
// 5.2.2): a finished board never changes, everything else is
// revalidated.
package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
)

// Options are what the site says of the server beyond the store.
type Options struct {
	// Address is the server's own mail address, shown where a page
	// says how to play; "" shows none.
	Address string
	// Name is the server's name, used in feeds.
	Name string
	// Now is the server's clock (the daemon's test clock); nil the
	// wall clock.
	Now func() time.Time
}

// Site serves the pages.
type Site struct {
	store *store.Store
	games *engine.Registry
	opts  Options
}

// pageSize is the number of boards on one page of a list.
const pageSize = 100

// Cache-Control values (RFC 9111 section 5.2.2; immutable is RFC 8246
// section 2).
const (
	cacheRevalidate = "no-cache"                            // may change any time: always revalidate (5.2.2.4)
	cacheFinished   = "public, max-age=31536000, immutable" // a finished board's data never changes
	cacheFinishedUI = "public, max-age=86400"               // its page shows ratings, which do
	cacheStatic     = "public, max-age=86400"               // help, robots.txt, the icon
)

// New returns the site over st, offering the games of reg.
func New(st *store.Store, reg *engine.Registry, opts Options) *Site {
	return &Site{store: st, games: reg, opts: opts}
}

func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	r = withLanguage(r)
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		// RFC 9110 section 15.5.6: a 405 lists the methods allowed.
		w.Header().Set("Allow", "GET, HEAD")
		w.Header().Set("Vary", varyLanguage)
		http.Error(w, printer(r).T("WebReadOnly"), http.StatusMethodNotAllowed)
		return
	}
	t := s.canonical(r.URL)
	if switchLanguage(w, r, t) {
		return
	}
	pr := printer(r)
	if t.bad {
		s.notFound(w, r, pr.T("WebNotFound"))
		return
	}
	if t.path != r.URL.EscapedPath() || t.query != r.URL.RawQuery {
		redirectTo(w, t, http.StatusPermanentRedirect, cacheStatic)
		return
	}
	parts := t.segs
	switch {
	case len(parts) == 0:
		s.index(w, r)
		return
	case t.path == "/robots.txt":
		s.respond(w, r, "text/plain; charset=utf-8", cacheStatic, []byte(robots))
		return
	case t.path == "/favicon.ico":
		s.respond(w, r, "image/x-icon", cacheStatic, favicon)
		return
	case parts[0] == "player":
		s.playerRoute(w, r, parts[1:])
		return
	}
	g, ok := s.games.Lookup(parts[0])
	if !ok {
		s.notFound(w, r, pr.T("WebErrNoGame", "Game", strconv.Quote(parts[0])))
		return
	}
	switch {
	case len(parts) == 1:
		s.game(w, r, g)
		return
	case len(parts) == 2 && parts[1] == "help":
		s.help(w, r, g)
		return
	case len(parts) == 2 && parts[1] == "standings":
		s.standings(w, r, g)
		return
	case len(parts) == 2 && (parts[1] == "running" || parts[1] == "history"):
		s.list(w, r, g, parts[1])
		return
	case len(parts) == 2 && parts[1] == "tournaments":
		s.tournamentList(w, r, g)
		return
	case parts[1] == "tournament":
		s.tournamentRoute(w, r, g, parts)
		return
	}
	n, canonical, ok := boardNumber(parts[1])
	if !ok || len(parts) > 3 {
		s.notFound(w, r, pr.T("WebErrNoPage", "Of", g.Title()))
		return
	}
	kind := ""
	if len(parts) == 3 {
		kind = parts[2]
	}
	switch kind {
	case "":
		s.board(w, r, g, n)
	case "svg":
		s.svg(w, r, g, n)
	case "record":
		s.record(w, r, g, n)
	case "json":
		s.json(w, r, g, n)
	case "atom":
		s.boardFeed(w, r, g, n)
	default:
		s.notFound(w, r, pr.T("WebErrNoBoardPage", "Game", g.Title(), "Number", canonical))
	}
}

// boardNumber reads a board number written in decimal, with a sign or
// leading zeros, and returns its canonical spelling.
func boardNumber(s string) (n int, canonical string, ok bool) {
	digits := strings.TrimPrefix(s, "+")
	if digits == "" || len(digits) > 9 {
		return 0, "", false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, "", false
		}
	}
	n, _ = strconv.Atoi(digits)
	return n, strconv.Itoa(n), true
}

// escapedPath joins decoded path segments into an escaped path.
func escapedPath(parts []string) string {
	var b strings.Builder
	for _, p := range parts {
		b.WriteString("/" + url.PathEscape(p))
	}
	return b.String()
}

// respond writes body with a strong ETag made from it (RFC 9110 section
// 8.8.3) and answers a matching If-None-Match with 304 (section 13.1.2,
// compared by net/http's ServeContent, which also answers HEAD and
// Range requests).
func (s *Site) respond(w http.ResponseWriter, r *http.Request, contentType, cache string, body []byte) {
	sum := sha256.Sum256(append([]byte(contentType+"\n"), body...))
	w.Header().Set("ETag", `"`+base64.RawURLEncoding.EncodeToString(sum[:18])+`"`)
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Cache-Control", cache)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

// notFound answers 404 with the site's own page.
func (s *Site) notFound(w http.ResponseWriter, r *http.Request, why string) {
	s.errorPage(w, r, http.StatusNotFound, printer(r).T("WebNotFound"), why)
}

// unavailable answers 503: the store cannot be read.
func (s *Site) unavailable(w http.ResponseWriter, r *http.Request) {
	p := printer(r)
	s.errorPage(w, r, http.StatusServiceUnavailable, p.T("WebUnavailable"), p.T("WebErrStore"))
}

// failed answers 500 saying why.
func (s *Site) failed(w http.ResponseWriter, r *http.Request, why string) {
	s.errorPage(w, r, http.StatusInternalServerError, printer(r).T("WebError"), why)
}

// frame is what every page's template is given: the page's title, its
// feed, its language and the switch to the others, and its data.
type frame struct {
	Title, Feed string
	Switch      []languageLink
	Data        any
}

// render executes a page's template in the request's language.
func render(b *bytes.Buffer, r *http.Request, name, title, feed string, data any) error {
	p := printer(r)
	return pagesIn[p.Code()].ExecuteTemplate(b, name, frame{Title: title, Feed: feed, Switch: switchLinks(r), Data: data})
}

// errorPage answers with the site's own page saying why.
func (s *Site) errorPage(w http.ResponseWriter, r *http.Request, code int, title, why string) {
	var b bytes.Buffer
	w.Header().Set("Vary", varyLanguage)
	if err := render(&b, r, "error", title, "", why); err != nil {
		http.Error(w, why, code)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", cacheRevalidate)
	w.WriteHeader(code)
	w.Write(b.Bytes())
}

// page renders a template and responds with it.
func (s *Site) page(w http.ResponseWriter, r *http.Request, err error, cache, name, title string, data any) {
	s.pageWithFeed(w, r, err, cache, name, title, "", data)
}

// pageWithFeed renders a page that links its Atom feed at feed.
func (s *Site) pageWithFeed(w http.ResponseWriter, r *http.Request, err error, cache, name, title, feed string, data any) {
	if err != nil {
		s.unavailable(w, r)
		return
	}
	var b bytes.Buffer
	if err := render(&b, r, name, title, feed, data); err != nil {
		s.failed(w, r, printer(r).T("WebErrPage"))
		return
	}
	w.Header().Set("Vary", varyLanguage)
	s.respond(w, r, "text/html; charset=utf-8", cache, b.Bytes())
}

// robots lets crawlers read the site but not every past position of
// every board (RFC 9309 section 2.2.3: "*" matches any characters).
// The switch of languages (?lang=) only sets a cookie and redirects.
const robots = "User-agent: *\nDisallow: /*?move=\nDisallow: /*?lang=\nAllow: /\n"

// PlayerPath is the path of a player's page.
func PlayerPath(user string) string {
	return "/player/" + url.PathEscape(strings.ToLower(user))
}
