package board

import (
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// TestMovePrefix: of the words of a reply, the longest start that
// plays in order on the board of a real store is its moves, a "#n"
// left out; words that do not play are none; the board read is not
// changed.
func TestMovePrefix(t *testing.T) {
	nim := enginetest.Nim{}
	reg := engine.NewRegistry(nim)
	st := listStore(t, store.Board{Game: "nim", Number: 101, Players: []string{"alice", "bob"}, Options: map[string]string{"stones": "4"},
		Log: []store.Entry{{Seat: 0, Move: "take1"}}})
	var b store.Board
	if err := st.View(func(tx *store.Tx) (err error) { b, err = tx.Board("nim", 101); return }); err != nil {
		t.Fatal(err)
	}
	g, pos, err := Replay(reg, nil, b, -1)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		words string
		want  int
	}{
		{"take2 take1 thanks for the game", 2},
		{"take2#1 take1", 2},
		{"take3", 1},
		{"take3 take1", 1},
		{"hello take1", 0},
		{"", 0},
	} {
		if got := MovePrefix(g, pos, strings.Fields(c.words)); got != c.want {
			t.Errorf("MovePrefix(%q) = %d, want %d", c.words, got, c.want)
		}
	}
	if legal := pos.Legal(); len(legal) != 3 {
		t.Errorf("the position was changed: legal %v", legal)
	}
}

// TestGameHelp: a game's help gives its players, its options with
// their defaults and how to start a board of it.
func TestGameHelp(t *testing.T) {
	text := lang.InEnglish(GameHelp(enginetest.Nim{})...)
	for _, want := range []string{"2-4", "-stones=N", "stones in the pile", "10", "nim challenge <userid> <password> <player1>"} {
		if !strings.Contains(text, want) {
			t.Errorf("nim help lacks %q:\n%s", want, text)
		}
	}
}

// TestMovePrefixOn: the words of a reply play on the running board of
// a real store as it stands; on a board that is over or not there,
// none do.
func TestMovePrefixOn(t *testing.T) {
	reg := engine.NewRegistry(enginetest.Nim{})
	st := listStore(t,
		store.Board{Game: "nim", Number: 101, Players: []string{"alice", "bob"}, Options: map[string]string{"stones": "2"}},
		store.Board{Game: "nim", Number: 102, Players: []string{"alice", "bob"}, Over: true})
	replay := func(b store.Board) (engine.Game, engine.State, error) { return Replay(reg, nil, b, -1) }
	st.View(func(tx *store.Tx) error {
		for _, c := range []struct {
			n     int
			words string
			want  int
		}{
			{101, "take2 gg", 1},
			{101, "take3", 0},
			{102, "take1", 0},
			{103, "take1", 0},
		} {
			if got := MovePrefixOn(tx, replay, "nim", c.n, strings.Fields(c.words)); got != c.want {
				t.Errorf("MovePrefixOn(%d, %q) = %d, want %d", c.n, c.words, got, c.want)
			}
		}
		return nil
	})
}
