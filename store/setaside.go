package store

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"
)

// The set-aside mails: incoming mails the core gave up on (it failed
// on them, or the daemon died or hung while handling them), kept whole
// so that they can be replayed later. Key: the sequence number, 8
// bytes big-endian; value: a SetAside as JSON. The bucket is created by
// the first mail set aside.
var bSetAside = []byte("setaside")

// SetAside is one mail set aside.
type SetAside struct {
	Seq       uint64 `json:"seq"`
	MessageID string `json:"message_id"`
	// Key is the record of the mail in the processed mails (see
	// Processed): a replay forgets it first.
	Key     Digest `json:"key"`
	From    string `json:"from,omitempty"`
	Subject string `json:"subject,omitempty"` // as the core shows it, secrets masked
	Raw     []byte `json:"raw,omitempty"`
	// Sealed is Raw as a store with a seal key writes it (see
	// sealedFrame and encodeMail): a mail set aside may hold a password
	// or a reply token, which no record keeps in the clear. The
	// methods below fill Raw from it.
	Sealed []byte `json:"sealed,omitempty"`
	Reason string `json:"reason"`
	// Deaths is the count of deaths of the daemon charged to the mail
	// when it was set aside; Failures the times it was set aside.
	Deaths   int       `json:"deaths,omitempty"`
	Failures int       `json:"failures"`
	At       time.Time `json:"at"`
	// Start is the number of the daemon's start (a counter the caller
	// keeps) in which the mail was last set aside; Retried is set once
	// the mail was replayed at a later start.
	Start   int  `json:"start,omitempty"`
	Retried bool `json:"retried,omitempty"`
}

func setAsideKey(seq uint64) []byte { return binary.BigEndian.AppendUint64(nil, seq) }

// PutSetAside writes a set-aside mail; a zero Seq takes the next
// number. It returns the mail's number.
func (t *Tx) PutSetAside(m SetAside) (uint64, error) {
	b, err := t.tx.CreateBucketIfNotExists(bSetAside)
	if err != nil {
		return 0, fmt.Errorf("store: create %s: %w", bSetAside, err)
	}
	if m.Seq == 0 {
		if m.Seq, err = b.NextSequence(); err != nil {
			return 0, fmt.Errorf("store: %s sequence: %w", bSetAside, err)
		}
	}
	if t.seal != nil && m.Raw != nil {
		nonce := make([]byte, t.seal.NonceSize())
		if _, err := rand.Read(nonce); err != nil {
			return 0, fmt.Errorf("store: encode %s/%d: nonce: %w", bSetAside, m.Seq, err)
		}
		m.Sealed = t.seal.Seal(nonce, nonce, m.Raw, setAsideKey(m.Seq))
		m.Raw = nil
	}
	data, err := json.Marshal(m)
	if err != nil {
		return 0, fmt.Errorf("store: encode %s/%d: %w", bSetAside, m.Seq, err)
	}
	if err := b.Put(setAsideKey(m.Seq), data); err != nil {
		return 0, fmt.Errorf("store: put %s/%d: %w", bSetAside, m.Seq, err)
	}
	return m.Seq, nil
}

// SetAsideMail reads set-aside mail seq, or ErrNotFound.
func (t *Tx) SetAsideMail(seq uint64) (SetAside, error) {
	var m SetAside
	b := t.tx.Bucket(bSetAside)
	if b == nil {
		return m, ErrNotFound
	}
	data := b.Get(setAsideKey(seq))
	if data == nil {
		return m, ErrNotFound
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return m, fmt.Errorf("store: decode %s/%d: %w", bSetAside, seq, err)
	}
	return m, t.openSetAside(&m)
}

// openSetAside fills the Raw of a set-aside mail from its Sealed.
func (t *Tx) openSetAside(m *SetAside) error {
	if m.Sealed == nil {
		return nil
	}
	if t.seal == nil {
		return fmt.Errorf("store: set-aside mail %d: %w", m.Seq, errNoSealKey)
	}
	n := t.seal.NonceSize()
	if len(m.Sealed) < n {
		return fmt.Errorf("store: set-aside mail %d: bad seal (%d bytes)", m.Seq, len(m.Sealed))
	}
	raw, err := t.seal.Open(nil, m.Sealed[:n], m.Sealed[n:], setAsideKey(m.Seq))
	if err != nil {
		return fmt.Errorf("store: set-aside mail %d: bad seal (not this store's key?): %w", m.Seq, err)
	}
	m.Raw, m.Sealed = raw, nil
	return nil
}

// SetAsideMails lists the set-aside mails, oldest first.
func (t *Tx) SetAsideMails() ([]SetAside, error) {
	var out []SetAside
	b := t.tx.Bucket(bSetAside)
	if b == nil {
		return nil, nil
	}
	err := b.ForEach(func(k, v []byte) error {
		var m SetAside
		if err := json.Unmarshal(v, &m); err != nil {
			return fmt.Errorf("store: decode %s/%x: %w", bSetAside, k, err)
		}
		if err := t.openSetAside(&m); err != nil {
			return err
		}
		out = append(out, m)
		return nil
	})
	return out, err
}

// SetAsideByKey finds the set-aside mail recorded under the processed
// key, or ErrNotFound.
func (t *Tx) SetAsideByKey(key Digest) (SetAside, error) {
	ms, err := t.SetAsideMails()
	if err != nil {
		return SetAside{}, err
	}
	for _, m := range ms {
		if m.Key == key {
			return m, nil
		}
	}
	return SetAside{}, ErrNotFound
}

// DeleteSetAside removes set-aside mail seq; absent is no error.
func (t *Tx) DeleteSetAside(seq uint64) error {
	b := t.tx.Bucket(bSetAside)
	if b == nil {
		return nil
	}
	if err := b.Delete(setAsideKey(seq)); err != nil {
		return fmt.Errorf("store: delete %s/%d: %w", bSetAside, seq, err)
	}
	return nil
}
