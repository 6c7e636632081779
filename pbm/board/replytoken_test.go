package board

import (
	"testing"

	"github.com/pbmgo/pbm/store"
)

// TestTokenPlayer: a token vouches for the player of the board whose
// token it is, from one of that player's addresses in any case; not
// for a closed account, a stranger's address, another player's token
// or a board the player does not sit at.
func TestTokenPlayer(t *testing.T) {
	st := listStore(t, store.Board{Game: "nim", Number: 101, Players: []string{"alice", "bob", "carol"}})
	err := st.Update(func(tx *store.Tx) error {
		for _, u := range []store.User{
			{ID: "alice", Addresses: []string{"alice@example.org"}},
			{ID: "bob", Addresses: []string{"bob@example.org"}},
			{ID: "carol", Addresses: []string{"carol@example.org"}, Closed: true},
			{ID: "dave", Addresses: []string{"dave@example.org"}},
		} {
			if err := tx.PutUser(u); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	tokenOf := func(u store.User) string { return "token-of-" + u.ID }
	st.View(func(tx *store.Tx) error {
		b, err := tx.Board("nim", 101)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			from, token, want string
		}{
			{"alice@example.org", "token-of-alice", "alice"},
			{"BOB@Example.org", "token-of-bob", "bob"},
			{"alice@example.org", "token-of-bob", ""},
			{"carol@example.org", "token-of-carol", ""},
			{"dave@example.org", "token-of-dave", ""},
			{"mallory@example.org", "token-of-alice", ""},
		} {
			u, ok := TokenPlayer(tx, b, c.from, c.token, tokenOf)
			if ok != (c.want != "") || u.ID != c.want {
				t.Errorf("TokenPlayer(%s, %s) = %q %v, want %q", c.from, c.token, u.ID, ok, c.want)
			}
		}
		return nil
	})
}
