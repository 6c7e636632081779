// Package credential remembers, in memory only, which userid and
// password pairs were verified against which bcrypt hash, so that a
// player's every move does not pay a full bcrypt comparison.
//
// An entry is keyed by an HMAC-SHA256, under a random key made when the
// cache is made, of the userid and the password: neither is kept, and
// the key dies with the process. An entry holds the hash it was
// verified against and counts only while the account still has that
// hash, so a password change (or a transaction rolled back) can never
// let an old password in; Forget drops a user's entries at once. A
// wrong password is never remembered: it always costs a full bcrypt,
// paid by Check or, for the one Check that follows it, by Prefetch.
// Nothing here is ever written to disk or to a log.
package credential

import (
	"bytes"
	"container/list"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"strings"
	"sync"

	"golang.org/x/crypto/bcrypt"
)

// compare is bcrypt's comparison; tests count its calls.
var compare = bcrypt.CompareHashAndPassword

// DefaultSize bounds the entries of a cache made with size 0.
const DefaultSize = 10000

// Cache is a bounded set of verified credentials, least recently used
// out first. It is safe for concurrent use.
type Cache struct {
	key  [32]byte
	size int

	mu     sync.Mutex
	lru    *list.List // of *entry, most recent first
	byKey  map[[32]byte]*list.Element
	byUser map[string]map[[32]byte]struct{}
	// refuted holds the pairs Prefetch found wrong, with the hash they
	// were tried against, each for one Check.
	refuted map[[32]byte][]byte
	hits    int
}

type entry struct {
	key  [32]byte
	user string // lower case
	hash []byte
}

// New returns an empty cache of at most size entries (DefaultSize when
// size is 0 or less).
func New(size int) *Cache {
	if size <= 0 {
		size = DefaultSize
	}
	c := &Cache{size: size, lru: list.New(), byKey: map[[32]byte]*list.Element{}, byUser: map[string]map[[32]byte]struct{}{}, refuted: map[[32]byte][]byte{}}
	if _, err := rand.Read(c.key[:]); err != nil {
		panic("credential: no randomness: " + err.Error())
	}
	return c
}

func (c *Cache) mac(user, password string) [32]byte {
	m := hmac.New(sha256.New, c.key[:])
	m.Write([]byte(strings.ToLower(user)))
	m.Write([]byte{0})
	m.Write([]byte(password))
	var k [32]byte
	copy(k[:], m.Sum(nil))
	return k
}

// Check reports whether password is the password of user whose stored
// bcrypt hash is hash: from the cache when this very pair was verified
// against this very hash, else by bcrypt, remembering a success. A
// pair that Prefetch found wrong against this hash is refused once
// without a second bcrypt: Prefetch paid it.
func (c *Cache) Check(user, password string, hash []byte) bool {
	k := c.mac(user, password)
	if ok, known := c.lookup(k, hash, true); known {
		return ok
	}
	return c.verify(k, user, password, hash, false)
}

// Prefetch verifies a pair ahead of its Check, so that the pairs of
// several mails can be verified on several cores at once while their
// Checks run one after another. A right pair is remembered like a
// Check's; a wrong one is remembered for one Check only, so a wrong
// password still costs exactly one full bcrypt.
func (c *Cache) Prefetch(user, password string, hash []byte) {
	k := c.mac(user, password)
	if _, known := c.lookup(k, hash, false); known {
		return
	}
	c.verify(k, user, password, hash, true)
}

// lookup answers from the cache: known is false when only bcrypt can
// tell. consume uses up a refusal Prefetch left.
func (c *Cache) lookup(k [32]byte, hash []byte, consume bool) (ok, known bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byKey[k]; ok {
		e := el.Value.(*entry)
		if bytes.Equal(e.hash, hash) {
			c.lru.MoveToFront(el)
			c.hits++
			return true, true
		}
		c.remove(el)
	}
	if h, ok := c.refuted[k]; ok && bytes.Equal(h, hash) {
		if consume {
			delete(c.refuted, k)
		}
		return false, true
	}
	return false, false
}

// verify runs bcrypt and remembers the answer.
func (c *Cache) verify(k [32]byte, user, password string, hash []byte, prefetch bool) bool {
	if compare(hash, []byte(password)) != nil {
		if prefetch {
			c.mu.Lock()
			if len(c.refuted) >= c.size {
				clear(c.refuted)
			}
			c.refuted[k] = bytes.Clone(hash)
			c.mu.Unlock()
		}
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byKey[k]; ok {
		c.remove(el)
	}
	e := &entry{key: k, user: strings.ToLower(user), hash: bytes.Clone(hash)}
	c.byKey[k] = c.lru.PushFront(e)
	if c.byUser[e.user] == nil {
		c.byUser[e.user] = map[[32]byte]struct{}{}
	}
	c.byUser[e.user][k] = struct{}{}
	for c.lru.Len() > c.size {
		c.remove(c.lru.Back())
	}
	return true
}

// Forget drops every entry of user: call it on any password change.
func (c *Cache) Forget(user string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range c.byUser[strings.ToLower(user)] {
		c.remove(c.byKey[k])
	}
}

// Len is the number of entries.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}

// Hits is the number of checks answered from the cache.
func (c *Cache) Hits() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits
}

func (c *Cache) remove(el *list.Element) {
	e := c.lru.Remove(el).(*entry)
	delete(c.byKey, e.key)
	if u := c.byUser[e.user]; u != nil {
		delete(u, e.key)
		if len(u) == 0 {
			delete(c.byUser, e.user)
		}
	}
}
