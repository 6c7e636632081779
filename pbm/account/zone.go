package account

import (
	"strings"
	"time"

	// The zone database is built in, so that a zone a player names is
	// known on a host without one.
	_ "time/tzdata"

	"github.com/pbmgo/pbm/store"
)

// Zone reads an IANA time zone name ("Europe/Budapest", "UTC"); ok is
// false for a name the database does not know. "server" or "none"
// is the server's zone, returned as "".
func Zone(name string) (canonical string, ok bool) {
	switch strings.ToLower(name) {
	case "server", "none", "default":
		return "", true
	case "", "local":
		return "", false
	}
	if len(name) > 64 || strings.ContainsAny(name, " \t\r\n") {
		return "", false
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return "", false
	}
	return loc.String(), true
}

// Location is the time zone of an account: its own, else server.
func Location(u store.User, server *time.Location) *time.Location {
	if u.TimeZone != "" {
		if loc, err := time.LoadLocation(u.TimeZone); err == nil {
			return loc
		}
	}
	if server == nil {
		return time.UTC
	}
	return server
}
