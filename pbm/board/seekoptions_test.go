package board

import (
	"errors"
	"testing"

	"github.com/pbmgo/pbm/engine/hexemergo"
)

// threeUp is hexemergo seating three to four: no seek's board of two
// is its.
type threeUp struct{ hexemergo.Game }

func (threeUp) Players() (int, int) { return 3, 4 }

// TestCheckSeek: options the game starts a board of two with pass,
// options it refuses are a SetupError, and a game that seats no
// fewer than three is not asked.
func TestCheckSeek(t *testing.T) {
	g := hexemergo.Game{}
	if err := CheckSeek(g, map[string]string{"-nag": "3"}); err != nil {
		t.Errorf("server options only: %v", err)
	}
	bad := map[string]string{"nosuchoption": "7"}
	err := CheckSeek(g, bad)
	var se *SetupError
	if !errors.As(err, &se) {
		t.Errorf("an option hexemergo refuses: %v, want a SetupError", err)
	}
	if err := CheckSeek(threeUp{}, bad); err != nil {
		t.Errorf("a game of three or more was asked: %v", err)
	}
}
