package board

import (
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// Roster is the list of boards an admin asks for, to be written in the
// reader's language: how many, then a line for each board with its
// game, number, moves, players and whether it runs or how it ended.
func Roster(boards []store.Board) []lang.Msg {
	ms := []lang.Msg{lang.N("AdminBoards", len(boards), "Count", len(boards)), lang.Literal("\n")}
	for _, bd := range boards {
		state := lang.M("AdminRunning")
		if bd.Over {
			state = OutcomeMsg(bd)
		}
		ms = append(ms, lang.Literal(fmt.Sprintf("  %-10s %5d %4d", bd.Game, bd.Number, len(bd.Log))), lang.M("AdminMovesColumn"),
			lang.Literal(fmt.Sprintf("%-30s ", strings.Join(bd.Players, " "))), state, lang.Literal("\n"))
	}
	return ms
}

// GameCounts are the store's counts of running and finished boards
// (n) of each of games that has any, a line each, in the games'
// order.
func GameCounts(n store.Counts, games []engine.Game) []lang.Msg {
	var out []lang.Msg
	for _, g := range games {
		name := strings.ToLower(g.Name())
		if r, f := n.Running[name], n.Finished[name]; r+f > 0 {
			out = append(out, lang.Literal("\n"), lang.M("AdminGameStats", "Game", g.Name(), "Running", r, "Finished", f))
		}
	}
	return out
}
