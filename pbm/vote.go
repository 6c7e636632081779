package pbm

import (
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/store"
)

// Votes follow pbmserv: a draw offer ("propose") or a take-back
// request ("undo") needs the accept of every other player still in the
// game; one reject ends it. The proposer counts as accepting.

func (s *Server) cmdPropose(c *call) error { return c.openVote("draw") }
func (s *Server) cmdUndo(c *call) error    { return c.openVote("undo") }

// boardPlayer loads the board of a board command and authenticates its
// player: "<board> <userid> <password>".
func (c *call) boardPlayer() (store.Board, engine.Game, engine.State, store.User, int, error) {
	b, u, seat, err := c.seated()
	if err != nil {
		return b, nil, nil, u, -1, err
	}
	g, st, err := c.s.replay(b, -1)
	return b, g, st, u, seat, err
}

func voteName(kind string) string {
	if kind == "draw" {
		return "a draw"
	}
	return "taking back the last move"
}

func (c *call) openVote(kind string) error {
	b, g, st, u, seat, err := c.boardPlayer()
	if err != nil {
		return err
	}
	if b.Vote != nil {
		return &Refusal{Board: b.Number, Text: fmt.Sprintf("A vote on %s is already open on board %d; answer it with accept or reject first.", voteName(b.Vote.Kind), b.Number)}
	}
	if len(board.InGame(b)) < 2 {
		return &Refusal{Board: b.Number, Text: "There is nobody to vote with on this board."}
	}
	if kind == "undo" && (len(b.Log) == 0 || b.Log[len(b.Log)-1].Kind != "") {
		return &Refusal{Board: b.Number, Text: "There is no move to take back: the last entry of the board is not a move."}
	}
	b.Vote = &store.Vote{Kind: kind, By: seat, Accepted: []int{seat}, At: c.s.now()}
	c.sec.Text = fmt.Sprintf("%s proposes %s on %s board %d.", u.ID, voteName(kind), g.Title(), b.Number)
	return c.commit(&b, g, st, change{Event: c.sec.Text, Comment: c.comment, By: u.ID})
}

func (s *Server) cmdAccept(c *call) error { return c.answerVote(true) }
func (s *Server) cmdReject(c *call) error { return c.answerVote(false) }

func (c *call) answerVote(yes bool) error {
	b, g, st, u, seat, err := c.boardPlayer()
	if err != nil {
		return err
	}
	if b.Vote == nil {
		return &Refusal{Board: b.Number, Text: fmt.Sprintf("No vote is open on %s board %d.", g.Title(), b.Number)}
	}
	kind := b.Vote.Kind
	if !yes {
		b.Vote = nil
		c.sec.Text = fmt.Sprintf("%s rejects %s on %s board %d.", u.ID, voteName(kind), g.Title(), b.Number)
		return c.commit(&b, g, st, change{Event: c.sec.Text, Comment: c.comment, By: u.ID})
	}
	if board.ContainsSeat(b.Vote.Accepted, seat) {
		return &Refusal{Board: b.Number, Text: "You have accepted already; the others still have to answer."}
	}
	b.Vote.Accepted = append(b.Vote.Accepted, seat)
	event := fmt.Sprintf("%s accepts %s.", u.ID, voteName(kind))
	if st, event, err = c.resolveVote(&b, st, event); err != nil {
		return err
	}
	c.sec.Text = event
	return c.commit(&b, g, st, change{Event: event, Comment: c.comment, By: u.ID})
}

// resolveVote carries out the vote when every player still in the game
// has accepted: the draw is recorded, or the last move is taken out of
// the log and the position rebuilt by replaying it.
func (c *call) resolveVote(b *store.Board, st engine.State, event string) (engine.State, string, error) {
	for _, s := range board.InGame(*b) {
		if !board.ContainsSeat(b.Vote.Accepted, s) {
			return st, event, nil
		}
	}
	kind := b.Vote.Kind
	b.Vote = nil
	if kind == "draw" {
		b.Log = append(b.Log, store.Entry{Seat: -1, Kind: "draw", At: c.s.now()})
		return st, event + " The game is drawn by agreement.", nil
	}
	last := b.Log[len(b.Log)-1]
	b.Log = b.Log[:len(b.Log)-1]
	_, st, err := c.s.replay(*b, -1)
	if err != nil {
		return nil, "", err
	}
	return st, event + fmt.Sprintf(" UNDO successful: %s's move %s is taken back.", b.Players[last.Seat], last.Move), nil
}

// voteLine tells an open vote, for the board mail.
func voteLine(b store.Board) string {
	if b.Vote == nil {
		return ""
	}
	var waiting []string
	for _, s := range board.InGame(b) {
		if !board.ContainsSeat(b.Vote.Accepted, s) {
			waiting = append(waiting, b.Players[s])
		}
	}
	return fmt.Sprintf("%s has proposed %s. Still to accept or reject: %s.", b.Players[b.Vote.By], voteName(b.Vote.Kind), strings.Join(waiting, ", "))
}
