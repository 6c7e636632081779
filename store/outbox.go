package store

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"
)

// Mail is one message waiting in the outbox: the rendered message for
// one recipient, with its Message-ID fixed when it was queued, so that
// a resend after a crash is the same mail.
type Mail struct {
	Seq       uint64    `json:"seq"`
	MessageID string    `json:"message_id"`
	From      string    `json:"from"` // envelope sender
	To        string    `json:"to"`   // one recipient
	Subject   string    `json:"subject"`
	Raw       []byte    `json:"raw"`
	Queued    time.Time `json:"queued"`
	Attempts  int       `json:"attempts,omitempty"`
	NextTry   time.Time `json:"next_try,omitempty"`
	LastError string    `json:"last_error,omitempty"`
	// Report is set on mail about a delivery failure, so that its own
	// failure is recorded and not reported again.
	Report bool `json:"report,omitempty"`
}

func seqKey(n uint64) []byte { return binary.BigEndian.AppendUint64(nil, n) }

// Enqueue adds a mail to the outbox and returns its sequence number.
func (t *Tx) Enqueue(m Mail) (uint64, error) {
	b := t.tx.Bucket(bOutbox)
	seq, err := b.NextSequence()
	if err != nil {
		return 0, fmt.Errorf("store: outbox sequence: %w", err)
	}
	m.Seq = seq
	data, err := json.Marshal(m)
	if err != nil {
		return 0, fmt.Errorf("store: encode mail: %w", err)
	}
	if err := b.Put(seqKey(seq), data); err != nil {
		return 0, fmt.Errorf("store: enqueue: %w", err)
	}
	return seq, nil
}

// Outbox lists the mails waiting, oldest first.
func (t *Tx) Outbox() ([]Mail, error) { return t.mails(bOutbox) }

// OutboxDue lists at most limit mails due at now (NextTry not after
// it), oldest first.
func (t *Tx) OutboxDue(now time.Time, limit int) ([]Mail, error) {
	var out []Mail
	c := t.tx.Bucket(bOutbox).Cursor()
	for k, v := c.First(); k != nil && len(out) < limit; k, v = c.Next() {
		var m Mail
		if err := json.Unmarshal(v, &m); err != nil {
			return nil, fmt.Errorf("store: decode mail %x: %w", k, err)
		}
		if !m.NextTry.After(now) {
			out = append(out, m)
		}
	}
	return out, nil
}

// FailedMail lists the mails that failed for good.
func (t *Tx) FailedMail() ([]Mail, error) { return t.mails(bFailed) }

func (t *Tx) mails(bucket []byte) ([]Mail, error) {
	var out []Mail
	err := t.tx.Bucket(bucket).ForEach(func(k, v []byte) error {
		var m Mail
		if err := json.Unmarshal(v, &m); err != nil {
			return fmt.Errorf("store: decode mail %x: %w", k, err)
		}
		out = append(out, m)
		return nil
	})
	return out, err
}

// OutboxLen is the number of mails waiting.
func (t *Tx) OutboxLen() int { return t.tx.Bucket(bOutbox).Stats().KeyN }

// Delivered removes a sent mail from the outbox.
func (t *Tx) Delivered(seq uint64) error {
	return t.tx.Bucket(bOutbox).Delete(seqKey(seq))
}

// Defer records a temporary failure and the time of the next attempt.
func (t *Tx) Defer(seq uint64, next time.Time, reason string) error {
	var m Mail
	b := t.tx.Bucket(bOutbox)
	data := b.Get(seqKey(seq))
	if data == nil {
		return ErrNotFound
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return fmt.Errorf("store: decode mail %d: %w", seq, err)
	}
	m.Attempts++
	m.NextTry = next
	m.LastError = reason
	data, _ = json.Marshal(m)
	return b.Put(seqKey(seq), data)
}

// Fail moves a mail from the outbox to the failed mails, with the
// reason.
func (t *Tx) Fail(seq uint64, reason string) (Mail, error) {
	var m Mail
	b := t.tx.Bucket(bOutbox)
	data := b.Get(seqKey(seq))
	if data == nil {
		return m, ErrNotFound
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return m, fmt.Errorf("store: decode mail %d: %w", seq, err)
	}
	m.Attempts++
	m.LastError = reason
	data, _ = json.Marshal(m)
	if err := t.tx.Bucket(bFailed).Put(seqKey(seq), data); err != nil {
		return m, err
	}
	return m, b.Delete(seqKey(seq))
}
