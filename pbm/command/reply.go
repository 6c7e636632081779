package command

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
)

// ReplyAddress reads a recipient of a mail as a reply address on the
// server's address: "pbm+<game>.<board>.<n>.<token>@domain", n the
// moves on the board the mail showed, or the older form without n
// (at is then -1). The subaddress is RFC 5233's "+detail"; local part
// and domain compare without case. ok is false for any other address;
// the game word is as written, for the caller to look up.
func ReplyAddress(to, address string) (game string, board, at int, token string, ok bool) {
	local, domain, _ := strings.Cut(address, "@")
	l, d, _ := strings.Cut(strings.ToLower(to), "@")
	base, sub, plus := strings.Cut(l, "+")
	if !plus || base != local || d != domain {
		return "", 0, 0, "", false
	}
	parts := strings.Split(sub, ".")
	at = -1
	switch len(parts) {
	case 3:
	case 4:
		n, err := strconv.Atoi(parts[2])
		if err != nil || n < 0 {
			return "", 0, 0, "", false
		}
		at = n
		parts = []string{parts[0], parts[1], parts[3]}
	default:
		return "", 0, 0, "", false
	}
	n, err := strconv.Atoi(parts[1])
	if err != nil {
		return "", 0, 0, "", false
	}
	return parts[0], n, at, parts[2], true
}

// Reply is what a reply address vouches for, as the reading of a
// reply needs it.
type Reply struct {
	Game  string
	Board int
	User  string
	// Plays is the number of words at the start of words that play,
	// in order, on the board as it stands, or 0.
	Plays func(words []string) int
}

// ReplyCommand reads the command of a reply from its Subject and the
// own text of its body: the words of a board command as the dispatcher
// takes them, with the board, and the userid vouched for by the token
// and a stand-in for the password. The command is the first line of
// the own text that reads as one (a board command or a move); without
// one, the first line, which is refused for what it is. A body with no
// own text has its command in the Subject. note says which line was
// read when it was not the first, and which words of a move's line
// went to the comment. ok is false when the reply holds no command of
// its own, or its line starts with a command of its own, which is
// read as a mail without the reply address is.
func (rd Reader) ReplyCommand(subject string, own []string, rp Reply) (words []string, comment string, note []lang.Msg, ok bool) {
	body := own
	var cands []int
	for i, l := range body {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			cands = append(cands, i)
		}
	}
	if len(cands) == 0 {
		// RFC 5322 section 3.6.5: the Subject, without its reply
		// prefixes, is the command when the body holds none.
		subj := mail.Unprefixed(subject)
		if subj == "" || IsBoardSubject(subj) {
			return nil, "", nil, false
		}
		body, cands = []string{subj}, []int{0}
	}
	pick := cands[0]
	if !rd.replyLineReads(rp, body[pick]) {
		for _, i := range cands[1:] {
			if rd.replyLineReads(rp, body[i]) {
				pick = i
				note = []lang.Msg{lang.M("ReplyReadLine", "Line", fmt.Sprintf("%q", TrimLine(strings.TrimSpace(body[i]))))}
				break
			}
		}
	}
	l := strings.TrimSpace(body[pick])
	if rd.IsCommand(l) {
		return nil, "", nil, false
	}
	f := strings.Fields(l)
	if len(f) > 20 {
		return nil, "", nil, false
	}
	rest := append(append([]string(nil), body[:pick]...), body[pick+1:]...)
	comment = mail.Comment(rest)
	board := strconv.Itoa(rp.Board)
	if name, cmd, found := game.Find(f[0]); found && !cmd.Admin && cmd.Children == nil {
		switch {
		case name == "chat" && len(f) > 1:
			// The words after "chat" on its line are the message.
			return []string{rp.Game, name, board, rp.User, "(reply)"}, mail.Comment(append([]string{strings.Join(f[1:], " ")}, rest...)), note, true
		case strings.HasPrefix(cmd.Usage, "<board> <userid> <password>"):
			return append([]string{rp.Game, name, board, rp.User, "(reply)"}, f[1:]...), comment, note, true
		case strings.HasPrefix(cmd.Usage, "<board>"):
			if len(f) == 1 {
				return []string{rp.Game, name, board}, comment, note, true
			}
			return append([]string{rp.Game, name}, f[1:]...), comment, note, true
		}
		return append([]string{rp.Game, name}, f[1:]...), comment, note, true
	}
	k := rp.plays(f)
	if k == 0 && !strings.ContainsAny(f[0], "0123456789") && Nearest(f[0], game.Words(false)) != "" {
		// A slip of the keyboard on a board command ("resing"): the
		// dispatcher answers with the nearest one.
		return append([]string{rp.Game}, f...), comment, note, true
	}
	if k > 0 && k < len(f) {
		// Words after a complete move are a comment.
		extra := strings.Join(f[k:], " ")
		if len(note) > 0 {
			note = append(note, lang.Literal(" "))
		}
		note = append(note, lang.M("ReplyNotMove", "Words", fmt.Sprintf("%q", TrimLine(extra))))
		comment = mail.Comment(append([]string{extra}, rest...))
		f = f[:k]
	}
	return append([]string{rp.Game, "move", board, rp.User, "(reply)"}, f...), comment, note, true
}

// plays is Plays, 0 without it.
func (rp Reply) plays(f []string) int {
	if rp.Plays == nil {
		return 0
	}
	return rp.Plays(f)
}

// replyLineReads reports whether a line of a reply reads as a command:
// a command word, or a move on the board as it stands.
func (rd Reader) replyLineReads(rp Reply, l string) bool {
	f := strings.Fields(l)
	if len(f) == 0 || len(f) > 20 {
		return false
	}
	if rd.IsCommand(l) {
		return true
	}
	if _, cmd, found := game.Find(f[0]); found && !cmd.Admin {
		return true
	}
	return rp.plays(f) > 0
}
