package store

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
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
	// Shared, when set on a mail to enqueue, is bytes of Raw that other
	// mails carry too (a board's picture): the outbox keeps them once
	// (Tx.takePart, Tx.putPart). A mail read back has them in Raw.
	Shared []byte `json:"-"`
	// PartKey and PartAt are where the store keeps a mail's shared
	// part and where in Raw it goes; the store's own, unset on every
	// mail it returns.
	PartKey []byte `json:"part,omitempty"`
	PartAt  int    `json:"part_at,omitempty"`
}

func seqKey(n uint64) []byte { return binary.BigEndian.AppendUint64(nil, n) }

// mailFrame starts a stored mail: the byte, the length of the JSON of
// its fields but Raw (uvarint), that JSON, then the message in base64,
// so that neither writing nor reading a mail passes its bytes through
// the JSON encoder and decoder, and the outbox can tell whether a mail
// is due without reading its message. A record that starts with '{' is
// the older form, all JSON, and still reads.
//
// sealedFrame is the same with the message sealed (AES-256-GCM under
// Config.SealKey, a random nonce first, the frame's head as additional
// data) instead of in base64: it is how a store with a key writes every
// mail. A mail's message holds the reply addresses of its board, whose
// tokens let anyone answer as the player; bbolt writes a changed page
// anew and frees the old one with its bytes in place (copy on write),
// so neither deleting a delivered mail nor overwriting it reaches the
// copies in freed pages, which the file and its backups (tx.WriteTo
// copies every page) keep until bbolt reuses them. Sealed, they are of
// no use without the key, which is kept out of the file.
const (
	mailFrame   = 0x01
	sealedFrame = 0x02
)

func encodeMail(m Mail, seal cipher.AEAD) ([]byte, error) {
	raw := m.Raw
	m.Raw = nil
	head, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("store: encode mail %d: %w", m.Seq, err)
	}
	if seal != nil {
		data := make([]byte, 0, 1+binary.MaxVarintLen64+len(head)+seal.NonceSize()+len(raw)+seal.Overhead())
		data = append(data, sealedFrame)
		data = binary.AppendUvarint(data, uint64(len(head)))
		data = append(data, head...)
		prefix := len(data)
		data = data[:prefix+seal.NonceSize()]
		if _, err := rand.Read(data[prefix:]); err != nil {
			return nil, fmt.Errorf("store: encode mail %d: nonce: %w", m.Seq, err)
		}
		return seal.Seal(data, data[prefix:], raw, data[:prefix]), nil
	}
	data := make([]byte, 0, 1+binary.MaxVarintLen64+len(head)+base64.StdEncoding.EncodedLen(len(raw)))
	data = append(data, mailFrame)
	data = binary.AppendUvarint(data, uint64(len(head)))
	data = append(data, head...)
	return base64.StdEncoding.AppendEncode(data, raw), nil
}

// errNoSealKey is reading a sealed mail in a store opened without its
// key.
var errNoSealKey = errors.New("the mail is sealed and the store has no key (Config.SealKey)")

// decodeMail reads a stored mail; its message is copied out of v only
// when withRaw, as v lives no longer than the transaction.
func decodeMail(v []byte, withRaw bool, seal cipher.AEAD) (Mail, error) {
	var m Mail
	if len(v) == 0 || (v[0] != mailFrame && v[0] != sealedFrame) {
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
		if m.Raw, err = frameRaw(v, 1+w+int(n), seal); err != nil {
			return m, err
		}
	}
	return m, nil
}

// frameRaw is the message of a mail stored in a frame whose head ends
// at body.
func frameRaw(v []byte, body int, seal cipher.AEAD) ([]byte, error) {
	if v[0] == sealedFrame {
		if seal == nil {
			return nil, errNoSealKey
		}
		if len(v)-body < seal.NonceSize() {
			return nil, fmt.Errorf("bad sealed mail frame (%d bytes)", len(v))
		}
		nonce := v[body : body+seal.NonceSize()]
		raw, err := seal.Open(nil, nonce, v[body+seal.NonceSize():], v[:body])
		if err != nil {
			return nil, fmt.Errorf("bad sealed mail frame (not this store's key?): %w", err)
		}
		if raw == nil {
			raw = []byte{}
		}
		return raw, nil
	}
	raw, err := base64.StdEncoding.AppendDecode(nil, v[body:])
	if err != nil {
		return nil, fmt.Errorf("bad mail frame: %w", err)
	}
	return raw, nil
}

// newSeal is the AEAD of a seal key: AES-256-GCM.
func newSeal(key []byte) (cipher.AEAD, error) {
	if len(key) != 32 {
		return nil, fmt.Errorf("store: the seal key has %d bytes, want 32", len(key))
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("store: seal key: %w", err)
	}
	return cipher.NewGCM(block)
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
	m, err := t.takePart(m)
	if err != nil {
		return 0, err
	}
	data, err := encodeMail(m, t.seal)
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
		m, err := decodeMail(v, false, t.seal)
		if err == nil && !m.NextTry.After(now) {
			if m, err = decodeMail(v, true, t.seal); err == nil {
				m, err = t.putPart(m)
			}
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
		m, err := decodeMail(v, true, t.seal)
		if err == nil {
			m, err = t.putPart(m)
		}
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
	b := t.tx.Bucket(bOutbox)
	if v := b.Get(seqKey(seq)); v != nil {
		if err := t.dropPart(v); err != nil {
			return fmt.Errorf("store: delivered mail %d: %w", seq, err)
		}
	}
	return b.Delete(seqKey(seq))
}

// Defer records a temporary failure and the time of the next attempt.
func (t *Tx) Defer(seq uint64, next time.Time, reason string) error {
	b := t.tx.Bucket(bOutbox)
	data := b.Get(seqKey(seq))
	if data == nil {
		return ErrNotFound
	}
	m, err := decodeMail(data, true, t.seal)
	if err != nil {
		return fmt.Errorf("store: decode mail %d: %w", seq, err)
	}
	m.Attempts++
	m.NextTry = next
	m.LastError = reason
	if data, err = encodeMail(m, t.seal); err != nil {
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
	m, err := decodeMail(data, true, t.seal)
	if err != nil {
		return m, fmt.Errorf("store: decode mail %d: %w", seq, err)
	}
	// A failed mail keeps its whole message.
	if m, err = t.putPart(m); err != nil {
		return m, err
	}
	if err := t.dropPart(data); err != nil {
		return m, fmt.Errorf("store: fail mail %d: %w", seq, err)
	}
	m.Attempts++
	m.LastError = reason
	if data, err = encodeMail(m, t.seal); err != nil {
		return m, err
	}
	if err := t.tx.Bucket(bFailed).Put(seqKey(seq), data); err != nil {
		return m, err
	}
	return m, b.Delete(seqKey(seq))
}
