package web

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/board"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
)

// Open data: each board as its record (/<game>/<n>/record, the text
// "pbmd replay" reads), as JSON (/<game>/<n>/json, described in the
// README) and as an Atom feed (/<game>/<n>/atom, RFC 4287), and a feed
// per player (/player/<userid>/atom). They hold what the board page
// shows and nothing else: no address, password or token.

func (s *Site) record(w http.ResponseWriter, r *http.Request, g engine.Game, n int) {
	b, _, ok := s.boardAt(w, r, g, n)
	if !ok {
		return
	}
	s.respond(w, r, "text/plain; charset=utf-8", cacheOf(b, cacheFinished), []byte(board.Record(b)))
}

// BoardJSON is the JSON document of a board.
type BoardJSON struct {
	Game    string            `json:"game"`
	Title   string            `json:"title"`
	Number  int               `json:"number"`
	Seed    uint64            `json:"seed"`
	Players []SeatJSON        `json:"players"`
	Options map[string]string `json:"options"`
	Created time.Time         `json:"created"`
	Updated time.Time         `json:"updated"`
	ToMove  string            `json:"to_move,omitempty"`
	Over    bool              `json:"over"`
	Result  string            `json:"result,omitempty"`
	Removed bool              `json:"removed"`
	Aborted bool              `json:"aborted"`
	Moves   []MoveJSON        `json:"moves"`
	// Bank is the board's time bank, when it has one (bankJSON).
	Bank *BankJSON `json:"bank,omitempty"`
}

// SeatJSON is one seat of a board.
type SeatJSON struct {
	Seat   int    `json:"seat"`
	Player string `json:"player"`
}

// MoveJSON is one entry of a board's log.
type MoveJSON struct {
	N      int       `json:"n"`
	Seat   int       `json:"seat"`
	Player string    `json:"player"`
	Kind   string    `json:"kind"`
	Move   string    `json:"move,omitempty"`
	At     time.Time `json:"at"`
}

// moveKind names an entry's kind in the JSON: "move" or the log's.
func moveKind(e store.Entry) string {
	if e.Kind == "" {
		return "move"
	}
	return e.Kind
}

func seatName(b store.Board, seat int) string {
	if seat >= 0 && seat < len(b.Players) {
		return b.Players[seat]
	}
	return ""
}

func boardJSON(g engine.Game, b store.Board) (BoardJSON, error) {
	v := BoardJSON{Game: g.Name(), Title: g.Title(), Number: b.Number, Seed: b.Seed, Options: b.GameOptions(),
		Created: b.Created.UTC(), Updated: b.Updated.UTC(), Over: b.Over, Removed: removed(b), Aborted: b.Aborted,
		Players: []SeatJSON{}, Moves: []MoveJSON{}}
	if v.Options == nil {
		v.Options = map[string]string{}
	}
	for i, p := range b.Players {
		v.Players = append(v.Players, SeatJSON{Seat: i, Player: p})
	}
	for i, e := range b.Log {
		v.Moves = append(v.Moves, MoveJSON{N: i + 1, Seat: e.Seat, Player: seatName(b, e.Seat), Kind: moveKind(e), Move: e.Move, At: e.At.UTC()})
	}
	if b.Over {
		v.Result = b.Outcome
	} else {
		st, err := replay(g, b, len(b.Log))
		if err != nil {
			return v, err
		}
		v.ToMove = seatName(b, st.ToMove())
	}
	return v, nil
}

func (s *Site) json(w http.ResponseWriter, r *http.Request, g engine.Game, n int) {
	b, _, ok := s.boardAt(w, r, g, n)
	if !ok {
		return
	}
	v, err := boardJSON(g, b)
	if err != nil {
		s.failed(w, r, printer(r).T("WebErrBoard", "Why", err.Error()))
		return
	}
	if bank, ok := s.bankOf(b, seatOf(b, v.ToMove)); ok {
		v.Bank = bankJSON(bank)
	}
	body, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		s.failed(w, r, printer(r).T("WebErrBoard", "Why", err.Error()))
		return
	}
	// RFC 8259 section 11: application/json has no charset parameter.
	s.respond(w, r, "application/json", cacheOf(b, cacheFinished), append(body, '\n'))
}

// Feed is an Atom feed document (RFC 4287 section 4.1.1).
type Feed struct {
	XMLName xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
	ID      string   `xml:"id"`
	Title   string   `xml:"title"`
	Updated string   `xml:"updated"`
	Author  Person   `xml:"author"`
	Links   []Link   `xml:"link"`
	Entries []Entry  `xml:"entry"`
}

// Person is an Atom person construct (RFC 4287 section 3.2).
type Person struct {
	Name string `xml:"name"`
}

// Link is an Atom link (RFC 4287 section 4.2.7); a relative href is
// resolved against the feed's own URL (RFC 4287 section 2, RFC 3986
// section 5.1.3).
type Link struct {
	Rel  string `xml:"rel,attr,omitempty"`
	Type string `xml:"type,attr,omitempty"`
	Href string `xml:"href,attr"`
}

