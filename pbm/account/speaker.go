package account

import (
	"strings"

	"github.com/pbmgo/pbm/store"
)

// At finds the open account whose own address addr is (the first in
// userid order, when several share it), for the language of an answer
// to a mail that names no account of its sender.
func At(tx *store.Tx, addr string) (store.User, bool) {
	if addr == "" {
		return store.User{}, false
	}
	users, err := tx.UsersAt(addr)
	if err != nil {
		return store.User{}, false
	}
	for _, u := range users {
		if !u.Closed {
			return u, true
		}
	}
	return store.User{}, false
}

// Addressed is the account a mail from the address from is answered
// for when no account spoke in it: the first open account named by one
// of the first five words of one of its commands whose own address
// from is; else the account at the address (At).
func Addressed(tx *store.Tx, commands []string, from string) (store.User, bool) {
	for _, cmd := range commands {
		words := strings.Fields(cmd)
		for _, w := range words[:min(len(words), 5)] {
			if !LooksLikeUserid(w) {
				continue
			}
			if u, err := tx.User(w); err == nil && !u.Closed && FromOwnAddress(u, from) {
				return u, true
			}
		}
	}
	return At(tx, from)
}
