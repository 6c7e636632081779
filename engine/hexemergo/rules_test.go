package hexemergo

import (
	"slices"
	"strings"
	"testing"
)

// Rule tests on positions built for each rule of the rule book.

func TestGeometry(t *testing.T) {
	// Part 2, section 1.1: 37 cells, 90 adjacent pairs, 138 jumps.
	pairs, jumps := 0, 0
	for c := cell(0); c < numCells; c++ {
		for d := 0; d < numDirs; d++ {
			if nb := neighbour[c][d]; nb != noCell {
				pairs++
				if neighbour[nb][opposite(d)] != c {
					t.Errorf("%s -> %s not symmetric", c, nb)
				}
			}
			if landing[c][d] != noCell {
				jumps++
			}
		}
	}
	if pairs/2 != 90 || jumps != 138 {
		t.Errorf("got %d adjacent pairs and %d jumps, want 90 and 138", pairs/2, jumps)
	}
	var names []string
	for c := cell(0); c < numCells; c++ {
		names = append(names, c.String())
	}
	want := "A1 A2 A3 A4 B1 B2 B3 B4 B5 C1 C2 C3 C4 C5 C6 D1 D2 D3 D4 D5 D6 D7 " +
		"E2 E3 E4 E5 E6 E7 F3 F4 F5 F6 F7 G4 G5 G6 G7"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("cells %s\nwant %s", got, want)
	}
	for _, bad := range []string{"E1", "F2", "G3", "A5", "C7", "H4", "D0", "D8", "", "D", "D44"} {
		if _, ok := parseCell(bad); ok {
			t.Errorf("parseCell(%q) accepted", bad)
		}
	}
	// The neighbours of the centre.
	var nbs []string
	for d := 0; d < numDirs; d++ {
		nbs = append(nbs, neighbour[centre][d].String())
	}
	slices.Sort(nbs)
	if got := strings.Join(nbs, " "); got != "C3 C4 D3 D5 E4 E5" {
		t.Errorf("neighbours of D4: %s", got)
	}
}

func TestCaptureBeforeEntering(t *testing.T) {
	// Part 1, item 3: capture beats entering, even with men in hand.
	s := setup(t, white, 5, 5, "D3:O D4:X")
	if got := s.Legal(); !slices.Equal(got, []string{"D3xD5"}) {
		t.Fatalf("legal %v, want [D3xD5]", got)
	}
	before := boardText(s)
	_, err := s.Play("A1")
	if err == nil || !strings.Contains(err.Error(), "capture is compulsory; the longest route takes 1 man: D3xD5") {
		t.Errorf("entry with a capture available: %v", err)
	}
	if boardText(s) != before {
		t.Error("refused move changed the board")
	}
	mustPlay(t, s, "d3xd5")
	if stackAt(s, "D5") != "OX" || stackAt(s, "D4") != "" || s.pos.hand != [2]int8{5, 5} {
		t.Errorf("after D3xD5: D5=%q D4=%q hands %v", stackAt(s, "D5"), stackAt(s, "D4"), s.pos.hand)
	}
}

func TestCaptureBeforeMoving(t *testing.T) {
	s := setup(t, black, 0, 0, "A1:O D3:O D4:X G7:X")
	if got := s.Legal(); !slices.Equal(got, []string{"D4xD2"}) {
		t.Fatalf("legal %v, want [D4xD2]", got)
	}
	_, err := s.Play("G7-G6")
	if err == nil || !strings.HasPrefix(err.Error(), "capture is compulsory") {
		t.Errorf("step with a capture available: %v", err)
	}
}

func TestEnterBeforeMoving(t *testing.T) {
	// Part 2, section 3: with men in hand and no capture you must enter.
	s := setup(t, white, 1, 0, "A1:O G7:X")
	for _, m := range s.Legal() {
		if len(m) != 2 {
			t.Errorf("legal %q is not an entry", m)
		}
	}
	_, err := s.Play("A1-A2")
	if err == nil || !strings.Contains(err.Error(), "must enter") {
		t.Errorf("step with men in hand: %v", err)
	}
}

