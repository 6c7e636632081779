package pbm

import (
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/pbm/mail"
)

// reply queues the one answer to the mail's sender that reports each
// command (protocol.md, Replies).
func (r *run) reply() error {
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
	text, err := r.s.tpl.render("reply.txt", map[string]any{
		"Sections": r.sections, "Refused": refused, "Server": r.s.cfg.Name, "L": p,
	})
	if err != nil {
		return err
	}
	answer, err := r.mayAnswer()
	if err != nil {
		return err
	}
	m := outMail{To: r.msg.From, Subject: r.subject(), Text: text, Kind: "auto-replied"}
	if m.ReplyTo, err = r.replyBoard(); err != nil {
		return err
	}
	if r.replyTo != "" {
		m.ReplyTo = r.replyTo
	}
	held := r.held
	r.held = nil
	board, merged := r.boardAnswer(held)
	merged = merged && answer
	if merged {
		// The answer is the board mail, with the command and its OK
		// above the board: one mail per move.
		sec := r.sections[0]
		m.Subject, m.ReplyTo, m.picture, m.Link = board.Subject, board.ReplyTo, board.picture, board.Link
		m.Text = "> " + sec.Command + "\n" + p.T("ReplyOK") + " " + sec.Text + "\n\n" + board.Text
		held = nil
	}
	for _, h := range held {
		if err := r.send(h.m); err != nil {
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
	return r.send(m)
}

// boardAnswer finds the board mail that answers the mail by itself:
// the mail held one command, it was carried out, and it changed a
// board whose mail goes to the sender's address. It is the last such
// mail (the board as the command left it).
func (r *run) boardAnswer(held []heldBoard) (outMail, bool) {
	if len(r.sections) != 1 || r.sections[0].Refused || r.sections[0].board == 0 || r.sections[0].game == nil {
		return outMail{}, false
	}
	sec := r.sections[0]
	var found outMail
	ok := false
	for _, h := range held {
		if h.game != sec.game.Name() || h.board != sec.board || !strings.EqualFold(h.m.To, r.msg.From) {
			return outMail{}, false
		}
		found, ok = h.m, true
	}
	return found, ok
}

// subject is the reply's subject: for one command, the subject
// pbmserv would use; for several, a summary.
func (r *run) subject() string {
	if len(r.sections) != 1 {
		n := len(r.sections)
		if k := r.refused(); k > 0 {
			return fmt.Sprintf("pbm: %d commands, %d refused", n, k)
		}
		return fmt.Sprintf("pbm: %d commands", n)
	}
	sec := r.sections[0]
	switch {
	case sec.Refused && sec.game != nil && sec.board != 0:
		return fmt.Sprintf("%s Board %d Error", sec.game.Title(), sec.board)
	case sec.Refused && sec.game != nil:
		return sec.game.Title() + " error"
	case sec.Refused:
		return "pbm error"
	case sec.subject != "":
		return sec.subject
	}
	words := strings.Fields(sec.Command)
	if len(words) > 2 {
		words = words[:2]
	}
	return "pbm: " + strings.Join(words, " ") + " OK"
}
