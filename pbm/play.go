package pbm

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/computer"
	"github.com/pbmgo/pbm/pbm/killpoint"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/notice"
	"github.com/pbmgo/pbm/store"
)

// change says what happened to a board, for the mails about it
// (board.Change).
type change = board.Change

// commit is the one way a board changes, in the unit of work u: it
// plays the answers of conditional moves and the queued moves that
// have become due (playAhead), records the end of the game (ratings,
// result notices, the tournament's next step), saves the board and
// records the change on u with its board mails to the players and
// subscribers (record), queued when the unit ends (boardMails).
func commit(u *unit, b *store.Board, g engine.Game, st engine.State, ch change) error {
	b.Updated = u.s.now()
	if err := playAhead(u, b, g, st, &ch, ch.Lapsed); err != nil {
		return err
	}
	board.Settle(b, st)
	if board.Ended(b) {
		lines, err := finish(u, *b, g, st)
		if err != nil {
			return err
		}
		ch.Ratings = lines
		if err := tournamentBoardOver(u, g, *b, st); err != nil {
			return err
		}
	}
	b.Due = clockDue(u.s, u.tx, *b, st, u.s.now())
	if err := board.Save(u.tx, *b, board.WaitingOf(*b, board.ToMove(*b, st))); err != nil {
		return err
	}
	return record(u, *b, g, st, ch, false)
}

// finish runs once when a game ends (board.Finish): ratings, and the
// result to those who asked to be notified. It returns the lines that
// tell what the end did to the ratings.
func finish(u *unit, b store.Board, g engine.Game, st engine.State) ([]lang.Msg, error) {
	f, err := board.Finish(u.tx, b, st)
	if err != nil {
		return nil, err
	}
	var lines []lang.Msg
	if f.Over {
		lines = notice.RatingLines(b, f.Rating)
	}
	for _, id := range f.Notified {
		if err := tell(u, notice.Ended(b, g, st, lines, id)); err != nil {
			return nil, err
		}
	}
	return lines, nil
}

// Declining a challenge (pbmserv): a challenge names its players
// without asking them, so a player who leaves a board before every
// seat still in it has made a move (by resigning, closing the account,
// or letting the clock run out) declines it rather than loses it. The
// log records a "decline" entry, which the engine takes as a
// resignation. Where the game goes on without the seat it does so,
// and the seat is left out of the ratings; where it would end, the
// board is removed: it ends without a result and unrated.

// leave takes a player off a board: a resignation (or a forfeit) once
// every seat has moved, a decline before. resigned is the event for a
// resignation, declined the one for a decline; comment is the
// player's comment, for the board mail.
func leave(u *unit, b store.Board, seat int, kind string, resigned, declined lang.Msg, comment string) (bool, error) {
	g, st, err := u.s.boards.Replay(b, -1)
	if err != nil {
		return false, err
	}
	who := b.Players[seat]
	dec, err := board.Leave(&b, st, seat, kind, u.s.now())
	if err != nil {
		id := "PlayCannotResign"
		if dec {
			id = "PlayCannotLeave"
		}
		return dec, refuseOn(b.Number, lang.M(id, "Who", who, "Number", b.Number, "Why", why(err)))
	}
	said := []lang.Msg{resigned}
	if dec {
		said = []lang.Msg{declined, lang.M("DeclineGoesOn", "Who", who)}
		if st.Result().Over {
			said[1] = lang.M("DeclineRemoved", "Title", g.Title(), "Number", b.Number)
		}
	}
	return dec, commit(u, &b, g, st, change{Said: said, Comment: comment, By: who})
}

// Votes follow pbmserv: a draw offer ("propose") or a take-back
// request ("undo") needs the accept of every other player still in the
// game; one reject ends it. The proposer counts as accepting.

func cmdPropose(c *call) error { return openVote(c, "draw") }
func cmdUndo(c *call) error    { return openVote(c, "undo") }

