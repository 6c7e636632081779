package web

import (
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// A player's pages: /player/<userid> (the boards running, the ratings
// per game, the history), /player/<userid>/running and .../history
// (whole lists, paged), /player/<userid>/atom (a feed of the moves and
// results of the player's boards). The userid is in lower case in the
// URL, as userids are compared without case.

// playerView is what the player's pages show.
type playerView struct {
	User, Path       string
	Ratings          []gameRating
	Tournaments      []playerTournament
	Running, History listing
	Heading          string
	List             listing
	// Waiting are the boards where the player is to move, the most
	// urgent first (Site.waitingOf).
	Waiting []waitingRow
}

// playerTournament is a tournament a player entered, as the player's
// page lists it.
type playerTournament struct {
	Title string // the game's
	tournamentRow
}

// entered lists the tournaments of every game that id entered, newest
// first by the order each game keeps them.
func entered(tx *store.Tx, games *engine.Registry, id string) ([]tournament.Tournament, error) {
	var out []tournament.Tournament
	for _, g := range games.Games() {
		ts, err := tournamentsOf(tx, g.Name())
		if err != nil {
			return nil, err
		}
		for _, t := range ts {
			for _, e := range t.Entrants {
				if strings.EqualFold(e.ID, id) {
					out = append(out, t)
					break
				}
			}
		}
	}
	return out, nil
}

type gameRating struct {
	Game, Title string
	store.Rating
}

func (s *Site) playerRoute(w http.ResponseWriter, r *http.Request, parts []string) {
	if len(parts) == 0 || parts[0] == "" || len(parts) > 2 {
		s.notFound(w, r, printer(r).T("WebErrPlayerPath"))
		return
	}
	user := parts[0] // in lower case (Site.canonical)
	var boards []store.Board
	var ratings []gameRating
	var joined []tournament.Tournament
	display := user
	err := s.store.View(func(tx *store.Tx) error {
		var err error
		if boards, err = tx.BoardsOf(user, ""); err != nil {
			return err
		}
		if joined, err = entered(tx, s.games, user); err != nil {
			return err
		}
		for _, g := range s.games.Games() {
			rt, found, err := tx.Rating(g.Name(), user)
			if err != nil {
				return err
			}
			if found {
				ratings = append(ratings, gameRating{Game: g.Name(), Title: g.Title(), Rating: rt})
			}
		}
		if u, err := tx.User(user); err == nil {
			display = u.ID
		}
		return nil
	})
	if err != nil {
		s.unavailable(w, r)
		return
	}
	if len(boards) == 0 && len(ratings) == 0 && len(joined) == 0 {
		s.notFound(w, r, printer(r).T("WebErrNoPlayer", "User", strconv.Quote(user)))
		return
	}
	for _, b := range boards {
		for _, p := range b.Players {
			if strings.EqualFold(p, user) {
				display = p
			}
		}
	}
	// Newest first: the boards most recently written.
	sort.SliceStable(boards, func(i, j int) bool { return boards[i].Updated.After(boards[j].Updated) })
	running, history := divide(boards)
	path := PlayerPath(user)
	v := playerView{User: display, Path: path, Ratings: ratings}
	pr := printer(r)
	for i := range joined {
		t := &joined[i]
		for _, e := range t.Entrants {
			if strings.EqualFold(e.ID, user) {
				display = e.ID
			}
		}
		title := t.Game
		if g, ok := s.games.Lookup(t.Game); ok {
			title = g.Title()
		}
		v.Tournaments = append(v.Tournaments, playerTournament{Title: title, tournamentRow: tournamentRow{Name: t.Name,
			Path: TournamentPath(t.Game, t.Name), Summary: summaryOf(pr, t), State: stateOf(pr, t), Entrants: len(t.Entrants)}})
	}
	v.User = display
	v.Waiting = s.waitingOf(user)
	kind := ""
	if len(parts) == 2 {
		kind = parts[1]
	}
	switch kind {
	case "":
		v.Running, _ = s.pageOf(running, 1, shown, path+"/running")
		v.History, _ = s.pageOf(history, 1, shown, path+"/history")
		s.pageWithFeed(w, r, nil, cacheRevalidate, "player", display, path+"/atom", v)
	case "running", "history":
		page, ok := s.pageParam(w, r)
		if !ok {
			return
		}
		list, heading := running, pr.T("WebRunningBoards")
		if kind == "history" {
			list, heading = history, pr.T("WebHistory")
		}
		v.Heading = heading
		var found bool
		if v.List, found = s.pageOf(list, page, pageSize, path+"/"+kind); !found {
			s.notFound(w, r, pr.T("WebErrNoListPage", "Page", page, "Pages", v.List.Pages))
			return
		}
		s.page(w, r, nil, cacheRevalidate, "playerlist", pr.T("WebListTitle", "Of", display, "List", heading, "Page", page), v)
	case "atom":
		s.playerFeed(w, r, display, path, boards)
	default:
		s.notFound(w, r, printer(r).T("WebErrNoPage", "Of", display))
	}
}
