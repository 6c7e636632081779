// Correspondence commands: moves queued or submitted ahead of their
// turn, previews of moves, and chat on a board.

package pbm

import (
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
)

// cmdQueue: "<game> queue <board> <userid> <password> <move>...":
// moves kept unchecked until the player's turn comes, then played one
// per turn and checked then (pbmserv's queued moves).
func (s *Server) cmdQueue(c *call) error {
	b, g, st, u, seat, err := c.boardPlayer()
	if err != nil {
		return err
	}
	if b.Queued == nil {
		b.Queued = map[string][]string{}
	}
	key := strings.ToLower(u.ID)
	if len(c.args) == 3 {
		delete(b.Queued, key)
		c.sec.Text = fmt.Sprintf("Your queue on %s board %d is cleared.", g.Title(), b.Number)
	} else {
		moves, err := c.s.commandMoves(g, c.args[3:])
		if err != nil {
			return &Refusal{Board: b.Number, Text: err.Error()}
		}
		b.Queued[key] = append(b.Queued[key], moves...)
		if len(b.Queued[key]) > 20 {
			return &Refusal{Board: b.Number, Text: "At most 20 moves may wait in a queue."}
		}
		c.sec.Text = fmt.Sprintf("Queued on %s board %d: %s.", g.Title(), b.Number, strings.Join(b.Queued[key], " "))
	}
	if st.ToMove() != seat {
		return c.tx.PutBoard(b)
	}
	// It is the player's turn already: the queue plays now.
	before := len(b.Log)
	if err := c.commit(&b, g, st, change{Event: ""}); err != nil {
		return err
	}
	if len(b.Log) > before {
		c.sec.Text += fmt.Sprintf(" It was your turn: %d played. %s", len(b.Log)-before, board.Status(b, st))
	}
	return nil
}

// cmdSubmit: "<game> submit <board> <userid> <password> <move>": the
// move is checked and kept, and the board it would give is sent back;
// "confirm" plays it.
func (s *Server) cmdSubmit(c *call) error {
	b, g, st, u, seat, err := c.boardPlayer()
	if err != nil {
		return err
	}
	if st.ToMove() != seat {
		return &Refusal{Board: b.Number, Text: fmt.Sprintf("It is not your move: it is %s's turn.", board.ToMove(b, st))}
	}
	mv := c.args[3]
	if moves, err := c.s.commandMoves(g, c.args[3:]); err != nil {
		return &Refusal{Board: b.Number, Text: err.Error()}
	} else if _, turns := g.(engine.Turns); turns {
		mv, _, _ = strings.Cut(moves[0], "#")
	}
	canon, err := st.Play(mv)
	if err != nil {
		return &Refusal{Board: b.Number, Text: fmt.Sprintf("%q is illegal: %v", trimLine(mv), err)}
	}
	if b.Submitted == nil {
		b.Submitted = map[string]string{}
	}
	b.Submitted[strings.ToLower(u.ID)] = canon
	if err := c.tx.PutBoard(b); err != nil {
		return err
	}
	var d strings.Builder
	st.Board(&d, b.Players)
	c.sec.Text = fmt.Sprintf("This is a preview of a submitted move, %s. It must be confirmed:\n  %s confirm %d %s <password>\n\n%s",
		canon, g.Name(), b.Number, u.ID, strings.TrimRight(d.String(), "\n"))
	c.sec.subject = fmt.Sprintf("%s Board %d confirmation", g.Title(), b.Number)
	return nil
}

func (s *Server) cmdConfirm(c *call) error {
	b, u, seat, err := c.seated()
	if err != nil {
		return err
	}
	mv, ok := b.Submitted[strings.ToLower(u.ID)]
	if !ok {
		return &Refusal{Board: b.Number, Text: "You have no submitted move on this board; send submit first."}
	}
	delete(b.Submitted, strings.ToLower(u.ID))
	return c.play(b, u, seat, []string{mv})
}

// cmdPreview: "<game> preview <board>[#n] <move>...": the board as the
// moves would leave it, for whoever is to move; nothing is saved.
func (s *Server) cmdPreview(c *call) error {
	b, at, err := c.boardOf(c.args[0])
	if err != nil {
		return err
	}
	n := b.Number
	g, st, err := s.replay(b, at)
	if err != nil {
		return err
	}
	moves, err := c.s.commandMoves(g, c.args[1:])
	if err != nil {
		return &Refusal{Board: n, Text: err.Error()}
	}
	var played []string
	for _, mv := range moves {
		if st.Result().Over {
			return &Refusal{Board: n, Text: fmt.Sprintf("The game is over before %q.", trimLine(mv))}
		}
		canon, err := st.Play(mv)
		if err != nil {
			return &Refusal{Board: n, Text: fmt.Sprintf("Preview: %q is illegal: %v", trimLine(mv), err)}
		}
		played = append(played, canon)
	}
	var d strings.Builder
	st.Board(&d, b.Players)
	c.sec.Text = fmt.Sprintf("Preview of %s board %d after %s (nothing was saved):\n\n%s",
		g.Title(), n, orNone(played), strings.TrimRight(d.String(), "\n"))
	c.sec.subject = fmt.Sprintf("Preview of %s Board %d", g.Title(), n)
	return nil
}

// cmdChat: "<game> chat <board> <userid> <password>": the body goes to
// the players and subscribers of the board.
func (s *Server) cmdChat(c *call) error {
	b, _, err := c.boardOf(c.args[0])
	if err != nil {
		return err
	}
	n := b.Number
	u, err := c.auth(c.args[1], c.args[2])
	if err != nil {
		return err
	}
	if board.SeatOf(b, u.ID) < 0 && !contains(b.Subscribers, u.ID) {
		return &Refusal{Board: n, Text: "Only the players and subscribers of a board chat on it."}
	}
	if strings.TrimSpace(c.comment) == "" {
		return &Refusal{Board: n, Text: "The body of the mail is the chat message, and it is empty."}
	}
	for _, id := range append(append([]string(nil), b.Players...), b.Subscribers...) {
		if strings.EqualFold(id, u.ID) {
			continue
		}
		if err := c.tellAbout(b, id, fmt.Sprintf("%s chat %d %s", c.game.Title(), n, u.ID), u.ID+" writes:\n\n"+c.comment); err != nil {
			return err
		}
	}
	c.sec.Text = fmt.Sprintf("Your message went to the others on board %d.", n)
	return nil
}
