package board

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/engine/hexemergo"
)

// The bounds on a command's moves are checked before a game sees them
// and name the bound; moves within them come back as the game plays
// them.
func TestBoundsMoves(t *testing.T) {
	bd := Bounds{MaxMoves: 3, MaxMoveBytes: 10}
	var be *BoundError
	if _, err := bd.Moves(hexemergo.Game{}, []string{"a1", "b2", "c3", "d4"}); !errors.As(err, &be) || be.Msg.ID != "CmdTooManyMoves" {
		t.Errorf("four moves past three: %v", err)
	}
	if _, err := bd.Moves(hexemergo.Game{}, []string{strings.Repeat("x", 11)}); !errors.As(err, &be) || be.Msg.ID != "CmdMoveTooLong" || !strings.Contains(err.Error(), "11 bytes") {
		t.Errorf("a move of 11 bytes past 10: %v", err)
	}
	if _, err := bd.Moves(hexatri.Game{}, []string{"A1-A2", "B1-B2", "C1-C2"}); !errors.As(err, &be) || be.Msg.ID != "CmdTurnTooLong" {
		t.Errorf("a turn joined past 10 bytes: %v", err)
	}
	moves, err := bd.Moves(hexemergo.Game{}, []string{"a1", "b2"})
	if err != nil || len(moves) != 2 || moves[0] != "a1" {
		t.Errorf("within the bounds: %q, %v", moves, err)
	}
}
