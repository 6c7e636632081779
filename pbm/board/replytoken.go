package board

import (
	"crypto/hmac"

	"github.com/pbmgo/pbm/store"
)

// TokenPlayer is the player of b a reply token vouches for: the open
// account of one of b's players that has from among its addresses (in
// any case) and whose token for a mail to from (tokenOf) is token,
// compared in constant time (hmac.Equal). ok is false when no player's
// is. The token's own form and key are the notice writer's.
func TokenPlayer(tx *store.Tx, b store.Board, from, token string, tokenOf func(store.User) string) (u store.User, ok bool) {
	for _, p := range b.Players {
		u, err := tx.User(p)
		if err != nil || u.Closed || !containsFold(u.Addresses, from) {
			continue
		}
		if hmac.Equal([]byte(tokenOf(u)), []byte(token)) {
			return u, true
		}
	}
	return store.User{}, false
}
