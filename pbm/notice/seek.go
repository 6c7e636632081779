package notice

import (
	"fmt"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/seek"
)

// Seeking is the answer to user's seek of count boards of g with opts
// (seek.Place): withdrawn for a count of 0; else the seek, the boards
// placed started against whom, and how many it still asks for with the
// command that withdraws it.
func Seeking(g engine.Game, user string, count int, opts map[string]string, placed seek.Placed) []lang.Msg {
	if count == 0 {
		return []lang.Msg{lang.M("SeekWithdrawn", "Title", g.Title())}
	}
	said := []lang.Msg{lang.N("SeekSeeking", count, "N", count, "Title", g.Title(), "Options", board.OptionsMsg(opts))}
	if len(placed.Started) > 0 {
		said = append(said, lang.M("SeekStartedList"))
		for i, p := range placed.Started {
			if i > 0 {
				said = append(said, lang.Literal(", "))
			}
			said = append(said, lang.M("SeekBoardAgainst", "Number", p.Board, "Who", p.Against))
		}
		said = append(said, lang.Literal("."))
	}
	if placed.Left > 0 {
		said = append(said, lang.M("SeekStill", "N", placed.Left, "Withdraw", fmt.Sprintf("\"%s seek %s <password> 0\"", g.Name(), user)))
	}
	return said
}
