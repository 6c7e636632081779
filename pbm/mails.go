package pbm

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"text/template"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/picture"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/drawing"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/quote"
	"github.com/pbmgo/pbm/store"
	"github.com/pbmgo/pbm/templates"
)

// mailTemplates are the parsed templates of the text of every
// outgoing mail (the HTML part is package mail's).
type mailTemplates struct {
	text *template.Template
}

func loadTemplates() (*mailTemplates, error) {
	t, err := template.ParseFS(templates.FS, "*.txt")
	if err != nil {
		return nil, fmt.Errorf("templates: %w", err)
	}
	return &mailTemplates{text: t}, nil
}

func (mt *mailTemplates) render(name string, data any) (string, error) {
	var b bytes.Buffer
	if err := mt.text.ExecuteTemplate(&b, name, data); err != nil {
		return "", broken(fmt.Errorf("template %s: %w", name, err))
	}
	return b.String(), nil
}

// outMail is one mail to one recipient, before it is rendered to MIME.
type outMail struct {
	To      string
	Subject string
	Text    string
	// Kind is the RFC 3834 section 5 Auto-Submitted value:
	// "auto-replied" for the answer to a mail, "auto-generated" for a
	// notice nobody asked for.
	Kind       string
	InReplyTo  string
	References []string
	ReplyTo    string
	Report     bool
	// picture is the board shown in the HTML part, drawn when the mail
	// is queued (run.send); Link the address of the board's web page.
	// Both are optional.
	picture *pictureJob
	Link    string
	// unsubscribe is the List-Unsubscribe value (listUnsubscribe, auth.go), set
	// when the mail is queued.
	unsubscribe string
	// lang is the language of the reader, which the writer of the
	// mail knows (readerOf). The lines added to the mail when it is
	// queued are written in it.
	lang string
}

// enqueue renders m and puts it in the outbox within tx. The
// Message-ID is fixed now and stored with the entry, so a resend after
// a crash is the same mail.
func (s *Server) enqueue(tx *store.Tx, m outMail) error {
	return s.enqueueAt(tx, 0, m)
}

// enqueueAt queues a mail under an outbox sequence number reserved
// for it (store.Tx.ReserveOutbox), or a new one when seq is 0.
func (s *Server) enqueueAt(tx *store.Tx, seq uint64, m outMail) error {
	if m.To == "" {
		return nil
	}
	var err error
	p := s.readerOf(m)
	if m.unsubscribe, err = s.listUnsubscribe(tx, &m, p); err != nil {
		return err
	}
	m.Text = boundText(p, m.Text)
	id := mail.NewID("pbm", s.domain)
	raw, err := s.mime(m, id, p)
	if err != nil {
		return err
	}
	if err := s.keepSent(tx, id, m.Text); err != nil {
		return err
	}
	_, err = tx.Enqueue(store.Mail{
		Seq:       seq,
		MessageID: id,
		From:      s.cfg.Address,
		To:        m.To,
		Subject:   m.Subject,
		Raw:       raw,
		Shared:    pictureLines(m.picture),
		Queued:    s.now(),
		Report:    m.Report,
	})
	return err
}

// readerOf is the language of the reader of m, which its writer gives
// (every writer of a mail knows whom it writes to); the server's when
// none is given.
func (s *Server) readerOf(m outMail) lang.Printer { return s.printer(m.lang) }

// mime writes m as the mail with the Message-ID id, its HTML part's
// words written by p.
func (s *Server) mime(m outMail, id string, p lang.Printer) ([]byte, error) {
	out := mail.Out{To: m.To, Subject: m.Subject, Text: m.Text, Kind: m.Kind, InReplyTo: m.InReplyTo,
		References: m.References, ReplyTo: m.ReplyTo, Unsubscribe: m.unsubscribe, Link: m.Link,
		Lang: p.Code(), LinkText: p.T("MailWebLink")}
	if m.picture != nil {
		out.Picture, out.Alt = m.picture.pic, m.picture.alt
	}
	return s.writer.Compose(out, id, s.now())
}

