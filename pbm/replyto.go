package pbm

import (
	"errors"
	"strings"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// replyLine is the one line of a board mail and of help that says a
// reply works.
const replyLine = "Reply to board mails with a move, resign, propose, undo, chat...; no password."

// replyBoard is the Reply-To of the answer to a mail: a reply address
// when its commands concern one board the sender plays, else "".
func (r *run) replyBoard() (string, error) {
	var game string
	board := 0
	for _, sec := range r.sections {
		if sec.game == nil || sec.board == 0 {
			continue
		}
		if board != 0 && (sec.board != board || sec.game.Name() != game) {
			return "", nil
		}
		game, board = sec.game.Name(), sec.board
	}
	if board == 0 {
		return "", nil
	}
	b, err := r.tx.Board(game, board)
	if errors.Is(err, store.ErrNotFound) {
		return "", nil
	} else if err != nil {
		return "", err
	}
	return r.s.boardReplyTo(r.tx, b, r.msg.From)
}

// tellAbout sends a notice about board b to a user, with a reply
// address when the user plays the board: a reminder, a chat.
func (c *call) tellAbout(b store.Board, id, subject, text string) error {
	return c.tellAboutIn(b, id, subject, func(lang.Printer) string { return text })
}

// tellAboutIn is tellAbout with the text written in the user's
// language.
func (c *call) tellAboutIn(b store.Board, id, subject string, text func(lang.Printer) string) error {
	u, err := c.tx.User(id)
	if errors.Is(err, store.ErrNotFound) || u.Closed {
		return nil
	}
	if err != nil {
		return err
	}
	body, err := c.s.tpl.render("notice.txt", map[string]any{"Text": text(c.s.printerOf(u)), "Server": c.s.cfg.Name})
	if err != nil {
		return err
	}
	for _, a := range u.Addresses {
		m := outMail{To: a, Subject: subject, Text: body, InReplyTo: b.ThreadID}
		if b.ThreadID != "" {
			m.References = []string{b.ThreadID}
		}
		if board.SeatOf(b, u.ID) >= 0 && !b.Over {
			if m.ReplyTo, err = c.s.replyAddress(c.tx, b, u, strings.ToLower(a)); err != nil {
				return err
			}
		}
		if err := c.send(m); err != nil {
			return err
		}
	}
	return nil
}
