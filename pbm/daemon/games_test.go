package daemon

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/eko"
	"github.com/pbmgo/pbm/engine/esagek"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/store"
)

// TestRealGamesByMail plays a whole game of every real game and
// variant by mail over the loopback servers: the players sign up, the
// first challenges, and each move is a mail of the player to move,
// chosen at random among the engine's legal moves on a replica of the
// board. Every player finds the final board and the result in his
// mailbox.
func TestRealGamesByMail(t *testing.T) {
	cases := []struct {
		game    engine.Game
		players int
		opts    string
	}{
		{hexemergo.Game{}, 2, ""},
		{hexemergo.Game{}, 2, "-alternate"},
		{esagek.Game{}, 2, ""},
		{esagek.Game{}, 1, "-alone"},
		{esagek.Game{}, 3, "-invasion"},
		{esagek.Game{}, 3, "-surrounder"},
		{hexatri.Game{}, 3, ""},
		{eko.Game{}, 3, ""},
	}
	for i, c := range cases {
		name := fmt.Sprintf("%s/%d%s", c.game.Name(), c.players, c.opts)
		t.Run(name, func(t *testing.T) {
			if testing.Short() && i > 0 {
				t.Skip("one game in -short")
			}
			playByMail(t, c.game, c.players, c.opts, uint64(i+1))
		})
	}
}

func playByMail(t *testing.T, g engine.Game, players int, opts string, seed uint64) {
	h := startEmbedded(t)
	h.cfg.Games = engine.NewRegistry(g)
	h.d.Close()
	var err error
	if h.d, err = Start(t.Context(), h.cfg); err != nil {
		t.Fatal(err)
	}
	h.mail = h.d.Local
	var ps []*player.Player
	var names []string
	for i := 0; i < players; i++ {
		name := fmt.Sprintf("p%d", i+1)
		ps = append(ps, h.signup(name))
		names = append(names, name)
	}
	r := h.command(ps[0], fmt.Sprintf("%s challenge p1 pw-p1 %s %s", g.Name(), strings.Join(names, " "), opts), "")
	if !strings.Contains(r.Text, "OK: ") {
		t.Fatalf("challenge: %s", r.Text)
	}
	var b store.Board
	h.d.Store.View(func(tx *store.Tx) error { b, err = tx.Board(g.Name(), 101); return err })
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(players, b.Options, b.Seed)
	if err != nil {
		t.Fatal(err)
	}
	// The moves go out one mail each, in order, without waiting for the
	// answers; #n keeps them honest.
	rng := rand.New(rand.NewPCG(seed, 7))
	n := 0
	var lastID string
	var lastFrom *player.Player
	for !st.Result().Over && n < 400 {
		legal := st.Legal()
		seat := st.ToMove()
		mv := legal[rng.IntN(len(legal))]
		if _, err := st.Play(mv); err != nil {
			t.Fatalf("replica refused %s: %v", mv, err)
		}
		n++
		lastFrom = ps[seat]
		lastID, err = ps[seat].Send(fmt.Sprintf("%s move 101 p%d pw-p%d %s#%d", g.Name(), seat+1, seat+1, mv, n), "")
		if err != nil {
			t.Fatal(err)
		}
	}
	// A game still running after 400 moves is ended by resignations,
	// which the mail protocol plays too.
	for seat := 0; !st.Result().Over && seat < players; seat++ {
		if err := st.Resign(seat); err != nil {
			continue
		}
		n++
		lastFrom = ps[seat]
		lastID, _ = ps[seat].Send(fmt.Sprintf("%s resign 101 p%d pw-p%d", g.Name(), seat+1, seat+1), "")
	}
	if lastFrom != nil {
		reply, err := lastFrom.Reply(lastID, 2*time.Minute)
		if err != nil {
			t.Fatalf("no reply to the last move: %v", err)
		}
		if !strings.Contains(reply.Text, "OK: ") {
			t.Fatalf("last move refused: %s", reply.Text)
		}
	}
	h.d.Store.View(func(tx *store.Tx) error { b, err = tx.Board(g.Name(), 101); return err })
	if !b.Over || len(b.Log) != n {
		t.Fatalf("board after %d mails: over=%v, %d entries", n, b.Over, len(b.Log))
	}
	for _, p := range ps {
		_, err := p.Await(time.Minute, func(ms []player.Mail) bool {
			for _, m := range ms {
				if m.Subject == g.Title()+" Board 101" && strings.Contains(m.Text, b.Outcome) {
					return true
				}
			}
			return false
		})
		if err != nil {
			t.Errorf("%s lacks the final board with %q: %v", p.Address, b.Outcome, err)
		}
	}
	t.Logf("%s: %d moves by mail; %s", g.Name(), n, b.Outcome)
}