func TestGlobalMajority(t *testing.T) {
	// Part 1, item 3: the longest route over all pieces. A1 can take
	// one man, G4 two.
	s := setup(t, white, 0, 0, "A1:O A2:X G4:O F4:X D4:X")
	if got := s.Legal(); !slices.Equal(got, []string{"G4xE4xC4"}) {
		t.Fatalf("legal %v, want [G4xE4xC4]", got)
	}
	_, err := s.Play("A1xA3")
	want := "A1xA3 takes 1 man, but a capture must take the most men; the longest route takes 2 men: G4xE4xC4"
	if err == nil || err.Error() != want {
		t.Errorf("short capture: %v\nwant %s", err, want)
	}
	// A prefix of the longest route is refused too.
	if _, err := s.Play("G4xE4"); err == nil || !strings.Contains(err.Error(), "takes 1 man") {
		t.Errorf("prefix of the route: %v", err)
	}
}

func TestMajorityTiesLeftToPlayer(t *testing.T) {
	// Two pieces each take two men; both routes are legal.
	s := setup(t, white, 0, 0, "A1:O A2:X B4:X G7:O F7:X E6:X")
	want := []string{"A1xA3xC5", "G7xE7xE5"}
	if got := s.Legal(); !slices.Equal(got, want) {
		t.Fatalf("legal %v, want %v", got, want)
	}
	c := s.Clone().(*state)
	mustPlay(t, s, "A1xA3xC5")
	mustPlay(t, c, "G7-E7-E5") // '-' is accepted in a capture
	if c.last != "G7xE7xE5" {
		t.Errorf("canonical %q", c.last)
	}
}

func TestNoStraightBack(t *testing.T) {
	// D3 holds two black men: after D2xD4 it is still black, but the
	// jump back over it onto D2 is a 180° turn.
	s := setup(t, white, 0, 0, "D2:O D3:XX G7:X")
	if got := s.Legal(); !slices.Equal(got, []string{"D2xD4"}) {
		t.Fatalf("legal %v, want [D2xD4]", got)
	}
	_, err := s.Play("D2xD4xD2")
	if err == nil || !strings.Contains(err.Error(), "goes straight back") {
		t.Errorf("straight back: %v", err)
	}
}

func TestSameColumnJumpedTwice(t *testing.T) {
	// Part 2, section 4: a route may jump the same column again while
	// its top man is an enemy; each jump takes effect at once.
	s := setup(t, white, 0, 0, "B1:O B2:X C2:XX C3:X G7:O A1:X")
	if got := s.Legal(); !slices.Equal(got, []string{"B1xD3xB3xB1xD3"}) {
		t.Fatalf("legal %v", got)
	}
	mustPlay(t, s, "B1xD3xB3xB1xD3")
	if got := stackAt(s, "D3"); got != "OXXXX" {
		t.Errorf("D3 = %q, want OXXXX", got)
	}
	if stackAt(s, "C2") != "" || stackAt(s, "B1") != "" {
		t.Error("jumped cells not emptied")
	}
}

