package pbm

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/store"
)

// rate updates the ratings for a finished board (board.Rate) and
// returns lines that tell each player's change.
func (c *call) rate(b store.Board, res engine.Result) ([]string, error) {
	r, err := board.Rate(c.tx, b, res)
	if err != nil || !res.Over {
		return nil, err
	}
	switch r.Unrated {
	case board.UnratedAborted:
		return []string{"This game was not rated: an admin aborted it."}, nil
	case board.UnratedDeclined:
		return []string{"This game was not rated: " + board.Decliner(b) + " declined the challenge."}, nil
	case board.UnratedFew:
		return []string{"This game was not rated: fewer than two players took part."}, nil
	}
	var lines []string
	for _, ch := range r.Changes {
		dir := "went up"
		if math.Round(ch.After) < math.Round(ch.Before) {
			dir = "went down"
		} else if math.Round(ch.After) == math.Round(ch.Before) {
			dir = "stayed"
		}
		prov := ""
		if ch.Provisional {
			prov = " (provisional)"
		}
		if dir == "stayed" {
			lines = append(lines, fmt.Sprintf("%s's rating stayed at %.0f%s.", ch.User, ch.After, prov))
		} else {
			lines = append(lines, fmt.Sprintf("%s's rating %s from %.0f to %.0f%s.", ch.User, dir, ch.Before, ch.After, prov))
		}
	}
	return lines, nil
}

func (s *Server) cmdStandings(c *call) error {
	rs, err := c.tx.Ratings(c.game.Name())
	if err != nil {
		return err
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].Rating > rs[j].Rating })
	var est, prov []string
	for _, r := range rs {
		line := fmt.Sprintf("%-20s %6.0f %5d %5d %5d", r.User, r.Rating, r.Won, r.Lost, r.Tied)
		if r.Games >= board.ProvisionalGames {
			est = append(est, line)
		} else {
			prov = append(prov, line)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s standings\n", c.game.Title())
	for _, part := range []struct {
		title string
		rows  []string
	}{{"Established", est}, {"Provisional (fewer than 20 games)", prov}} {
		fmt.Fprintf(&b, "\n%s:\n", part.title)
		if len(part.rows) == 0 {
			b.WriteString("  none\n")
			continue
		}
		fmt.Fprintf(&b, "  %4s %-20s %6s %5s %5s %5s\n", "Rank", "Name", "Rating", "Won", "Lost", "Tied")
		for i, r := range part.rows {
			fmt.Fprintf(&b, "  %4d %s\n", i+1, r)
		}
	}
	seekers, err := c.seekLines()
	if err != nil {
		return err
	}
	fmt.Fprintf(&b, "\nSeeking a game: %d\n", len(seekers))
	for _, l := range seekers {
		b.WriteString(l + "\n")
	}
	c.sec.Text = "\n" + b.String()
	c.sec.subject = c.game.Title() + " Standings"
	return nil
}

// historyRows is the most finished games "<game> history" lists.
const historyRows = 50

// cmdHistory: "<game> history [<userid>]": the last finished games of
// the game, newest first, or of one player. It reads the store's index
// of finished boards, never every board.
func (s *Server) cmdHistory(c *call) error {
	if len(c.args) > 1 {
		return refuse("Usage: %s history [<userid>]", c.game.Name())
	}
	listed := func(b store.Board) bool {
		return b.Over && !b.Aborted && !(len(b.Log) > 0 && b.Log[len(b.Log)-1].Kind == "decline")
	}
	row := func(b store.Board) string {
		return fmt.Sprintf("  %s %5d  %-30s %s", b.Updated.UTC().Format("2006-01-02"), b.Number, strings.Join(b.Players, " "), b.Outcome)
	}
	var rows []string
	more := ""
	if len(c.args) == 1 {
		who := c.args[0]
		boards, err := c.tx.BoardsOf(who, c.game.Name())
		if err != nil {
			return err
		}
		var done []store.Board
		for _, b := range boards {
			if listed(b) && board.SeatOf(b, who) >= 0 {
				done = append(done, b)
			}
		}
		sort.SliceStable(done, func(i, j int) bool { return done[i].Updated.After(done[j].Updated) })
		for i, b := range done {
			if i == historyRows {
				more = fmt.Sprintf("\n\n(the %d most recent of %d are shown)", historyRows, len(done))
				break
			}
			rows = append(rows, row(b))
		}
		c.sec.subject = "Historical List of " + c.game.Title() + " games of " + trimLine(who)
		if len(rows) == 0 {
			c.sec.Text = fmt.Sprintf("No finished %s games of %s.", c.game.Title(), trimLine(who))
		} else {
			c.sec.Text = fmt.Sprintf("Finished %s games of %s, newest first:\n\n%s%s", c.game.Title(), trimLine(who), strings.Join(rows, "\n"), more)
		}
		return nil
	}
	full := false
	err := c.tx.FinishedBoards(c.game.Name(), func(b store.Board) bool {
		if !listed(b) {
			return true
		}
		if len(rows) == historyRows {
			full = true
			return false
		}
		rows = append(rows, row(b))
		return true
	})
	if err != nil {
		return err
	}
	if full {
		more = fmt.Sprintf("\n\n(the %d most recent of %d ended boards, aborted and declined ones included; %s history <userid> lists a player's)",
			historyRows, c.tx.FinishedCount(c.game.Name()), c.game.Name())
	}
	if len(rows) == 0 {
		c.sec.Text = "No finished " + c.game.Title() + " games yet."
	} else {
		c.sec.Text = fmt.Sprintf("Finished %s games, newest first:\n\n%s%s", c.game.Title(), strings.Join(rows, "\n"), more)
	}
	c.sec.subject = "Historical List of " + c.game.Title() + " games"
	return nil
}
