package board

import (
	"errors"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/store"
)

// TestNew: a new board takes the game's next number, keeps the game's
// options and not the server's, takes its clock from the server's
// options or else the defaults, and starts from the seed; an engine's
// refusal is a SetupError and uses no number.
func TestNew(t *testing.T) {
	st := listStore(t)
	g := hexemergo.Game{}
	var boards []store.Board
	var states []engine.State
	err := st.Update(func(tx *store.Tx) error {
		for _, opts := range []map[string]string{
			{"alternate": "", "-nag": "3", "-total": "30"},
			{"-forfeit": "9"},
		} {
			b, s, err := New(tx, g, []string{"alice", "bob"}, opts, 42, t0, Days{Nag: 2, Forfeit: 7})
			if err != nil {
				return err
			}
			boards, states = append(boards, b), append(states, s)
		}
		_, _, err := New(tx, g, []string{"alice", "bob", "carol"}, nil, 1, t0, Days{})
		var se *SetupError
		if !errors.As(err, &se) || se.Err == nil {
			t.Errorf("three players at hexemergo: %v, want a SetupError", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	a, b := boards[0], boards[1]
	if a.Number != 101 || b.Number != 102 || a.Game != "hexemergo" || a.Seed != 42 || !a.Created.Equal(t0) || !a.Updated.Equal(t0) {
		t.Errorf("first board: %+v", a)
	}
	if len(a.Options) != 1 || a.Options["alternate"] != "" || a.NagDays != 3 || a.ForfeitDays != 7 || a.TotalDays != 30 {
		t.Errorf("options and clock of the first board: %v, nag %d forfeit %d total %d", a.Options, a.NagDays, a.ForfeitDays, a.TotalDays)
	}
	if b.Options != nil || b.NagDays != 2 || b.ForfeitDays != 9 || b.TotalDays != 0 {
		t.Errorf("options and clock of the second board: %v, nag %d forfeit %d total %d", b.Options, b.NagDays, b.ForfeitDays, b.TotalDays)
	}
	if want, err := g.New(2, map[string]string{"alternate": ""}, 42); err != nil || len(states[0].Legal()) != len(want.Legal()) || len(states[0].Legal()) == len(states[1].Legal()) {
		t.Errorf("the first position does not follow the options: %d legal moves with -alternate, %d without", len(states[0].Legal()), len(states[1].Legal()))
	}
	err = st.Update(func(tx *store.Tx) error {
		n, err := tx.NextBoardNumber("hexemergo")
		if n != 103 {
			t.Errorf("the refused board took a number: next is %d", n)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