func TestWorkedExample(t *testing.T) {
	// Part 2, section 9.1: White plays E5-E4 and Black must take
	// E7xE5xE3, landing on the cell White just left.
	s := setup(t, white, 0, 0, "E7:X E6:O E5:O G7:O A1:X")
	mustPlay(t, s, "E5-E4")
	if got := s.Legal(); !slices.Equal(got, []string{"E7xE5xE3"}) {
		t.Fatalf("black's legal %v, want [E7xE5xE3]", got)
	}
	mustPlay(t, s, "E7xE5xE3")
	if got := stackAt(s, "E3"); got != "XOO" {
		t.Errorf("E3 = %q, want XOO", got)
	}
	// White then has a loop back to its starting cell that takes three
	// men and a route that takes four: only the longer is legal.
	s = setup(t, white, 0, 0, "E3:XOO B1:O B2:X C2:X C3:X B4:X C6:X G7:O A1:X")
	if got := s.Legal(); !slices.Equal(got, []string{"B1xD3xB3xB5xD7"}) {
		t.Fatalf("legal %v", got)
	}
	for _, loop := range []string{"B1xB3xD3xB1", "B1xD3xB3xB1"} {
		if _, err := s.Play(loop); err == nil ||
			!strings.Contains(err.Error(), "takes 3 men, but a capture must take the most men; the longest route takes 4 men") {
			t.Errorf("%s: %v", loop, err)
		}
	}
	// Landing on the start cell and going on is legal when longest.
	s = setup(t, white, 0, 0, "B1:O B2:X C2:X C3:X C1:X G7:O")
	want := []string{"B1xB3xD3xB1xD1", "B1xD3xB3xB1xD1"}
	if got := s.Legal(); !slices.Equal(got, want) {
		t.Fatalf("legal %v, want %v", got, want)
	}
	mustPlay(t, s, "b1xb3xd3xb1xd1")
	if got := stackAt(s, "D1"); got != "OXXXX" {
		t.Errorf("D1 = %q", got)
	}
}

func TestLiberation(t *testing.T) {
	// Part 2, section 4: taking the top man of a column whose next man
	// is yours liberates it.
	s := setup(t, white, 0, 0, "D2:O D3:XO G7:X")
	mustPlay(t, s, "D2xD4")
	if stackAt(s, "D3") != "O" || stackAt(s, "D4") != "OX" {
		t.Errorf("D3=%q D4=%q", stackAt(s, "D3"), stackAt(s, "D4"))
	}
	// Black to move: G7 only; the liberated D3 is White's to move later.
	if got := s.Legal(); slices.Contains(got, "D3-C3") {
		t.Errorf("black may move the liberated column: %v", got)
	}
	mustPlay(t, s, "G7-G6")
	if !slices.Contains(s.Legal(), "D3-C3") {
		t.Errorf("white may not move the liberated column: %v", s.Legal())
	}
}

func TestShadowpiece(t *testing.T) {
	// Part 1, item 4: with the opponent's hand empty, all men in hand
	// enter as one column.
	s := setup(t, black, 0, 4, "A1:O A2:O")
	mustPlay(t, s, "G7")
	if stackAt(s, "G7") != "XXXX" || s.pos.hand[black] != 0 {
		t.Errorf("G7=%q hand %d", stackAt(s, "G7"), s.pos.hand[black])
	}
	if !strings.Contains(boardText(s), "G7: X X X X") {
		t.Errorf("board does not list the shadowpiece:\n%s", boardText(s))
	}
	// A single man left is an ordinary entry.
	s = setup(t, black, 0, 1, "A1:O A2:O")
	mustPlay(t, s, "G7")
	if stackAt(s, "G7") != "X" {
		t.Errorf("G7=%q", stackAt(s, "G7"))
	}
	// While the opponent still has men in hand, one man at a time.
	s = setup(t, black, 1, 4, "A1:O A2:O")
	mustPlay(t, s, "G7")
	if stackAt(s, "G7") != "X" || s.pos.hand[black] != 3 {
		t.Errorf("G7=%q hand %d", stackAt(s, "G7"), s.pos.hand[black])
	}
}

