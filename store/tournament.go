package store

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

var (
	bTournaments = []byte("tournaments")
	bSeeks       = []byte("seeks")
)

// A tournament is kept as the document its package writes (the store
// knows nothing of pairing rules), under "<game>/<name>" in lower
// case. Its boards name it in Board.Tournament.

func tournamentKey(game, name string) []byte {
	return []byte(strings.ToLower(game) + "/" + strings.ToLower(name))
}

// bucket returns a bucket that may not exist yet: created on write,
// nil on a read before anything was written.
func (t *Tx) bucket(name []byte, write bool) (*bolt.Bucket, error) {
	if b := t.tx.Bucket(name); b != nil || !write {
		return b, nil
	}
	b, err := t.tx.CreateBucketIfNotExists(name)
	if err != nil {
		return nil, fmt.Errorf("store: create %s: %w", name, err)
	}
	return b, nil
}

// Tournament reads the document of a tournament.
func (t *Tx) Tournament(game, name string) ([]byte, error) {
	b, err := t.bucket(bTournaments, false)
	if err != nil || b == nil {
		return nil, ErrNotFound
	}
	v := b.Get(tournamentKey(game, name))
	if v == nil {
		return nil, ErrNotFound
	}
	return append([]byte(nil), v...), nil
}

// PutTournament writes the document of a tournament.
func (t *Tx) PutTournament(game, name string, doc []byte) error {
	b, err := t.bucket(bTournaments, true)
	if err != nil {
		return err
	}
	if err := b.Put(tournamentKey(game, name), doc); err != nil {
		return fmt.Errorf("store: put tournament %s/%s: %w", game, name, err)
	}
	return nil
}

// Tournaments lists the documents of a game's tournaments in name
// order.
func (t *Tx) Tournaments(game string) ([][]byte, error) {
	b, err := t.bucket(bTournaments, false)
	if err != nil || b == nil {
		return nil, err
	}
	var out [][]byte
	prefix := []byte(strings.ToLower(game) + "/")
	c := b.Cursor()
	for k, v := c.Seek(prefix); k != nil && strings.HasPrefix(string(k), string(prefix)); k, v = c.Next() {
		out = append(out, append([]byte(nil), v...))
	}
	return out, nil
}

// Seek is a player's standing wish for games: Count more boards of
// Game with these options, against anyone whose seek matches.
type Seek struct {
	Game    string            `json:"game"`
	User    string            `json:"user"`
	Count   int               `json:"count"`
	Options map[string]string `json:"options,omitempty"`
	Created time.Time         `json:"created"`
}

func seekKey(game, user string) []byte {
	return []byte(strings.ToLower(game) + "/" + strings.ToLower(user))
}

// PutSeek writes a seek; a count of 0 or less removes it.
func (t *Tx) PutSeek(s Seek) error {
	b, err := t.bucket(bSeeks, true)
	if err != nil {
		return err
	}
	key := seekKey(s.Game, s.User)
	if s.Count <= 0 {
		if err := b.Delete(key); err != nil {
			return fmt.Errorf("store: delete seek %s: %w", key, err)
		}
		return nil
	}
	data, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("store: encode seek %s: %w", key, err)
	}
	if err := b.Put(key, data); err != nil {
		return fmt.Errorf("store: put seek %s: %w", key, err)
	}
	return nil
}

// Seeks lists a game's seeks, oldest first.
func (t *Tx) Seeks(game string) ([]Seek, error) {
	b, err := t.bucket(bSeeks, false)
	if err != nil || b == nil {
		return nil, err
	}
	var out []Seek
	prefix := strings.ToLower(game) + "/"
	c := b.Cursor()
	for k, v := c.Seek([]byte(prefix)); k != nil && strings.HasPrefix(string(k), prefix); k, v = c.Next() {
		var s Seek
		if err := json.Unmarshal(v, &s); err != nil {
			return nil, fmt.Errorf("store: decode seek %s: %w", k, err)
		}
		out = append(out, s)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Created.Before(out[j-1].Created); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out, nil
}
