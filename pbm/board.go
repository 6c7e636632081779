package pbm

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// replay rebuilds a board's position after its first upto log entries
// (all of them when upto < 0), from the cache of positions; a board
// that cannot be replayed is a bug (broken).
func (s *Server) replay(b store.Board, upto int) (engine.Game, engine.State, error) {
	g, st, err := board.Replay(s.cfg.Games, s.positions, b, upto)
	if err != nil {
		return nil, nil, broken(err)
	}
	return g, st, nil
}

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
	Ratings   []string
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
	Next      int
	Server    string
	ReplyLine string
	// Link is the address of the board's web page, "" without web.url.
	Link string
	// L writes the frame in the reader's language.
	L lang.Printer
}

// boardTextOf renders the board mail about a change, written by p.
func (s *Server) boardTextOf(p lang.Printer, tx *store.Tx, b store.Board, g engine.Game, st engine.State, ch change) (string, error) {
	event := ch.Event
	if len(ch.Said) > 0 {
		event = p.Join(ch.Said)
	}
	return s.renderBoard(p, tx, b, g, st, -1, ch.New, event, ch.Comment, ch.By, ch.Ratings)
}

// boardText renders the text of a board mail in the server's
// language. upto is the number of log entries shown (the whole log
// when upto < 0).
func (s *Server) boardText(tx *store.Tx, b store.Board, g engine.Game, st engine.State, upto int, isNew bool, event, comment, by string) (string, error) {
	return s.renderBoard(s.printer(""), tx, b, g, st, upto, isNew, event, comment, by, nil)
}

// deadline is the line of a running board that says by when the
// player to move must move: the board's forfeit limit counted as the
// clock counts it (Tick), from the last change or the end of a
// vacation. It is "" when no account is to move (the computer).
func (s *Server) deadline(p lang.Printer, tx *store.Tx, b store.Board, st engine.State) string {
	who := board.ToMove(b, st)
	if who == "" {
		return ""
	}
	u, err := tx.User(who)
	if err != nil || u.Closed {
		return ""
	}
	forfeit := time.Duration(b.ForfeitDays) * day
	if b.ForfeitDays == 0 {
		forfeit = time.Duration(s.cfg.ForfeitDays) * day
	}
	now := s.now()
	since := board.IdleSince(b, u, now)
	away := ""
	if on, until := board.OnVacation(u, now); on {
		since = until
		away = p.T("DeadlineAway", "Who", u.ID, "Until", p.Date(until.UTC().Add(-day)))
	}
	id := "DeadlineForfeit"
	if !board.AllMoved(b) {
		id = "DeadlineLapse"
	}
	line := p.T(id, "Who", u.ID, "When", p.Stamp(since.Add(forfeit).UTC()), "Away", away)
	if left, ok := board.TotalLeft(b, u, st.ToMove(), now); ok {
		line += p.N("DeadlineTotal", b.TotalDays, "Days", b.TotalDays, "Left", durationIn(p, left))
	}
	return line
}

