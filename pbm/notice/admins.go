package notice

import (
	"fmt"
	"log/slog"
	"strings"

	"github.com/pbmgo/pbm/pbm/board"

	"github.com/pbmgo/pbm/pbm/guard"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// Reader is an address of an admin with the admin's language.
type Reader struct {
	Address string
	P       lang.Printer
}

// Admins are the addresses of the open accounts of the admins (their
// userids ids), each with the language of its account.
func (w *Writer) Admins(tx *store.Tx, ids []string) []Reader {
	var out []Reader
	for _, id := range ids {
		if u, err := tx.User(id); err == nil && !u.Closed {
			for _, a := range u.Addresses {
				out = append(out, Reader{Address: a, P: w.printer(u.Language)})
			}
		}
	}
	return out
}

// SetAside tells the admins (their userids admins) what became of a
// set-aside mail (what: set aside, handled on replay, failed again),
// and logs it.
func (w *Writer) SetAside(tx *store.Tx, admins []string, rec store.SetAside, what lang.Msg) error {
	// The reason is the server's own, in English, as in the log.
	ms := []lang.Msg{
		lang.M("GuardSetAsideHead", "Number", rec.Seq, "From", rec.From, "ID", rec.MessageID, "Subject", fmt.Sprintf("%q", rec.Subject), "What", what),
		lang.Literal(":\n\n" + rec.Reason + "\n\n"),
		lang.N("GuardSetAsideTimes", rec.Failures, "Count", rec.Failures),
	}
	if rec.Deaths > 0 {
		ms = append(ms, lang.M("GuardSetAsideDeaths", "Deaths", rec.Deaths, "Weight", guard.HangWeight))
	}
	ms = append(ms, lang.Literal(".\n"))
	if !rec.Retried {
		ms = append(ms, lang.M("GuardReplayedLater"), lang.Literal("\n"))
	}
	ms = append(ms, lang.M("GuardReplayNow", "Number", rec.Seq), lang.Literal("\n"))
	for _, a := range w.Admins(tx, admins) {
		if err := w.Enqueue(tx, 0, Mail{To: a.Address, Subject: a.P.T("MailSubjectSetAside", "Number", rec.Seq), Text: a.P.Join(ms), Report: true, Lang: a.P.Code()}); err != nil {
			return err
		}
	}
	w.log().Warn("set-aside mail", "set_aside", rec.Seq, "id", rec.MessageID, "from", rec.From, "failures", rec.Failures, "deaths", rec.Deaths, "what", w.printer(lang.Default).Render(what))
	return nil
}

// Apology tells the sender of a mail that hit a failure that does not
// come and go that nothing of it was applied, in p's language.
func (w *Writer) Apology(tx *store.Tx, to, inReplyTo string, p lang.Printer) error {
	return w.Enqueue(tx, 0, Mail{To: to, Subject: p.T("MailSubjectError"), Text: p.T("ServerBroken") + "\n-- \n" + w.cfg.Name, Kind: "auto-replied", InReplyTo: inReplyTo, Lang: p.Code()})
}

func (w *Writer) log() *slog.Logger {
	if w.cfg.Log != nil {
		return w.cfg.Log
	}
	return slog.Default()
}

// BoardLink is the address of a board's page on the web site at
// webURL, or "" with no web site.
func BoardLink(webURL, game string, number int) string {
	if webURL == "" {
		return ""
	}
	return strings.TrimRight(webURL, "/") + board.Path(game, number)
}