// Entry is an Atom entry (RFC 4287 section 4.1.2).
type Entry struct {
	ID      string `xml:"id"`
	Title   string `xml:"title"`
	Updated string `xml:"updated"`
	Link    Link   `xml:"link"`
	Content string `xml:"content"`
}

// tagID is a permanent id for the feed or an entry: a tag URI (RFC 4151
// section 2.1) under the domain of the server's address, as atom:id
// must be an absolute IRI that never changes (RFC 4287 section 4.2.6).
func (s *Site) tagID(specific string) string {
	domain := "pbm.invalid"
	if _, d, ok := strings.Cut(s.opts.Address, "@"); ok && d != "" {
		domain = strings.ToLower(d)
	}
	return "tag:" + domain + ",2026:" + specific
}

// atomTime is an Atom date (RFC 4287 section 3.3, RFC 3339).
func atomTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// boardEntries are a board's feed entries: one per entry of its log
// and one for its result, each with the time it happened.
func (s *Site) boardEntries(g engine.Game, b store.Board, prefix string) []timedEntry {
	path := board.Path(g.Name(), b.Number)
	id := g.Name() + "/" + fmt.Sprint(b.Number)
	var out []timedEntry
	for i, e := range b.Log {
		at := e.At
		if at.IsZero() {
			at = b.Created
		}
		who, mv := board.EntryOf(b, e, "")
		out = append(out, timedEntry{at, Entry{
			ID:      s.tagID(fmt.Sprintf("%s/move/%d", id, i+1)),
			Title:   fmt.Sprintf("%sMove %d: %s %s", prefix, i+1, who, mv),
			Updated: atomTime(at),
			Link:    Link{Rel: "alternate", Type: "text/html", Href: fmt.Sprintf("%s?move=%d", path, i+1)},
			Content: fmt.Sprintf("%s board %d, move %d: %s played %s.", g.Title(), b.Number, i+1, who, mv),
		}})
	}
	if b.Over {
		title := "Result: " + b.Outcome
		if removed(b) {
			title = "Removed: " + b.Outcome
		}
		// First, so that it sorts before a last move of the same time.
		out = append([]timedEntry{{b.Updated, Entry{
			ID:      s.tagID(id + "/result"),
			Title:   prefix + title,
			Updated: atomTime(b.Updated),
			Link:    Link{Rel: "alternate", Type: "text/html", Href: path},
			Content: fmt.Sprintf("%s board %d: %s", g.Title(), b.Number, b.Outcome),
		}}}, out...)
	}
	return out
}

type timedEntry struct {
	at time.Time
	e  Entry
}

// feedEntries is the newest entries first, at most this many.
const feedEntries = 100

func (s *Site) writeFeed(w http.ResponseWriter, r *http.Request, f Feed, entries []timedEntry, cache string, updated time.Time) {
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].at.After(entries[j].at) })
	if len(entries) > feedEntries {
		entries = entries[:feedEntries]
	}
	for _, e := range entries {
		if e.at.After(updated) {
			updated = e.at
		}
		f.Entries = append(f.Entries, e.e)
	}
	f.Updated = atomTime(updated)
	f.Author = Person{Name: s.opts.Name}
	if f.Author.Name == "" {
		f.Author.Name = "pbm"
	}
	body, err := xml.MarshalIndent(f, "", "  ")
	if err != nil {
		s.failed(w, r, printer(r).T("WebErrFeed"))
		return
	}
	// RFC 4287 section 7: application/atom+xml.
	s.respond(w, r, "application/atom+xml; charset=utf-8", cache, append([]byte(xml.Header), append(body, '\n')...))
}

func (s *Site) boardFeed(w http.ResponseWriter, r *http.Request, g engine.Game, n int) {
	b, _, ok := s.boardAt(w, r, g, n)
	if !ok {
		return
	}
	path := board.Path(g.Name(), b.Number)
	f := Feed{
		ID:    s.tagID(fmt.Sprintf("%s/%d", g.Name(), b.Number)),
		Title: fmt.Sprintf("%s board %d: %s", g.Title(), b.Number, strings.Join(b.Players, ", ")),
		Links: []Link{{Rel: "self", Type: "application/atom+xml", Href: path + "/atom"}, {Rel: "alternate", Type: "text/html", Href: path}},
	}
	s.writeFeed(w, r, f, s.boardEntries(g, b, ""), cacheOf(b, cacheFinished), b.Created)
}

func (s *Site) playerFeed(w http.ResponseWriter, r *http.Request, user, path string, boards []store.Board) {
	f := Feed{
		ID:    s.tagID("player/" + strings.ToLower(user)),
		Title: "The games of " + user,
		Links: []Link{{Rel: "self", Type: "application/atom+xml", Href: path + "/atom"}, {Rel: "alternate", Type: "text/html", Href: path}},
	}
	var entries []timedEntry
	var updated time.Time
	for _, b := range boards {
		g, ok := s.games.Lookup(b.Game)
		if !ok || b.Aborted {
			continue
		}
		entries = append(entries, s.boardEntries(g, b, fmt.Sprintf("%s board %d: ", g.Title(), b.Number))...)
		if b.Created.After(updated) {
			updated = b.Created
		}
	}
	s.writeFeed(w, r, f, entries, cacheRevalidate, updated)
}
