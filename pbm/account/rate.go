package account

import (
	"time"

	"github.com/pbmgo/pbm/store"
)

// RateWindow is the window of the rate limit.
const RateWindow = time.Hour

// RateAt is a sender's counter as it stands at now: a fresh window once
// the hour it counts is over.
func RateAt(rate store.Rate, now time.Time) store.Rate {
	if now.Sub(rate.Start) >= RateWindow || now.Before(rate.Start) {
		return store.Rate{Start: now}
	}
	return rate
}