func openVote(c *call, kind string) error {
	b, u, seat := c.board, c.user, c.seat
	g, st, err := c.s.boards.Replay(b, -1)
	if err != nil {
		return err
	}
	switch err := board.Propose(&b, seat, kind, c.s.now()); err {
	case nil:
	case board.ErrVoteOpen:
		return refuseOn(b.Number, lang.M("VoteAlreadyOpen", "Vote", notice.VoteMsg(b.Vote.Kind), "Number", b.Number))
	case board.ErrVoteNobody:
		return refuseOn(b.Number, lang.M("VoteNobody"))
	case board.ErrVoteNoMove:
		return refuseOn(b.Number, lang.M("VoteNoMove"))
	default:
		return err
	}
	said := lang.M("VoteProposes", "Who", u.ID, "Vote", notice.VoteMsg(kind), "Title", g.Title(), "Number", b.Number)
	c.sec.say(said)
	return commit(c.unit, &b, g, st, change{Said: []lang.Msg{said}, Comment: c.comment, By: u.ID})
}

func cmdAccept(c *call) error { return answerVote(c, true) }
func cmdReject(c *call) error { return answerVote(c, false) }

func answerVote(c *call, yes bool) error {
	b, u, seat := c.board, c.user, c.seat
	g, st, err := c.s.boards.Replay(b, -1)
	if err != nil {
		return err
	}
	d, err := board.Answer(&b, seat, yes, c.s.now())
	switch err {
	case nil:
	case board.ErrVoteNone:
		return refuseOn(b.Number, lang.M("VoteNone", "Title", g.Title(), "Number", b.Number))
	case board.ErrVoteAccepted:
		return refuseOn(b.Number, lang.M("VoteAcceptedAlready"))
	default:
		return err
	}
	if d.Rejected {
		said := lang.M("VoteRejects", "Who", u.ID, "Vote", notice.VoteMsg(d.Kind), "Title", g.Title(), "Number", b.Number)
		c.sec.say(said)
		return commit(c.unit, &b, g, st, change{Said: []lang.Msg{said}, Comment: c.comment, By: u.ID})
	}
	said := []lang.Msg{lang.M("VoteAccepts", "Who", u.ID, "Vote", notice.VoteMsg(d.Kind))}
	if st, said, err = carriedMsg(c.s, b, st, d, said); err != nil {
		return err
	}
	c.sec.say(said...)
	return commit(c.unit, &b, g, st, change{Said: said, Comment: c.comment, By: u.ID})
}

// carriedMsg tells what a vote's decision did after the event said
// (notice.VoteCarried), and replays the board when a move was taken
// back.
func carriedMsg(s *Server, b store.Board, st engine.State, d board.Decision, said []lang.Msg) (engine.State, []lang.Msg, error) {
	if d.Carried && d.Kind != "draw" {
		var err error
		if _, st, err = s.boards.Replay(b, -1); err != nil {
			return nil, nil, err
		}
	}
	return st, append(said, notice.VoteCarried(b, d)...), nil
}

// cmdSubscribe and cmdUnsubscribe: "<game> subscribe <userid>
// <password> <board>...|all". With "all" the user also follows every
// later board of the game.
func cmdSubscribe(c *call) error   { return watch(c, true) }
func cmdUnsubscribe(c *call) error { return watch(c, false) }

func watch(c *call, on bool) error {
	u := c.user
	w, err := board.Watch(c.tx, &u, c.game.Name(), c.args[2:], on)
	if err != nil {
		return err
	}
	said := notice.Watched(c.game.Title(), w, on)
	c.sec.say(said...)
	c.sec.subject = lang.M("MailSubjectSubscriptions")
	return nil
}

// cmdNotify: "<game> notify <userid> <password> [<board>...]": the
// result only, of the boards named, or of every board of the game
// (toggled) when none is named.
func cmdNotify(c *call) error {
	u := c.user
	if len(c.args) == 2 {
		on, err := board.NotifyAll(c.tx, &u, c.game.Name())
		if err != nil {
			return err
		}
		if on {
			c.sec.say(lang.M("NotifyAllOn", "Title", c.game.Title()))
		} else {
			c.sec.say(lang.M("NotifyAllOff", "Title", c.game.Title()))
		}
		return nil
	}
	var done []string
	for _, arg := range c.args[2:] {
		b, _, err := c.boardOf(arg)
		if err != nil {
			return err
		}
		n := b.Number
		if err := board.Notify(c.tx, &b, u.ID); err != nil {
			return err
		}
		done = append(done, fmt.Sprint(n))
	}
	c.sec.say(lang.N("NotifyBoards", len(done), "Title", c.game.Title(), "Boards", strings.Join(done, ", ")))
	return nil
}

