package web

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/drawing"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// boardAt reads a board and replays it up to move upto (all when < 0).
func (s *Site) boardAt(w http.ResponseWriter, r *http.Request, g engine.Game, n int) (b store.Board, ratings []store.Rating, ok bool) {
	err := s.store.View(func(tx *store.Tx) error {
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
			rt.User = p
			ratings = append(ratings, rt)
		}
		return nil
	})
	if errors.Is(err, store.ErrNotFound) {
		s.notFound(w, r, printer(r).T("WebErrNoBoard", "Game", g.Title(), "Number", n))
		return b, nil, false
	}
	if err != nil {
		s.unavailable(w, r)
		return b, nil, false
	}
	return b, ratings, true
}

// position replays the board up to ?move= (the whole log without it).
func (s *Site) position(w http.ResponseWriter, r *http.Request, g engine.Game, b store.Board) (st engine.State, upto int, ok bool) {
	upto = len(b.Log)
	if m, given := r.URL.Query()["move"]; given {
		k, err := strconv.Atoi(m[0])
		if err != nil || k < 0 || k > len(b.Log) || len(m) != 1 {
			s.notFound(w, r, printer(r).T("WebErrMove", "Game", g.Title(), "Number", b.Number, "Last", len(b.Log), "Move", strings.Join(m, ",")))
			return nil, 0, false
		}
		upto = k
	}
	st, err := replay(g, b, upto)
	if err != nil {
		s.failed(w, r, printer(r).T("WebErrBoard", "Why", err.Error()))
		return nil, 0, false
	}
	return st, upto, true
}

// replay plays the first upto entries of the board's log.
func replay(g engine.Game, b store.Board, upto int) (engine.State, error) {
	st, err := g.New(len(b.Players), b.GameOptions(), b.Seed)
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

// cacheOf is the Cache-Control of a board's data: a finished board is
// never written again.
func cacheOf(b store.Board, finished string) string {
	if b.Over {
		return finished
	}
	return cacheRevalidate
}

// svgOf draws the position as SVG in the reader's language, with a
// <title> and a <desc> saying which cell holds which piece (SVG 2
// section 5.9), for readers who cannot see the picture.
func svgOf(pr lang.Printer, g engine.Game, b store.Board, st engine.State, upto int) (template.HTML, bool) {
	bb := b
	bb.Log = b.Log[:upto]
	p, ok := board.PictureIn(pr, bb, st)
	if !ok {
		return "", false
	}
	var buf bytes.Buffer
	if err := drawing.SVG(&buf, p); err != nil {
		return "", false
	}
	svg := buf.String()
	// The title and desc are the first children of the root element.
	end := strings.Index(svg, ">")
	if end < 0 {
		return "", false
	}
	title, desc := board.Describe(pr, g, b, p, upto)
	svg = svg[:end+1] + "\n<title>" + html.EscapeString(title) + "</title>\n<desc>" + html.EscapeString(desc) + "</desc>" + svg[end+1:]
	// drawing.SVG escapes every text and attribute it writes.
	return template.HTML(svg), true
}

func (s *Site) svg(w http.ResponseWriter, r *http.Request, g engine.Game, n int) {
	b, _, ok := s.boardAt(w, r, g, n)
	if !ok {
		return
	}
	st, upto, ok := s.position(w, r, g, b)
	if !ok {
		return
	}
	svg, ok := svgOf(printer(r), g, b, st, upto)
	if !ok {
		s.notFound(w, r, printer(r).T("WebErrNoPicture", "Game", g.Title()))
		return
	}
	// The picture's title and description are in the reader's language.
	w.Header().Set("Vary", varyLanguage)
	s.respond(w, r, "image/svg+xml", cacheOf(b, cacheFinished), []byte(svg))
}

type moveRow struct {
	N         int
	Who, Move string
	At        time.Time
	Link      string
	Current   bool
}

func (s *Site) board(w http.ResponseWriter, r *http.Request, g engine.Game, n int) {
	b, ratings, ok := s.boardAt(w, r, g, n)
	if !ok {
		return
	}
	st, upto, ok := s.position(w, r, g, b)
	if !ok {
		return
	}
	pr := printer(r)
	path := board.Path(g.Name(), b.Number)
	v := struct {
		Name, Title, Outcome, ToMove, Command, Address string
		Number, Upto, Total                            int
		Players                                        []store.Rating
		Moves                                          []moveRow
		SVG                                            template.HTML
		Text                                           string
		Start, Path                                    string
		Past, Removed                                  bool
		Tournament, TournamentPath                     string
		Round                                          int
		Bank                                           string
	}{Name: g.Name(), Title: g.Title(), Number: b.Number, Upto: upto, Total: len(b.Log), Players: ratings,
		Start: path + "?move=0", Path: path, Address: s.opts.Address}
	v.Past = upto < len(b.Log)
	if b.Tournament != "" {
		v.Tournament, v.TournamentPath, v.Round = b.Tournament, TournamentPath(g.Name(), b.Tournament), b.Round
	}
	if svg, ok := svgOf(pr, g, b, st, upto); ok {
		v.SVG = svg
	}
	v.Text = board.TextBoardIn(pr, b, st)
	if t := st.ToMove(); t >= 0 && t < len(b.Players) && !(b.Over && !v.Past) {
		v.ToMove = b.Players[t]
		if !v.Past && !b.Over {
			v.Command = fmt.Sprintf("%s move %d %s <%s> <%s>#%d", g.Name(), b.Number, b.Players[t], pr.T("WebArgPassword"), pr.T("WebArgMove"), len(b.Log)+1)
		}
	}
	if bank, ok := s.bankOf(b, seatOf(b, v.ToMove)); ok && !v.Past {
		v.Bank = bank.Text(pr)
	}
	if b.Over && !v.Past {
		v.Outcome = pr.Render(board.OutcomeMsg(b))
		v.Removed = removed(b)
	}
	for i, e := range b.Log {
		who, mv := board.EntryOf(b, e, "?")
		v.Moves = append(v.Moves, moveRow{N: i + 1, Who: who, Move: mv, At: e.At, Current: i+1 == upto,
			Link: fmt.Sprintf("%s?move=%d", path, i+1)})
	}
	cache := cacheOf(b, cacheFinishedUI)
	s.pageWithFeed(w, r, nil, cache, "board", pr.T("WebBoardTitle", "Game", g.Title(), "Number", b.Number), path+"/atom", v)
}
