package account

import (
	"fmt"

	"github.com/pbmgo/pbm/store"
)

// Addressee is one address of an open account, with the account's
// language (its setting, as stored).
type Addressee struct{ Address, Language string }

// Addressees are the addresses an admin's broadcast goes to: every
// address of every account that is not closed, in the order of the
// accounts and of their addresses.
func Addressees(tx *store.Tx) ([]Addressee, error) {
	users, err := tx.Users()
	if err != nil {
		return nil, fmt.Errorf("addressees of a broadcast: %w", err)
	}
	var out []Addressee
	for _, u := range users {
		if u.Closed {
			continue
		}
		for _, a := range u.Addresses {
			out = append(out, Addressee{Address: a, Language: u.Language})
		}
	}
	return out, nil
}