// toggle adds or removes s from a list, without duplicates
// (board.Toggle).
func toggle(list []string, s string, on bool) []string { return board.Toggle(list, s, on) }

// Correspondence commands: moves queued or submitted ahead of their
// turn, previews of moves, and chat on a board.
// cmdQueue: "<game> queue <board> <userid> <password> <move>...":
// moves kept unchecked until the player's turn comes, then played one
// per turn and checked then (pbmserv's queued moves).
func cmdQueue(c *call) error {
	b, u, seat := c.board, c.user, c.seat
	g, st, err := c.s.boards.Replay(b, -1)
	if err != nil {
		return err
	}
	if len(c.args) == 3 {
		if err := board.ClearQueue(c.tx, &b, u.ID); err != nil {
			return err
		}
		c.sec.say(lang.M("QueueCleared", "Title", g.Title(), "Number", b.Number))
	} else {
		moves, err := moveBounds(c.s).Moves(g, c.args[3:])
		if err != nil {
			return refusalOn(b.Number, err)
		}
		q, err := board.Queue(c.tx, &b, u.ID, moves)
		if errors.Is(err, board.ErrQueueFull) {
			return refuseOn(b.Number, lang.N("QueueFull", board.MaxQueued, "Max", board.MaxQueued))
		} else if err != nil {
			return err
		}
		c.sec.say(lang.M("QueueQueued", "Title", g.Title(), "Number", b.Number, "Moves", strings.Join(q, " ")))
	}
	if st.ToMove() != seat {
		return nil
	}
	// It is the player's turn already: the queue plays now.
	before := len(b.Log)
	if err := commit(c.unit, &b, g, st, change{}); err != nil {
		return err
	}
	if len(b.Log) > before {
		n := len(b.Log) - before
		c.sec.say(append(c.sec.msgs, lang.N("QueuePlayedNow", n, "N", n, "Status", board.StatusMsg(b, st)))...)
	}
	return nil
}

// cmdSubmit: "<game> submit <board> <userid> <password> <move>": the
// move is checked and kept, and the board it would give is sent back;
// "confirm" plays it.
func cmdSubmit(c *call) error {
	b, u, seat := c.board, c.user, c.seat
	g, st, err := c.s.boards.Replay(b, -1)
	if err != nil {
		return err
	}
	if st.ToMove() != seat {
		return refuseOn(b.Number, lang.M("SubmitNotYourMove", "Who", board.ToMove(b, st)))
	}
	mv := c.args[3]
	if moves, err := moveBounds(c.s).Moves(g, c.args[3:]); err != nil {
		return refusalOn(b.Number, err)
	} else if _, turns := g.(engine.Turns); turns {
		mv, _, _ = strings.Cut(moves[0], "#")
	}
	canon, err := board.Submit(c.tx, &b, st, seat, mv)
	if err != nil {
		return refuseOn(b.Number, lang.M("SubmitIllegal", "Move", mail.Quoted(mv), "Why", why(err)))
	}
	c.sec.say(lang.M("SubmitPreview", "Move", canon),
		lang.Literal(fmt.Sprintf("\n  %s confirm %d %s <password>\n\n", g.Name(), b.Number, u.ID)), drawn(b, st))
	c.sec.subject = lang.M("MailSubjectConfirmation", "Title", g.Title(), "Number", b.Number)
	return nil
}

func cmdConfirm(c *call) error {
	b, u, seat := c.board, c.user, c.seat
	mv, ok := board.Confirm(&b, u.ID)
	if !ok {
		return refuseOn(b.Number, lang.M("ConfirmNothing"))
	}
	return play(c, b, u, seat, []string{mv})
}

