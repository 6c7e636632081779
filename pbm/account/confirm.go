package account

import (
	"crypto/hmac"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pbmgo/pbm/store"
)

// Confirm confirms the pending address from of the account id when tok
// is its confirmation token (ConfirmToken under the key) and the From
// is not forged. The key is asked for only when the address is
// pending. It returns the account and the address confirmed, "" and
// no change when none was.
func Confirm(tx *store.Tx, id, from, tok string, forged bool, key func() ([]byte, error)) (store.User, string, error) {
	u, err := tx.User(id)
	if err != nil || u.Closed {
		return store.User{}, "", nil
	}
	i := PendingIndex(u.Pending, from)
	if i < 0 {
		return store.User{}, "", nil
	}
	k, err := key()
	if err != nil {
		return store.User{}, "", err
	}
	if !hmac.Equal([]byte(ConfirmToken(k, u.ID, u.Pending[i])), []byte(tok)) || forged {
		return store.User{}, "", nil
	}
	p := u.Pending[i]
	u.Pending = DropPending(u.Pending, p.Address)
	if !containsFold(u.Addresses, p.Address) {
		u.Addresses = append(u.Addresses, p.Address)
	}
	return u, p.Address, put(tx, u)
}

// ConfirmDetail is the detail of the server's subaddress (RFC 5233
// section 1) that confirms p for id: the tag, the userid and the token
// under key, "confirm.<userid>.<token>".
func ConfirmDetail(key []byte, id string, p store.PendingAddress) string {
	return ConfirmTag + "." + strings.ToLower(id) + "." + ConfirmToken(key, id, p)
}

// ConfirmReply is Confirm of a reply to a confirmation address whose
// detail after the tag is rest, "<userid>.<token>".
func ConfirmReply(tx *store.Tx, rest, from string, forged bool, key func() ([]byte, error)) (store.User, string, error) {
	id, tok, _ := strings.Cut(rest, ".")
	return Confirm(tx, id, from, tok, forged, key)
}

// UnsubscribeBy takes the address addr off every account (Unsubscribe)
// when tok is its unsubscribe token under the key and the From is not
// forged; ok is false, and nothing is changed, when it is not. The key
// is asked for first, whatever tok is.
func UnsubscribeBy(tx *store.Tx, addr, tok string, forged bool, key func() ([]byte, error)) (ids []string, owners []store.User, ok bool, err error) {
	k, err := key()
	if err != nil {
		return nil, nil, false, err
	}
	if !hmac.Equal([]byte(AddrToken(k, UnsubTag, addr)), []byte(tok)) || forged {
		return nil, nil, false, nil
	}
	ids, owners, err = Unsubscribe(tx, addr)
	return ids, owners, err == nil, err
}

// Unsubscribe takes the address off every account that has it,
// confirmed or pending. It returns the accounts it was taken off, and
// those of them open that had it confirmed (whose language the answer
// is written in), in the store's order.
func Unsubscribe(tx *store.Tx, addr string) (ids []string, owners []store.User, err error) {
	users, err := tx.Users()
	if err != nil {
		return nil, nil, fmt.Errorf("unsubscribe: %w", err)
	}
	for _, u := range users {
		if !containsFold(u.Addresses, addr) && PendingIndex(u.Pending, addr) < 0 {
			continue
		}
		if !u.Closed && containsFold(u.Addresses, addr) {
			owners = append(owners, u)
		}
		var keep []string
		for _, a := range u.Addresses {
			if !strings.EqualFold(a, addr) {
				keep = append(keep, a)
			}
		}
		u.Addresses = keep
		u.Pending = DropPending(u.Pending, addr)
		if err := put(tx, u); err != nil {
			return nil, nil, err
		}
		ids = append(ids, u.ID)
	}
	return ids, owners, nil
}

// DropLapsed drops the account's pending addresses asked for before
// cutoff. It returns how many it dropped; none of an account that is
// gone.
func DropLapsed(tx *store.Tx, id string, cutoff time.Time) (int, error) {
	u, err := tx.User(id)
	if errors.Is(err, store.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	var keep []store.PendingAddress
	for _, p := range u.Pending {
		if !p.Since.Before(cutoff) {
			keep = append(keep, p)
		}
	}
	n := len(u.Pending) - len(keep)
	if n == 0 {
		return 0, nil
	}
	u.Pending = keep
	return n, put(tx, u)
}
