package account

import (
	"testing"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestAtAndAddressed: the account at an address is the first open one;
// a command naming an account from its own address wins over it; a
// closed account, an account named from another address, or a name
// past the fifth word does not.
func TestAtAndAddressed(t *testing.T) {
	st := storetest.Open(t)
	if err := update(t, st, func(tx *store.Tx) error {
		for _, u := range []store.User{
			{ID: "aaron", Addresses: []string{"shared@x.test"}, Closed: true},
			{ID: "bella", Addresses: []string{"shared@x.test"}, Language: "hu"},
			{ID: "cyril", Addresses: []string{"shared@x.test"}, Language: "cs"},
			{ID: "dirk", Addresses: []string{"dirk@x.test"}, Language: "nl"},
		} {
			if err := tx.PutUser(u); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	err := st.View(func(tx *store.Tx) error {
		if u, ok := At(tx, "Shared@x.test"); !ok || u.ID != "bella" {
			t.Errorf("At(shared) = %q %v, want bella", u.ID, ok)
		}
		for _, addr := range []string{"", "nobody@x.test"} {
			if u, ok := At(tx, addr); ok {
				t.Errorf("At(%q) = %q", addr, u.ID)
			}
		}
		for _, c := range []struct {
			cmds []string
			from string
			want string
		}{
			{[]string{"help"}, "shared@x.test", "bella"},
			{[]string{"help", "chess move 1 cyril pw e4"}, "shared@x.test", "cyril"},
			{[]string{"chess move 1 dirk pw e4"}, "shared@x.test", "bella"},
			{[]string{"chess move 1 aaron pw"}, "shared@x.test", "bella"},
			{[]string{"a b c d e cyril"}, "shared@x.test", "bella"},
			{[]string{"status dirk"}, "dirk@x.test", "dirk"},
			{[]string{"status cyril"}, "stranger@x.test", ""},
		} {
			u, ok := Addressed(tx, c.cmds, c.from)
			if ok != (c.want != "") || u.ID != c.want {
				t.Errorf("Addressed(%v, %s) = %q %v, want %q", c.cmds, c.from, u.ID, ok, c.want)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
