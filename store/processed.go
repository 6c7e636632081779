package store

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// The dedupe table and the rate table, both kept small and both
// expired.
//
// bProcessed maps the Digest of a mail handled (32 bytes) to a value of
// at most 16+maxOutcome bytes: when it was first seen, the time its
// window counts from, and a short outcome. bProcessedBy indexes it by
// that time ("keep", 8 bytes big-endian Unix seconds, then the digest),
// so that ExpireProcessed finds the oldest entries first without a
// scan. An entry whose mail carried no date at all has no keep time
// and is not indexed: it is kept for good, as nothing could tell a
// late copy of its mail apart.
//
// bRates maps a sender (lower case) to its counter; bRatesBy indexes
// the counters by the start of their window (8 bytes big-endian Unix
// nanoseconds, then the sender), for ExpireRates.
var (
	bProcessedBy = []byte("index-processed-keep")
	bRatesBy     = []byte("index-rates-start")
)

const (
	processedV2 = "processed.v2" // meta: the processed bucket holds digests
	ratesV2     = "rates.v2"     // meta: the rates are indexed and counted
	countRates  = "count/rates"
	maxOutcome  = 40
)

// Digest is the fixed-size key of a mail in the dedupe table.
type Digest [32]byte

// IDDigest is the key under which a store written before digests
// existed keeps a mail handled: its Message-ID alone.
func IDDigest(id string) Digest { return sha256.Sum256([]byte("message-id\x00" + id)) }

// Processed is the record of one incoming mail handled.
type Processed struct {
	At time.Time // first seen
	// Keep is the time the entry's window counts from; zero keeps the
	// entry for good.
	Keep    time.Time
	Outcome string // cut to 40 bytes
}

func encodeProcessed(p Processed) []byte {
	v := make([]byte, 16, 16+maxOutcome)
	binary.BigEndian.PutUint64(v, uint64(p.At.Unix()))
	binary.BigEndian.PutUint64(v[8:], uint64(keepSeconds(p.Keep)))
	o := p.Outcome
	if len(o) > maxOutcome {
		o = strings.ToValidUTF8(o[:maxOutcome], "")
	}
	return append(v, o...)
}

func decodeProcessed(v []byte) (Processed, error) {
	if len(v) < 16 {
		return Processed{}, fmt.Errorf("store: decode processed: %d bytes", len(v))
	}
	p := Processed{At: time.Unix(int64(binary.BigEndian.Uint64(v)), 0).UTC(), Outcome: string(v[16:])}
	if k := int64(binary.BigEndian.Uint64(v[8:])); k != math.MaxInt64 {
		p.Keep = time.Unix(k, 0).UTC()
	}
	return p, nil
}

func keepSeconds(t time.Time) int64 {
	if t.IsZero() {
		return math.MaxInt64
	}
	return t.Unix()
}

func keepKey(sec int64, rest []byte) []byte {
	return append(binary.BigEndian.AppendUint64(nil, uint64(sec)), rest...)
}

// Processed reports whether the mail with this digest was handled, and
// how.
func (t *Tx) Processed(key Digest) (Processed, bool, error) {
	v := t.tx.Bucket(bProcessed).Get(key[:])
	if v == nil {
		return Processed{}, false, nil
	}
	p, err := decodeProcessed(v)
	return p, err == nil, err
}

// MarkProcessed records a mail as handled.
func (t *Tx) MarkProcessed(key Digest, p Processed) error {
	b, idx := t.tx.Bucket(bProcessed), t.tx.Bucket(bProcessedBy)
	old := b.Get(key[:])
	if old != nil {
		if op, err := decodeProcessed(old); err == nil && !op.Keep.IsZero() {
			if err := idx.Delete(keepKey(op.Keep.Unix(), key[:])); err != nil {
				return fmt.Errorf("store: unindex processed: %w", err)
			}
		}
	}
	if err := b.Put(key[:], encodeProcessed(p)); err != nil {
		return fmt.Errorf("store: put processed: %w", err)
	}
	if !p.Keep.IsZero() {
		if err := idx.Put(keepKey(p.Keep.Unix(), key[:]), nil); err != nil {
			return fmt.Errorf("store: index processed: %w", err)
		}
	}
	if old == nil {
		return t.addCount(countProcessed, 1)
	}
	return nil
}

// ForgetProcessed removes the record of a processed mail and its index
// entry, so that the mail is handled again when it comes; absent is no
// error.
func (t *Tx) ForgetProcessed(key Digest) error {
	b, idx := t.tx.Bucket(bProcessed), t.tx.Bucket(bProcessedBy)
	old := b.Get(key[:])
	if old == nil {
		return nil
	}
	if op, err := decodeProcessed(old); err == nil && !op.Keep.IsZero() {
		if err := idx.Delete(keepKey(op.Keep.Unix(), key[:])); err != nil {
			return fmt.Errorf("store: unindex processed: %w", err)
		}
	}
	if err := b.Delete(key[:]); err != nil {
		return fmt.Errorf("store: forget processed: %w", err)
	}
	return t.addCount(countProcessed, -1)
}

// ExpireProcessed removes at most max entries whose window counts from
// before cutoff, oldest first, and returns how many it removed.
func (t *Tx) ExpireProcessed(cutoff time.Time, max int) (int, error) {
	b, idx := t.tx.Bucket(bProcessed), t.tx.Bucket(bProcessedBy)
	var gone [][]byte
	c := idx.Cursor()
	for k, _ := c.First(); k != nil && len(gone) < max; k, _ = c.Next() {
		if len(k) != 8+len(Digest{}) || int64(binary.BigEndian.Uint64(k)) >= cutoff.Unix() {
			break
		}
		gone = append(gone, append([]byte(nil), k...))
	}
	for _, k := range gone {
		if err := idx.Delete(k); err != nil {
			return 0, fmt.Errorf("store: expire processed: %w", err)
		}
		if err := b.Delete(k[8:]); err != nil {
			return 0, fmt.Errorf("store: expire processed: %w", err)
		}
	}
	return len(gone), t.addCount(countProcessed, -len(gone))
}

