package pbm

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/picture"
	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/notice"
	"github.com/pbmgo/pbm/pbm/quote"
	"github.com/pbmgo/pbm/store"
)

// unit is a unit of work: one transaction of the store, with the
// server's dependencies, and what the work did in it: the board
// changes it made with their board mails (record), and the count of
// mails it queued. A mail's handling (run) is one; the clock's units
// (Tick) and the computer's move (PlayComputer) are others, with the
// same operations (commit, tell) and no mail.
type unit struct {
	s   *Server
	ctx context.Context // the work's deadline (checkDeadline)
	tx  *store.Tx
	// queued counts the mails queued (send).
	queued int
	// changed are the board changes the unit of work made, with their
	// board mails (record), queued when it ends (boardMails); those to
	// the sender's own address are kept back so that the answer to the
	// mail can be the board (boardAnswer): the mover gets one mail per
	// move.
	changed []changed
}

// outMail is one mail to one recipient, before it is rendered to MIME
// (notice.Mail).
type outMail = notice.Mail

// changed is one board change recorded on the unit of work that made
// it (commit): the board and its board mails, written
// when the change is made, from the readers' accounts as they stand
// then (a later command of the same mail may close one); passing is a
// position passed in a run of automatic answers, whose mail to the
// sender is never the answer to the sender's mail.
type changed struct {
	game    string
	board   int
	mails   []outMail
	passing bool
}

// heldBoard is a board mail to the sender kept back until the answer.
type heldBoard struct {
	game  string
	board int
	m     outMail
}

// record writes the board mails of a change to every player and
// subscriber (notice.Writer.BoardMails) and adds the change to the
// unit of work u; they are queued when the unit ends (boardMails).
// The mails keep their own copy of the board and the position: a
// picture may be drawn after the unit has moved the board on.
func record(u *unit, b store.Board, g engine.Game, st engine.State, ch change, passing bool) error {
	ms, err := u.s.notices.BoardMails(u.tx, b.Clone(), g, st.Clone(), ch)
	if err != nil {
		return err
	}
	u.changed = append(u.changed, changed{game: b.Game, board: b.Number, mails: ms, passing: passing})
	return nil
}

// boardMails queues the board mails of the changes recorded on u, in
// the order the changes were made, except the mails to the sender's
// own address from of a change that may answer the mail: those it
// returns, for the answer (boardAnswer). Work without a mail has no
// sender (from is ""): it holds none back.
func boardMails(u *unit, from string) ([]heldBoard, error) {
	var held []heldBoard
	for _, c := range u.changed {
		for _, m := range c.mails {
			if !c.passing && from != "" && strings.EqualFold(m.To, from) {
				held = append(held, heldBoard{game: c.game, board: c.board, m: m})
				continue
			}
			if err := send(u, m); err != nil {
				return nil, err
			}
		}
	}
	u.changed = nil
	return held, nil
}

// endUnit ends a unit of work outside any mail (the clock, the
// computer): the board mails of its changes are queued.
func endUnit(u *unit) error {
	_, err := boardMails(u, "")
	return err
}

// send queues one mail. A mail whose picture is still to be drawn
// waits for the batch's pictures when the mail is handled in a group
// commit, and is drawn now otherwise.
func send(u *unit, m outMail) error {
	u.queued++
	if m.Picture != nil {
		if later := notice.LaterOf(u.ctx); later != nil {
			return later.Add(u.tx, m)
		}
		if err := m.Picture.Draw(); err != nil {
			return err
		}
	}
	return u.s.notices.Enqueue(u.tx, 0, m)
}

// tell queues the mails of a notice (notice.Writer.Mails).
func tell(u *unit, n notice.Notice) error {
	ms, err := u.s.notices.Mails(u.tx, n)
	if err != nil {
		return err
	}
	for _, m := range ms {
		if err := send(u, m); err != nil {
			return err
		}
	}
	return nil
}

// BoardPicture returns the description of a board's position in
// English (notice.BoardPicture).
func BoardPicture(b store.Board, st engine.State) (picture.Picture, bool) {
	return notice.BoardPicture(b, st)
}

// cmdPictures turns the pictures in a user's board mails on or off.
func cmdPictures(c *call) error {
	u := c.user
	var err error
	if u, err = account.SetPictures(c.tx, u, c.args[2]); errors.Is(err, account.ErrPicturesWord) {
		return refuseMsg(lang.M("PicturesUsage", "Who", u.ID, "Arg", fmt.Sprintf("%q", c.args[2])))
	} else if err != nil {
		return err
	}
	if u.NoPictures {
		c.sec.say(lang.M("PicturesOff"))
	} else {
		c.sec.say(lang.M("PicturesOn"))
	}
	return nil
}

// picturesDrawn counts the pictures drawn for board mails, for tests.
var picturesDrawn = &notice.PicturesDrawn

