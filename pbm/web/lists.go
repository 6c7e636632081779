package web

import (
	"html/template"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

type boardRow struct {
	Game, Title string
	Number      int
	Players     []string
	State       lang.Msg // the outcome, written in the reader's language; none while running
	Moves       int
	Updated     time.Time // when it was last written, shown for finished boards
}

func row(g engine.Game, b store.Board) boardRow {
	r := boardRow{Game: g.Name(), Title: g.Title(), Number: b.Number, Players: b.Players, Moves: len(b.Log),
		Updated: b.Updated}
	if b.Over {
		r.State = board.OutcomeMsg(b)
	}
	return r
}

// removed reports whether a board ended by a declined challenge: the
// board mail said it was removed, unrated, so it is in no history.
func removed(b store.Board) bool {
	n := len(b.Log)
	return b.Over && n > 0 && b.Log[n-1].Kind == "decline"
}

// split sorts boards of one game newest first into the running ones
// and the history; removed and aborted boards are in neither.
func split(bs []store.Board) (running, history []store.Board) {
	sort.Slice(bs, func(i, j int) bool { return bs[i].Number > bs[j].Number })
	return divide(bs)
}

// divide splits sorted boards into the running ones and the history.
func divide(bs []store.Board) (running, history []store.Board) {
	for _, b := range bs {
		switch {
		case !b.Over:
			running = append(running, b)
		case board.Historic(b): // neither aborted nor removed
			history = append(history, b)
		}
	}
	return running, history
}

// paged is one page of a list, of boards or of tournaments.
type paged[R any] struct {
	Rows        []R
	Total       int
	Page, Pages int
	First, Last int    // the positions of its rows in the list, from 1
	All         string // the path of the whole list, "" when Rows is all of it
	Prev, Next  string // links to the pages around, "" at an end
}

// listing is one page of a list of boards.
type listing = paged[boardRow]

// pageList is page (from 1) of items, size a page, linked at path,
// each item made a row by row (false leaves it out); a page past the
// end is false.
func pageList[T, R any](items []T, page, size int, path string, row func(*T) (R, bool)) (paged[R], bool) {
	l := paged[R]{Total: len(items), Page: page, Pages: max(1, (len(items)+size-1)/size)}
	if page < 1 || page > l.Pages {
		return l, false
	}
	lo := (page - 1) * size
	hi := min(lo+size, len(items))
	for i := range items[lo:hi] {
		if r, ok := row(&items[lo+i]); ok {
			l.Rows = append(l.Rows, r)
		}
	}
	l.First, l.Last = lo+1, hi
	if page > 1 {
		l.Prev = pageLink(path, page-1)
	}
	if page < l.Pages {
		l.Next = pageLink(path, page+1)
	}
	if l.Pages > 1 || len(l.Rows) < l.Total {
		l.All = path
	}
	return l, true
}

// pageOf is page (from 1) of the boards, size a page, linked at path;
// a page past the end is false.
func (s *Site) pageOf(bs []store.Board, page, size int, path string) (listing, bool) {
	return pageList(bs, page, size, path, func(b *store.Board) (boardRow, bool) {
		g, ok := s.games.Lookup(b.Game)
		if !ok {
			return boardRow{}, false
		}
		return row(g, *b), true
	})
}

func pageLink(path string, page int) string {
	if page == 1 {
		return path
	}
	return path + "?page=" + strconv.Itoa(page)
}

// pageParam reads ?page=, spelt canonically (canonicalQuery) by the time
// a list is drawn.
func (s *Site) pageParam(w http.ResponseWriter, r *http.Request) (int, bool) {
	v, ok := r.URL.Query()["page"]
	if !ok {
		return 1, true
	}
	if len(v) != 1 {
		s.notFound(w, r, printer(r).T("WebErrOnePage"))
		return 0, false
	}
	n, _, ok := boardNumber(v[0])
	if !ok || n < 1 {
		s.notFound(w, r, printer(r).T("WebErrPageNumber", "Page", strconv.Quote(v[0])))
		return 0, false
	}
	return n, true
}

// aboutID is the message that describes a game in one line.
func aboutID(game string) string {
	if game == "" {
		return "About"
	}
	return "About" + strings.ToUpper(game[:1]) + game[1:]
}

// shown is how many boards of each list a game's own page shows.
const shown = 20

func (s *Site) index(w http.ResponseWriter, r *http.Request) {
	type section struct {
		Name, Title       string
		About             string
		Min, Max          int
		Running, Finished listing
	}
	pr := printer(r)
	var v struct {
		Games   []section
		Address string
		// Picture is the newest running board's picture, with its
		// title and description inside; Shown is that board.
		Picture template.HTML
		Shown   boardRow
	}
	v.Address = s.opts.Address
	var newest store.Board
	var newestGame engine.Game
	err := s.store.View(func(tx *store.Tx) error {
		for _, g := range s.games.Games() {
			bs, err := tx.Boards(g.Name())
			if err != nil {
				return err
			}
			sec := section{Name: g.Name(), Title: g.Title()}
			sec.Min, sec.Max = g.Players()
			sec.About = pr.T(aboutID(g.Name()))
			running, history := split(bs)
			if len(running) > 0 && (newestGame == nil || running[0].Updated.After(newest.Updated)) {
				newest, newestGame = running[0], g
			}
			sec.Running, _ = s.pageOf(running, 1, 10, "/"+g.Name()+"/running")
			sec.Finished, _ = s.pageOf(history, 1, 10, "/"+g.Name()+"/history")
			v.Games = append(v.Games, sec)
		}
		return nil
	})
	if err == nil && newestGame != nil {
		if st, err := replay(newestGame, newest, len(newest.Log)); err == nil {
			if svg, ok := svgOf(pr, newestGame, newest, st, len(newest.Log)); ok {
				v.Picture, v.Shown = svg, row(newestGame, newest)
			}
		}
	}
	s.page(w, r, err, cacheRevalidate, "index", pr.T("WebWelcomeTitle"), v)
}

func (s *Site) game(w http.ResponseWriter, r *http.Request, g engine.Game) {
	var v struct {
		Name, Title       string
		Running, Finished listing
		Tournaments       tournamentListing
		Seekers           []seekRow
		Seek, Address     string
	}
	v.Name, v.Title, v.Seek, v.Address = g.Name(), g.Title(), seekCommand(printer(r), g), s.opts.Address
	err := s.store.View(func(tx *store.Tx) error {
		bs, err := tx.Boards(g.Name())
		if err != nil {
			return err
		}
		running, history := split(bs)
		v.Running, _ = s.pageOf(running, 1, shown, "/"+g.Name()+"/running")
		v.Finished, _ = s.pageOf(history, 1, shown, "/"+g.Name()+"/history")
		ts, err := tournamentsOf(tx, g.Name())
		if err != nil {
			return err
		}
		sortTournaments(ts)
		v.Tournaments, _ = tournamentPage(printer(r), ts, 1, shown, "/"+g.Name()+"/tournaments")
		v.Seekers, err = s.seekers(printer(r), tx, g.Name())
		return err
	})
	s.page(w, r, err, cacheRevalidate, "game", g.Title(), v)
}

// list is every running board of a game, or its history, a page at a
// time.
func (s *Site) list(w http.ResponseWriter, r *http.Request, g engine.Game, which string) {
	page, ok := s.pageParam(w, r)
	if !ok {
		return
	}
	var v struct {
		Name, Title, Heading string
		List                 listing
	}
	v.Name, v.Title = g.Name(), g.Title()
	pr := printer(r)
	v.Heading = pr.T("WebRunningBoards")
	if which == "history" {
		v.Heading = pr.T("WebHistory")
	}
	found := true
	err := s.store.View(func(tx *store.Tx) error {
		bs, err := tx.Boards(g.Name())
		running, history := split(bs)
		if which == "history" {
			running = history
		}
		v.List, found = s.pageOf(running, page, pageSize, "/"+g.Name()+"/"+which)
		return err
	})
	if err == nil && !found {
		s.notFound(w, r, pr.T("WebErrNoListPage", "Page", page, "Pages", v.List.Pages))
		return
	}
	s.page(w, r, err, cacheRevalidate, "list", pr.T("WebListTitle", "Of", g.Title(), "List", v.Heading, "Page", page), v)
}

// help is the game's rules summary in the reader's language when the
// engine has it (engine.Helps), else in English with a note saying so.
func (s *Site) help(w http.ResponseWriter, r *http.Request, g engine.Game) {
	pr := printer(r)
	v := struct {
		Name, Title, Help string
		Fallback          bool
	}{Name: g.Name(), Title: g.Title(), Help: g.Help()}
	if text, ok := engine.HelpIn(g, pr.Code()); ok {
		v.Help = text
	} else {
		v.Fallback = pr.Code() != lang.Default
	}
	s.page(w, r, nil, cacheStatic, "help", pr.T("WebHelpTitle", "Game", g.Title()), v)
}

func (s *Site) standings(w http.ResponseWriter, r *http.Request, g engine.Game) {
	var v struct {
		Name, Title   string
		Ratings       []store.Rating
		Seekers       []seekRow
		Seek, Address string
	}
	v.Name, v.Title, v.Seek, v.Address = g.Name(), g.Title(), seekCommand(printer(r), g), s.opts.Address
	err := s.store.View(func(tx *store.Tx) error {
		var err error
		if v.Ratings, err = tx.Ratings(g.Name()); err != nil {
			return err
		}
		v.Seekers, err = s.seekers(printer(r), tx, g.Name())
		return err
	})
	sort.SliceStable(v.Ratings, func(i, j int) bool { return v.Ratings[i].Rating > v.Ratings[j].Rating })
	s.page(w, r, err, cacheRevalidate, "standings", printer(r).T("WebStandingsHeading", "Game", g.Title()), v)
}
