package store

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"
)

// The lines of mail sent, for reading the replies to it. Each mail
// the server sends may keep a record under its Message-ID: the
// digests of its lines (the caller's business what they are; the
// store only keeps numbers). A second bucket orders the records by the
// time they were kept, so that old ones are dropped a few at a time
// (PruneSent).
var (
	bSent   = []byte("sent")
	bSentAt = []byte("sent-at")
)

func init() { buckets = append(buckets, bSent, bSentAt) }

// Sent is the record of one mail sent.
type Sent struct {
	At      time.Time `json:"at"`
	Digests []uint64  `json:"d"`
}

// maxSentDigests bounds the digests kept for one mail.
const maxSentDigests = 400

func sentAtKey(at time.Time, id string) []byte {
	return append(binary.BigEndian.AppendUint64(nil, uint64(at.UnixNano())), id...)
}

// PutSent keeps the record of the mail with Message-ID id.
func (t *Tx) PutSent(id string, s Sent) error {
	if id == "" {
		return fmt.Errorf("store: sent record without a Message-ID")
	}
	if len(s.Digests) > maxSentDigests {
		s.Digests = s.Digests[:maxSentDigests]
	}
	data, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("store: encode sent record: %w", err)
	}
	if err := t.tx.Bucket(bSent).Put([]byte(id), data); err != nil {
		return fmt.Errorf("store: put sent record: %w", err)
	}
	if err := t.tx.Bucket(bSentAt).Put(sentAtKey(s.At, id), nil); err != nil {
		return fmt.Errorf("store: put sent record: %w", err)
	}
	return nil
}

// SentRecord is the record of the mail with Message-ID id; ok is false
// when none is kept.
func (t *Tx) SentRecord(id string) (s Sent, ok bool, err error) {
	v := t.tx.Bucket(bSent).Get([]byte(id))
	if v == nil {
		return s, false, nil
	}
	if err := json.Unmarshal(v, &s); err != nil {
		return s, false, fmt.Errorf("store: decode sent record %q: %w", id, err)
	}
	return s, true, nil
}

// PruneSent drops at most max records kept before the time given, the
// oldest first, and returns how many it dropped.
func (t *Tx) PruneSent(before time.Time, max int) (int, error) {
	at, sent := t.tx.Bucket(bSentAt), t.tx.Bucket(bSent)
	c := at.Cursor()
	limit := uint64(before.UnixNano())
	var keys [][]byte
	for k, _ := c.First(); k != nil && len(keys) < max; k, _ = c.Next() {
		if len(k) < 8 || binary.BigEndian.Uint64(k[:8]) >= limit {
			break
		}
		keys = append(keys, append([]byte(nil), k...))
	}
	for _, k := range keys {
		if err := at.Delete(k); err != nil {
			return 0, fmt.Errorf("store: prune sent records: %w", err)
		}
		if err := sent.Delete(k[8:]); err != nil {
			return 0, fmt.Errorf("store: prune sent records: %w", err)
		}
	}
	return len(keys), nil
}
