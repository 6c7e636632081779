package board

import (
	"errors"
	"maps"
	"slices"
	"testing"

	"github.com/pbmgo/pbm/engine/enginetest"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestChallengeArgs: options and players in any order, the computer in
// any number of seats, persons found in the store under their own
// userid; the first refused argument says why, and nothing after it is
// read.
func TestChallengeArgs(t *testing.T) {
	db := storetest.Open(t)
	if err := db.Update(func(tx *store.Tx) error {
		for _, u := range []store.User{{ID: "Alice"}, {ID: "bob"}, {ID: "carol", Closed: true}} {
			if err := tx.PutUser(u); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	hex := hexemergo.Game{}
	for _, c := range []struct {
		args    []string
		want    []string
		opts    map[string]string
		kind    int // PlayerError's
		optKind int // OptionError's
	}{
		{[]string{"alice", "--nag=3", "BOB", "-alternate"}, []string{"Alice", "bob"}, map[string]string{"-nag": "3", "alternate": ""}, 0, 0},
		{[]string{"computer:nosuch", "bob"}, nil, nil, PlayerComputerLevel, 0},
		{[]string{"alice", "carol"}, nil, nil, PlayerBarred, 0},
		{[]string{"alice", "dave"}, nil, nil, PlayerBarred, 0},
		{[]string{"alice", "ALICE"}, nil, nil, PlayerTwice, 0},
		{[]string{"alice", "-stones=5", "carol"}, nil, nil, 0, OptionUnknown},
	} {
		err := db.View(func(tx *store.Tx) error {
			opts := map[string]string{}
			got, err := ChallengeArgs(hex, c.args, opts, func(a string) (string, bool, error) {
				u, bar, err := account.Find(tx, a)
				return u.ID, bar.Barred(), err
			})
			var pe *PlayerError
			var oe *OptionError
			switch {
			case c.kind == 0 && c.optKind == 0 && err != nil:
				t.Errorf("%v: %v", c.args, err)
			case c.kind != 0 && (!errors.As(err, &pe) || pe.Kind != c.kind):
				t.Errorf("%v: %v, want player refusal %d", c.args, err, c.kind)
			case c.optKind != 0 && (!errors.As(err, &oe) || oe.Kind != c.optKind):
				t.Errorf("%v: %v, want option refusal %d", c.args, err, c.optKind)
			case err == nil && (!slices.Equal(got, c.want) || !maps.Equal(opts, c.opts)):
				t.Errorf("%v: players %v options %v, want %v %v", c.args, got, opts, c.want, c.opts)
			}
			if c.kind == PlayerTwice && (pe == nil || pe.ID != "Alice") {
				t.Errorf("%v: the refusal names %+v, want Alice", c.args, pe)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	// The computer may take every seat.
	got, err := ChallengeArgs(enginetest.Nim{}, []string{"computer:easy", "computer:easy"}, map[string]string{}, nil)
	if err != nil || len(got) != 2 {
		t.Errorf("two computer seats: %v %v", got, err)
	}
}
