package board

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
)

// The queries over many boards: which boards a list shows ("games",
// "show <userid>", "all show"), the finished games of a history and
// the order of the standings. They return the boards and ratings as
// data; the core writes them into answers.

// The selections of a list of boards.
const (
	SelActive   = "active"   // running boards
	SelInactive = "inactive" // finished boards
	SelNext     = "next"     // running boards where one of Query.Who is to move
	SelAll      = "all"      // every board
)

// A Query picks boards to list.
type Query struct {
	// Game is the game of the boards, "" for every game.
	Game string
	// Who are the players: a board is picked when one of them sits at
	// it. With none, every board of Game is.
	Who []string
	// Sel is one of SelActive, SelInactive, SelNext, SelAll.
	Sel string
	// Max stops the list at that many boards; 0 does not.
	Max int
}

// A Listed is a board a query picked, with its game and its position
// now.
type Listed struct {
	Board store.Board
	Game  engine.Game
	State engine.State
}

// A Replayer rebuilds a board's position now (Replay, through the
// caller's cache of positions).
type Replayer func(store.Board) (engine.Game, engine.State, error)

// Select lists the boards q picks, by game and board number. Only the
// boards a selection keeps are replayed, and none past q.Max.
func Select(tx *store.Tx, replay Replayer, q Query) ([]Listed, error) {
	boards, err := candidates(tx, q)
	if err != nil {
		return nil, err
	}
	var out []Listed
	for _, b := range boards {
		if q.Max > 0 && len(out) == q.Max {
			break
		}
		if !selKeeps(b, q.Sel) {
			continue
		}
		g, st, err := replay(b)
		if err != nil {
			return nil, err
		}
		if q.Sel == SelNext {
			if !named(q.Who, ToMove(b, st)) {
				continue
			}
		}
		out = append(out, Listed{Board: b, Game: g, State: st})
	}
	return out, nil
}

// selKeeps reports whether a selection keeps b by whether it is over.
func selKeeps(b store.Board, sel string) bool {
	return !(b.Over && (sel == SelActive || sel == SelNext) || !b.Over && sel == SelInactive)
}

// candidates are the boards of q's game and players, by game and
// board number, none of them replayed.
func candidates(tx *store.Tx, q Query) ([]store.Board, error) {
	switch q.Sel {
	case SelActive, SelInactive, SelNext, SelAll:
	default:
		return nil, fmt.Errorf("boards of %s: no selection %q", q.Game, q.Sel)
	}
	var boards []store.Board
	if len(q.Who) == 0 {
		all, err := tx.Boards(q.Game)
		if err != nil {
			return nil, fmt.Errorf("boards of %s: %w", q.Game, err)
		}
		boards = all
	} else {
		seen := map[string]bool{}
		for _, id := range q.Who {
			bs, err := tx.BoardsOf(id, q.Game)
			if err != nil {
				return nil, fmt.Errorf("boards of %s: %w", id, err)
			}
			for _, b := range bs {
				k := fmt.Sprintf("%s/%d", strings.ToLower(b.Game), b.Number)
				if !seen[k] && seated(b, q.Who) {
					seen[k] = true
					boards = append(boards, b)
				}
			}
		}
	}
	sort.SliceStable(boards, func(i, j int) bool {
		gi, gj := strings.ToLower(boards[i].Game), strings.ToLower(boards[j].Game)
		if gi != gj {
			return gi < gj
		}
		return boards[i].Number < boards[j].Number
	})
	return boards, nil
}

// seated reports whether any of who sits at b.
func seated(b store.Board, who []string) bool {
	for _, id := range who {
		if SeatOf(b, id) >= 0 {
			return true
		}
	}
	return false
}

// named reports whether id is one of who; "" is none.
func named(who []string, id string) bool {
	for _, w := range who {
		if id != "" && strings.EqualFold(w, id) {
			return true
		}
	}
	return false
}

// A History is the finished games a history lists, newest first.
type History struct {
	Boards []store.Board
	// More: there are more than the history lists; Total is how many,
	// as the store counts them (for a player, the games the history
	// would list; for a whole game, every finished board).
	More  bool
	Total int
}

// Historic reports whether a history lists a board: finished, neither
// aborted nor ended by a decline.
func Historic(b store.Board) bool {
	return b.Over && !b.Aborted && !(len(b.Log) > 0 && b.Log[len(b.Log)-1].Kind == "decline")
}

// HistoryOf is the last max finished games of a game, or of one player
// in it when who is not "". A whole game's history reads the store's
// index of finished boards, newest first, and never every board.
func HistoryOf(tx *store.Tx, game, who string, max int) (History, error) {
	var h History
	if who != "" {
		boards, err := tx.BoardsOf(who, game)
		if err != nil {
			return h, fmt.Errorf("boards of %s: %w", who, err)
		}
		var done []store.Board
		for _, b := range boards {
			if Historic(b) && SeatOf(b, who) >= 0 {
				done = append(done, b)
			}
		}
		sort.SliceStable(done, func(i, j int) bool { return done[i].Updated.After(done[j].Updated) })
		if len(done) > max {
			h.More, h.Total = true, len(done)
			done = done[:max]
		}
		h.Boards = done
		return h, nil
	}
	err := tx.FinishedBoards(game, func(b store.Board) bool {
		if !Historic(b) {
			return true
		}
		if len(h.Boards) == max {
			h.More = true
			return false
		}
		h.Boards = append(h.Boards, b)
		return true
	})
	if err != nil {
		return History{}, fmt.Errorf("finished boards of %s: %w", game, err)
	}
	if h.More {
		h.Total = tx.FinishedCount(game)
	}
	return h, nil
}

// Standings are a game's ratings, highest first: the established
// players (ProvisionalGames rated games or more) and the provisional
// ones.
type Standings struct {
	Established, Provisional []store.Rating
}

// StandingsOf reads the standings of a game.
func StandingsOf(tx *store.Tx, game string) (Standings, error) {
	rs, err := tx.Ratings(game)
	if err != nil {
		return Standings{}, fmt.Errorf("ratings of %s: %w", game, err)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].Rating > rs[j].Rating })
	var s Standings
	for _, r := range rs {
		if r.Games >= ProvisionalGames {
			s.Established = append(s.Established, r)
		} else {
			s.Provisional = append(s.Provisional, r)
		}
	}
	return s, nil
}

// RatingOf is a player's rating in a game, StartRating when he has
// none.
func RatingOf(tx *store.Tx, game, id string) (float64, error) {
	r, found, err := tx.Rating(game, id)
	if err != nil {
		return 0, fmt.Errorf("rating of %s in %s: %w", id, game, err)
	}
	if !found {
		return StartRating, nil
	}
	return r.Rating, nil
}