func TestEnteringCondition(t *testing.T) {
	// Part 2, section 5. White on D4, Black to enter and not under
	// attack: the six neighbours of D4 are barred because the cell
	// beyond each is empty; C4 is allowed when B4 is filled.
	s := setup(t, black, 3, 3, "D4:O")
	legal := s.Legal()
	for _, c := range []string{"C3", "C4", "D3", "D5", "E4", "E5", "D4"} {
		if slices.Contains(legal, c) {
			t.Errorf("entry on %s allowed: %v", c, legal)
		}
	}
	if len(legal) != 30 {
		t.Errorf("%d entries, want 30", len(legal))
	}
	_, err := s.Play("C4")
	want := "a man entered on C4 could be captured at once, which is allowed only when you are under attack; legal entries: "
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("attacked entry: %v", err)
	}
	s = setup(t, black, 3, 3, "D4:O B4:X")
	if !slices.Contains(s.Legal(), "C4") {
		t.Errorf("C4 with B4 filled refused: %v", s.Legal())
	}
	// On the edge: a man on A2 next to White A1 is barred only while A3
	// is empty.
	s = setup(t, black, 3, 3, "A1:O")
	if slices.Contains(s.Legal(), "A2") || !slices.Contains(s.Legal(), "A3") {
		t.Errorf("edge entries: %v", s.Legal())
	}
}

func TestEnteringUnderAttack(t *testing.T) {
	// White threatens D3xD5 over Black's D4 (Black cannot capture, D2
	// being filled): Black is under attack and may enter anywhere,
	// even next to a white piece.
	s := setup(t, black, 3, 3, "D3:O D4:X D2:O")
	legal := s.Legal()
	if len(legal) != 34 || !slices.Contains(legal, "D5") || !slices.Contains(legal, "E4") {
		t.Errorf("entries under attack: %d %v", len(legal), legal)
	}
	mustPlay(t, s, "E4")
}

func TestWhiteFirstMoveNotD4(t *testing.T) {
	s, _ := Game{}.New(2, nil, 7)
	legal := s.Legal()
	if slices.Contains(legal, "D4") || len(legal) != 36 {
		t.Errorf("first legal: %v", legal)
	}
	_, err := s.Play("d4")
	if err == nil || !strings.HasPrefix(err.Error(), "White's first move may not be on D4; legal entries: A1, A2") {
		t.Errorf("D4 first: %v", err)
	}
	if _, err := s.Play("a1"); err != nil {
		t.Fatal(err)
	}
	// Black may enter on D4 (not attacked by A1).
	if !slices.Contains(s.Legal(), "D4") {
		t.Errorf("black barred from D4: %v", s.Legal())
	}
	mustPlay(t, s.(*state), "D4")
	// The ban is for White's first move only.
	if !slices.Contains(s.Legal(), "G7") {
		t.Errorf("white's second move: %v", s.Legal())
	}
}

// noEntry is a position where every empty cell is attacked by White
// and Black, with 2 men in hand and no piece of his own, may not enter.
const noEntry = "A1:O A4:O B4:O C2:O C5:O D1:O D3:OOXXXXXXXXXX D7:O F6:O G4:O"

func TestMenInHandWithNoPermittedEntry(t *testing.T) {
	// White plays F7-G7; Black has men in hand, no capture and no
	// permitted entry, so no legal move, and loses (part 1, item 5).
	s := setup(t, white, 0, 2, noEntry+" F7:O")
	mustPlay(t, s, "F7-G7")
	r := s.Result()
	if !r.Over || !slices.Equal(r.Winners, []int{white}) || r.Reason != "Eks has no legal move" {
		t.Errorf("result %+v", r)
	}
	if s.ToMove() != -1 || len(s.Legal()) != 0 {
		t.Errorf("ToMove %d legal %v", s.ToMove(), s.Legal())
	}
	if _, err := s.Play("E4"); err == nil || !strings.Contains(err.Error(), "game is over") {
		t.Errorf("move after the end: %v", err)
	}
	// The same with a black man White can take: Black is under attack
	// and may enter anywhere.
	s = setup(t, black, 0, 1, strings.Replace(noEntry, "XXXXXXXXXX", "XXXXXXXXX", 1)+" G7:O E4:X")
	if len(s.Legal()) == 0 || s.Result().Over {
		t.Errorf("under attack, no entry: %v %+v", s.Legal(), s.Result())
	}
}

