package daemon

import (
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/store"
)

// TestTournamentPoisonByMail sends the tournaments that once stopped
// every clock through the daemon, over the loopback mail servers: each
// is refused when announced, naming the option, and nothing is stored;
// the organiser's limit (tournament.open) holds.
func TestTournamentPoisonByMail(t *testing.T) {
	h := startEmbedded(t)
	h.cfg.Games = engine.NewRegistry(hexatri.Game{})
	h.cfg.Tournament.Open = 1
	h.d.Close()
	var err error
	if h.d, err = Start(t.Context(), h.cfg); err != nil {
		t.Fatal(err)
	}
	h.mail = h.d.Local
	alice := h.signup("alice")
	for _, c := range []struct{ cmd, want string }{
		{"Poison roundrobin -size=99 --start=2027-01-01", "-size"},
		{"Poison pools --seats=3 -firstblood", "-firstblood"},
		{"Poison knockout --rounds=3", "--rounds"},
		// Good for three seats, not for the final table of two.
		{"Poison pools --seats=3 -size=7", "board of 2 players"},
		{"Poison swiss --rounds=2 --start=2000-01-01", "--start=2000-01-01"},
	} {
		r := h.command(alice, "hexatri tournament new alice pw-alice "+c.cmd, "")
		if text := strings.Join(strings.Fields(r.Text), " "); !strings.Contains(text, "Refused") || !strings.Contains(text, c.want) {
			t.Errorf("%s: want a refusal naming %s:\n%s", c.cmd, c.want, r.Text)
		}
	}
	h.d.Store.View(func(tx *store.Tx) error {
		if docs, _ := tx.Tournaments("hexatri"); len(docs) != 0 {
			t.Errorf("%d refused tournaments stored", len(docs))
		}
		return nil
	})
	if r := h.command(alice, "hexatri tournament new alice pw-alice Fine pools --seats=3 -size=4", ""); !strings.Contains(r.Text, "announced") {
		t.Fatalf("a good tournament: %s", r.Text)
	}
	r := h.command(alice, "hexatri tournament new alice pw-alice Second knockout", "")
	if text := strings.Join(strings.Fields(r.Text), " "); !strings.Contains(text, "alice already organises 1 tournament that has not ended") {
		t.Errorf("past tournament.open: %s", r.Text)
	}
}
