package board

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/lang"
)

// TestWhy: a SetupError is written as the engine's refusal it holds,
// a bank's refusal as its message, any other error as its text.
func TestWhy(t *testing.T) {
	g := hexemergo.Game{}
	err := CheckSetup(g, 3, nil)
	var se *SetupError
	if !errors.As(err, &se) {
		t.Fatalf("three players at hexemergo: %v, want a SetupError", err)
	}
	got := lang.English().Render(Why(err))
	if got == "" || strings.Contains(got, "new board:") {
		t.Errorf("Why of a SetupError %q (error %q)", got, err)
	}
	bank := CheckBank(map[string]string{"-add": "1"})
	var be *BankError
	if !errors.As(bank, &be) {
		t.Fatalf("--add without --total: %v, want a BankError", bank)
	}
	if m := Why(bank); m.ID != be.Msg.ID || m.ID == "" {
		t.Errorf("Why of a BankError is %q, want %q", m.ID, be.Msg.ID)
	}
	if got := lang.English().Render(Why(errors.New("disk full"))); got != "disk full" {
		t.Errorf("Why of another error %q", got)
	}
}