func (s *Server) now() time.Time {
	if s.cfg.Now != nil {
		return s.cfg.Now()
	}
	return time.Now()
}

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

// boardTextOf renders the board mail about a change, written by p.
func (s *Server) boardTextOf(p lang.Printer, tx *store.Tx, b store.Board, g engine.Game, st engine.State, ch change) (string, error) {
	event := ch.Event
	if len(ch.Said) > 0 {
		event = p.Join(ch.Said)
	}
	var ratings []string
	for _, r := range ch.Ratings {
		ratings = append(ratings, p.Render(r))
	}
	return s.renderBoard(p, tx, b, g, st, -1, ch.New, event, ch.Comment, ch.By, ratings)
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
	line := p.T(id, "Who", u.ID, "When", p.Stamp(board.ForfeitAt(u, since, forfeit).UTC()), "Away", away)
	if len(u.DaysOff) > 0 {
		line += " " + p.T("DaysOffNote", "Who", u.ID, "Days", board.DaysOffText(u.DaysOff), "Zone", board.Zone(u).String())
	}
	if left, ok := board.TotalLeft(b, u, st.ToMove(), now); ok {
		if b.TotalDays > 0 && b.BankAdd == 0 {
			line += p.N("DeadlineTotal", b.TotalDays, "Days", b.TotalDays, "Left", board.DurationIn(p, left))
		}
		line += "\n" + bankText(p, tx, b, st.ToMove(), now)
	}
	return line
}

