package board

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/eko"
	"github.com/pbmgo/pbm/engine/esagek"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/engine/picture"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// playedBoard is a board of g between alice and bob after up to plies
// seeded random moves, and its position.
func playedBoard(t *testing.T, g engine.Game, plies int) (store.Board, engine.State) {
	t.Helper()
	return playedWith(t, g, plies, rand.New(rand.NewPCG(3, 4)))
}

// playedWith is a board of g, alice against bob, after at most plies
// random legal moves drawn from rng, and its position.
func playedWith(t *testing.T, g engine.Game, plies int, rng *rand.Rand) (store.Board, engine.State) {
	t.Helper()
	reg := engine.NewRegistry(g)
	b := store.Board{Game: g.Name(), Number: 101, Seed: 9, Players: []string{"alice", "bob"}}
	for ply := 0; ply < plies; ply++ {
		_, st, err := Replay(reg, nil, b, -1)
		if err != nil {
			t.Fatal(err)
		}
		if st.ToMove() < 0 {
			break
		}
		legal := st.Legal()
		b.Log = append(b.Log, store.Entry{Seat: st.ToMove(), Move: legal[rng.IntN(len(legal))]})
	}
	_, st, err := Replay(reg, nil, b, -1)
	if err != nil {
		t.Fatal(err)
	}
	return b, st
}

// The words of each language's picture that English would write
// instead.
var pictureWords = map[string]struct{ toMove, last, out string }{
	"hu": {"következik", "Utolsó lépés:", "(kiesett)"},
	"cs": {"Na tahu:", "Poslední tah:", "(vyřazen)"},
	"nl": {"is aan zet", "Laatste zet:", "(uitgeschakeld)"},
	"de": {"ist am Zug", "Letzter Zug:", "(ausgeschieden)"},
}

// TestPictureIn: in English the picture is the engine's with the
// players on their seats and the last move marked, and the drawing's
// own words left to the drawing, as board mails have always drawn it;
// in another language its status, notes, colour words, key, title and
// labels are written in the language and differ from the English, the
// cells and pieces the same.
func TestPictureIn(t *testing.T) {
	cat, err := lang.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []engine.Game{hexemergo.Game{}, esagek.Game{}, hexatri.Game{}, eko.Game{}} {
		b, st := playedBoard(t, g, 8)
		want := st.(picture.Source).Picture()
		en, ok := PictureIn(cat.For("en"), b, st)
		if !ok {
			t.Fatalf("%s: no picture", g.Name())
		}
		if en.Title != "" || en.LastLabel != "" || en.OutLabel != "" {
			t.Errorf("%s: the English picture has the drawing's words written: %q %q %q", g.Name(), en.Title, en.LastLabel, en.OutLabel)
		}
		if en.Status != want.Status || en.Last == "" || en.Seats[0].Player != "alice" || en.Seats[1].Player != "bob" {
			t.Errorf("%s: English status %q (engine %q), last %q, seats %+v", g.Name(), en.Status, want.Status, en.Last, en.Seats)
		}
		for i, s := range en.Seats {
			if s.Label != "" || s.Note != want.Seats[i].Note {
				t.Errorf("%s: English seat %d: label %q, note %q (engine %q)", g.Name(), i, s.Label, s.Note, want.Seats[i].Note)
			}
		}
		for i, k := range en.Key {
			if k.Name != want.Key[i].Name {
				t.Errorf("%s: English key %q, engine %q", g.Name(), k.Name, want.Key[i].Name)
			}
		}
		for _, code := range lang.Codes[1:] {
			pr := cat.For(code)
			p, _ := PictureIn(pr, b, st)
			w := pictureWords[code]
			if p.Cells == nil || p.Text() == en.Text() {
				t.Errorf("%s in %s: the picture is the English one", g.Name(), code)
			}
			if p.Status == en.Status || p.Status != pr.Render(Message(want.StatusMsg)) {
				t.Errorf("%s in %s: status %q (English %q)", g.Name(), code, p.Status, en.Status)
			}
			who := p.Seats[st.ToMove()]
			if !strings.HasPrefix(p.Title, p.Game+" · "+p.Status+" · ") || !strings.Contains(p.Title, w.toMove) || !strings.Contains(p.Title, who.Label) {
				t.Errorf("%s in %s: title %q", g.Name(), code, p.Title)
			}
			if p.LastLabel != w.last || p.OutLabel != w.out {
				t.Errorf("%s in %s: labels %q %q", g.Name(), code, p.LastLabel, p.OutLabel)
			}
			for i, s := range p.Seats {
				colour := pr.Render(Message(want.Seats[i].ColourMsg))
				if s.Label != colour+" ("+b.Players[i]+")" || colour == s.Colour || s.Colour != en.Seats[i].Colour {
					t.Errorf("%s in %s: seat %d label %q, colour %q", g.Name(), code, i, s.Label, s.Colour)
				}
				if s.Note == en.Seats[i].Note || s.Note == "" {
					t.Errorf("%s in %s: seat %d note %q (English %q)", g.Name(), code, i, s.Note, en.Seats[i].Note)
				}
			}
			for i, k := range p.Key {
				if k.Name == en.Key[i].Name || k.Name == "" {
					t.Errorf("%s in %s: key %q (English %q)", g.Name(), code, k.Name, en.Key[i].Name)
				}
			}
			for _, english := range []string{"to move", "Turn ", "Round ", "Move ", "Game over", " in hand", " on board", " pieces"} {
				if strings.Contains(p.Title, english) {
					t.Errorf("%s in %s: the title %q holds %q", g.Name(), code, p.Title, english)
				}
			}
		}
	}
}

