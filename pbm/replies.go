package pbm

import (
	"errors"
	"strings"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/board"
	cmdtab "github.com/pbmgo/pbm/pbm/command"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/notice"
	"github.com/pbmgo/pbm/store"
)

// Reply to a board mail. Each mail to a player about a board (the
// board after a change, the answer to a command on it, a reminder, a
// chat) carries a Reply-To address on the server's address with a
// subaddress (RFC 5233): "pbm+<game>.<board>.<n>.<token>@domain",
// where n is the number of moves on the board the mail showed. The
// token is an HMAC under the server's key (Config.TokenKey), over the board,
// n, the userid, the address the mail went to and the account's
// password hash. It cannot be guessed, works only from that address,
// and dies with a password change; the game's end revokes it as well.
// A reply to the mail of a position that has moved on is stale and
// refused, as a stale "#n" is. The older form without n,
// "pbm+<game>.<board>.<token>", is still read, without that check.

// TokenKeyMeta is the name under which a store without Config.TokenKey
// keeps its token key (notice.TokenKeyMeta).
const TokenKeyMeta = notice.TokenKeyMeta

// replyTo is what a reply address vouches for.
type replyTo struct {
	game  string
	board int
	at    int // the moves on the board the mail showed; -1 when unknown
	user  string
}

// replyToken finds a reply address among the recipients of a mail and
// returns the board and the player it stands for, when the token is
// valid for the sender. ok is false when the mail was not sent to such
// an address; err is a refusal when it was but the token does not
// hold.
func (r *run) replyToken() (rt replyTo, ok bool, err error) {
	for _, to := range r.msg.To {
		word, n, at, token, isReply := cmdtab.ReplyAddress(to, r.s.cfg.Address)
		if !isReply {
			continue
		}
		g, ok := r.s.cfg.Games.Lookup(word)
		if !ok {
			continue
		}
		b, berr := r.tx.Board(g.Name(), n)
		if berr != nil {
			return rt, true, refuseMsg(lang.M("ReplyNoBoard"))
		}
		if b.Over {
			r.speaksAt(b)
			return rt, true, refuseOn(n, lang.M("ReplyEnded", "Title", g.Title(), "Number", n))
		}
		key, kerr := r.s.notices.Secret(r.tx)
		if kerr != nil {
			return rt, true, kerr
		}
		u, vouched := board.TokenPlayer(r.tx, b, r.msg.From, token, func(u store.User) string { return notice.Token(key, g.Name(), n, at, u, r.msg.From) })
		if vouched && !r.forged() {
			return replyTo{game: g.Name(), board: n, at: at, user: u.ID}, true, nil
		}
		r.speaksAt(b)
		return rt, true, refuseOn(n, lang.M("ReplyInvalid", "From", r.msg.From))
	}
	return rt, false, nil
}

// byReply handles a mail sent to a reply address. The first line of
// the player's own text (above, below or between the quotes) is a
// board command without board, userid and password ("resign",
// "propose", "accept", "reject", "undo", "confirm", "chat", "show"),
// or moves ("D5", "move D5#7"); the rest is the comment. A line that
// starts with a command of its own ("help", "nim move ...") is read as
// a mail without the reply address is. done reports whether the mail
// was handled here.
func (r *run) byReply() (done bool, err error) {
	rt, ok, err := r.replyToken()
	if !ok {
		return false, nil
	}
	var ref *Refusal
	if errors.As(err, &ref) {
		r.sections = append(r.sections, &section{Command: "reply to a board mail", Refused: true, msgs: ref.msgs, board: ref.Board})
		return true, r.reply()
	} else if err != nil {
		return true, err
	}
	words, comment, notes, ok := lineReader(r.s).ReplyCommand(r.msg.Subject, r.own, cmdtab.Reply{Game: rt.game, Board: rt.board, User: rt.user, Plays: movePrefix(r, rt)})
	if !ok {
		return false, nil
	}
	if rt.at >= 0 {
		b, err := r.tx.Board(rt.game, rt.board)
		if err != nil {
			return true, err
		}
		if cmdtab.Stale(rt.at, len(b.Log), words[1]) {
			return true, r.staleReply(rt, b, words)
		}
	}
	if err := r.oneAs(words, comment, rt.user); err != nil {
		return true, err
	}
	if len(notes) > 0 {
		r.sections[len(r.sections)-1].addNote(notes)
	}
	return true, r.reply()
}

// movePrefix is the number of words at the start of f that play on
// the board of rt as it stands (board.MovePrefixOn), or 0
// (command.Reply's Plays). Nothing is saved.
func movePrefix(r *run, rt replyTo) func(f []string) int {
	return func(f []string) int { return board.MovePrefixOn(r.tx, r.s.boards.Now, rt.game, rt.board, f) }
}

// staleReply refuses a reply to the mail of an older position, with
// the board as it stands now.
func (r *run) staleReply(rt replyTo, b store.Board, words []string) error {
	g, st, err := r.s.boards.Replay(b, -1)
	if err != nil {
		return err
	}
	if u, err := r.tx.User(rt.user); err == nil {
		r.speaks(u) // the token vouched for the player
	}
	sec := &section{Command: trimLine(lineReader(r.s).Masked(strings.Join(words, " "))), Refused: true, game: g, board: b.Number}
	// The status is written in the language of the answer.
	sec.say(lang.M("ReplyStale", "Title", g.Title(), "Number", b.Number, "At", rt.at, "Now", len(b.Log)),
		lang.Literal(" "+board.StatusIn(r.answerPrinter(), b, st)+"\n\n"), lang.M("ReplyBoardNow"), lang.Literal("\n\n"), drawn(b, st))
	r.sections = append(r.sections, sec)
	return r.reply()
}

// speaksAt records as the mail's speaker the player of b whose own
// address the mail came from: a refused reply to a board mail is
// answered in that player's language.
func (r *run) speaksAt(b store.Board) {
	for _, p := range b.Players {
		if u, err := r.tx.User(p); err == nil && !u.Closed && account.FromOwnAddress(u, r.msg.From) {
			r.speaks(u)
			return
		}
	}
}

// addNote adds a note about how a reply was read after the section's
// text, a blank line between.
func (sec *section) addNote(note []lang.Msg) {
	ms := sec.msgs
	if len(ms) == 0 {
		ms = []lang.Msg{lang.Literal(sec.Text)}
	}
	ms = append([]lang.Msg(nil), ms...)
	// A text that ends in a line break ends in a drawing or a literal:
	// it is cut there, as the English always was.
	if last := &ms[len(ms)-1]; last.ID == "" {
		last.Literal = strings.TrimRight(last.Literal, "\n")
	}
	ms = append(append(ms, lang.Literal("\n\n")), note...)
	sec.say(ms...)
}
