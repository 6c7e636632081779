package account

import (
	"time"

	"github.com/pbmgo/pbm/store"
)

// ZoneOf is the time zone of the account id (Location): server when
// the account sets none or is gone.
func ZoneOf(tx *store.Tx, id string, server *time.Location) *time.Location {
	u, err := tx.User(id)
	if err != nil {
		return server
	}
	return Location(u, server)
}

// ServerZone is the server's time zone: the host's.
func ServerZone() *time.Location { return time.Local }

// DigestDue tells whether u's digest is to be sent at now: the account
// is open, asked for a digest and its next one has come.
func DigestDue(u store.User, now time.Time) bool {
	return !u.Closed && u.Digest != "" && !u.DigestNext.IsZero() && !u.DigestNext.After(now)
}
