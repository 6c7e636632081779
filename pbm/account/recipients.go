package account

import (
	"errors"
	"fmt"
)

// MaxRecipients bounds the players one message names.
const MaxRecipients = 20

// ErrTooManyRecipients: a message names more than MaxRecipients
// players; it goes to none of them.
var ErrTooManyRecipients = errors.New("too many recipients")

// CheckRecipients refuses a message that names more than
// MaxRecipients players (names, counted as given) with
// ErrTooManyRecipients.
func CheckRecipients(names []string) error {
	if len(names) > MaxRecipients {
		return fmt.Errorf("%d names: %w", len(names), ErrTooManyRecipients)
	}
	return nil
}
