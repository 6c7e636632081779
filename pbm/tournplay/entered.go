package tournplay

import (
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// Entered lists the tournaments of the games that who entered (open,
// running and finished; tournament.EnteredBy), at most
// board.ShownAtMost of them, each on a line as "<game> tournaments"
// writes it after the game's name, under a heading naming shown (who
// as the reader may see it); nothing when who entered none.
func Entered(tx *store.Tx, games []string, who, shown string) ([]lang.Msg, error) {
	entered, total, err := tournament.EnteredBy(tx, games, who, board.ShownAtMost)
	if err != nil || total == 0 {
		return nil, err
	}
	said := []lang.Msg{lang.Literal("\n\n"), lang.N("AllShowTournaments", total, "N", total, "Who", shown)}
	for _, t := range entered {
		line := lang.N("TournLine", len(t.Entrants), "Name", t.Game+" "+t.Name, "Settings", Describe(t), "N", len(t.Entrants))
		switch {
		case t.Over:
			line = lang.M("TournLineWon", "Line", line, "Who", t.Winner)
		case t.Started:
			line = lang.M("TournLineRound", "Line", line, "Round", t.Current()+1)
		}
		said = append(said, lang.Literal("\n"), line)
	}
	if total > len(entered) {
		said = append(said, lang.Literal("\n"), lang.M("AllShowTournamentsAtMost", "N", board.ShownAtMost))
	}
	return said, nil
}
