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

// Ratings follow pbmserv: Elo per game, everyone starting at 1600.
// For the first provisionalGames games a player's rating is the
// average of his performances (the opponents' average rating, plus 400
// for a win, minus 400 for a loss). Established players move by
// K = 32 times (score - expected score), K scaled down by how
// provisional the opponents still are. A multi-player game is rated
// against the average of the opponents. Only games with two or more
// distinct players that were not aborted count.
const (
	startRating      = 1600
	provisionalGames = 20
	kFactor          = 32
)

// rate updates the ratings for a finished board and returns lines that
// tell each player's change.
func (c *call) rate(b store.Board, res engine.Result) ([]string, error) {
	if !res.Over {
		return nil, nil
	}
	// The seats that declined the challenge are left out.
	out := board.DeclinedSeats(b)
	var seats []int
	for i := range b.Players {
		if !out[i] {
			seats = append(seats, i)
		}
	}
	switch {
	case b.Aborted:
		return []string{"This game was not rated: an admin aborted it."}, nil
	case res.Reason == "challenge declined":
		return []string{"This game was not rated: " + board.Decliner(b) + " declined the challenge."}, nil
	case len(seats) < 2:
		return []string{"This game was not rated: fewer than two players took part."}, nil
	}
	before := make([]store.Rating, len(seats))
	for i, seat := range seats {
		p := b.Players[seat]
		r, found, err := c.tx.Rating(b.Game, p)
		if err != nil {
			return nil, err
		}
		if !found {
			r = store.Rating{User: p, Rating: startRating}
		}
		before[i] = r
	}
	winners := map[int]bool{}
	for _, w := range res.Winners {
		for i, seat := range seats {
			if seat == w {
				winners[i] = true
			}
		}
	}
	var lines []string
	for i, me := range before {
		var oppRating, oppWeight float64
		for j, o := range before {
			if j != i {
				oppRating += o.Rating
				oppWeight += math.Min(float64(o.Games), provisionalGames) / provisionalGames
			}
		}
		n := float64(len(before) - 1)
		oppRating /= n
		oppWeight /= n
		score := 0.0
		switch {
		case res.Draw():
			score = 0.5
			me.Tied++
		case winners[i]:
			score = 1
			me.Won++
		default:
			me.Lost++
		}
		next := me
		if me.Games < provisionalGames {
			perf := oppRating + 400*(2*score-1)
			next.Rating = (me.Rating*float64(me.Games) + perf) / float64(me.Games+1)
		} else {
			next.Rating = me.Rating + kFactor*oppWeight*(score-board.Expected(me.Rating, oppRating))
		}
		next.Games++
		if err := c.tx.PutRating(b.Game, next); err != nil {
			return nil, err
		}
		dir := "went up"
		if math.Round(next.Rating) < math.Round(me.Rating) {
			dir = "went down"
		} else if math.Round(next.Rating) == math.Round(me.Rating) {
			dir = "stayed"
		}
		prov := ""
		if next.Games < provisionalGames {
			prov = " (provisional)"
		}
		if dir == "stayed" {
			lines = append(lines, fmt.Sprintf("%s's rating stayed at %.0f%s.", me.User, next.Rating, prov))
		} else {
			lines = append(lines, fmt.Sprintf("%s's rating %s from %.0f to %.0f%s.", me.User, dir, me.Rating, next.Rating, prov))
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
		if r.Games >= provisionalGames {
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