// cmdPreview: "<game> preview <board>[#n] <move>...": the board as the
// moves would leave it, for whoever is to move; nothing is saved.
func cmdPreview(c *call) error {
	s := c.s
	b, at, err := c.boardOf(c.args[0])
	if err != nil {
		return err
	}
	n := b.Number
	g, st, err := s.boards.Replay(b, at)
	if err != nil {
		return err
	}
	moves, err := moveBounds(c.s).Moves(g, c.args[1:])
	if err != nil {
		return refusalOn(n, err)
	}
	played, err := board.Preview(st, moves)
	var pe *board.PreviewError
	if errors.As(err, &pe) && pe.Over {
		return refuseOn(n, lang.M("PreviewOver", "Move", mail.Quoted(pe.Move)))
	} else if errors.As(err, &pe) {
		return refuseOn(n, lang.M("PreviewIllegal", "Move", mail.Quoted(pe.Move), "Why", why(pe.Err)))
	}
	c.sec.say(lang.M("PreviewOf", "Title", g.Title(), "Number", n, "Moves", listOrNone(played)), lang.Literal("\n\n"), drawn(b, st))
	c.sec.subject = lang.M("MailSubjectPreview", "Title", g.Title(), "Number", n)
	return nil
}

// cmdChat: "<game> chat <board> <userid> <password>": the body goes to
// the players and subscribers of the board.
func cmdChat(c *call) error {
	b, u := c.board, c.user
	n := b.Number
	if board.SeatOf(b, u.ID) < 0 && !contains(b.Subscribers, u.ID) {
		return refuseOn(n, lang.M("ChatNotOnBoard"))
	}
	if strings.TrimSpace(c.comment) == "" {
		return refuseOn(n, lang.M("ChatEmpty"))
	}
	// Each reader once per mail, chat or message, counted against
	// the sender's hourly allowance of messages (spendMessages).
	var to []string
	for _, id := range board.Readers(b, u.ID) {
		if !c.lim.Messaged(id) {
			to = append(to, id)
		}
	}
	if err := spendMessages(c, u.ID, len(to)); err != nil {
		return refusalOn(n, err)
	}
	for _, id := range to {
		if err := tell(c.unit, notice.Notice{User: id, Board: &b, Subject: lang.M("MailSubjectChat", "Title", c.game.Title(), "Number", n, "Who", u.ID), Body: notice.Written(func(p lang.Printer) string {
			return p.T("BoardCommentBy", "Who", u.ID) + "\n\n" + c.comment
		})}); err != nil {
			return err
		}
		c.lim.MarkMessaged(id)
	}
	c.sec.say(lang.M("ChatSent", "Number", n))
	return nil
}

// computerID reports whether id names the computer, with its
// canonical userid ("computer:normal") and level (board.ComputerID).
func computerID(id string) (string, computer.Level, bool) { return board.ComputerID(id) }

// ComputerTurns lists the boards where the computer is to move, the
// boards with a person at them first (board.HumanFirst).
func (s *Server) ComputerTurns() ([]store.Waiting, error) {
	var out []store.Waiting
	err := s.cfg.Store.View(func(tx *store.Tx) error {
		var err error
		out, err = tx.WaitingBoards()
		return err
	})
	return board.HumanFirst(out), err
}

// errMoved is a waiting board that moved on while the computer
// thought: nothing is played.
var errMoved = errors.New("the board moved on")

