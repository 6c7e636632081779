package account

import (
	"fmt"
	"strings"
	"time"

	"github.com/pbmgo/pbm/store"
)

// RefusalGap is the least time between two refusals of a wrong
// password mailed to one address that is not the account's.
const RefusalGap = 24 * time.Hour

// MayMailRefusal reports whether a refusal of a wrong password may be
// mailed to addr at now: not when one was mailed to it within
// RefusalGap. When it may, the refusal is recorded as mailed.
func MayMailRefusal(tx *store.Tx, addr string, now time.Time) (bool, error) {
	if last := tx.RefusalMailed(addr); !last.IsZero() && now.Sub(last) < RefusalGap && !now.Before(last) {
		return false, nil
	}
	if err := tx.PutRefusalMailed(strings.ToLower(addr), now); err != nil {
		return false, fmt.Errorf("refusal mailed to %s: %w", addr, err)
	}
	return true, nil
}

// Failed is a mail that failed authentication, counted against its
// sender's hourly allowance (CountFailure).
type Failed struct {
	// Rate is the sender's counter after the mail.
	Rate store.Rate
	// Over is whether the mail is past the allowance; Warn whether the
	// sender is to be told so now: the first mail past it in the
	// window (the warning is recorded as given).
	Over, Warn bool
}

// CountFailure counts a mail from sender that failed authentication
// against the sender's allowance of limit mails a RateWindow. mayWarn
// is whether the sender may be answered at all; when it may not, no
// warning is recorded as given.
func CountFailure(tx *store.Tx, sender string, limit int, now time.Time, mayWarn bool) (Failed, error) {
	rate, err := tx.Rate(sender)
	if err != nil {
		return Failed{}, fmt.Errorf("rate of %s: %w", sender, err)
	}
	rate = RateAt(rate, now)
	rate.Count++
	f := Failed{Over: rate.Count > limit}
	if f.Over && !rate.Warned && mayWarn {
		rate.Warned, f.Warn = true, true
	}
	f.Rate = rate
	if err := tx.PutRate(sender, rate); err != nil {
		return Failed{}, fmt.Errorf("rate of %s: %w", sender, err)
	}
	return f, nil
}