func (s *Server) renderBoard(p lang.Printer, tx *store.Tx, b store.Board, g engine.Game, st engine.State, upto int, isNew bool, event, comment, by string, ratings []string) (string, error) {
	text := board.TextBoard(b, st)
	log := b.Log
	if upto >= 0 && upto < len(log) {
		log = log[:upto]
	}
	v := boardView{
		New: isNew, Title: g.Title(), Game: g.Name(), Number: b.Number, Event: event,
		Status: board.StatusIn(p, b, st), Vote: voteLine(b), Players: b.Players, Board: text,
		Comment: comment, CommentBy: by, Started: p.Stamp(b.Created.UTC()), Updated: p.Stamp(b.Updated.UTC()),
		Server: s.cfg.Name, Ratings: ratings, ReplyLine: p.T("BoardReply"), Link: s.boardLink(g.Name(), b.Number),
		L: p,
	}
	var used []string
	for i, d := range board.TimeUsed(b, s.now(), st.ToMove()) {
		used = append(used, b.Players[i]+" "+durationIn(p, d))
	}
	v.TimeUsed = strings.Join(used, "; ")
	if upto >= 0 && upto < len(b.Log) {
		v.Status = p.T("StatusAfter", "N", upto, "Status", statusAt(p, b, st))
	} else if !b.Over {
		v.ToMove = board.ToMove(b, st)
		v.Next = len(b.Log) + 1
		v.Deadline = s.deadline(p, tx, b, st)
	}
	first := 0
	if !b.Over && upto < 0 && len(log) > 8 {
		first, v.Truncated = len(log)-8, true
	}
	for i := first; i < len(log); i++ {
		e := log[i]
		who := "?"
		if e.Seat >= 0 && e.Seat < len(b.Players) {
			who = b.Players[e.Seat]
		}
		mv := e.Move
		if e.Kind != "" {
			mv = "(" + e.Kind + ")"
		}
		if e.Auto {
			mv += " (Auto)"
		}
		v.Moves = append(v.Moves, moveLine{N: i + 1, Who: who, Move: mv})
	}
	return s.tpl.render("board.txt", v)
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

// boardSubjectLine is the subject of a board mail (protocol.md,
// Replies): "<Game> Board <n> <who>", " **" with a comment, "New "
// before it for a new board.
func boardSubjectLine(g engine.Game, b store.Board, st engine.State, isNew, comment bool) string {
	s := strings.TrimSpace(fmt.Sprintf("%s Board %d %s", g.Title(), b.Number, board.ToMove(b, st)))
	if isNew {
		s = "New " + s
	}
	if b.Over && board.Removed(b, st) {
		s += " removed"
	}
	if comment {
		s += " **"
	}
	return s
}

// mailBoard sends the board to every player and subscriber of it,
// one mail per address (RFC 3834 section 3.1.3: one recipient per
// automatic mail). A player's mail carries a Reply-To address that
// lets a reply with a move be played without the password.
func (c *call) mailBoard(b store.Board, g engine.Game, st engine.State, ch change) error {
	// The text is written once per language of the recipients.
	texts := map[string]string{}
	textIn := func(u store.User) (string, error) {
		p := c.s.printerOf(u)
		if t, ok := texts[p.Code()]; ok {
			return t, nil
		}
		t, err := c.s.boardTextOf(p, c.tx, b, g, st, ch)
		texts[p.Code()] = t
		return t, err
	}
	subject := boardSubjectLine(g, b, st, ch.New, ch.Comment != "")
	// The picture is drawn once, in this transaction, like the text,
	// and only when a recipient shows pictures: drawing costs more than
	// all the rest of a move. In a group commit it is drawn with the
	// batch's other pictures, on every core (pictures.go).
	var job *pictureJob
	link := c.s.boardLink(g.Name(), b.Number)
	recipients := append(append([]string(nil), b.Players...), b.Subscribers...)
	for i, p := range recipients {
		u, err := c.tx.User(p)
		if errors.Is(err, store.ErrNotFound) || u.Closed {
			continue
		}
		if err != nil {
			return err
		}
		text, err := textIn(u)
		if err != nil {
			return err
		}
		for _, a := range u.Addresses {
			m := outMail{To: a, Subject: subject, Text: text, InReplyTo: b.ThreadID, References: []string{b.ThreadID}, Link: link}
			if !u.NoPictures {
				if job == nil {
					job = &pictureJob{b: b.Clone(), st: st.Clone()}
				}
				m.picture = job
			}
			if i < len(b.Players) && !b.Over {
				if m.ReplyTo, err = c.s.replyAddress(c.tx, b, u, a); err != nil {
					return err
				}
			}
			if c.msg.From != "" && strings.EqualFold(a, c.msg.From) {
				c.held = append(c.held, heldBoard{game: b.Game, board: b.Number, m: m})
				continue
			}
			if err := c.send(m); err != nil {
				return err
			}
		}
	}
	return nil
}

// send queues one mail. A mail whose picture is still to be drawn
// waits for the batch's pictures when the mail is handled in a group
// commit, and is drawn now otherwise.
func (r *run) send(m outMail) error {
	r.queued++
	if m.picture != nil {
		if later := laterPicturesOf(r.ctx); later != nil {
			return later.add(r.tx, m)
		}
		if err := m.picture.draw(); err != nil {
			return err
		}
	}
	return r.s.enqueue(r.tx, m)
}

// notice queues a short notice to one address.
func (c *call) notice(to, subject, text string) error {
	body, err := c.s.tpl.render("notice.txt", map[string]any{"Text": text, "Server": c.s.cfg.Name})
	if err != nil {
		return err
	}
	return c.send(outMail{To: to, Subject: subject, Text: body})
}