// A board removed by a decline: its picture says so in the language,
// with no one to move; a finished game's, how it ended.
func TestPictureInAtTheEnd(t *testing.T) {
	cat, err := lang.Load()
	if err != nil {
		t.Fatal(err)
	}
	reg, b, st := declinedBoard(t)
	for _, code := range lang.Codes {
		pr := cat.For(code)
		p, _ := PictureIn(pr, b, st)
		if want := pr.T("StatusDeclined", "Who", "bob"); p.Status != want || p.ToMove != -1 {
			t.Errorf("declined in %s: status %q, want %q; to move %d", code, p.Status, want, p.ToMove)
		}
		if code != lang.Default && (strings.Contains(p.Title, "wins") || !strings.Contains(p.Title, p.Status)) {
			t.Errorf("declined in %s: title %q", code, p.Title)
		}
	}
	// Resigned after both moved: the engine's end, in the language.
	b.Log, b.Over = b.Log[:1], false
	_, st, _ = Replay(reg, nil, b, -1)
	b.Log = append(b.Log, store.Entry{Seat: 1, Move: st.Legal()[0]}, store.Entry{Seat: 0, Kind: "resign"})
	_, st, err = Replay(reg, nil, b, -1)
	if err != nil {
		t.Fatal(err)
	}
	hu := cat.For("hu")
	p, _ := PictureIn(hu, b, st)
	if !strings.HasPrefix(p.Status, "A játszma véget ért: ") || strings.Contains(p.Status, "resigned") || p.ToMove != -1 {
		t.Errorf("resigned in Hungarian: status %q, to move %d", p.Status, p.ToMove)
	}
}

// TestPictureInEndedOutsideTheEngine: a board an admin aborted, or one
// whose players agreed a draw, has nobody to move in its picture, and
// its status is the board's, in every language, as the text says.
func TestPictureInEndedOutsideTheEngine(t *testing.T) {
	cat, err := lang.Load()
	if err != nil {
		t.Fatal(err)
	}
	g := hexemergo.Game{}
	reg := engine.NewRegistry(g)
	for _, end := range []string{"aborted", "draw"} {
		b := store.Board{Game: g.Name(), Number: 103, Seed: 5, Players: []string{"alice", "bob"}}
		_, st, _ := Replay(reg, nil, b, -1)
		b.Log = append(b.Log, store.Entry{Seat: 0, Move: st.Legal()[0]})
		switch end {
		case "aborted":
			b.Aborted = true
		case "draw":
			b.Log = append(b.Log, store.Entry{Seat: 1, Kind: "draw"})
		}
		b.Over = true
		_, st, err = Replay(reg, nil, b, -1)
		if err != nil {
			t.Fatal(err)
		}
		if st.Result().Over {
			t.Fatalf("%s: the engine ended the game itself; the test needs a board ended outside it", end)
		}
		for _, code := range lang.Codes {
			pr := cat.For(code)
			p, _ := PictureIn(pr, b, st)
			if want := StatusIn(pr, b, st); p.Status != want || p.ToMove != -1 {
				t.Errorf("%s in %s: status %q, to move %d; want %q, nobody", end, code, p.Status, p.ToMove, want)
			}
		}
	}
}

// declinedBoard is a HexEmergo board, alice against bob, that bob
// declined after alice's first move, its games' registry and its
// position.
func declinedBoard(t *testing.T) (*engine.Registry, store.Board, engine.State) {
	t.Helper()
	g := hexemergo.Game{}
	reg := engine.NewRegistry(g)
	b := store.Board{Game: g.Name(), Number: 102, Seed: 3, Players: []string{"alice", "bob"}}
	_, st, _ := Replay(reg, nil, b, -1)
	b.Log = append(b.Log, store.Entry{Seat: 0, Move: st.Legal()[0]}, store.Entry{Seat: 1, Kind: "decline"})
	b.Over = true
	_, st, err := Replay(reg, nil, b, -1)
	if err != nil {
		t.Fatal(err)
	}
	return reg, b, st
}