// renderBoard writes the text of a board mail by p. upto is the number
// of log entries shown (the whole log when upto < 0).
func (s *Server) renderBoard(p lang.Printer, tx *store.Tx, b store.Board, g engine.Game, st engine.State, upto int, isNew bool, event, comment, by string, ratings []string) (string, error) {
	text := board.TextBoardIn(p, b, st)
	log := b.Log
	if upto >= 0 && upto < len(log) {
		log = log[:upto]
	}
	v := boardView{
		New: isNew, Title: g.Title(), Game: g.Name(), Number: b.Number, Event: event,
		Status: board.StatusIn(p, b, st), Vote: voteLine(p, b), Players: b.Players, Board: text,
		Comment: comment, CommentBy: by, Started: p.Stamp(b.Created.UTC()), Updated: p.Stamp(b.Updated.UTC()),
		Server: s.cfg.Name, Ratings: ratings, ReplyLine: p.T("BoardReply"), Link: s.boardLink(g.Name(), b.Number),
		L: p,
	}
	var used []string
	for i, d := range board.TimeUsed(b, s.now(), st.ToMove()) {
		used = append(used, b.Players[i]+" "+board.DurationIn(p, d))
	}
	v.TimeUsed = strings.Join(used, "; ")
	if upto >= 0 && upto < len(b.Log) {
		v.Status = p.T("StatusAfter", "N", upto, "Status", statusAt(p, b, st))
	} else if !b.Over {
		v.ToMove = board.ToMove(b, st)
		_, _, v.Computer = computerID(v.ToMove)
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

// mailBoard sends the board to every player and subscriber of it,
// one mail per address (RFC 3834 section 3.1.3: one recipient per
// automatic mail). A player's mail carries a Reply-To address that
// lets a reply with a move be played without the password.
func (c *call) mailBoard(b store.Board, g engine.Game, st engine.State, ch change) error {
	// The text is written once per language of the recipients.
	texts := map[string]string{}
	textIn := func(p lang.Printer) (string, error) {
		if t, ok := texts[p.Code()]; ok {
			return t, nil
		}
		t, err := c.s.boardTextOf(p, c.tx, b, g, st, ch)
		texts[p.Code()] = t
		return t, err
	}
	subject := boardSubjectMsg(g, b, st, ch.New, ch.Comment != "")
	// The picture is drawn once per language of the recipients, in
	// this transaction, like the text, and only when a recipient shows
	// pictures: drawing costs more than all the rest of a move. In a
	// group commit it is drawn with the batch's other pictures, on
	// every core (laterPictures, below).
	jobs := map[string]*pictureJob{}
	jobIn := func(p lang.Printer) *pictureJob {
		j := jobs[p.Code()]
		if j == nil {
			j = &pictureJob{pr: p, g: g, b: b.Clone(), st: st.Clone()}
			jobs[p.Code()] = j
		}
		return j
	}
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
		pr := c.s.printerOf(u)
		text, err := textIn(pr)
		if err != nil {
			return err
		}
		for _, a := range u.Addresses {
			m := outMail{To: a, Subject: pr.Render(subject), Text: text, InReplyTo: b.ThreadID, References: []string{b.ThreadID}, Link: link,
				lang: pr.Code()}
			if !u.NoPictures {
				m.picture = jobIn(pr)
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
func (c *call) notice(p lang.Printer, to, subject, text string) error {
	m, err := c.s.noticeMail(p, to, subject, text)
	if err != nil {
		return err
	}
	return c.send(m)
}

// noticeMail is a short notice to one address, written by p (the
// lines the outbox adds to it too).
func (s *Server) noticeMail(p lang.Printer, to, subject, text string) (outMail, error) {
	body, err := s.tpl.render("notice.txt", map[string]any{"Text": text, "Server": s.cfg.Name})
	if err != nil {
		return outMail{}, err
	}
	return outMail{To: to, Subject: subject, Text: body, lang: p.Code()}, nil
}

// Pictures of boards in mail: the HTML part of a board mail shows the
// board as a PNG image carried in the same mail, above the text board.

// BoardPicture returns the description of a board's position with the
// players' userids on their seats and the last move marked, in English
// (board.PictureIn), or false when the game does not describe its
// positions.
func BoardPicture(b store.Board, st engine.State) (picture.Picture, bool) {
	return board.PictureIn(lang.English(), b, st)
}

// boardPNG draws the board for mail in pr's language, with its text
// equivalent (board.Describe); nil when the game has no picture.
func boardPNG(pr lang.Printer, g engine.Game, b store.Board, st engine.State) ([]byte, string, error) {
	p, ok := board.PictureIn(pr, b, st)
	if !ok {
		return nil, "", nil
	}
	var buf bytes.Buffer
	if err := drawing.PNG(&buf, p); err != nil {
		return nil, "", fmt.Errorf("picture of board %d: %w", b.Number, err)
	}
	title, desc := board.Describe(pr, g, b, p, len(b.Log))
	return buf.Bytes(), title + ". " + desc, nil
}

// boardLink is the address of a board's page, or "" without web.url.
func (s *Server) boardLink(game string, number int) string {
	if s.cfg.WebURL == "" {
		return ""
	}
	return strings.TrimRight(s.cfg.WebURL, "/") + board.Path(game, number)
}

// cmdPictures turns the pictures in a user's board mails on or off.
func cmdPictures(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	switch strings.ToLower(c.args[2]) {
	case "on":
		u.NoPictures = false
	case "off":
		u.NoPictures = true
	default:
		return refuseMsg(lang.M("PicturesUsage", "Who", u.ID, "Arg", fmt.Sprintf("%q", c.args[2])))
	}
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	if u.NoPictures {
		c.sec.say(lang.M("PicturesOff"))
	} else {
		c.sec.say(lang.M("PicturesOn"))
	}
	return nil
}

// The pictures of a group commit. Drawing a board's picture costs more
// than all the rest of a move, and the mails of a batch are applied one
// after another on one core. So in a group commit a board mail with a
// picture takes its outbox number where it is sent and waits; when
// every mail of the batch has been applied, still in the transaction,
// the batch's pictures are drawn on every core at once and the waiting
// mails are queued under their numbers, so that each recipient's mails
// still go in the order they were sent.

// pictureJob is the picture of one position in one language, drawn
// and encoded for mail once for every mail that shows it.
type pictureJob struct {
	pr   lang.Printer // the language of its words
	g    engine.Game
	b    store.Board  // the caller's own copy
	st   engine.State // the caller's own copy
	pic  *mail.Picture
	alt  string // the picture's text equivalent
	err  error
	done bool
}

// draw draws the picture into pic, once; pic stays nil when the game
// has no picture.
func (j *pictureJob) draw() error {
	if !j.done {
		picturesDrawn.Add(1)
		var png []byte
		if png, j.alt, j.err = boardPNG(j.pr, j.g, j.b, j.st); j.err == nil && png != nil {
			j.pic = mail.NewPicture(png)
		}
		j.done = true
	}
	return j.err
}

// pictureLines are the base64 lines of the drawn picture of j, which
// the outbox keeps once for every mail that shows them; nil for none.
func pictureLines(j *pictureJob) []byte {
	if j == nil {
		return nil
	}
	return j.pic.Lines()
}

// picturesDrawn counts the pictures drawn for board mails, for tests.
var picturesDrawn atomic.Uint64

// laterPictures holds the mails of a group commit that wait for their
// pictures.
type laterPictures struct {
	s     *Server
	mails []laterMail
}

type laterMail struct {
	seq uint64
	m   outMail
}

type laterKey struct{}

// withLaterPictures makes the mails sent under ctx wait for drawLater.
func withLaterPictures(ctx context.Context, l *laterPictures) context.Context {
	return context.WithValue(ctx, laterKey{}, l)
}

// laterPicturesOf is the waiting set under ctx, or nil.
func laterPicturesOf(ctx context.Context) *laterPictures {
	if ctx == nil {
		return nil
	}
	l, _ := ctx.Value(laterKey{}).(*laterPictures)
	return l
}

// add reserves the mail's outbox number and keeps it.
func (l *laterPictures) add(tx *store.Tx, m outMail) error {
	seq, err := tx.ReserveOutbox()
	if err != nil {
		return err
	}
	l.mails = append(l.mails, laterMail{seq, m})
	return nil
}

// drawLater draws every waiting mail's picture, as many at once as
// there are cores, and queues the mails. A picture that fails or
// panics fails the batch, whose mails are then handled one by one, so
// that the mail it belongs to is set aside or retried alone.
func (l *laterPictures) drawLater(tx *store.Tx) error {
	var jobs []*pictureJob
	seen := map[*pictureJob]bool{}
	for _, w := range l.mails {
		if j := w.m.picture; !seen[j] {
			seen[j] = true
			jobs = append(jobs, j)
		}
	}
	onEveryCore(jobs, func(j *pictureJob) {
		defer func() {
			if p := recover(); p != nil {
				j.err, j.done = broken(fmt.Errorf("picture of board %d: panic: %v", j.b.Number, p)), true
			}
		}()
		j.draw()
	})
	for _, w := range l.mails {
		if err := w.m.picture.draw(); err != nil {
			return err
		}
		if err := l.s.enqueueAt(tx, w.seq, w.m); err != nil {
			return err
		}
	}
	l.mails = nil
	return nil
}

// reply queues the one answer to the mail's sender that reports each
// command (protocol.md, Replies).
func (r *run) reply() error {
	refused := r.refused() > 0
	p := r.answerPrinter()
	for _, sec := range r.sections {
		if len(sec.msgs) > 0 {
			sec.Text = textIn(p, sec)
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
	m := outMail{To: r.msg.From, Subject: r.subject(p), Text: text, Kind: "auto-replied", lang: p.Code()}
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

// subject is the reply's subject, written by p: for one command, the
// subject pbmserv would use; for several, a summary.
func (r *run) subject(p lang.Printer) string {
	if len(r.sections) != 1 {
		n := len(r.sections)
		if k := r.refused(); k > 0 {
			return p.N("MailSubjectCommandsRefused", n, "Refused", k)
		}
		return p.N("MailSubjectCommands", n)
	}
	sec := r.sections[0]
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

// tellAboutIn sends a notice about board b to a user, written in the
// user's language, with a reply address when the user plays the
// board: a reminder, a chat.
func (c *call) tellAboutIn(b store.Board, id string, subject lang.Msg, text func(lang.Printer) string) error {
	u, err := c.tx.User(id)
	if errors.Is(err, store.ErrNotFound) || u.Closed {
		return nil
	}
	if err != nil {
		return err
	}
	p := c.s.printerOf(u)
	say := text(p)
	for _, a := range u.Addresses {
		m, err := c.s.noticeMail(p, a, p.Render(subject), say)
		if err != nil {
			return err
		}
		m.InReplyTo = b.ThreadID
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

// What the server sent, for reading the replies to it. Each mail it
// sends keeps, under its Message-ID, the digests of its lines
// (quote.Digests): not its text, and no line that holds a reply
// address (its token). A reply names the mail it answers in
// In-Reply-To and References (RFC 5322 section 3.6.4); the lines of
// that mail are dropped from the reply wherever they stand, marked as
// quoted or not (package quote, Known).

// sentKept is how long the digests of a mail are kept: as long as a
// board mail's reply address is in use in a slow game.
const sentKept = 180 * 24 * time.Hour

// sentLines bounds the lines of one mail recognised in a reply.
const sentLines = 400

// keepSent keeps the digests of the lines of a mail queued with
// Message-ID id, and drops a few records older than sentKept.
func (s *Server) keepSent(tx *store.Tx, id, text string) error {
	local, _, _ := strings.Cut(strings.ToLower(s.cfg.Address), "@")
	token := func(l string) bool { return strings.Contains(strings.ToLower(l), local+"+") }
	ds := quote.Digests(text, sentLines, token)
	if len(ds) == 0 {
		return nil
	}
	rec := store.Sent{At: s.now(), Digests: make([]uint64, len(ds))}
	for i, d := range ds {
		rec.Digests[i] = uint64(d)
	}
	if err := tx.PutSent(id, rec); err != nil {
		return err
	}
	_, err := tx.PruneSent(s.now().Add(-sentKept), 8)
	return err
}

// known is what the server knows of the mail a reply answers: its own
// name and address, the subject answered, and the lines of the mails
// the reply names (In-Reply-To and the last References).
func (r *run) known() (quote.Known, error) {
	k := quote.Known{
		Name:    r.s.cfg.Name,
		Address: r.s.cfg.Address,
		Subject: mail.Unprefixed(r.msg.Subject),
	}
	ids := []string{r.msg.InReplyTo}
	refs := r.msg.References
	if len(refs) > 3 {
		refs = refs[len(refs)-3:]
	}
	ids = append(ids, refs...)
	for _, id := range ids {
		if id == "" {
			continue
		}
		rec, ok, err := r.tx.SentRecord(id)
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

// textIn is a section's text written by p: its messages from the
// catalogue; in English the text as the commands left it, which is
// their English.
func textIn(p lang.Printer, sec *section) string {
	if p.Code() == lang.Default {
		return sec.Text
	}
	return p.Join(sec.msgs)
}

// Subjects of mails: each written in its reader's language from the
// catalogue (messages/mail.<code>.toml), the game's title, the board
// number and the userids as they are.

// boardSubjectMsg is the subject of a board mail (protocol.md,
// Replies): in English "<Game> Board <n> <who>", " **" with a
// comment, "New " before it for a new board; the userid to move, the
// word for a removed board and the comment's mark follow the board's
// words in every language.
func boardSubjectMsg(g engine.Game, b store.Board, st engine.State, isNew, comment bool) lang.Msg {
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
	m := lang.Literal(write(lang.English()))
	m.Write = write
	return m
}

// in writes a message in the language of a printer: a subject or a
// text of tellUserIn.
func in(m lang.Msg) func(lang.Printer) string {
	return func(p lang.Printer) string { return p.Render(m) }
}