// reply queues the one answer to the mail's sender that reports each
// command (protocol.md, Replies).
func (r *run) reply() error {
	held, err := boardMails(r.unit, r.msg.From)
	if err != nil {
		return err
	}
	refused := r.refused() > 0
	p := r.answerPrinter()
	for _, sec := range r.sections {
		if len(sec.msgs) > 0 {
			sec.Text = p.Join(sec.msgs)
		}
		// Tables and boards keep their columns; prose and refusals
		// are wrapped.
		if !sec.table || sec.Refused {
			sec.Text = mail.Wrap(sec.Text, 79)
		}
	}
	text, err := r.s.notices.Render("reply.txt", map[string]any{
		"Sections": r.sections, "Refused": refused, "Server": r.s.cfg.Name, "L": p,
	})
	if err != nil {
		return err
	}
	answer, err := r.mayAnswer()
	if err != nil {
		return err
	}
	m := outMail{To: r.msg.From, Subject: answerSubject(p, r.sections, r.refused()), Text: text, Kind: "auto-replied", Lang: p.Code()}
	if m.ReplyTo, err = answerReplyTo(r.tx, r.s.notices, r.sections, r.msg.From); err != nil {
		return err
	}
	if r.replyTo != "" {
		m.ReplyTo = r.replyTo
	}
	board, merged := boardAnswer(r.sections, r.msg.From, held)
	merged = merged && answer
	if merged {
		// The answer is the board mail, with the command and its OK
		// above the board: one mail per move.
		sec := r.sections[0]
		m.Subject, m.ReplyTo, m.Picture, m.Link = board.Subject, board.ReplyTo, board.Picture, board.Link
		m.Text = "> " + sec.Command + "\n" + p.T("ReplyOK") + " " + sec.Text + "\n\n" + board.Text
		held = nil
	}
	for _, h := range held {
		if err := send(r.unit, h.m); err != nil {
			return err
		}
	}
	if !answer {
		return nil
	}
	// RFC 5322 section 3.6.4 and RFC 3834 section 3.1.5: the answer
	// refers to the mail it answers.
	if !strings.HasPrefix(r.msg.ID, "sha256:") {
		m.InReplyTo = r.msg.ID
		refs := r.msg.References
		if len(refs) > 10 {
			refs = refs[len(refs)-10:]
		}
		m.References = append(append([]string(nil), refs...), r.msg.ID)
	}
	if merged && board.InReplyTo != "" && !contains(m.References, board.InReplyTo) {
		// It stays in the board's thread (RFC 5322 section 3.6.4).
		m.References = append([]string{board.InReplyTo}, m.References...)
		if m.InReplyTo == "" {
			m.InReplyTo = board.InReplyTo
		}
	}
	return send(r.unit, m)
}

// boardAnswer chooses, among the board mails held for the sender
// (boardMails), the one that answers the mail by itself: the mail
// held one command (secs), it was carried out, and it changed a board
// whose mail goes to the sender's address from. It is the last such
// mail (the board as the command left it).
func boardAnswer(secs []*section, from string, held []heldBoard) (outMail, bool) {
	if len(secs) != 1 || secs[0].Refused || secs[0].board == 0 || secs[0].game == nil {
		return outMail{}, false
	}
	sec := secs[0]
	var found outMail
	ok := false
	for _, h := range held {
		if h.game != sec.game.Name() || h.board != sec.board || !strings.EqualFold(h.m.To, from) {
			return outMail{}, false
		}
		found, ok = h.m, true
	}
	return found, ok
}

// answerSubject is the subject of the answer to a mail of the
// commands secs, refused of them refused, written by p: for one
// command, the subject pbmserv would use; for several, a summary.
func answerSubject(p lang.Printer, secs []*section, refused int) string {
	if len(secs) != 1 {
		n := len(secs)
		if refused > 0 {
			return p.N("MailSubjectCommandsRefused", n, "Refused", refused)
		}
		return p.N("MailSubjectCommands", n)
	}
	sec := secs[0]
	switch {
	case sec.Refused && sec.game != nil && sec.board != 0:
		return p.T("MailSubjectBoardError", "Title", sec.game.Title(), "Number", sec.board)
	case sec.Refused && sec.game != nil:
		return p.T("MailSubjectGameError", "Title", sec.game.Title())
	case sec.Refused:
		return p.T("MailSubjectError")
	case !sec.subject.Empty():
		return p.Render(sec.subject)
	}
	words := strings.Fields(sec.Command)
	if len(words) > 2 {
		words = words[:2]
	}
	return p.T("MailSubjectOK", "Command", strings.Join(words, " "))
}

// replyLine is the one line of a board mail and of help that says a
// reply works.
const replyLine = "Reply to board mails with a move, resign, propose, undo, chat...; no password."

// answerReplyTo is the Reply-To of the answer to a mail of the
// commands secs from the address from: a reply address when its
// commands concern one board the sender plays, else "".
func answerReplyTo(tx *store.Tx, w *notice.Writer, secs []*section, from string) (string, error) {
	var game string
	board := 0
	for _, sec := range secs {
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
	b, err := tx.Board(game, board)
	if errors.Is(err, store.ErrNotFound) {
		return "", nil
	} else if err != nil {
		return "", err
	}
	return w.BoardReplyTo(tx, b, from)
}

// known is what the server (named name, at address) knows of the mail
// msg a reply answers: its own name and address, the subject answered,
// and the lines of the mails the reply names (In-Reply-To and the last
// References).
func known(tx *store.Tx, name, address string, msg *mail.Message) (quote.Known, error) {
	k := quote.Known{
		Name:    name,
		Address: address,
		Subject: mail.Unprefixed(msg.Subject),
	}
	ids := []string{msg.InReplyTo}
	refs := msg.References
	if len(refs) > 3 {
		refs = refs[len(refs)-3:]
	}
	ids = append(ids, refs...)
	for _, id := range ids {
		if id == "" {
			continue
		}
		rec, ok, err := tx.SentRecord(id)
		if err != nil {
			return k, err
		}
		if !ok {
			continue
		}
		if k.Sent == nil {
			k.Sent = map[quote.Digest]bool{}
		}
		for _, d := range rec.Digests {
			k.Sent[quote.Digest(d)] = true
		}
	}
	return k, nil
}
