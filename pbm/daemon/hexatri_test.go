package daemon

import (
	"fmt"
	"mime/quotedprintable"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/store"
)

// TestHexatriTurnsByMail plays Hexatri's movement turns by mail over
// the loopback servers with three players (rule book part 1, item 4):
// one mail is one turn and the move goes round the seats; a mail out of
// turn is refused; after a full cycle of passes the board mail reports
// production and combat and the next round; one mail carries three
// actions, applied in order, as one move of the log.
func TestHexatriTurnsByMail(t *testing.T) {
	h, ps, st := hexatriOfThree(t)
	var b store.Board
	var err error
	// The seats in the order of round 1.
	x := st.ToMove()
	y, z := (x+1)%3, (x+2)%3
	n := 0
	// turn sends one mail for seat and checks that it is played and
	// that the next player named is next.
	turn := func(seat int, actions string, next int, echo string) player.Mail {
		t.Helper()
		n++
		r := h.command(ps[seat], fmt.Sprintf("hexatri move 101 p%d pw-p%d %s#%d", seat+1, seat+1, actions, n), "")
		// Replies wrap at 79 columns.
		r.Text = strings.Join(strings.Fields(r.Text), " ")
		if !strings.Contains(r.Text, "OK: ") || !strings.Contains(r.Text, echo) {
			t.Fatalf("turn %d, p%d %s: %s", n, seat+1, actions, r.Text)
		}
		if want := fmt.Sprintf("It is p%d's turn", next+1); !strings.Contains(r.Text, want) {
			t.Fatalf("turn %d, p%d %s: the reply does not say %q:\n%s", n, seat+1, actions, want, r.Text)
		}
		return r
	}
	// Round 1: one action per mail, and the move goes round.
	turn(x, "L:IN:A1N!", y, "L:IN:A1N!")
	if r := h.command(ps[x], fmt.Sprintf("hexatri move 101 p%d pw-p%d L:A1N-A1!", x+1, x+1), ""); !strings.Contains(r.Text, "It is not your move") {
		t.Fatalf("a second mail in one turn: %s", r.Text)
	}
	turn(y, "l:in:g4s", z, "L:IN:G4S!")
	turn(z, "L:IN:G4SE!", x, "L:IN:G4SE!")
	turn(x, "PASS", y, "PASS")
	turn(y, "PASS", z, "PASS")
	turn(z, "PASS", y, "PASS")
	// Round 2 starts with the next seat; the leaders step onto their
	// hexagons, two of them onto G4.
	turn(y, "L:G4S-G4!", z, "L:G4S-G4!")
	turn(z, "L:G4SE-G4!", x, "L:G4SE-G4!")
	turn(x, "L:A1N-A1!", y, "L:A1N-A1!")
	turn(y, "PASS", z, "PASS")
	turn(z, "PASS", x, "PASS")
	letter := func(q int) string { return string("RBGYWK"[q]) }
	turn(x, "PASS", z, "PASS")
	for _, p := range ps {
		_, err := p.Await(wait, func(ms []player.Mail) bool {
			for _, m := range ms {
				if strings.Contains(m.Text, "Round 2, after the movement:") &&
					strings.Contains(m.Text, "Production: A1 +1 "+letter(x)) &&
					strings.Contains(m.Text, fmt.Sprintf("Battle on G4: %s1 %s1 -> %s1 %s1", letter(min(y, z)), letter(max(y, z)), letter(min(y, z)), letter(max(y, z)))) &&
					strings.Contains(m.Text, fmt.Sprintf("Round 3, movement: %s (p%d) to act", letter(z), z+1)) {
					return true
				}
			}
			return false
		})
		if err != nil {
			t.Fatalf("%s lacks the board mail after round 2: %v", p.Address, err)
		}
	}
	// Round 3: three actions in one mail, paid from A1's two points.
	turn(z, "PASS", x, "PASS")
	r := turn(x, "IN:A1N@A1 in:a1nw L:A1-A1S!", y, "IN:A1N@A1;IN:A1NW@A1;L:A1-A1S!")
	if !strings.Contains(r.Text, fmt.Sprintf("(move %d)", n)) {
		t.Errorf("the turn of three actions is not move %d: %s", n, r.Text)
	}
	// All or nothing: a turn whose second action is illegal changes
	// nothing, and the refusal lists what is legal before the turn.
	n++
	r = h.command(ps[y], fmt.Sprintf("hexatri move 101 p%d pw-p%d PASS L:G4-G4N!#%d", y+1, y+1, n), "")
	if !strings.Contains(r.Text, "PASS ends your turn") || !strings.Contains(r.Text, "legal now:") {
		t.Errorf("PASS before an action: %s", r.Text)
	}
	n--
	h.d.Store.View(func(tx *store.Tx) error { b, err = tx.Board("hexatri", 101); return err })
	if len(b.Log) != n {
		t.Fatalf("%d mails played, the log has %d moves", n, len(b.Log))
	}
	if last := b.Log[n-1]; last.Move != "IN:A1N@A1;IN:A1NW@A1;L:A1-A1S!" || last.Seat != x {
		t.Errorf("last move %+v", last)
	}
	// The log replays to the board the server has.
	for _, e := range b.Log {
		if _, err := st.Play(e.Move); err != nil {
			t.Fatalf("replay of %s: %v", e.Move, err)
		}
	}
	if st.ToMove() != y {
		t.Errorf("after the log seat %d is to move, want %d", st.ToMove(), y)
	}
}

