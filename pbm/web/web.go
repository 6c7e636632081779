// Package web is the read-only web site of the server: the games and
// their boards, one page per board with its picture and moves, the
// standings and the help of each game. It reads the store in read-only
// bbolt transactions, so it never blocks the intake, and shows userids,
// moves and outcomes only: never a password, a reply token or a mail
// address. Every page is rendered with html/template.
package web

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"sort"
	"strconv"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm"
	"github.com/pbmgo/pbm/pbm/drawing"
	"github.com/pbmgo/pbm/store"
)

// Site serves the pages.
type Site struct {
	store *store.Store
	games *engine.Registry
	mux   *http.ServeMux
}

// maxListed bounds the boards listed per section of a page.
const maxListed = 200

// New returns the site over st, offering the games of reg.
func New(st *store.Store, reg *engine.Registry) *Site {
	s := &Site{store: st, games: reg, mux: http.NewServeMux()}
	s.mux.HandleFunc("GET /{$}", s.index)
	s.mux.HandleFunc("GET /{game}", s.game)
	s.mux.HandleFunc("GET /{game}/help", s.help)
	s.mux.HandleFunc("GET /{game}/standings", s.standings)
	s.mux.HandleFunc("GET /{game}/{n}", s.board)
	s.mux.HandleFunc("GET /{game}/{n}/svg", s.svg)
	return s
}

func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	s.mux.ServeHTTP(w, r)
}

type boardRow struct {
	Game, Title string
	Number      int
	Players     []string
	State       string
	Moves       int
}

func row(g engine.Game, b store.Board) boardRow {
	r := boardRow{Game: g.Name(), Title: g.Title(), Number: b.Number, Players: b.Players, Moves: len(b.Log)}
	if b.Over {
		r.State = b.Outcome
	}
	return r
}

// split lists running and finished boards, newest first, at most
// maxListed of each.
func split(g engine.Game, bs []store.Board) (running, finished []boardRow) {
	sort.Slice(bs, func(i, j int) bool { return bs[i].Number > bs[j].Number })
	for _, b := range bs {
		if b.Over && len(finished) < maxListed {
			finished = append(finished, row(g, b))
		} else if !b.Over && len(running) < maxListed {
			running = append(running, row(g, b))
		}
	}
	return running, finished
}

func (s *Site) index(w http.ResponseWriter, r *http.Request) {
	type section struct {
		Name, Title       string
		Running, Finished []boardRow
	}
	var v struct{ Games []section }
	err := s.store.View(func(tx *store.Tx) error {
		for _, g := range s.games.Games() {
			bs, err := tx.Boards(g.Name())
			if err != nil {
				return err
			}
			sec := section{Name: g.Name(), Title: g.Title()}
			sec.Running, sec.Finished = split(g, bs)
			if len(sec.Running) > 20 {
				sec.Running = sec.Running[:20]
			}
			if len(sec.Finished) > 20 {
				sec.Finished = sec.Finished[:20]
			}
			v.Games = append(v.Games, sec)
		}
		return nil
	})
	s.page(w, err, "index", "Games", v)
}

func (s *Site) lookup(w http.ResponseWriter, r *http.Request) (engine.Game, bool) {
	g, ok := s.games.Lookup(r.PathValue("game"))
	if !ok {
		http.Error(w, "No such game here.", http.StatusNotFound)
	}
	return g, ok
}

func (s *Site) game(w http.ResponseWriter, r *http.Request) {
	g, ok := s.lookup(w, r)
	if !ok {
		return
	}
	var v struct {
		Name, Title       string
		Running, Finished []boardRow
	}
	v.Name, v.Title = g.Name(), g.Title()
	err := s.store.View(func(tx *store.Tx) error {
		bs, err := tx.Boards(g.Name())
		v.Running, v.Finished = split(g, bs)
		return err
	})
	s.page(w, err, "game", g.Title(), v)
}

func (s *Site) help(w http.ResponseWriter, r *http.Request) {
	g, ok := s.lookup(w, r)
	if !ok {
		return
	}
	s.page(w, nil, "help", g.Title()+" help", struct{ Name, Title, Help string }{g.Name(), g.Title(), g.Help()})
}

func (s *Site) standings(w http.ResponseWriter, r *http.Request) {
	g, ok := s.lookup(w, r)
	if !ok {
		return
	}
	var v struct {
		Name, Title string
		Ratings     []store.Rating
	}
	v.Name, v.Title = g.Name(), g.Title()
	err := s.store.View(func(tx *store.Tx) error {
		var err error
		v.Ratings, err = tx.Ratings(g.Name())
		return err
	})
	sort.SliceStable(v.Ratings, func(i, j int) bool { return v.Ratings[i].Rating > v.Ratings[j].Rating })
	s.page(w, err, "standings", g.Title()+" standings", v)
}