// PlayComputer thinks of the computer's move at the board w names and
// plays it. The search runs outside any write transaction, from a
// snapshot, so mail is handled meanwhile; the move is then applied in
// its own transaction only if the board is still at the move the
// computer thought about, so a move is never played twice, and a
// crash while it thinks only means it thinks again (the search is
// deterministic from the board's seed and the move number, so it finds
// the same move). It returns the move played, or "" when the board
// no longer waits.
func (s *Server) PlayComputer(ctx context.Context, w store.Waiting) (string, error) {
	_, lvl, ok := computerID(w.Player)
	if !ok {
		return "", fmt.Errorf("pbm: waiting board %s %d: %q is not the computer", w.Game, w.Number, w.Player)
	}
	var b store.Board
	if err := s.cfg.Store.View(func(tx *store.Tx) (err error) { b, err = tx.Board(w.Game, w.Number); return }); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return "", dropWaiting(s.cfg.Store, w)
		}
		return "", fmt.Errorf("pbm: computer at %s board %d: %w", w.Game, w.Number, err)
	}
	_, st, err := s.boards.Replay(b, -1)
	if err != nil {
		return "", fmt.Errorf("pbm: computer at %s board %d: %w", w.Game, w.Number, err)
	}
	if b.Over || len(b.Log) != w.Moves || board.ToMove(b, st) != w.Player {
		return "", dropWaiting(s.cfg.Store, w)
	}
	start := time.Now()
	seed := computer.Seed(b.Seed, w.Moves)
	move, err := computer.Move(ctx, st, len(b.Players), lvl, seed)
	if err != nil {
		return "", fmt.Errorf("pbm: computer at %s board %d move %d: %w", w.Game, w.Number, w.Moves+1, err)
	}
	var canon string
	err = s.cfg.Store.Update(func(tx *store.Tx) error {
		b, err := tx.Board(w.Game, w.Number)
		if err != nil {
			return err
		}
		g, st, err := s.boards.Replay(b, -1)
		if err != nil {
			return err
		}
		if b.Over || len(b.Log) != w.Moves || board.ToMove(b, st) != w.Player {
			return errMoved
		}
		p, err := board.Play(&b, st, st.ToMove(), []string{move}, s.now())
		if err != nil {
			return broken(fmt.Errorf("the engine refused the computer's move %q: %w", move, err))
		}
		canon = p.Moves[0]
		u := &unit{s: s, ctx: ctx, tx: tx}
		said := []lang.Msg{lang.M("PlayPlayed", "Who", w.Player, "Moves", canon)}
		if p.DrawLapsed {
			said = append(said, lang.M("PlayDrawLapses"))
		}
		if err := commit(u, &b, g, st, change{Said: said, By: w.Player, Lapsed: p.DrawLapsed}); err != nil {
			return err
		}
		return endUnit(u)
	})
	switch {
	case errors.Is(err, errMoved):
		return "", nil
	case err != nil:
		return "", fmt.Errorf("pbm: computer at %s board %d move %d: %w", w.Game, w.Number, w.Moves+1, err)
	}
	s.log.Info("computer", "game", w.Game, "board", w.Number, "move", w.Moves+1, "level", lvl.Name, "played", canon, "think", time.Since(start).Round(time.Millisecond))
	return canon, nil
}

// dropWaiting removes a board that no longer waits from the index,
// if it still holds the same entry (board.DropWaiting).
func dropWaiting(db *store.Store, w store.Waiting) error {
	return db.Update(func(tx *store.Tx) error { return board.DropWaiting(tx, w) })
}

// Messages of the core's board commands, from the catalogue.

// listOrNone is a list joined by ", ", or the word for none.
func listOrNone(list []string) lang.Msg {
	if len(list) == 0 {
		return lang.M("PlayNone")
	}
	return lang.Literal(strings.Join(list, ", "))
}

// drawn is the board as the engine draws it, its sentences in each
// reader's language (board.TextBoardIn).
func drawn(b store.Board, st engine.State) lang.Msg {
	return lang.Msg{Write: func(p lang.Printer) string { return board.TextBoardIn(p, b, st) }}
}

// outcomeMsg is a finished board's stored outcome as a message
// (board.OutcomeMsg).
func outcomeMsg(b store.Board) lang.Msg { return board.OutcomeMsg(b) }

// Conditional moves (board.AddLine, board.Sync): "<game> if <board>
// <userid> <password> <move>..." adds a line to the player's tree, with
// no moves it shows the tree, "clear" removes it; a reply to a board
// mail says "if <move>...". The trees live in their own bucket of the
// store and are shown to their owner only; a move they answer is
// answered in the transaction that plays it (commit, playAhead).

