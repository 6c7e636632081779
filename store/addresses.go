package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	bolt "go.etcd.io/bbolt"
)

// The accounts of each confirmed address (User.Addresses), so that a
// mail's sender is found without scanning every account: key
// "<address lower case>\x00<userid lower case>", no value. PutUser
// keeps it; Open builds it for a store written before it existed.
var bAddresses = []byte("index-addresses")

const addressesBuilt = "index.addresses"

func addressKey(addr, user string) []byte {
	return []byte(strings.ToLower(addr) + "\x00" + strings.ToLower(user))
}

func addressKeys(u User) [][]byte {
	out := make([][]byte, 0, len(u.Addresses))
	for _, a := range u.Addresses {
		out = append(out, addressKey(a, u.ID))
	}
	return out
}

func openAddresses(tx *bolt.Tx) error {
	meta := tx.Bucket(bMeta)
	if meta.Get([]byte(addressesBuilt)) != nil {
		return nil
	}
	if tx.Bucket(bAddresses) != nil {
		if err := tx.DeleteBucket(bAddresses); err != nil {
			return err
		}
	}
	idx, err := tx.CreateBucket(bAddresses)
	if err != nil {
		return err
	}
	err = tx.Bucket(bUsers).ForEach(func(k, v []byte) error {
		var u User
		if err := json.Unmarshal(v, &u); err != nil {
			return fmt.Errorf("store: decode user %s: %w", k, err)
		}
		for _, key := range addressKeys(u) {
			if err := idx.Put(key, []byte{}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return meta.Put([]byte(addressesBuilt), []byte("1"))
}

// indexAddresses brings the index from the user as it was (old, nil
// for a new account) to u.
func (t *Tx) indexAddresses(old []byte, u User) error {
	idx := t.tx.Bucket(bAddresses)
	want := addressKeys(u)
	if old != nil {
		var was User
		if err := json.Unmarshal(old, &was); err != nil {
			return fmt.Errorf("store: decode user %s: %w", u.ID, err)
		}
	stale:
		for _, k := range addressKeys(was) {
			for _, w := range want {
				if bytes.Equal(k, w) {
					continue stale
				}
			}
			if err := idx.Delete(k); err != nil {
				return fmt.Errorf("store: index addresses: %w", err)
			}
		}
	}
	for _, k := range want {
		if err := idx.Put(k, []byte{}); err != nil {
			return fmt.Errorf("store: index addresses: %w", err)
		}
	}
	return nil
}

// UsersAt lists the accounts whose confirmed addresses include addr,
// in userid order.
func (t *Tx) UsersAt(addr string) ([]User, error) {
	prefix := []byte(strings.ToLower(addr) + "\x00")
	var out []User
	c := t.tx.Bucket(bAddresses).Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		u, err := t.User(string(k[len(prefix):]))
		if err != nil {
			return nil, fmt.Errorf("store: account of address: %w", err)
		}
		out = append(out, u)
	}
	return out, nil
}