// position reads a board and replays it up to move upto (all when < 0).
func (s *Site) position(w http.ResponseWriter, r *http.Request) (g engine.Game, b store.Board, st engine.State, upto int, ratings []store.Rating, ok bool) {
	g, ok = s.lookup(w, r)
	if !ok {
		return
	}
	ok = false
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil {
		http.Error(w, "A board is a number.", http.StatusNotFound)
		return
	}
	err = s.store.View(func(tx *store.Tx) error {
		var err error
		if b, err = tx.Board(g.Name(), n); err != nil {
			return err
		}
		for _, p := range b.Players {
			rt, found, err := tx.Rating(g.Name(), p)
			if err != nil {
				return err
			}
			if !found {
				rt = store.Rating{User: p, Rating: 1600}
			}
			ratings = append(ratings, rt)
		}
		return nil
	})
	if errors.Is(err, store.ErrNotFound) {
		http.Error(w, fmt.Sprintf("There is no %s board %d.", g.Title(), n), http.StatusNotFound)
		return
	}
	if err != nil {
		http.Error(w, "The store cannot be read now.", http.StatusServiceUnavailable)
		return
	}
	upto = len(b.Log)
	if m := r.URL.Query().Get("move"); m != "" {
		if k, err := strconv.Atoi(m); err == nil && k >= 0 && k < len(b.Log) {
			upto = k
		}
	}
	if st, err = replay(g, b, upto); err != nil {
		http.Error(w, "This board cannot be shown: "+err.Error(), http.StatusInternalServerError)
		return
	}
	return g, b, st, upto, ratings, true
}

// replay plays the first upto entries of the board's log.
func replay(g engine.Game, b store.Board, upto int) (engine.State, error) {
	st, err := g.New(len(b.Players), b.Options, b.Seed)
	if err != nil {
		return nil, err
	}
	for i, e := range b.Log[:upto] {
		switch e.Kind {
		case "":
			_, err = st.Play(e.Move)
		case "resign", "forfeit", "decline":
			err = st.Resign(e.Seat)
		}
		if err != nil {
			return nil, fmt.Errorf("entry %d: %w", i+1, err)
		}
	}
	return st, nil
}

func svgOf(b store.Board, st engine.State, upto int) (template.HTML, bool) {
	bb := b
	bb.Log = b.Log[:upto]
	p, ok := pbm.BoardPicture(bb, st)
	if !ok {
		return "", false
	}
	var buf bytes.Buffer
	if err := drawing.SVG(&buf, p); err != nil {
		return "", false
	}
	// drawing.SVG escapes every text and attribute it writes.
	return template.HTML(buf.String()), true
}

func (s *Site) svg(w http.ResponseWriter, r *http.Request) {
	_, b, st, upto, _, ok := s.position(w, r)
	if !ok {
		return
	}
	svg, ok := svgOf(b, st, upto)
	if !ok {
		http.Error(w, "This game has no picture.", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Write([]byte(svg))
}

type moveRow struct {
	N         int
	Who, Move string
	Link      string
	Current   bool
}

func (s *Site) board(w http.ResponseWriter, r *http.Request) {
	g, b, st, upto, ratings, ok := s.position(w, r)
	if !ok {
		return
	}
	v := struct {
		Name, Title, Outcome, ToMove, Command string
		Number, Upto, Total                   int
		Players                               []store.Rating
		Moves                                 []moveRow
		SVG                                   template.HTML
		Text                                  string
		Start                                 string
		Past                                  bool
	}{Name: g.Name(), Title: g.Title(), Number: b.Number, Upto: upto, Total: len(b.Log), Players: ratings,
		Start: pbm.BoardPath(g.Name(), b.Number) + "?move=0"}
	v.Past = upto < len(b.Log)
	if svg, ok := svgOf(b, st, upto); ok {
		v.SVG = svg
	} else {
		var t bytes.Buffer
		st.Board(&t, b.Players)
		v.Text = t.String()
	}
	if t := st.ToMove(); t >= 0 && t < len(b.Players) {
		v.ToMove = b.Players[t]
		if !v.Past && !b.Over {
			v.Command = fmt.Sprintf("%s move %d %s <password> <move>#%d", g.Name(), b.Number, b.Players[t], len(b.Log)+1)
		}
	}
	if b.Over && !v.Past {
		v.Outcome = b.Outcome
	}
	for i, e := range b.Log {
		who := "?"
		if e.Seat >= 0 && e.Seat < len(b.Players) {
			who = b.Players[e.Seat]
		}
		mv := e.Move
		if e.Kind != "" {
			mv = "(" + e.Kind + ")"
		}
		v.Moves = append(v.Moves, moveRow{N: i + 1, Who: who, Move: mv, Current: i+1 == upto,
			Link: fmt.Sprintf("%s?move=%d", pbm.BoardPath(g.Name(), b.Number), i+1)})
	}
	s.page(w, nil, "board", fmt.Sprintf("%s board %d", g.Title(), b.Number), v)
}

func (s *Site) page(w http.ResponseWriter, err error, name, title string, data any) {
	if err != nil {
		http.Error(w, "The store cannot be read now.", http.StatusServiceUnavailable)
		return
	}
	var b bytes.Buffer
	if err := pages.ExecuteTemplate(&b, name, struct {
		Title string
		Data  any
	}{title, data}); err != nil {
		http.Error(w, "The page cannot be shown.", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(b.Bytes())
}
