package account

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/store"
)

// Recipients are the players a message is addressed to, sorted by
// what becomes of it.
type Recipients struct {
	// To are the accounts the message goes to, as they spell their
	// userids, once each.
	To []string
	// Unknown are the words that name no open account, as given, once
	// each.
	Unknown []string
	// Already are the accounts the mail has messaged before.
	Already []string
	// Blocked are the accounts that block the sender.
	Blocked []string
}

// Copies is how many copies of the message go to players other than
// the sender: what it takes of the sender's allowance (Spend).
func (r Recipients) Copies(sender string) int {
	n := 0
	for _, id := range r.To {
		if !strings.EqualFold(id, sender) {
			n++
		}
	}
	return n
}

// AddressMessage sorts the players a message of sender names: an
// unknown or closed account hears nothing, an account messaged already
// by this mail (messaged) nothing more, an account that blocks the
// sender nothing; the others get it. It changes nothing.
func AddressMessage(tx *store.Tx, sender string, names []string, messaged func(string) bool) (Recipients, error) {
	var r Recipients
	for _, id := range names {
		u, err := tx.User(id)
		if errors.Is(err, store.ErrNotFound) || (err == nil && u.Closed) {
			if !containsFold(r.Unknown, id) {
				r.Unknown = append(r.Unknown, id)
			}
			continue
		} else if err != nil {
			return Recipients{}, fmt.Errorf("recipient %s: %w", id, err)
		}
		switch no, err := tx.Blocked(u.ID, sender); {
		case err != nil:
			return Recipients{}, fmt.Errorf("blocks of %s: %w", u.ID, err)
		case containsFold(r.To, u.ID) || containsFold(r.Already, u.ID) || containsFold(r.Blocked, u.ID):
		case messaged(u.ID):
			r.Already = append(r.Already, u.ID)
		case no:
			r.Blocked = append(r.Blocked, u.ID)
		default:
			r.To = append(r.To, u.ID)
		}
	}
	return r, nil
}
