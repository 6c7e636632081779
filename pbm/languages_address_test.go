package pbm

import (
	"errors"
	"strings"

	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/store"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
)

// A mail that names no account (help, list) is answered in the
// language of the account at its sender's address; a stranger's in
// the server's.
func TestHelpAloneInTheAddressLanguage(t *testing.T) {
	f := newFixture(t)
	f.signupIn("alice", "hu")
	cat, _ := lang.Load()
	hu := cat.For("hu")
	r := f.answer(f.send("alice@players.test", "help", ""), "alice@players.test")
	checkHelpIn(t, f, hu, "help alone from a Hungarian address", helpBody(t, r.Text, "help"))
	r = f.answer(f.send("alice@players.test", "list", ""), "alice@players.test")
	mustContain(t, "list alone from a Hungarian address", r.Text, "Rendben:")
	r = f.answer(f.send("stranger@players.test", "help", ""), "stranger@players.test")
	mustContain(t, "help from a stranger", r.Text, "OK:")
	mustLack(t, "help from a stranger", r.Text, "Rendben:")
}

// An engine's refusal reaches the player in the player's language,
// the notation as the rule book writes it; the rules summary of a game
// is in the reader's language when the engine has it.
func TestEngineRefusalAndRulesInLanguage(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.Games = engine.NewRegistry(hexemergo.Game{}, hexatri.Game{})
	f.signupIn("jana", "cs")
	f.signupIn("petr", "cs")
	f.signupIn("ann", "en")
	f.send("jana@players.test", "hexemergo challenge jana pw-jana jana petr", "")
	r := f.answer(f.send("jana@players.test", "hexemergo move 101 jana pw-jana Z99", ""), "jana@players.test")
	cat, _ := lang.Load()
	en := cat.For("en")
	mustContain(t, "a Czech refusal", r.Text, "Z99")
	if !strings.Contains(r.Text, cat.For("cs").T("ReplyRefused")) {
		t.Errorf("not refused in Czech:\n%s", r.Text)
	}
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	// The engine's English sentence is not in the Czech answer.
	var b store.Board
	f.st.View(func(tx *store.Tx) (err error) { b, err = tx.Board("hexemergo", 101); return })
	st, _ := hexemergo.Game{}.New(2, nil, b.Seed)
	_, err := st.Play("Z99")
	if err == nil {
		t.Fatal("Z99 is legal")
	}
	if strings.Contains(flat(r.Text), flat(err.Error())) {
		t.Errorf("the engine's English refusal %q in a Czech answer:\n%s", err.Error(), r.Text)
	}
	var ref *engine.Refusal
	if !errors.As(err, &ref) || !strings.Contains(flat(r.Text), flat(cat.For("cs").Render(board.Message(ref)))) {
		t.Errorf("the Czech answer lacks the refusal in Czech %q:\n%s", cat.For("cs").Render(board.Message(ref)), r.Text)
	}
	// In English the sentence is the engine's own.
	f.send("ann@players.test", "hexemergo challenge ann pw-ann ann jana", "")
	r = f.answer(f.send("ann@players.test", "hexemergo move 102 ann pw-ann Z99", ""), "ann@players.test")
	mustContain(t, "an English refusal", r.Text, en.T("ReplyRefused"))
	if !strings.Contains(flat(r.Text), flat(err.Error())) {
		t.Errorf("the English answer lacks the engine's sentence %q:\n%s", err.Error(), r.Text)
	}

	// The rules: Czech for HexEmergo (its rule book's language), and
	// English for a reader without a translation.
	cs, ok := engine.HelpIn(hexemergo.Game{}, "cs")
	if !ok {
		t.Fatal("HexEmergo has no Czech summary")
	}
	r = f.answer(f.send("jana@players.test", "hexemergo help", ""), "jana@players.test")
	first := strings.SplitN(strings.TrimSpace(cs), "\n", 2)[0]
	mustContain(t, "HexEmergo rules in Czech", r.Text, first)
	r = f.answer(f.send("ann@players.test", "hexemergo help", ""), "ann@players.test")
	mustContain(t, "HexEmergo rules in English", r.Text, strings.SplitN(strings.TrimSpace(hexemergo.Game{}.Help()), "\n", 2)[0])
}
