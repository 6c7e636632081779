package hexemergo

import (
	"slices"
	"strings"
	"testing"
)

// An illegal move is refused with what is wrong and what is legal
// instead, and the game is unchanged.
func TestRefusals(t *testing.T) {
	capture := "E7:X E6:O E4:O G7:O A1:X"
	for _, tc := range []struct {
		name, pos string
		turn      int
		hands     [2]int
		move      string
		want      string // the whole error text, or a prefix ending in "..."
	}{
		{"capture compulsory", capture, black, [2]int{0, 0}, "A1-A2",
			"capture is compulsory; the longest route takes 2 men: E7xE5xE3"},
		{"capture too short", capture, black, [2]int{0, 0}, "E7xE5",
			"E7xE5 takes 1 man, but a capture must take the most men; the longest route takes 2 men: E7xE5xE3"},
		{"entry instead of capture", capture, black, [2]int{0, 3}, "D4",
			"capture is compulsory; the longest route takes 2 men: E7xE5xE3"},
		{"not a jump", capture, black, [2]int{0, 0}, "E7xE4",
			"E7-E4 is not a legal capture: E4 is neither next to E7 nor a jump away; capture is compulsory; the longest route takes 2 men: E7xE5xE3"},
		{"enemy piece", capture, black, [2]int{0, 0}, "E6xE4",
			"E6xE4 is not a legal capture: the piece on E6 is not yours; capture is compulsory; the longest route takes 2 men: E7xE5xE3"},
		{"step with men in hand", "A1:O G7:X", white, [2]int{2, 2}, "A1-A2",
			"you have 2 men in hand and no capture, so you must enter; legal entries: A2, A3, A4, B1, B2, B3, B4, B5, ... (32 in all)"},
		{"entry on a full cell", "A1:O G7:X", white, [2]int{2, 2}, "g7",
			"G7 is not empty; legal entries: A2, A3, A4, B1, B2, B3, B4, B5, ... (32 in all)"},
		{"entry with an empty hand", "A1:O G7:X", white, [2]int{0, 0}, "D4",
			"you have no men in hand; legal moves: A1-A2, A1-B1, A1-B2"},
		{"step of an enemy piece", "A1:O G7:X", white, [2]int{0, 0}, "G7-G6",
			"the piece on G7 is not yours; legal moves: A1-A2, A1-B1, A1-B2"},
		{"step from an empty cell", "A1:O G7:X", white, [2]int{0, 0}, "D4-D5",
			"there is no piece on D4; legal moves: A1-A2, A1-B1, A1-B2"},
		{"step onto a full cell", "A1:O A2:O G7:X", white, [2]int{0, 0}, "A1-A2",
			"A2 is not empty; legal moves: A1-B1, A1-B2, A2-A3, A2-B2, A2-B3"},
		{"capture when none", "A1:O G7:X", white, [2]int{0, 0}, "A1xA3",
			"A1xA3 is not a legal move: the jump A1xA3 does not go over an enemy piece; legal moves: A1-A2, A1-B1, A1-B2"},
		{"step too far", "A1:O G7:X", white, [2]int{0, 0}, "A1-A4",
			"A1-A4 is not a legal move: A4 is neither next to A1 nor a jump away; legal moves: A1-A2, A1-B1, A1-B2"},
		{"route not a jump", capture, black, [2]int{0, 0}, "E7xE5xE4",
			"E7xE5xE4 is not a legal capture: E4 is not a jump away from E5; capture is compulsory; the longest route takes 2 men: E7xE5xE3"},
		{"not a cell", "A1:O G7:X", white, [2]int{0, 0}, "A1-A0",
			`cannot read "A1-A0": "A0" is not a cell of the board (A1-A4, B1-B5, C1-C6, D1-D7, E2-E7, F3-F7, G4-G7); legal now: A1-A2, A1-B1, A1-B2`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := setup(t, tc.turn, tc.hands[0], tc.hands[1], tc.pos)
			before, legal, hist := boardText(s), s.Legal(), len(s.hist)
			_, err := s.Play(tc.move)
			if err == nil {
				t.Fatalf("%s accepted", tc.move)
			}
			if err.Error() != tc.want {
				t.Errorf("%s:\n got %s\nwant %s", tc.move, err, tc.want)
			}
			if boardText(s) != before || !slices.Equal(s.Legal(), legal) || len(s.hist) != hist || s.ToMove() != tc.turn {
				t.Error("the refused move changed the game")
			}
			for _, line := range strings.Split(err.Error(), "\n") {
				if len(line) > 200 {
					t.Errorf("error line of %d characters", len(line))
				}
			}
		})
	}
}