// TestHexatriPoisonMoveByMail sends over the loopback servers the
// Hexatri moves that once held the intake for as long as the daemon
// ran: a payment list of 258 KB on one body line (quoted-printable,
// RFC 2045 section 6.7, so that no line of the mail passes 76
// characters) and the same list in a Subject folded to 950 KB (RFC
// 5322 section 2.2.3). Each is answered with a refusal naming the
// bound on a command line, the board is unchanged, and the mail sent
// after it is answered.
func TestHexatriPoisonMoveByMail(t *testing.T) {
	h := startEmbedded(t)
	h.cfg.Games = engine.NewRegistry(hexatri.Game{})
	h.d.Close()
	var err error
	if h.d, err = Start(t.Context(), h.cfg); err != nil {
		t.Fatal(err)
	}
	h.mail = h.d.Local
	ps := []*player.Player{h.signup("p1"), h.signup("p2")}
	if r := h.command(ps[0], "hexatri challenge p1 pw-p1 p1 p2 -blockade -startpoints", ""); !strings.Contains(r.Text, "OK: ") {
		t.Fatalf("challenge: %s", r.Text)
	}
	var b store.Board
	h.d.Store.View(func(tx *store.Tx) error { b, err = tx.Board("hexatri", 101); return err })
	if err != nil {
		t.Fatal(err)
	}
	st, err := hexatri.Game{}.New(2, b.Options, b.Seed)
	if err != nil {
		t.Fatal(err)
	}
	x := st.ToMove()
	mover := ps[x]
	cmd := fmt.Sprintf("hexatri move 101 p%d pw-p%d ", x+1, x+1)

	var qp strings.Builder
	w := quotedprintable.NewWriter(&qp)
	fmt.Fprint(w, cmd+"BLOCK:C3@"+strings.Repeat("D4,", (258<<10)/3)+"D4\n")
	w.Close()
	var subject strings.Builder
	col := len("Subject:")
	for _, word := range strings.Fields(cmd + strings.Repeat("D4, ", (950<<10)/4) + "D4") {
		if col+1+len(word) > 76 {
			subject.WriteString("\r\n")
			col = 0
		}
		subject.WriteString(" " + word)
		col += 1 + len(word)
	}
	cases := []struct {
		name, subject, body string
		headers             []string
	}{
		{"payment list of 258 KB in the body", "", strings.ReplaceAll(qp.String(), "\r\n", "\n"), []string{"Content-Transfer-Encoding: quoted-printable"}},
		{"payment list in a Subject folded to 950 KB", strings.TrimPrefix(subject.String(), " "), "", nil},
	}
	for _, c := range cases {
		id, err := mover.Send(c.subject, c.body, c.headers...)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		r, err := mover.Reply(id, wait)
		if err != nil {
			t.Fatalf("%s: no reply: %v", c.name, err)
		}
		text := strings.Join(strings.Fields(r.Text), " ")
		if !strings.Contains(text, "a command line may be at most 4096 bytes") || strings.Contains(r.Text, "pw-p") {
			t.Fatalf("%s: the reply:\n%.2000s", c.name, r.Text)
		}
		h.d.Store.View(func(tx *store.Tx) error { b, err = tx.Board("hexatri", 101); return err })
		if err != nil || len(b.Log) != 0 {
			t.Fatalf("%s: the board has moves %v (%v)", c.name, b.Log, err)
		}
		if r := h.command(ps[1-x], "hexatri show 101", ""); !strings.Contains(r.Text, "Hexatri") {
			t.Fatalf("%s: the next mail's answer: %s", c.name, r.Text)
		}
	}
}

// hexatriOfThree starts a daemon on the loopback servers that plays
// Hexatri, signs up p1, p2 and p3, has p1 challenge them to board 101
// with -startpoints, and returns the players and the board's first
// position (whose seat to move is the first of round 1).
func hexatriOfThree(t *testing.T) (*harness, []*player.Player, engine.State) {
	t.Helper()
	h := startEmbedded(t)
	h.cfg.Games = engine.NewRegistry(hexatri.Game{})
	h.d.Close()
	var err error
	if h.d, err = Start(t.Context(), h.cfg); err != nil {
		t.Fatal(err)
	}
	h.mail = h.d.Local
	ps := []*player.Player{h.signup("p1"), h.signup("p2"), h.signup("p3")}
	if r := h.command(ps[0], "hexatri challenge p1 pw-p1 p1 p2 p3 -startpoints", ""); !strings.Contains(r.Text, "OK: ") {
		t.Fatalf("challenge: %s", r.Text)
	}
	var b store.Board
	h.d.Store.View(func(tx *store.Tx) error { b, err = tx.Board("hexatri", 101); return err })
	if err != nil {
		t.Fatal(err)
	}
	st, err := hexatri.Game{}.New(3, b.Options, b.Seed)
	if err != nil {
		t.Fatal(err)
	}
	return h, ps, st
}
