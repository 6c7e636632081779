package board

import (
	"errors"
	"maps"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
	"github.com/pbmgo/pbm/engine/hexemergo"
)

// TestOption: the server's options are kept under "-name" within their
// day limits (pbmserv's names too), the game's options under their
// name with a value exactly when they take one; a refused option says
// why and keeps nothing.
func TestOption(t *testing.T) {
	hex, nim := hexemergo.Game{}, enginetest.Nim{}
	for _, c := range []struct {
		g    engine.Game
		arg  string
		want map[string]string
		kind int
	}{
		{hex, "--nag=3", map[string]string{"-nag": "3"}, 0},
		{hex, "--ForfeitTime=365", map[string]string{"-forfeit": "365"}, 0},
		{hex, "--forfeit=366", nil, OptionDays},
		{hex, "--nag=0", nil, OptionDays},
		{hex, "--total=1.5", map[string]string{"-total": "1.5"}, 0},
		{hex, "--add=0", map[string]string{"-add": "0"}, 0},
		{hex, "--cap=0", nil, OptionBankDays},
		{hex, "--total=x", nil, OptionBankDays},
		{hex, "--colour=red", nil, OptionServer},
		{hex, "-Alternate", map[string]string{"alternate": ""}, 0},
		{hex, "-alternate=1", nil, OptionNoValue},
		{hex, "-stones=5", nil, OptionUnknown},
		{nim, "-stones=5", map[string]string{"stones": "5"}, 0},
		{nim, "-stones", nil, OptionWantValue},
	} {
		opts := map[string]string{}
		err := Option(c.g, c.arg, opts)
		var oe *OptionError
		switch {
		case c.kind == 0 && err != nil:
			t.Errorf("%s %s: %v", c.g.Name(), c.arg, err)
		case c.kind != 0 && (!errors.As(err, &oe) || oe.Kind != c.kind || oe.Arg != c.arg):
			t.Errorf("%s %s: %v, want kind %d", c.g.Name(), c.arg, err, c.kind)
		case c.kind == 0 && !maps.Equal(opts, c.want), c.kind != 0 && len(opts) != 0:
			t.Errorf("%s %s: kept %v, want %v", c.g.Name(), c.arg, opts, c.want)
		}
		if c.kind == OptionWantValue && (oe == nil || oe.Option.Value == "") {
			t.Errorf("%s %s: the refusal does not name the value wanted", c.g.Name(), c.arg)
		}
	}
}

// TestCheckSeats: the challenger takes a seat (any case), and the game
// is for that many players.
func TestCheckSeats(t *testing.T) {
	nim := enginetest.Nim{}
	min, max := nim.Players()
	seats := func(n int) []string {
		out := []string{"Alice"}
		for len(out) < n {
			out = append(out, "computer:easy")
		}
		return out
	}
	if err := CheckSeats(nim, seats(min), "alice"); err != nil {
		t.Errorf("%d seats: %v", min, err)
	}
	if err := CheckSeats(nim, []string{"bob", "carol"}[:min], "alice"); !errors.Is(err, ErrChallengerOut) {
		t.Errorf("without the challenger: %v", err)
	}
	if err := CheckSeats(nim, seats(max+1), "alice"); !errors.Is(err, ErrSeatCount) {
		t.Errorf("%d seats: %v", max+1, err)
	}
	if min > 1 {
		if err := CheckSeats(nim, seats(min-1), "alice"); !errors.Is(err, ErrSeatCount) {
			t.Errorf("%d seats: %v", min-1, err)
		}
	}
}
