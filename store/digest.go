package store

import (
	"encoding/binary"
	"fmt"
	"strings"
	"time"
)

// bDigests indexes the accounts that take a digest by when the next is
// due: the key is the time (8 bytes, Unix nanoseconds, big-endian)
// then the userid in lower case; the value is empty. The core keeps it
// with User.DigestNext (SetDigestDue), so that the clock reads only
// the digests that are due, never every account.
var bDigests = []byte("digests-due")

func digestKey(at time.Time, id string) []byte {
	return append(binary.BigEndian.AppendUint64(nil, uint64(at.UnixNano())), []byte(strings.ToLower(id))...)
}

// SetDigestDue moves an account's entry in the index from old to next
// (either may be zero: none).
func (t *Tx) SetDigestDue(id string, old, next time.Time) error {
	b, err := t.bucket(bDigests, true)
	if err != nil {
		return err
	}
	if !old.IsZero() {
		if err := b.Delete(digestKey(old, id)); err != nil {
			return fmt.Errorf("store: digest index of %s: %w", id, err)
		}
	}
	if !next.IsZero() {
		if err := b.Put(digestKey(next, id), nil); err != nil {
			return fmt.Errorf("store: digest index of %s: %w", id, err)
		}
	}
	return nil
}

// DueDigests lists the userids (lower case) whose digest is due at
// now, at most limit, the earliest first.
func (t *Tx) DueDigests(now time.Time, limit int) ([]string, error) {
	b, err := t.bucket(bDigests, false)
	if err != nil || b == nil {
		return nil, err
	}
	var out []string
	c := b.Cursor()
	for k, _ := c.First(); k != nil && len(k) > 8 && len(out) < limit; k, _ = c.Next() {
		if int64(binary.BigEndian.Uint64(k[:8])) > now.UnixNano() {
			break
		}
		out = append(out, string(k[8:]))
	}
	return out, nil
}
