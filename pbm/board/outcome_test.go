package board

import (
	"encoding/json"
	"testing"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// A finished board's outcome is kept as its message, which the store
// keeps through JSON and which is written in each reader's language,
// the engine's reason too; a board kept before the message was has
// its English read back, and an outcome of another kind stays as it
// is.
func TestOutcomeKeptAsMessage(t *testing.T) {
	c, err := lang.Load()
	if err != nil {
		t.Fatal(err)
	}
	msg := lang.M("StatusWonWhy", "Winners", AndList([]string{"alice", "bob"}), "Reason", lang.M("HexatriLastPlayer", "Letter", "A"))
	b := store.Board{Game: "hexatri", Number: 7, Players: []string{"alice", "bob", "carol"}, Over: true,
		Outcome: lang.English().Render(msg), Result: Keep(msg)}
	if b.Outcome != "Game won by alice and bob (A is the last player in the game)." {
		t.Fatalf("English outcome %q", b.Outcome)
	}
	data, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	var back store.Board
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	for _, code := range lang.Codes {
		p := c.For(code)
		if got, want := p.Render(OutcomeMsg(back)), p.Render(msg); got != want {
			t.Errorf("%s: kept outcome written %q, want %q", code, got, want)
		}
	}
	if got := c.For("hu").Render(OutcomeMsg(back)); got != "A játszmát alice és bob nyerte (A az utolsó játékos a játszmában)." {
		t.Errorf("hu outcome %q", got)
	}

	// An old board: no message kept; the frame is read back, the
	// engine's reason stays English.
	old := back
	old.Result = nil
	if got := c.For("hu").Render(OutcomeMsg(old)); got != "A játszmát alice és bob nyerte (A is the last player in the game)." {
		t.Errorf("old hu outcome %q", got)
	}
	// A kept message that is not the outcome's (an outcome changed by
	// hand) gives way to the outcome.
	old.Result, old.Outcome = Keep(msg), "Something else."
	if got := c.For("de").Render(OutcomeMsg(old)); got != "Something else." {
		t.Errorf("mismatched outcome %q", got)
	}
	// Old records still read: the JSON of a board without "result".
	var legacy store.Board
	if err := json.Unmarshal([]byte(`{"game":"nim","number":3,"players":["alice","bob"],"over":true,"outcome":"Game was a tie (draw agreed)."}`), &legacy); err != nil {
		t.Fatal(err)
	}
	if got := c.For("nl").Render(OutcomeMsg(legacy)); got != c.For("nl").T("StatusTieWhy", "Reason", lang.M("ReasonDrawAgreed")) || got == legacy.Outcome {
		t.Errorf("legacy nl outcome %q", got)
	}
	// Nothing panics on a message kept wrong.
	bad := &store.Message{Parts: []store.MessagePart{
		{ID: "StatusWonWhy", Data: map[string]store.Value{"Winners": {Part: 1}, "Reason": {Part: 9}}},
		{ID: "NoSuchMessage", Data: map[string]store.Value{"X": {Part: 1}}},
	}}
	if got := c.For("cs").Render(Kept(bad)); got == "" {
		t.Error("a message kept wrong is not written")
	}
	if got := c.For("cs").Render(Kept(nil)) + c.For("cs").Render(Kept(&store.Message{})); got != "" {
		t.Errorf("no message written as %q", got)
	}
}
