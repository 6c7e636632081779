package pbm

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/eko"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// englishFragments are the pieces of the English catalogue's sentences
// between their placeholders that a reader would know for English:
// two words or more, and not written alike in the language code.
func englishFragments(t *testing.T, code string) []string {
	t.Helper()
	cat, err := lang.Load()
	if err != nil {
		t.Fatal(err)
	}
	same := map[string]bool{}
	for _, m := range cat.Files[code].Messages {
		for _, f := range placeholder.Split(m.Other, -1) {
			same[strings.TrimSpace(f)] = true
		}
	}
	var out []string
	for _, m := range cat.Files["en"].Messages {
		if strings.HasPrefix(m.ID, "Help") || strings.HasPrefix(m.ID, "Web") {
			continue // usage lines and the web site are not in these mails
		}
		for _, f := range placeholder.Split(m.Other, -1) {
			f = strings.Trim(strings.TrimSpace(f), ".,:;()\"'")
			if len(strings.Fields(f)) < 2 || len(f) < 10 || same[f] || strings.ContainsAny(f, "<>#") {
				continue
			}
			out = append(out, f)
		}
	}
	return out
}

var placeholder = regexp.MustCompile(`\{\{[^}]*\}\}`)

// TestWholeGameInLanguage: the game of each rule book's language, by
// mail, from the signup with the language to the end with the rating
// lines, with a refused move and a reminder on the way: every mail
// either player gets is in the player's language, outside the drawing
// of the board (and, for an engine that does not write its text board
// in lines, its sentences), and the notation is unchanged.
func TestWholeGameInLanguage(t *testing.T) {
	cat, _ := lang.Load()
	for _, c := range []struct {
		game engine.Game
		code string
	}{
		{hexatri.Game{}, "hu"},
		{hexemergo.Game{}, "cs"},
		{eko.Game{}, "nl"},
	} {
		t.Run(c.game.Name()+"/"+c.code, func(t *testing.T) {
			p := cat.For(c.code)
			refused := p.T("ReplyRefused")
			f := newFixture(t)
			f.s.cfg.Games = engine.NewRegistry(c.game)
			name := c.game.Name()
			var mails []sent
			keep := func(ms []sent) []sent { mails = append(mails, ms...); return ms }
			f.signupIn("p1", c.code)
			f.signupIn("p2", c.code)
			keep(f.send("p1@players.test", name+" challenge p1 pw-p1 p1 p2", ""))
			get := func() store.Board {
				var b store.Board
				if err := f.st.View(func(tx *store.Tx) (err error) { b, err = tx.Board(name, 101); return }); err != nil {
					t.Fatal(err)
				}
				return b
			}
			// Every position's drawing, to tell the engine's words
			// from the server's.
			drawn := map[string]bool{}
			draw := func(b store.Board) {
				for i := 0; i <= len(b.Log); i++ {
					_, st, err := board.Replay(f.s.cfg.Games, nil, b, i)
					if err != nil {
						t.Fatal(err)
					}
					// An engine that writes its text board in
					// lines has its sentences written in the
					// reader's language: only its drawing is its
					// own.
					if tb, ok := st.(engine.TextBoard); ok {
						for _, l := range tb.BoardLines(b.Players) {
							if l.Msg == nil {
								drawn[strings.TrimSpace(l.Text)] = true
							}
						}
						continue
					}
					var d strings.Builder
					st.Board(&d, b.Players)
					for _, l := range strings.Split(d.String(), "\n") {
						drawn[strings.TrimSpace(l)] = true
					}
				}
			}
			var played []string
			for ply := 0; ply < 6; ply++ {
				b := get()
				_, st, err := board.Replay(f.s.cfg.Games, nil, b, -1)
				if err != nil {
					t.Fatal(err)
				}
				seat := st.ToMove()
				if seat < 0 {
					break
				}
				who := b.Players[seat]
				if ply == 2 {
					r := f.answer(keep(f.send(who+"@players.test", fmt.Sprintf("%s move 101 %s pw-%s Z99", name, who, who), "")), who+"@players.test")
					if !strings.Contains(r.Text, refused) || !strings.Contains(r.Text, "Z99") {
						t.Fatalf("an illegal move, not refused in %s:\n%s", c.code, r.Text)
					}
				}
				mv := st.Legal()[0]
				r := f.answer(keep(f.send(who+"@players.test", fmt.Sprintf("%s move 101 %s pw-%s %s#%d", name, who, who, mv, len(b.Log)+1), "")), who+"@players.test")
				played = append(played, strings.Fields(mv)...)
				if strings.Contains(r.Text, refused) {
					t.Fatalf("a legal move %s refused:\n%s", mv, r.Text)
				}
			}
			// A reminder to the player to move, a note to the other.
			f.clock = f.clock.Add(8 * day)
			before := f.outboxSeqs()
			if _, err := f.s.Tick(context.Background()); err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, m := range f.outbox() {
				if !before[m.Seq] {
					mails = append(mails, decode(t, m))
					n++
				}
			}
			if n == 0 {
				t.Fatal("no reminder")
			}
			b := get()
			_, st, _ := board.Replay(f.s.cfg.Games, nil, b, -1)
			who := b.Players[max(st.ToMove(), 0)]
			keep(f.send(who+"@players.test", fmt.Sprintf("%s resign 101 %s pw-%s", name, who, who), ""))
			b = get()
			if !b.Over {
				t.Fatal("the game did not end")
			}
			draw(b)
			// The end's mails to both players carry both rating
			// lines, in the language: the winner's first game of
			// performance 2000, the loser's 1200.
			winner := b.Players[0]
			if strings.EqualFold(winner, who) {
				winner = b.Players[1]
			}
			prov := lang.M("RatingProvisional")
			up := p.Render(lang.M("RatingUp", "Who", winner, "Before", "1600", "After", "2000", "Provisional", prov))
			down := p.Render(lang.M("RatingDown", "Who", who, "Before", "1600", "After", "1200", "Provisional", prov))
			rated := map[string]bool{}
			frags := englishFragments(t, c.code)
			for _, m := range mails {
				if !strings.HasPrefix(m.To, "p1@") && !strings.HasPrefix(m.To, "p2@") {
					continue
				}
				var own []string
				for _, l := range strings.Split(m.Text, "\n") {
					if !drawn[strings.TrimSpace(l)] && !strings.HasPrefix(l, "> ") {
						own = append(own, l)
					}
				}
				text := strings.Join(strings.Fields(strings.Join(own, "\n")), " ")
				for _, fr := range frags {
					if strings.Contains(text, fr) {
						t.Errorf("mail %q to %s holds the English %q:\n%s", m.Subject, m.To, fr, m.Text)
					}
				}
				if strings.Contains(text, strings.Join(strings.Fields(up), " ")) && strings.Contains(text, strings.Join(strings.Fields(down), " ")) {
					rated[m.To] = true
				}
			}
			if !rated["p1@players.test"] || !rated["p2@players.test"] {
				t.Errorf("the rating lines %q and %q are not in both players' mails of the end: %v", up, down, rated)
			}
			// The notation is as the rule book writes it: every move
			// played is in the players' mails as it was sent.
			all := ""
			for _, m := range mails {
				all += m.Text
			}
			for _, mv := range played {
				if !strings.Contains(all, mv) {
					t.Errorf("the move %s is not in the mails as written", mv)
				}
			}
		})
	}
}