func TestNoLegalMoveLoses(t *testing.T) {
	// Taking Black's last piece leaves Black with nothing: White wins.
	s := setup(t, white, 0, 0, "D2:O D3:X")
	mustPlay(t, s, "D2xD4")
	r := s.Result()
	if !r.Over || !slices.Equal(r.Winners, []int{white}) || r.Reason != "Eks has no legal move" {
		t.Errorf("result %+v", r)
	}
	// Blocked: Black's only piece on corner A1 is hemmed in by White
	// columns that cannot be jumped (the cells beyond are off the board
	// or filled).
	s = setup(t, white, 0, 0, "A1:X A2:O A3:O B1:O C1:O B2:O C3:O G7:O")
	mustPlay(t, s, "G7-G6")
	r = s.Result()
	if !r.Over || !slices.Equal(r.Winners, []int{white}) {
		t.Errorf("blocked: %+v\n%s", r, boardText(s))
	}
}

func TestThirdRepetitionDraws(t *testing.T) {
	// Part 1, item 6: the third occurrence of a position draws.
	s := setup(t, white, 0, 0, "A1:O G7:X")
	cycle := []string{"A1-A2", "G7-G6", "A2-A1", "G6-G7"}
	mustPlay(t, s, cycle...) // start position, second time
	mustPlay(t, s, cycle[:3]...)
	if s.Result().Over {
		t.Fatal("over before the third occurrence")
	}
	mustPlay(t, s, cycle[3])
	r := s.Result()
	if !r.Draw() || !strings.HasPrefix(r.Reason, "draw by repetition") {
		t.Errorf("result %+v", r)
	}
	if !strings.Contains(boardText(s), "Game over: draw by repetition") {
		t.Errorf("board:\n%s", boardText(s))
	}
	// The side to move is part of the position. White goes round a
	// triangle and Black back and forth: the men stand on A1 and G7
	// after plies 0, 5, 12, 17 and 24, with White to move only after
	// plies 0, 12 and 24, so the draw comes at ply 24, not 12.
	s = setup(t, white, 0, 0, "A1:O G7:X")
	white3 := []string{"A1-A2", "A2-B2", "B2-A1"}
	black2 := []string{"G7-G6", "G6-G7"}
	for ply := 0; ply < 24; ply++ {
		if s.Result().Over {
			t.Fatalf("over after %d plies: %+v", ply, s.Result())
		}
		if ply%2 == 0 {
			mustPlay(t, s, white3[(ply/2)%3])
		} else {
			mustPlay(t, s, black2[(ply/2)%2])
		}
	}
	if !s.Result().Draw() {
		t.Errorf("no draw after 24 plies: %+v", s.Result())
	}
}

func TestAlternateStart(t *testing.T) {
	// Part 1, item 7, and part 2, section 8.
	st, err := Game{}.New(2, map[string]string{"alternate": ""}, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state)
	count := [2]int{}
	for c := cell(0); c < numCells; c++ {
		col := s.pos.cells[c]
		if col.h > 1 {
			t.Fatalf("column at %s", c)
		}
		if col.h == 1 {
			count[col.top()]++
			// Symmetric under a half turn: (r, n) <-> (6-r, 8-n).
			mirror := cellAt[6-cellRow[c]][8-cellLine[c]]
			if m := s.pos.cells[mirror]; m.h != 1 || m.top() == col.top() {
				t.Errorf("%s and %s are not mirrored", c, mirror)
			}
		}
	}
	if count != [2]int{13, 13} || s.pos.hand != [2]int8{0, 0} {
		t.Errorf("men %v hands %v", count, s.pos.hand)
	}
	if stackAt(s, "C2") != "X" || stackAt(s, "C1") != "" || stackAt(s, "E3") != "O" || stackAt(s, "E2") != "" {
		t.Error("wrong start cells")
	}
	// No entering stage: White moves a piece at once, D4 included.
	if s.ToMove() != white || !slices.Contains(s.Legal(), "E4-D4") {
		t.Errorf("first moves: %v", s.Legal())
	}
	if _, err := s.Play("D1"); err == nil || !strings.Contains(err.Error(), "no men in hand") {
		t.Errorf("entry in -alternate: %v", err)
	}
}