// cmdIf: "<game> if <board> <userid> <password> [<move>...|clear]".
func cmdIf(c *call) error {
	b, u, seat := c.board, c.user, c.seat
	g, st, err := c.s.boards.Replay(b, -1)
	if err != nil {
		return err
	}
	n := b.Number
	if b.Over {
		return refuseOn(n, lang.M("CondOver", "Title", g.Title(), "Number", n))
	}
	x, err := board.ConditionalOf(c.tx, b, u.ID)
	if err != nil {
		return err
	}
	board.Sync(&x, b)
	args := c.args[3:]
	c.sec.subject = lang.M("CondSubject", "Title", g.Title(), "Number", n)
	switch {
	case len(args) == 0:
	case len(args) == 1 && strings.EqualFold(args[0], "clear"):
		if err := board.ClearConditional(c.tx, b.Game, n, u.ID); err != nil {
			return err
		}
		c.sec.say(lang.M("CondCleared", "Title", g.Title(), "Number", n))
		return nil
	default:
		moves, err := board.LineMoves(g, args)
		var le *board.LineError
		if errors.As(err, &le) {
			return refuseOn(n, notice.LineRefusal(g, b, le)...)
		} else if err != nil {
			return err
		}
		first, err := board.EnterLine(c.tx, &x, b, st, seat, moves)
		var fe *board.FirstMoveError
		switch {
		case errors.As(err, &fe):
			return refuseOn(n, lang.M("RefuseIllegal", "N", len(b.Log)+1, "Move", mail.Quoted(fe.Move), "Why", why(fe.Err)),
				lang.Literal(" "), lang.M("CondUnchanged"), lang.M("RefuseUnchanged"), drawn(b, st))
		case errors.As(err, &le):
			return refuseOn(n, notice.LineRefusal(g, b, le)...)
		case err != nil:
			return err
		case first != "":
			return moveAndIf(c, b, g, u, seat, first)
		}
		c.sec.say(lang.M("CondAdded", "Title", g.Title(), "Number", n), lang.Literal("\n\n"))
	}
	c.sec.say(append(c.sec.msgs, board.TreeMsgs(g, b, x)...)...)
	return nil
}

// moveAndIf plays the first move of a line entered at its owner's
// turn (board.EnterLine) as "move" plays it, and shows the tree as the
// move left it.
func moveAndIf(c *call, b store.Board, g engine.Game, u store.User, seat int, first string) error {
	n := b.Number
	if err := play(c, b, u, seat, []string{first}); err != nil {
		return err
	}
	now, err := c.tx.Board(b.Game, n)
	if err != nil {
		return err
	}
	if now.Over {
		return nil
	}
	x, err := board.ConditionalOf(c.tx, now, u.ID)
	if err != nil {
		return err
	}
	c.sec.say(append(c.sec.msgs, lang.Literal("\n\n"), lang.M("CondAdded", "Title", g.Title(), "Number", n), lang.Literal("\n\n"))...)
	c.sec.say(append(c.sec.msgs, board.TreeMsgs(g, now, x)...)...)
	return nil
}

// playAhead plays what the players arranged ahead of their turn, after
// the moves of a change (board.PlayAhead), and tells what it did: each
// automatic answer is mailed as a board mail of its own, the board as
// the move before it left it mailed first; queued moves are added to
// the change; the owners of trees the moves left or voided, of answers
// held, and of queues dropped are told.
func playAhead(u *unit, b *store.Board, g engine.Game, st engine.State, ch *change, lapsed bool) error {
	done, err := board.PlayAhead(u.tx, b, st, lapsed, u.s.now())
	if err != nil {
		return err
	}
	for _, a := range done {
		switch a.Kind {
		case board.AheadSynced:
			if err := tell(u, notice.Synced(*b, g, a)); err != nil {
				return err
			}
		case board.AheadHeld:
			if err := tell(u, notice.Held(*b, g, a.User, a.Move, lapsed)); err != nil {
				return err
			}
		case board.AheadAnswer:
			// The board as the move before the answer left it: its
			// mail to the sender is not the answer, which carries only
			// the board as the run leaves it.
			if err := record(u, a.Before, g, a.BeforeState, *ch, true); err != nil {
				return err
			}
			// A kill test ends the daemon here: the move and its
			// answer are in one transaction, neither committed yet.
			killpoint.At("conditional-answer", 1)
			said := []lang.Msg{lang.M("CondPlayed", "Who", b.Players[a.Seat], "Move", a.Move)}
			if a.Bound {
				said = append(said, lang.Literal(" "), lang.M("CondBound", "Max", board.MaxAutomatic))
			}
			*ch = change{Said: said, By: b.Players[a.Seat]}
		case board.AheadQueued:
			m := lang.M("PlayPlayedQueued", "Who", b.Players[a.Seat], "Move", a.Move)
			if len(ch.Said) > 0 {
				ch.Said = append(ch.Said, lang.Literal(" "), m)
			} else {
				ch.Said = []lang.Msg{m}
			}
		case board.AheadDropped:
			if err := tell(u, notice.QueueDropped(*b, a)); err != nil {
				return err
			}
		}
	}
	return nil
}
