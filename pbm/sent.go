package pbm

import (
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/mail"

	"github.com/pbmgo/pbm/pbm/quote"
	"github.com/pbmgo/pbm/store"
)

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
