package tournament

import (
	"errors"
	"fmt"

	"github.com/pbmgo/pbm/store"
)

// ErrNoPlayer: the substitute named has no account on the server.
var ErrNoPlayer = errors.New("no account of that userid")

// Substitute puts the account subID in the place of entrant oldID of
// t (Replace: the substitute takes over the seat, the results so far
// and the boards not yet started) and saves t. It returns the
// substitute's userid as the account spells it. It refuses, writing
// nothing, with ErrNoPlayer when subID names no account, and with
// Replace's refusal (a *Refusal) when oldID has not entered t or subID
// has.
func Substitute(tx *store.Tx, t *Tournament, oldID, subID string) (string, error) {
	u, err := tx.User(subID)
	if err != nil {
		return "", fmt.Errorf("substitute %q: %w: %w", subID, ErrNoPlayer, err)
	}
	if err := t.Replace(oldID, u.ID); err != nil {
		return "", err
	}
	if err := Save(tx, t); err != nil {
		return "", err
	}
	return u.ID, nil
}
