package notice

import (
	"fmt"
	"strings"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// The clock's notices: the warning before a forfeit, the reminders of
// an idle board, a day of automatic vacation, the digest of the boards
// waiting for a player, and the line of the time banks of a board mail.
// Each is written in its reader's language; the core decides who is
// told and when.

// moveHowTo is the command that moves on b as who: the move that
// follows the board's log, with the password left for the player.
func moveHowTo(g engine.Game, b store.Board, who string) string {
	return fmt.Sprintf("%s move %d %s <password> <move>#%d", g.Name(), b.Number, who, len(b.Log)+1)
}

// Warning tells who, the player to move on b, that the clock forfeits
// the move at deadline: the deadline in the zone loc, the board and
// the command to move.
func Warning(b store.Board, g engine.Game, st engine.State, who string, deadline time.Time, loc *time.Location) Notice {
	return Notice{User: who, Board: &b, Subject: lang.M("MailSubjectWarning", "Title", g.Title(), "Number", b.Number), Body: Written(func(p lang.Printer) string {
		return p.T("Warning", "Title", g.Title(), "Number", b.Number, "When", p.Stamp(deadline.In(loc))) + "\n\n" +
			board.TextBoardIn(p, b, st) + "\n\n" +
			p.T("WarningHowTo") + " " + moveHowTo(g, b, who)
	})}
}

// Nag reminds late, idle on b for days, to move: the clock forfeits
// the board (lapse false) or lets it lapse (lapse true, a board whose
// players have not all moved) in left days. The other players are
// told that late is late. The first notice is the one to late.
func Nag(b store.Board, g engine.Game, st engine.State, late string, days, left int, lapse bool) []Notice {
	then := "NagForfeit"
	if lapse {
		then = "NagLapse"
	}
	out := []Notice{{User: late, Board: &b, Subject: lang.M("MailSubjectNag", "Title", g.Title(), "Number", b.Number, "Who", late), Body: Written(func(p lang.Printer) string {
		return p.N("NagIdle", days, "Title", g.Title(), "Number", b.Number, "Days", days) + "\n" +
			p.N(then, left, "Left", left) + "\n\n" + board.TextBoardIn(p, b, st) + "\n\n" +
			p.T("NagHowTo") + " " + moveHowTo(g, b, late)
	})}}
	for _, other := range b.Players {
		if strings.EqualFold(other, late) {
			continue
		}
		out = append(out, Notice{User: other, Board: &b, Subject: lang.M("MailSubjectLate", "Title", g.Title(), "Number", b.Number, "Who", late), Body: Written(func(p lang.Printer) string {
			return p.N("LateIdle", days, "Who", late, "Title", g.Title(), "Number", b.Number, "Days", days) +
				p.N("LateForfeitIn", left, "Left", left)
		})})
	}
	return out
}

// AutoVacation tells who that a day of the year's vacation days was
// spent on b instead of a forfeit: the clock waits until until
// (written in the zone loc), and left days are left.
func AutoVacation(b store.Board, g engine.Game, who string, until time.Time, loc *time.Location, left int) Notice {
	return Notice{User: who, Board: &b, Subject: lang.M("MailSubjectAutoVacation", "Title", g.Title(), "Number", b.Number), Body: Written(func(p lang.Printer) string {
		return p.N("AutoVacationSpent", left, "Title", g.Title(), "Number", b.Number, "Until", until.In(loc), "Left", left)
	})}
}

// Digest lists to u the boards waiting for u's move, in the order
// given (board.WaitingFor: the most urgent first), times in the zone
// loc; now is when the time left is counted from.
func Digest(u store.User, waiting []board.Waiting, loc *time.Location, now time.Time) Notice {
	return Notice{User: u.ID, Subject: lang.Msg{Write: func(p lang.Printer) string {
		return p.N("MailSubjectDigest", len(waiting), "N", len(waiting))
	}}, Body: Written(func(p lang.Printer) string {
		var b strings.Builder
		b.WriteString(p.N("DigestHead", len(waiting), "N", len(waiting), "User", u.ID))
		for _, w := range waiting {
			b.WriteString("\n\n" + digestEntry(p, w, u.ID, loc, now))
		}
		return b.String()
	})}
}

// digestEntry is one board of a digest: the game and board, the
// opponents, the last move, the time left and the command to move.
func digestEntry(p lang.Printer, w board.Waiting, who string, loc *time.Location, now time.Time) string {
	g, b := w.Game, w.Board
	last := p.T("DigestNoMove")
	if w.Last != nil {
		mv := w.Last.Move
		if w.Last.Kind != "" {
			mv = "(" + w.Last.Kind + ")"
		}
		last = p.T("DigestLast", "Move", mv, "Who", board.SeatName(b, w.Last.Seat), "When", w.Last.At.In(loc))
	}
	return p.T("DigestBoard", "Title", g.Title(), "Number", b.Number, "Opponents", strings.Join(w.Opponents, ", "), "Last", last,
		"Left", board.DurationIn(p, w.Deadline.Sub(now)), "When", w.Deadline.In(loc)) + "\n  " +
		moveHowTo(g, b, who)
}

// BankLine is the line of a board mail with every seat's time bank at
// now (board.Banks), "" when the board has none.
func BankLine(p lang.Printer, tx *store.Tx, b store.Board, toMove int, now time.Time) string {
	banks, ok := board.Banks(b, board.SeatUsers(tx, b), toMove, now)
	if !ok {
		return ""
	}
	k, _ := board.BankOf(b)
	var seats []string
	for _, l := range banks {
		id := "BankSeat"
		if l.ToMove {
			id = "BankSeatToMove"
		}
		seats = append(seats, p.T(id, "Who", l.Player, "Left", board.DurationIn(p, l.Left)))
	}
	return p.T("BankHead", "Start", board.DaysText(k.Start), "Add", board.DaysText(k.Add), "Cap", board.DaysText(k.Cap)) +
		" " + strings.Join(seats, "; ") + "."
}

// Away tells to, an opponent of id, that id is away from from until
// until (the days as id gave them): no reminders and no forfeits for
// id in that time.
func Away(to, id, from, until string) Notice {
	return Notice{User: to, Subject: lang.M("MailSubjectVacation", "User", id),
		Body: []lang.Msg{lang.M("ClockAwayNotice", "User", id, "From", from, "To", until)}}
}
