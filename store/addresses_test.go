package store

import (
	"path/filepath"
	"reflect"
	"testing"
)

// TestUsersAt: the accounts of an address are found through the index,
// without case, follow every change of the accounts' addresses, and
// are found in a store written before the index existed.
func TestUsersAt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.db")
	s, err := Open(Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	put := func(u User) {
		t.Helper()
		if err := s.Update(func(tx *Tx) error { return tx.PutUser(u) }); err != nil {
			t.Fatal(err)
		}
	}
	at := func(addr string) (ids []string) {
		t.Helper()
		s.View(func(tx *Tx) error {
			us, err := tx.UsersAt(addr)
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range us {
				ids = append(ids, u.ID)
			}
			return nil
		})
		return ids
	}
	put(User{ID: "alice", Addresses: []string{"alice@x.test", "a@home.test"}})
	put(User{ID: "Bob", Addresses: []string{"bob@x.test", "A@home.test"}})
	if g := at("A@HOME.test"); !reflect.DeepEqual(g, []string{"alice", "Bob"}) {
		t.Errorf("a shared address: %v", g)
	}
	if g := at("alice@x.test"); !reflect.DeepEqual(g, []string{"alice"}) {
		t.Errorf("alice: %v", g)
	}
	if g := at("alice@x.tes"); g != nil {
		t.Errorf("a prefix of an address: %v", g)
	}
	put(User{ID: "alice", Addresses: []string{"alice@new.test"}})
	if g := at("a@home.test"); !reflect.DeepEqual(g, []string{"Bob"}) {
		t.Errorf("after alice left the address: %v", g)
	}
	if g := at("alice@x.test"); g != nil {
		t.Errorf("an address given up: %v", g)
	}
	s.Update(func(tx *Tx) error {
		if err := tx.tx.DeleteBucket(bAddresses); err != nil {
			t.Fatal(err)
		}
		return tx.tx.Bucket(bMeta).Delete([]byte(addressesBuilt))
	})
	s.Close()
	if s, err = Open(Config{Path: path}); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if g := at("alice@new.test"); !reflect.DeepEqual(g, []string{"alice"}) {
		t.Errorf("rebuilt: %v", g)
	}
	if g := at("a@home.test"); !reflect.DeepEqual(g, []string{"Bob"}) {
		t.Errorf("rebuilt, the shared address: %v", g)
	}
}
