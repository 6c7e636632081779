package account

import (
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestZoneOf: an account's own zone, else the server's; an unknown
// account has the server's.
func TestZoneOf(t *testing.T) {
	st := storetest.Open(t)
	server := time.FixedZone("server", 3600)
	if err := st.Update(func(tx *store.Tx) error {
		if err := tx.PutUser(store.User{ID: "alice", TimeZone: "America/New_York"}); err != nil {
			return err
		}
		return tx.PutUser(store.User{ID: "bob"})
	}); err != nil {
		t.Fatal(err)
	}
	st.View(func(tx *store.Tx) error {
		for id, want := range map[string]string{"alice": "America/New_York", "bob": "server", "nobody": "server"} {
			if got := ZoneOf(tx, id, server).String(); got != want {
				t.Errorf("ZoneOf(%s) = %s, want %s", id, got, want)
			}
		}
		return nil
	})
}

// TestDigestIsDue: a digest is due when its next time has come, on an
// open account that asked for one.
func TestDigestIsDue(t *testing.T) {
	now := time.Date(2026, 3, 1, 6, 0, 0, 0, time.UTC)
	due := store.User{ID: "alice", Digest: "daily", DigestNext: now}
	if !DigestDue(due, now) {
		t.Error("a digest whose time has come is not due")
	}
	for what, u := range map[string]store.User{
		"closed": {ID: "alice", Digest: "daily", DigestNext: now, Closed: true},
		"off":    {ID: "alice", DigestNext: now},
		"unset":  {ID: "alice", Digest: "daily"},
		"later":  {ID: "alice", Digest: "weekly", DigestNext: now.Add(time.Minute)},
	} {
		if DigestDue(u, now) {
			t.Errorf("%s: due", what)
		}
	}
}

// TestServerZone: the server's zone is the host's.
func TestServerZone(t *testing.T) {
	if ServerZone() != time.Local {
		t.Errorf("ServerZone() = %v, want the host's %v", ServerZone(), time.Local)
	}
}