func TestNewAndOptions(t *testing.T) {
	if _, err := (Game{}).New(3, nil, 1); err == nil {
		t.Error("3 players accepted")
	}
	if _, err := (Game{}).New(2, map[string]string{"size": "5"}, 1); err == nil {
		t.Error("unknown option accepted")
	}
	if _, err := (Game{}).New(2, map[string]string{"alternate": "yes"}, 1); err == nil {
		t.Error("-alternate=yes accepted")
	}
	opts := Game{}.Options()
	if len(opts) != 1 || opts[0].Name != "alternate" || opts[0].Value != "" {
		t.Errorf("options %+v", opts)
	}
	if (Game{}).Name() != "hexemergo" || (Game{}).Title() != "HexEmergo" {
		t.Error("name or title")
	}
	for i, line := range strings.Split(Game{}.Help(), "\n") {
		if len([]rune(line)) > 79 || strings.HasSuffix(line, " ") {
			t.Errorf("help line %d: %q", i+1, line)
		}
	}
}

func TestResign(t *testing.T) {
	for seat := 0; seat < 2; seat++ {
		s, _ := Game{}.New(2, nil, 1)
		if seat == 1 {
			mustPlay(t, s.(*state), "A1")
		}
		// Either seat may resign whoever is to move.
		if err := s.Resign(1 - seat); err != nil {
			t.Fatal(err)
		}
		r := s.Result()
		if !r.Over || !slices.Equal(r.Winners, []int{seat}) || s.ToMove() != -1 {
			t.Errorf("resign %d: %+v", 1-seat, r)
		}
		if err := s.Resign(seat); err == nil {
			t.Error("resigning after the end accepted")
		}
	}
	s, _ := Game{}.New(2, nil, 1)
	if s.Resign(2) == nil || s.Resign(-1) == nil {
		t.Error("bad seat accepted")
	}
}

func TestNotation(t *testing.T) {
	s := setup(t, white, 0, 0, "A1:O A2:X B4:X G7:O F7:X E6:X")
	for in, want := range map[string]string{
		"a1xa3xc5": "A1xA3xC5",
		"A1-A3-C5": "A1xA3xC5",
		"a1Xa3xC5": "A1xA3xC5",
		"G7xe7-E5": "G7xE7xE5",
	} {
		c := s.Clone()
		if got, err := c.Play(in); err != nil || got != want {
			t.Errorf("%q: %q %v", in, got, err)
		}
	}
	for in, want := range map[string]string{
		"":          "empty move",
		"A1xx":      "a cell is missing",
		"E1":        `"E1" is not a cell`,
		"A1 xA3":    `is not a cell`,
		"Z9":        "is not a cell",
		"A1xA2":     "A2 is not a jump away from A1",
		"A2xA4":     "the piece on A2 is not yours",
		"B1xB3":     "there is no piece on B1",
		"G7xE7xC7":  "is not a cell",
		"G7xE6":     "G7-E6 is not a legal capture: E6 is neither next to G7 nor a jump away",
		"G7xG5":     "does not go over an enemy piece",
		"A1xA3xA1":  "goes straight back",
		"A1xA3-C5x": "a cell is missing",
	} {
		_, err := s.Play(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
	long := strings.Repeat("A1x", 100)
	if _, err := s.Play(long); err == nil || !strings.Contains(err.Error(), "too long") {
		t.Errorf("long move: %v", err)
	}
}
