package web

import (
	"net/http"
	"net/url"
	"strings"
)

// The one URL of each resource is built here, once, from the whole
// request target, so that any other spelling is one redirect from its
// page (never a chain):
//
//   - the path's segments are read from the escaped path and unescaped
//     one by one (a userid may hold an escaped slash); empty segments
//     (a doubled or trailing slash) are dropped, and the dot segments
//     "." and ".." are removed as RFC 3986 section 5.2.4 does;
//   - the game's name is in lower case, a board number in decimal
//     without sign or leading zeros, a tournament's name and a
//     userid in lower case;
//   - ?page= and ?move= are numbers in decimal without sign or leading
//     zeros, and ?page=1 is the list itself, without the parameter.
//
// A redirect's Location is always a path of this site: built from the
// segments, each escaped, it starts with one "/" followed by a
// segment, never "//" (a network-path reference, RFC 3986 section 4.2,
// which a browser would take to another host) nor "/\" (which some
// browsers read as "//"). The host of an absolute-form request target
// (RFC 9112 section 3.2.2) is never copied into it. RFC 9110 section
// 10.2.2 lets Location be a relative reference, resolved against the
// request's own URI: a path keeps the reader on the site they asked.

// target is the canonical form of a request's target.
type target struct {
	segs  []string // the path's segments, unescaped and canonical
	path  string   // the canonical path, escaped
	query string   // the canonical raw query
	bad   bool     // a segment is not validly escaped
}

// canonical is the one URL of what u names.
func (s *Site) canonical(u *url.URL) target {
	var t target
	for _, e := range strings.Split(u.EscapedPath(), "/") {
		seg, err := url.PathUnescape(e)
		switch {
		case err != nil:
			t.bad = true
			return t
		case seg == "" || seg == ".":
		case seg == "..":
			if len(t.segs) > 0 {
				t.segs = t.segs[:len(t.segs)-1]
			}
		default:
			t.segs = append(t.segs, seg)
		}
	}
	p := t.segs
	switch {
	case len(p) == 0:
	case p[0] == "player":
		if len(p) > 1 {
			p[1] = strings.ToLower(p[1])
		}
	default:
		g, ok := s.games.Lookup(p[0])
		if !ok {
			break
		}
		p[0] = g.Name()
		if len(p) < 2 {
			break
		}
		if p[1] == "tournament" {
			if len(p) > 2 {
				p[2] = strings.ToLower(p[2])
			}
		} else if _, c, ok := boardNumber(p[1]); ok {
			p[1] = c
		}
	}
	t.path = "/"
	if len(p) > 0 {
		t.path = escapedPath(p)
	}
	t.query = canonicalQuery(u.RawQuery)
	return t
}

// canonicalQuery spells ?page= and ?move= canonically; any other query
// is kept as it came.
func canonicalQuery(raw string) string {
	if raw == "" {
		return ""
	}
	q, err := url.ParseQuery(raw)
	if err != nil {
		return raw
	}
	changed := false
	for _, k := range []string{"page", "move"} {
		v := q[k]
		if len(v) != 1 {
			continue
		}
		n, c, ok := boardNumber(v[0])
		switch {
		case !ok:
		case k == "page" && n == 1:
			q.Del(k)
			changed = true
		case c != v[0]:
			q.Set(k, c)
			changed = true
		}
	}
	if !changed {
		return raw
	}
	return q.Encode()
}

// location joins a canonical path and query into a Location that is a
// path of this site: anything else (which canonical never builds)
// becomes the front page.
func location(path, query string) string {
	if !strings.HasPrefix(path, "/") || strings.HasPrefix(path, "//") || strings.HasPrefix(path, "/\\") {
		path = "/"
	}
	if query != "" {
		path += "?" + query
	}
	return path
}

// redirectTo sends the client to t with code: 308 Permanent Redirect
// for another spelling of a page (RFC 9110 section 15.4.9, which keeps
// the method), 303 See Other after the switch of language (section
// 15.4.4).
func redirectTo(w http.ResponseWriter, t target, code int, cache string) {
	w.Header().Set("Location", location(t.path, t.query))
	w.Header().Set("Cache-Control", cache)
	w.WriteHeader(code)
}
