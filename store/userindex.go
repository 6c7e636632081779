package store

import (
	"bytes"
	"encoding/json"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// userIndex is an index of the accounts in a bucket of its own: the
// keys that keys makes of each account, no value. PutUser keeps it;
// Open builds it for a store written before it existed, and marks it
// built under the meta key built.
type userIndex struct {
	bucket []byte
	built  string
	keys   func(User) [][]byte
}

var (
	watcherIndex = userIndex{bWatchers, watchersBuilt, watcherKeys}
	addressIndex = userIndex{bAddresses, addressesBuilt, addressKeys}
	userIndexes  = []userIndex{watcherIndex, addressIndex}
)

// open builds the index when the store does not have it yet.
func (ix userIndex) open(tx *bolt.Tx) error {
	meta := tx.Bucket(bMeta)
	if meta.Get([]byte(ix.built)) != nil {
		return nil
	}
	if tx.Bucket(ix.bucket) != nil {
		if err := tx.DeleteBucket(ix.bucket); err != nil {
			return err
		}
	}
	b, err := tx.CreateBucket(ix.bucket)
	if err != nil {
		return err
	}
	err = tx.Bucket(bUsers).ForEach(func(k, v []byte) error {
		var u User
		if err := json.Unmarshal(v, &u); err != nil {
			return fmt.Errorf("store: decode user %s: %w", k, err)
		}
		for _, key := range ix.keys(u) {
			if err := b.Put(key, []byte{}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return meta.Put([]byte(ix.built), []byte("1"))
}

// update brings the index from the account as it was (old, nil for a
// new account) to u.
func (ix userIndex) update(t *Tx, old []byte, u User) error {
	b := t.tx.Bucket(ix.bucket)
	want := ix.keys(u)
	if old != nil {
		var was User
		if err := json.Unmarshal(old, &was); err != nil {
			return fmt.Errorf("store: decode user %s: %w", u.ID, err)
		}
	stale:
		for _, k := range ix.keys(was) {
			for _, w := range want {
				if bytes.Equal(k, w) {
					continue stale
				}
			}
			if err := b.Delete(k); err != nil {
				return fmt.Errorf("store: index %s: %w", ix.bucket, err)
			}
		}
	}
	for _, k := range want {
		if err := b.Put(k, []byte{}); err != nil {
			return fmt.Errorf("store: index %s: %w", ix.bucket, err)
		}
	}
	return nil
}
