package store

import (
	"bytes"
	"fmt"
	"strings"
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
