package notice

import (
	"errors"
	"strings"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// The board mail: the board as it stands after a change, its moves,
// its status and the deadline of the player to move, written in the
// reader's language by the template board.txt.

type moveLine struct {
	N    int
	Who  string
	Move string
}

// boardView is what the board template shows.
type boardView struct {
	New       bool
	Title     string
	Game      string
	Number    int
	Event     string
	Vote      string
	Status    string
	Ratings   []string // written in the reader's language
	Deadline  string
	Players   []string
	Moves     []moveLine
	Truncated bool
	Board     string
	Comment   string
	CommentBy string
	Started   string
	Updated   string
	TimeUsed  string
	ToMove    string
	// Computer is set when the computer is to move: it plays by
	// itself, and the board mail says so instead of a command.
	Computer  bool
	Next      int
	Server    string
	ReplyLine string
	// Link is the address of the board's web page, "" without web.url.
	Link string
	// L writes the frame in the reader's language.
	L lang.Printer
}

// deadline is the line of a running board that says by when the
// player to move must move: the board's forfeit limit counted as the
// clock counts it (Tick), from the last change or the end of a
// vacation. It is "" when no account is to move (the computer).
func (w *Writer) deadline(p lang.Printer, tx *store.Tx, b store.Board, st engine.State) string {
	who := board.ToMove(b, st)
	if who == "" {
		return ""
	}
	u, err := tx.User(who)
	if err != nil || u.Closed {
		return ""
	}
	forfeit := time.Duration(b.ForfeitDays) * board.Day
	if b.ForfeitDays == 0 {
		forfeit = time.Duration(w.cfg.ForfeitDays) * board.Day
	}
	now := w.now()
	since := board.IdleSince(b, u, now)
	away := ""
	if on, until := board.OnVacation(u, now); on {
		since = until
		away = p.T("DeadlineAway", "Who", u.ID, "Until", p.Date(until.UTC().Add(-board.Day)))
	}
	id := "DeadlineForfeit"
	if !board.AllMoved(b) {
		id = "DeadlineLapse"
	}
	line := p.T(id, "Who", u.ID, "When", p.Stamp(board.ForfeitAt(u, since, forfeit).UTC()), "Away", away)
	if len(u.DaysOff) > 0 {
		line += " " + p.T("DaysOffNote", "Who", u.ID, "Days", board.DaysOffText(u.DaysOff), "Zone", board.Zone(u).String())
	}
	if left, ok := board.TotalLeft(b, u, st.ToMove(), now); ok {
		if b.TotalDays > 0 && b.BankAdd == 0 {
			line += p.N("DeadlineTotal", b.TotalDays, "Days", b.TotalDays, "Left", board.DurationIn(p, left))
		}
		line += "\n"
		if w.cfg.Bank != nil {
			line += w.cfg.Bank(p, tx, b, st.ToMove(), now)
		}
	}
	return line
}

// RenderBoard writes the text of a board mail by p. upto is the number
// of log entries shown (the whole log when upto < 0).
func (w *Writer) RenderBoard(p lang.Printer, tx *store.Tx, b store.Board, g engine.Game, st engine.State, upto int, isNew bool, event, comment, by string, ratings []string) (string, error) {
	text := board.TextBoardIn(p, b, st)
	log := b.Log
	if upto >= 0 && upto < len(log) {
		log = log[:upto]
	}
	v := boardView{
		New: isNew, Title: g.Title(), Game: g.Name(), Number: b.Number, Event: event,
		Status: board.StatusIn(p, b, st), Players: b.Players, Board: text,
		Comment: comment, CommentBy: by, Started: p.Stamp(b.Created.UTC()), Updated: p.Stamp(b.Updated.UTC()),
		Server: w.cfg.Name, Ratings: ratings, ReplyLine: p.T("BoardReply"), L: p,
	}
	if w.cfg.Vote != nil {
		v.Vote = w.cfg.Vote(p, b)
	}
	if w.cfg.Link != nil {
		v.Link = w.cfg.Link(g.Name(), b.Number)
	}
	var used []string
	for i, d := range board.TimeUsed(b, w.now(), st.ToMove()) {
		used = append(used, b.Players[i]+" "+board.DurationIn(p, d))
	}
	v.TimeUsed = strings.Join(used, "; ")
	if upto >= 0 && upto < len(b.Log) {
		v.Status = p.T("StatusAfter", "N", upto, "Status", statusAt(p, b, st))
	} else if !b.Over {
		v.ToMove = board.ToMove(b, st)
		v.Computer = w.cfg.Computer != nil && w.cfg.Computer(v.ToMove)
		v.Next = len(b.Log) + 1
		v.Deadline = w.deadline(p, tx, b, st)
	}
	first := 0
	if !b.Over && upto < 0 && len(log) > 8 {
		first, v.Truncated = len(log)-8, true
	}
	for i := first; i < len(log); i++ {
		e := log[i]
		who, mv := board.EntryOf(b, e, "?")
		if e.Auto {
			mv += " (Auto)"
		}
		v.Moves = append(v.Moves, moveLine{N: i + 1, Who: who, Move: mv})
	}
	return w.Render("board.txt", v)
}

// statusAt is the status line of a past position.
func statusAt(p lang.Printer, b store.Board, st engine.State) string {
	if st.Result().Over {
		return board.StatusIn(p, store.Board{Players: b.Players, Log: b.Log[:0]}, st)
	}
	if t := st.ToMove(); t >= 0 && t < len(b.Players) {
		return p.T("StatusWasTurn", "Who", b.Players[t])
	}
	return ""
}

// Subjects of mails: each written in its reader's language from the
// catalogue (messages/mail.<code>.toml), the game's title, the board
// number and the userids as they are.

// BoardSubject is the subject of a board mail (protocol.md,
// Replies): in English "<Game> Board <n> <who>", " **" with a
// comment, "New " before it for a new board; the userid to move, the
// word for a removed board and the comment's mark follow the board's
// words in every language.
func BoardSubject(g engine.Game, b store.Board, st engine.State, isNew, comment bool) lang.Msg {
	who := board.ToMove(b, st)
	removed := b.Over && board.Removed(b, st)
	title, number := g.Title(), b.Number
	write := func(p lang.Printer) string {
		id := "MailSubjectBoard"
		if isNew {
			id = "MailSubjectBoardNew"
		}
		s := p.T(id, "Title", title, "Number", number)
		if who != "" {
			s += " " + who
		}
		if removed {
			s += " " + p.T("MailSubjectRemoved")
		}
		if comment {
			s += " **"
		}
		return s
	}
	return lang.Msg{Write: write}
}

// Change is what a board mail tells of the change it follows: the
// board domain's change (board.Change).
type Change = board.Change

// BoardMails are the mails of a board after a change: one to each
// address of each player and subscriber (RFC 3834 section 3.1.3: one
// recipient per automatic mail), in the order of the board's players
// then subscribers, in each reader's language, in the board's thread,
// with the board's picture unless its reader turned pictures off
// (drawn when the mail is queued, Picture.Draw). A player's mail of a
// running board carries a Reply-To address that lets a reply with a
// move be played without the password. A closed or unknown account
// gets none.
func (w *Writer) BoardMails(tx *store.Tx, b store.Board, g engine.Game, st engine.State, ch Change) ([]Mail, error) {
	// The text and the picture are written once per language of the
	// recipients, the picture only when a recipient shows pictures:
	// drawing costs more than all the rest of a move.
	texts := map[string]string{}
	textIn := func(p lang.Printer) (string, error) {
		if t, ok := texts[p.Code()]; ok {
			return t, nil
		}
		var ratings []string
		for _, r := range ch.Ratings {
			ratings = append(ratings, p.Render(r))
		}
		t, err := w.RenderBoard(p, tx, b, g, st, -1, ch.New, p.Join(ch.Said), ch.Comment, ch.By, ratings)
		texts[p.Code()] = t
		return t, err
	}
	pictures := map[string]*Picture{}
	pictureIn := func(p lang.Printer) *Picture {
		j := pictures[p.Code()]
		if j == nil {
			j = NewPicture(p, g, b, st)
			pictures[p.Code()] = j
		}
		return j
	}
	subject := BoardSubject(g, b, st, ch.New, ch.Comment != "")
	link := ""
	if w.cfg.Link != nil {
		link = w.cfg.Link(g.Name(), b.Number)
	}
	var out []Mail
	recipients := append(append([]string(nil), b.Players...), b.Subscribers...)
	for i, id := range recipients {
		u, err := tx.User(id)
		if errors.Is(err, store.ErrNotFound) || err == nil && u.Closed {
			continue
		}
		if err != nil {
			return nil, err
		}
		p := w.printer(u.Language)
		text, err := textIn(p)
		if err != nil {
			return nil, err
		}
		for _, a := range u.Addresses {
			m := Mail{To: a, Subject: p.Render(subject), Text: text, InReplyTo: b.ThreadID, References: []string{b.ThreadID}, Link: link,
				Lang: p.Code()}
			if !u.NoPictures {
				m.Picture = pictureIn(p)
			}
			if i < len(b.Players) && !b.Over {
				if m.ReplyTo, err = w.ReplyAddress(tx, b, u, a); err != nil {
					return nil, err
				}
			}
			out = append(out, m)
		}
	}
	return out, nil
}
