package config

import (
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/guard"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/limit"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/pbm/tournament"
	"golang.org/x/crypto/bcrypt"
)

// TestCompleteDefaults: a configuration that gives only a store and an
// address gets the default of every other field.
func TestCompleteDefaults(t *testing.T) {
	st := storetest.Open(t)
	cfg, err := Config{Store: st, Address: "PBM@Example.ORG"}.Complete()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Address != "pbm@example.org" || cfg.Domain() != "example.org" {
		t.Errorf("address %q, domain %q", cfg.Address, cfg.Domain())
	}
	if cfg.Games == nil || cfg.Now == nil || cfg.Logger == nil {
		t.Errorf("games, clock or logger left nil")
	}
	ints := []struct {
		name      string
		got, want int
	}{
		{"MaxCommands", cfg.MaxCommands, 50}, {"NagDays", cfg.NagDays, 7}, {"ForfeitDays", cfg.ForfeitDays, 21},
		{"VacationDays", cfg.VacationDays, 30}, {"ConfirmDays", cfg.ConfirmDays, 3}, {"RateLimit", cfg.RateLimit, 60},
		{"MessageLimit", cfg.MessageLimit, 40}, {"MaxSignups", cfg.MaxSignups, limit.DefaultSignups},
		{"MaxPasswordWork", cfg.MaxPasswordWork, limit.DefaultPasswordWork}, {"MaxLists", cfg.MaxLists, limit.DefaultLists},
		{"MaxAccounts", cfg.MaxAccounts, 5}, {"BcryptCost", cfg.BcryptCost, bcrypt.DefaultCost},
	}
	for _, c := range ints {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.name, c.got, c.want)
		}
	}
	if cfg.Name != "PBM Server" || cfg.BackupDir != "." || cfg.Language != lang.Default {
		t.Errorf("name %q, backup dir %q, language %q", cfg.Name, cfg.BackupDir, cfg.Language)
	}
	if cfg.DedupeWindow != guard.DefaultDedupeWindow {
		t.Errorf("dedupe window %v", cfg.DedupeWindow)
	}
	if cfg.AttemptFile != st.Path()+".handling" {
		t.Errorf("attempt file %q", cfg.AttemptFile)
	}
	// The core's own bounds are left as given.
	if cfg.MaxLineBytes != 0 || cfg.MaxMoveBytes != 0 || cfg.MaxMoves != 0 || cfg.MailTimeout != 0 {
		t.Errorf("core bounds set: %d %d %d %v", cfg.MaxLineBytes, cfg.MaxMoveBytes, cfg.MaxMoves, cfg.MailTimeout)
	}
}

// TestCompleteKeepsGiven: what is given is kept, and the language is
// written as the catalogue's code.
func TestCompleteKeepsGiven(t *testing.T) {
	st := storetest.Open(t)
	now := func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }
	in := Config{Store: st, Address: "pbm@example.org", Name: "Games", MaxCommands: 7, RateLimit: 3, MaxAccounts: 9,
		DedupeWindow: time.Hour, BcryptCost: bcrypt.MinCost, AttemptFile: "/x", Language: "HU", Now: now,
		Tournaments: tournament.Limits{Open: 4}}
	cfg, err := in.Complete()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Name != "Games" || cfg.MaxCommands != 7 || cfg.RateLimit != 3 || cfg.MaxAccounts != 9 || cfg.DedupeWindow != time.Hour ||
		cfg.BcryptCost != bcrypt.MinCost || cfg.AttemptFile != "/x" || cfg.Tournaments.Open != 4 {
		t.Errorf("given fields changed: %+v", cfg)
	}
	if cfg.Language != "hu" {
		t.Errorf("language %q, want hu", cfg.Language)
	}
	if !cfg.Now().Equal(now()) {
		t.Errorf("clock replaced")
	}
}

// TestCompleteRefuses: no store, an address without a domain and a
// language not in the catalogue are refused, each saying so.
func TestCompleteRefuses(t *testing.T) {
	st := storetest.Open(t)
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{Address: "pbm@example.org"}, "no store"},
		{Config{Store: st, Address: "pbm"}, `server address "pbm" has no domain`},
		{Config{Store: st, Address: "pbm@"}, "has no domain"},
		{Config{Store: st, Address: "pbm@example.org", Language: "xx"}, `server language "xx" is not one of`},
	} {
		if _, err := c.cfg.Complete(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want %q", c.cfg, err, c.want)
		}
	}
}

// TestIsAdmin: the admins are named without regard to case.
func TestIsAdmin(t *testing.T) {
	cfg := Config{Admins: []string{"Alice", "bob"}}
	for id, want := range map[string]bool{"alice": true, "ALICE": true, "Bob": true, "carol": false, "": false} {
		if got := cfg.IsAdmin(id); got != want {
			t.Errorf("IsAdmin(%q) = %v, want %v", id, got, want)
		}
	}
}
