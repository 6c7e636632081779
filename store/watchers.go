package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// The users who watch every board of a game (User.SubscribeAll) or
// hear every result (User.NotifyAll), so that a new board or a
// result reads them without scanning every account: key
// "<kind>/<game lower case>\x00<userid lower case>", kind "subscribe"
// or "notify", no value. PutUser keeps it; Open builds it for a store
// written before it existed.
var bWatchers = []byte("index-watchers")

const watchersBuilt = "index.watchers"

const (
	watchSubscribe = "subscribe"
	watchNotify    = "notify"
)

func watcherKey(kind, game, user string) []byte {
	return []byte(kind + "/" + strings.ToLower(game) + "\x00" + strings.ToLower(user))
}

func watcherKeys(u User) [][]byte {
	var out [][]byte
	for _, g := range u.SubscribeAll {
		out = append(out, watcherKey(watchSubscribe, g, u.ID))
	}
	for _, g := range u.NotifyAll {
		out = append(out, watcherKey(watchNotify, g, u.ID))
	}
	return out
}

// SubscribersOfAll lists the accounts that subscribe to every board of
// the game (SubscribeAll names it), in userid order.
func (t *Tx) SubscribersOfAll(game string) ([]User, error) {
	return t.watchers(watchSubscribe, game)
}

// NotifiedOfAll lists the accounts that hear the result of every board
// of the game (NotifyAll names it), in userid order.
func (t *Tx) NotifiedOfAll(game string) ([]User, error) { return t.watchers(watchNotify, game) }

func (t *Tx) watchers(kind, game string) ([]User, error) {
	prefix := watcherKey(kind, game, "")
	users := t.tx.Bucket(bUsers)
	var out []User
	c := t.tx.Bucket(bWatchers).Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		id := k[len(prefix):]
		v := users.Get(id)
		if v == nil {
			continue
		}
		var u User
		if err := json.Unmarshal(v, &u); err != nil {
			return nil, fmt.Errorf("store: decode user %s: %w", id, err)
		}
		out = append(out, u)
	}
	return out, nil
}
