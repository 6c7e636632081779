package notice

import (
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// What the clock says on a board when it forfeits a player or ends a
// vote, and what it tells when one of its units fails.

// Forfeit is what a board's mail says when the clock forfeits late, the
// player to move, for the kind of the clock's action (board.ForfeitTotal
// or board.ForfeitIdle; days idle for the latter) at now: said on a
// board the forfeit ends for late, lapse on a board that lapses.
func Forfeit(kind int, b store.Board, late string, days int, now time.Time) (said, lapse lang.Msg) {
	switch {
	case kind == board.ForfeitIdle:
		return lang.N("ForfeitIdle", days, "Who", late, "Days", days, "When", now.UTC()),
			lang.N("LapseIdle", days, "Who", late, "Days", days)
	case b.Bank > 0:
		return lang.M("ForfeitBank", "Who", late, "When", now.UTC()), lang.M("LapseBank", "Who", late)
	}
	return lang.N("ForfeitTotal", b.TotalDays, "Who", late, "Days", b.TotalDays, "When", now.UTC()),
		lang.N("LapseTotal", b.TotalDays, "Who", late, "Days", b.TotalDays)
}

// VoteTimeout is what a board's mail says when its vote ended after
// days with the seats silent not answering: they count as accepting.
func VoteTimeout(b store.Board, silent []int, days int) lang.Msg {
	var names []string
	for _, s := range silent {
		names = append(names, b.Players[s])
	}
	return lang.N("ClockVoteTimeout", days, "Who", strings.Join(names, ", "), "Days", days)
}

// TickStoppedToAdmins reports to the admins (their userids admins)
// that the clock's unit what, named key, failed with cause, and
// returns the mails queued. The admins read the server's own error, in
// English, as in the log.
func (w *Writer) TickStoppedToAdmins(tx *store.Tx, admins []string, what lang.Msg, key string, cause error) (int, error) {
	ms := []lang.Msg{lang.M("TickStoppedAdmin", "What", what, "Unit", key), lang.Literal("\n\n" + cause.Error() + "\n")}
	n := 0
	for _, a := range w.Admins(tx, admins) {
		if err := w.Enqueue(tx, 0, Mail{To: a.Address, Subject: a.P.T("MailSubjectTickStopped", "What", a.P.Render(what)), Text: a.P.Join(ms), Report: true, Lang: a.P.Code()}); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
