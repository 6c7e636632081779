package drawing

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine/picture/picturetest"
)

// TestPictureSizes prints, for every game and player count, the median
// size in bytes of the PNG over a board's positions, move after move
// (with the last move marked and userids on the seats, as the server
// draws them), and checks that none exceeds the ceiling TestPNG sets.
// PBM_PICTURE_SIZES names a file the table is written to as well.
func TestPictureSizes(t *testing.T) {
	if testing.Short() {
		t.Skip("draws some 400 pictures")
	}
	var table strings.Builder
	for _, v := range boards() {
		if _, err := v.game.New(v.players, v.opts, 1); err != nil {
			continue
		}
		var sizes []int
		for plies := 0; plies <= 60; plies += 5 {
			st, log := picturetest.Play(t, v.game, v.players, v.opts, 7, plies, nil)
			p := picturetest.Describe(t, st)
			if len(log) > 0 && p.Last == "" {
				p.MarkLast(log[len(log)-1])
			}
			for i := range p.Seats {
				p.Seats[i].Player = fmt.Sprintf("player%d", i+1)
			}
			var b bytes.Buffer
			if err := PNG(&b, p); err != nil {
				t.Fatal(err)
			}
			if b.Len() > 96<<10 {
				t.Errorf("%s after %d moves: %d bytes, over 96 KiB", v.name, plies, b.Len())
			}
			sizes = append(sizes, b.Len())
		}
		slices.Sort(sizes)
		fmt.Fprintf(&table, "%-22s %7d\n", v.name, sizes[len(sizes)/2])
	}
	t.Logf("median PNG bytes over positions:\n%s", table.String())
	if f := os.Getenv("PBM_PICTURE_SIZES"); f != "" {
		if err := os.WriteFile(f, []byte(table.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
