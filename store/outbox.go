package store

import (
	"encoding/base64"
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
	Raw       []byte    `json:"raw,omitempty"` // in a frame, after the JSON (encodeMail)
	Queued    time.Time `json:"queued"`
	Attempts  int       `json:"attempts,omitempty"`
	NextTry   time.Time `json:"next_try,omitempty"`
	LastError string    `json:"last_error,omitempty"`
	// Report is set on mail about a delivery failure, so that its own
	// failure is recorded and not reported again.
	Report bool `json:"report,omitempty"`
}

func seqKey(n uint64) []byte { return binary.BigEndian.AppendUint64(nil, n) }

// mailFrame starts a stored mail: the byte, the length of the JSON of
// its fields but Raw (uvarint), that JSON, then the message in base64,
// so that neither writing nor reading a mail passes its bytes through
// the JSON encoder and decoder, and the outbox can tell whether a mail
// is due without reading its message. The message stays in base64, as
// in the older form, so that a reply address's token is not in the
// file as text. A record that starts with '{' is the older form, all
// JSON, and still reads.
const mailFrame = 0x01

func encodeMail(m Mail) ([]byte, error) {
	raw := m.Raw
	m.Raw = nil
	head, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("store: encode mail %d: %w", m.Seq, err)
	}
	data := make([]byte, 0, 1+binary.MaxVarintLen64+len(head)+base64.StdEncoding.EncodedLen(len(raw)))
	data = append(data, mailFrame)
	data = binary.AppendUvarint(data, uint64(len(head)))
	data = append(data, head...)
	return base64.StdEncoding.AppendEncode(data, raw), nil
}

// decodeMail reads a stored mail; its message is copied out of v only
// when withRaw, as v lives no longer than the transaction.
func decodeMail(v []byte, withRaw bool) (Mail, error) {
	var m Mail
	if len(v) == 0 || v[0] != mailFrame {
		err := json.Unmarshal(v, &m)
		return m, err
	}
	n, w := binary.Uvarint(v[1:])
	if w <= 0 || n > uint64(len(v)-1-w) {
		return m, fmt.Errorf("bad mail frame (%d bytes)", len(v))
	}
	if err := json.Unmarshal(v[1+w:1+w+int(n)], &m); err != nil {
		return m, err
	}
	if withRaw {
		var err error
		if m.Raw, err = frameRaw(v); err != nil {
			return m, err
		}
	}
	return m, nil
}

// frameRaw is the message of a mail stored in a frame.
func frameRaw(v []byte) ([]byte, error) {
	n, w := binary.Uvarint(v[1:])
	raw, err := base64.StdEncoding.AppendDecode(nil, v[1+w+int(n):])
	if err != nil {
		return nil, fmt.Errorf("bad mail frame: %w", err)
	}
	return raw, nil
}

// ReserveOutbox takes the next outbox sequence number for a mail that
// is queued later in the same transaction (Enqueue with that Seq): the
// outbox sends a recipient's mails in the order of their numbers.
func (t *Tx) ReserveOutbox() (uint64, error) {
	seq, err := t.tx.Bucket(bOutbox).NextSequence()
	if err != nil {
		return 0, fmt.Errorf("store: outbox sequence: %w", err)
	}
	return seq, nil
}

// Enqueue adds a mail to the outbox and returns its sequence number:
// m.Seq when it was reserved, else the next one.
func (t *Tx) Enqueue(m Mail) (uint64, error) {
	b := t.tx.Bucket(bOutbox)
	if m.Seq == 0 {
		seq, err := t.ReserveOutbox()
		if err != nil {
			return 0, err
		}
		m.Seq = seq
	}
	seq := m.Seq
	data, err := encodeMail(m)
	if err != nil {
		return 0, err
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
		m, err := decodeMail(v, false)
		if err == nil && !m.NextTry.After(now) {
			m, err = decodeMail(v, true)
			out = append(out, m)
		}
		if err != nil {
			return nil, fmt.Errorf("store: decode mail %x: %w", k, err)
		}
	}
	return out, nil
}

// FailedMail lists the mails that failed for good.
func (t *Tx) FailedMail() ([]Mail, error) { return t.mails(bFailed) }

func (t *Tx) mails(bucket []byte) ([]Mail, error) {
	var out []Mail
	err := t.tx.Bucket(bucket).ForEach(func(k, v []byte) error {
		m, err := decodeMail(v, true)
		if err != nil {
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
	b := t.tx.Bucket(bOutbox)
	data := b.Get(seqKey(seq))
	if data == nil {
		return ErrNotFound
	}
	m, err := decodeMail(data, true)
	if err != nil {
		return fmt.Errorf("store: decode mail %d: %w", seq, err)
	}
	m.Attempts++
	m.NextTry = next
	m.LastError = reason
	if data, err = encodeMail(m); err != nil {
		return err
	}
	return b.Put(seqKey(seq), data)
}

// Fail moves a mail from the outbox to the failed mails, with the
// reason.
func (t *Tx) Fail(seq uint64, reason string) (Mail, error) {
	b := t.tx.Bucket(bOutbox)
	data := b.Get(seqKey(seq))
	if data == nil {
		return Mail{}, ErrNotFound
	}
	m, err := decodeMail(data, true)
	if err != nil {
		return m, fmt.Errorf("store: decode mail %d: %w", seq, err)
	}
	m.Attempts++
	m.LastError = reason
	if data, err = encodeMail(m); err != nil {
		return m, err
	}
	if err := t.tx.Bucket(bFailed).Put(seqKey(seq), data); err != nil {
		return m, err
	}
	return m, b.Delete(seqKey(seq))
}
