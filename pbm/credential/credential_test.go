package credential

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"

	"golang.org/x/crypto/bcrypt"
)

func hash(t testing.TB, pw string) []byte {
	h, err := bcrypt.GenerateFromPassword([]byte(pw), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestRightPasswordIsRemembered(t *testing.T) {
	c := New(10)
	h := hash(t, "secret")
	if !c.Check("Alice", "secret", h) {
		t.Fatal("right password refused")
	}
	if c.Hits() != 0 || c.Len() != 1 {
		t.Fatalf("hits %d len %d after the first check", c.Hits(), c.Len())
	}
	if !c.Check("alice", "secret", h) {
		t.Fatal("right password refused from the cache")
	}
	if c.Hits() != 1 {
		t.Fatalf("second check was not a hit: %d", c.Hits())
	}
}

func TestWrongPasswordNeverRemembered(t *testing.T) {
	c := New(10)
	h := hash(t, "secret")
	for range 3 {
		if c.Check("alice", "guess", h) {
			t.Fatal("wrong password accepted")
		}
	}
	if c.Len() != 0 || c.Hits() != 0 {
		t.Fatalf("wrong password left len %d hits %d", c.Len(), c.Hits())
	}
	c.Check("alice", "secret", h)
	if c.Check("alice", "guess", h) {
		t.Fatal("a cached entry let another password in")
	}
	c.Check("bob", "secret", h) // bob's hash happens to be the same: bcrypt, not the cache
	if c.Hits() != 0 {
		t.Fatal("another user was answered from alice's entry")
	}
}

func TestPasswordChangeDropsEntry(t *testing.T) {
	c := New(10)
	old := hash(t, "old")
	if !c.Check("alice", "old", old) {
		t.Fatal("refused")
	}
	// The account now has a new hash: the old password must be checked
	// against it by bcrypt, and fail.
	nw := hash(t, "new")
	if c.Check("alice", "old", nw) {
		t.Fatal("old password accepted after the change")
	}
	if !c.Check("alice", "new", nw) {
		t.Fatal("new password refused")
	}
	c.Forget("ALICE")
	if c.Len() != 0 {
		t.Fatalf("Forget left %d entries", c.Len())
	}
	hits := c.Hits()
	if !c.Check("alice", "new", nw) || c.Hits() != hits {
		t.Fatal("after Forget the check must be a full bcrypt")
	}
}

func TestBounded(t *testing.T) {
	c := New(3)
	hs := make([][]byte, 5)
	for i := range hs {
		hs[i] = hash(t, fmt.Sprint("pw", i))
		if !c.Check(fmt.Sprint("u", i), fmt.Sprint("pw", i), hs[i]) {
			t.Fatal("refused")
		}
	}
	if c.Len() != 3 {
		t.Fatalf("len %d, want 3", c.Len())
	}
	// u0 and u1 were the least recent: gone; u4 is there.
	c.Check("u4", "pw4", hs[4])
	if c.Hits() != 1 {
		t.Fatal("most recent entry was evicted")
	}
	c.Check("u0", "pw0", hs[0])
	if c.Hits() != 1 {
		t.Fatal("least recent entry was kept")
	}
}

// TestNothingInTheClear: the cache holds neither the password nor the
// userid with it, only the keyed hash; two caches key differently.
func TestNothingInTheClear(t *testing.T) {
	a, b := New(10), New(10)
	h := hash(t, "hunter2")
	a.Check("alice", "hunter2", h)
	for k, el := range a.byKey {
		e := el.Value.(*entry)
		if bytes.Contains(k[:], []byte("hunter2")) || reflect.DeepEqual(e.hash, []byte("hunter2")) {
			t.Fatal("password kept in the clear")
		}
	}
	if a.mac("alice", "hunter2") == b.mac("alice", "hunter2") {
		t.Fatal("two caches share a key")
	}
	if a.mac("alice", "hunter2") == a.mac("alice", "hunter3") {
		t.Fatal("different passwords share a key")
	}
}

// countCompares counts the bcrypt comparisons made until the test ends.
func countCompares(t *testing.T) *int {
	n := new(int)
	saved := compare
	compare = func(h, pw []byte) error { *n++; return saved(h, pw) }
	t.Cleanup(func() { compare = saved })
	return n
}

// A pair Prefetch verified is answered by Check without bcrypt; a pair
// it found wrong is refused by the next Check without a second bcrypt,
// and by the one after that with one: each wrong try costs one.
func TestPrefetch(t *testing.T) {
	n := countCompares(t)
	c := New(10)
	h := hash(t, "secret")
	c.Prefetch("alice", "secret", h)
	c.Prefetch("alice", "secret", h) // already known: no second bcrypt
	if *n != 1 {
		t.Fatalf("%d comparisons for a right pair prefetched twice", *n)
	}
	if !c.Check("Alice", "secret", h) || *n != 1 || c.Hits() < 1 {
		t.Fatalf("prefetched pair: %d comparisons, %d hits", *n, c.Hits())
	}
	c.Prefetch("alice", "wrong", h)
	if *n != 2 {
		t.Fatalf("%d comparisons after prefetching a wrong pair", *n)
	}
	if c.Check("alice", "wrong", h) || *n != 2 {
		t.Fatalf("wrong pair after its prefetch: %d comparisons", *n)
	}
	if c.Check("alice", "wrong", h) || *n != 3 {
		t.Fatalf("wrong pair tried again: %d comparisons, want a full bcrypt", *n)
	}
	// A refusal left for one hash says nothing about another.
	c.Prefetch("bob", "old", h)
	h2 := hash(t, "old")
	if !c.Check("bob", "old", h2) {
		t.Fatal("a refusal against the old hash refused the new one")
	}
}
