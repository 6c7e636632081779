package pbm

import (
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/mail"

	"github.com/pbmgo/pbm/engine"
)

// A record is a whole game as plain text, which "pbmd replay" reads
// back:
//
//	[Game "hexemergo"]
//	[Board "101"]
//	[Seed "1234"]
//	[Players "alice bob"]
//	[Option "alternate="]
//	[Result "Game won by alice."]
//
//	1 alice D5 2026-12-01T10:00:00Z
//	2 bob resign 2026-12-01T11:00:00Z
//
// A move line is the move number, the userid, the move or one of
// "(resign)", "(forfeit)", "(draw)", and the time.

func (s *Server) cmdRecord(c *call) error {
	b, _, err := c.boardOf(c.args[0])
	if err != nil {
		return err
	}
	n := b.Number
	c.sec.Text = fmt.Sprintf("The record of %s board %d; \"pbmd replay <file>\" plays it back.\n\n%s", c.game.Title(), n, board.Record(b))
	c.sec.subject = fmt.Sprintf("%s Board %d record", c.game.Title(), n)
	return nil
}

// cmdAllShow: "all show <userid> [next|active]": every board of the
// user in every game; "next" only those where it is the user's turn.
func (s *Server) cmdAllShow(c *call) error {
	who := c.args[0]
	sel := "active"
	if len(c.args) > 1 {
		sel = strings.ToLower(c.args[1])
		if sel != "next" && sel != "active" {
			return refuse("Usage: all show <userid> [next|active]")
		}
	}
	boards, err := c.tx.BoardsOf(who, "")
	if err != nil {
		return err
	}
	var parts []string
	for _, b := range boards {
		if b.Over || board.SeatOf(b, who) < 0 {
			continue
		}
		g, st, err := s.replay(b, -1)
		if err != nil {
			return err
		}
		if sel == "next" && !strings.EqualFold(board.ToMove(b, st), who) {
			continue
		}
		text, err := s.boardText(c.tx, b, g, st, -1, false, "", "", "")
		if err != nil {
			return err
		}
		parts = append(parts, text)
		if len(parts) == 20 {
			parts = append(parts, "(at most 20 boards are shown)")
			break
		}
	}
	if len(parts) == 0 {
		c.sec.Text = fmt.Sprintf("No %s boards for %s.", sel, trimLine(who))
		return nil
	}
	c.sec.Text = fmt.Sprintf("%d boards:\n\n%s", len(parts), strings.Join(parts, "\n\n"))
	return nil
}

// ReplayRecord plays a record through its game and returns the final
// board text and status. The text may be the record alone or the mail
// it came in, as a mail client saves it (mail.SavedBody).
func ReplayRecord(games *engine.Registry, text []byte) (string, error) {
	return board.ReplayRecord(games, mail.SavedBody(text, "[Game "))
}