// ProcessedCount is the number of entries of the dedupe table, from a
// counter.
func (t *Tx) ProcessedCount() int { return t.count(countProcessed) }

// Rate counts the mails of one sender in a window of time.
type Rate struct {
	Start  time.Time `json:"start"`
	Count  int       `json:"count"`
	Warned bool      `json:"warned,omitempty"`
}

// Rate reads the counter of a sender; absent reads as zero.
func (t *Tx) Rate(sender string) (Rate, error) {
	var r Rate
	err := t.get(bRates, strings.ToLower(sender), &r)
	if errors.Is(err, ErrNotFound) {
		return Rate{}, nil
	}
	return r, err
}

// PutRate writes the counter of a sender.
func (t *Tx) PutRate(sender string, r Rate) error {
	sender = strings.ToLower(sender)
	idx := t.tx.Bucket(bRatesBy)
	var old Rate
	switch err := t.get(bRates, sender, &old); {
	case errors.Is(err, ErrNotFound):
		if err := t.addCount(countRates, 1); err != nil {
			return err
		}
	case err != nil:
		return err
	default:
		if err := idx.Delete(keepKey(old.Start.UnixNano(), []byte(sender))); err != nil {
			return fmt.Errorf("store: unindex rate: %w", err)
		}
	}
	if err := idx.Put(keepKey(r.Start.UnixNano(), []byte(sender)), nil); err != nil {
		return fmt.Errorf("store: index rate: %w", err)
	}
	return t.put(bRates, sender, r)
}

// ExpireRates removes at most max counters whose window started before
// cutoff, oldest first, and returns how many it removed.
func (t *Tx) ExpireRates(cutoff time.Time, max int) (int, error) {
	b, idx := t.tx.Bucket(bRates), t.tx.Bucket(bRatesBy)
	var gone [][]byte
	c := idx.Cursor()
	for k, _ := c.First(); k != nil && len(gone) < max; k, _ = c.Next() {
		if len(k) < 8 || int64(binary.BigEndian.Uint64(k)) >= cutoff.UnixNano() {
			break
		}
		gone = append(gone, append([]byte(nil), k...))
	}
	for _, k := range gone {
		if err := idx.Delete(k); err != nil {
			return 0, fmt.Errorf("store: expire rate: %w", err)
		}
		if err := b.Delete(k[8:]); err != nil {
			return 0, fmt.Errorf("store: expire rate: %w", err)
		}
	}
	return len(gone), t.addCount(countRates, -len(gone))
}

// RateCount is the number of senders with a counter, from a counter.
func (t *Tx) RateCount() int { return t.count(countRates) }

// openProcessed brings a store written before digests and expiry to
// the current form, once: each old entry, keyed by Message-ID with a
// JSON value, becomes the entry of IDDigest(id) whose window counts
// from when it was handled; each rate counter is indexed and counted.
// It runs in Open's transaction: all or nothing.
func openProcessed(tx *bolt.Tx) error {
	for _, name := range [][]byte{bProcessedBy, bRatesBy} {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	meta := tx.Bucket(bMeta)
	if meta.Get([]byte(processedV2)) == nil {
		type old struct {
			At      time.Time `json:"at"`
			Outcome string    `json:"outcome"`
		}
		var keys []Digest
		var vals []Processed
		err := tx.Bucket(bProcessed).ForEach(func(k, v []byte) error {
			var o old
			if err := json.Unmarshal(v, &o); err != nil {
				return fmt.Errorf("store: migrate processed %q: %w", k, err)
			}
			keys = append(keys, IDDigest(string(k)))
			vals = append(vals, Processed{At: o.At, Keep: o.At, Outcome: o.Outcome})
			return nil
		})
		if err != nil {
			return err
		}
		if err := tx.DeleteBucket(bProcessed); err != nil {
			return err
		}
		if _, err := tx.CreateBucket(bProcessed); err != nil {
			return err
		}
		t := &Tx{tx: tx}
		for i, k := range keys {
			if vals[i].Keep.IsZero() {
				vals[i].Keep = time.Unix(1, 0) // no time known: the first to expire
			}
			if err := t.MarkProcessed(k, vals[i]); err != nil {
				return err
			}
			if err := t.addCount(countProcessed, -1); err != nil { // counted already
				return err
			}
		}
		if err := meta.Put([]byte(processedV2), []byte("1")); err != nil {
			return err
		}
	}
	if meta.Get([]byte(ratesV2)) == nil {
		idx := tx.Bucket(bRatesBy)
		n := 0
		err := tx.Bucket(bRates).ForEach(func(k, v []byte) error {
			var r Rate
			if err := json.Unmarshal(v, &r); err != nil {
				return fmt.Errorf("store: migrate rate %q: %w", k, err)
			}
			n++
			return idx.Put(keepKey(r.Start.UnixNano(), k), nil)
		})
		if err != nil {
			return err
		}
		t := &Tx{tx: tx}
		if err := t.addCount(countRates, n-t.count(countRates)); err != nil {
			return err
		}
		if err := meta.Put([]byte(ratesV2), []byte("1")); err != nil {
			return err
		}
	}
	return nil
}
