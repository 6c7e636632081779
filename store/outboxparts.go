package store

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
)

// The outbox keeps a part shared by several mails once: a board's
// picture goes in the same base64 lines to every player of a move, and
// each mail would otherwise hold its own copy. Enqueue takes the part
// (Mail.Shared) out of the message, keeps it in bOutboxParts under the
// SHA-256 of its bytes with the count of the mails that refer to it,
// and writes the mail with the key and place of the part (PartKey,
// PartAt); reading the mail splices the part back in. The count goes
// down as a mail leaves the outbox, delivered or failed (a failed mail
// keeps its whole message), and the part is dropped with the last
// one, in the same transaction: a crash leaves every count right.
//
// A part record is the part, or in a store with a seal key the part
// sealed as a mail's message is (a random nonce first, the key of the
// part as additional data); its count is a record of its own under the
// same key in bOutboxPartRefs (8 bytes, big-endian), so that a mail
// more does not write the part again.

var (
	bOutboxParts    = []byte("outbox-parts")
	bOutboxPartRefs = []byte("outbox-part-refs")
)

func init() { buckets = append(buckets, bOutboxParts, bOutboxPartRefs) }

// minShared is the least length of a part kept on its own.
const minShared = 1 << 10

// takePart takes m.Shared out of m.Raw into the parts, when m.Raw holds
// it, and returns m as stored.
func (t *Tx) takePart(m Mail) (Mail, error) {
	part := m.Shared
	m.Shared = nil
	if len(part) < minShared || m.PartKey != nil {
		return m, nil
	}
	at := -1
	for off := 0; off < len(m.Raw); {
		i := bytes.Index(m.Raw[off:], part[:64])
		if i < 0 {
			break
		}
		if bytes.HasPrefix(m.Raw[off+i:], part) {
			at = off + i
			break
		}
		off += i + 1
	}
	if at < 0 {
		return m, nil
	}
	key := sha256.Sum256(part)
	refs := t.tx.Bucket(bOutboxPartRefs)
	n := uint64(0)
	if v := refs.Get(key[:]); len(v) == 8 {
		n = binary.BigEndian.Uint64(v)
	} else {
		var rec []byte
		if t.seal != nil {
			rec = make([]byte, t.seal.NonceSize(), t.seal.NonceSize()+len(part)+t.seal.Overhead())
			if _, err := rand.Read(rec); err != nil {
				return m, fmt.Errorf("store: outbox part: nonce: %w", err)
			}
			rec = t.seal.Seal(rec, rec, part, key[:])
		} else {
			rec = part
		}
		if err := t.tx.Bucket(bOutboxParts).Put(key[:], rec); err != nil {
			return m, fmt.Errorf("store: outbox part: %w", err)
		}
	}
	if err := refs.Put(key[:], binary.BigEndian.AppendUint64(nil, n+1)); err != nil {
		return m, fmt.Errorf("store: outbox part: %w", err)
	}
	raw := make([]byte, 0, len(m.Raw)-len(part))
	raw = append(raw, m.Raw[:at]...)
	m.Raw = append(raw, m.Raw[at+len(part):]...)
	m.PartKey, m.PartAt = key[:], at
	return m, nil
}

// putPart splices the part of a mail read with its message back in.
func (t *Tx) putPart(m Mail) (Mail, error) {
	if m.PartKey == nil {
		return m, nil
	}
	part := t.tx.Bucket(bOutboxParts).Get(m.PartKey)
	if part == nil || m.PartAt < 0 || m.PartAt > len(m.Raw) {
		return m, fmt.Errorf("store: mail %d: its shared part %x is missing", m.Seq, m.PartKey[:min(8, len(m.PartKey))])
	}
	if t.seal != nil {
		if len(part) < t.seal.NonceSize() {
			return m, fmt.Errorf("store: mail %d: bad sealed part", m.Seq)
		}
		var err error
		if part, err = t.seal.Open(nil, part[:t.seal.NonceSize()], part[t.seal.NonceSize():], m.PartKey); err != nil {
			return m, fmt.Errorf("store: mail %d: bad sealed part (not this store's key?): %w", m.Seq, err)
		}
	}
	raw := make([]byte, 0, len(m.Raw)+len(part))
	raw = append(raw, m.Raw[:m.PartAt]...)
	raw = append(raw, part...)
	m.Raw = append(raw, m.Raw[m.PartAt:]...)
	m.PartKey, m.PartAt = nil, 0
	return m, nil
}

// dropPart counts one mail fewer referring to the part of the stored
// mail v, and drops the part with the last.
func (t *Tx) dropPart(v []byte) error {
	m, err := decodeMail(v, false, t.seal)
	if err != nil || m.PartKey == nil {
		return err
	}
	refs := t.tx.Bucket(bOutboxPartRefs)
	if v := refs.Get(m.PartKey); len(v) == 8 && binary.BigEndian.Uint64(v) > 1 {
		return refs.Put(m.PartKey, binary.BigEndian.AppendUint64(nil, binary.BigEndian.Uint64(v)-1))
	}
	if err := refs.Delete(m.PartKey); err != nil {
		return err
	}
	return t.tx.Bucket(bOutboxParts).Delete(m.PartKey)
}

// OutboxParts is the number of parts the outbox keeps, for tests.
func (t *Tx) OutboxParts() int { return t.tx.Bucket(bOutboxParts).Stats().KeyN }
