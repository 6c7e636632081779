package guard

import (
	"fmt"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// SetAsideList is the list of the mails set aside, as "admin retry"
// without a number answers: their count, then a line each with its
// number, when, its sender, its subject and why, how often it failed.
// trim makes a subject or a reason one short line (the command
// language's), so that a mail's text cannot shape the answer.
func SetAsideList(tx *store.Tx, trim func(string) string) ([]lang.Msg, error) {
	recs, err := tx.SetAsideMails()
	if err != nil {
		return nil, fmt.Errorf("list of the set-aside mails: %w", err)
	}
	ms := []lang.Msg{lang.N("AdminSetAsideMails", len(recs), "Count", len(recs)), lang.Literal("\n")}
	for _, r := range recs {
		ms = append(ms, lang.Literal(fmt.Sprintf("  %4d  ", r.Seq)),
			lang.N("AdminSetAsideRow", r.Failures, "At", r.At.UTC(), "From", r.From, "Subject", fmt.Sprintf("%q", trim(r.Subject)),
				"Count", r.Failures, "Reason", trim(r.Reason)), lang.Literal("\n"))
	}
	return ms, nil
}
