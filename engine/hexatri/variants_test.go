package hexatri

import (
	"slices"
	"strings"
	"testing"
)

func opt(names ...string) map[string]string {
	m := map[string]string{}
	for _, n := range names {
		k, v, _ := strings.Cut(n, "=")
		m[k] = v
	}
	return m
}

// Section 3, startpoints: every hexagon starts with its number.
func TestStartpoints(t *testing.T) {
	s := build(t, 2, opt("startpoints"), "")
	for h := 0; h < s.g.nHex; h++ {
		if s.points[h] != s.g.prod(h) {
			t.Fatalf("%s starts with %d points", s.g.name[h], s.points[h])
		}
	}
	if s.pts(t, "D4") != 4 || s.pts(t, "A1") != 1 {
		t.Error("wrong start points")
	}
	// Nobody holds a hexagon yet: round 1 is still the leaders' entry.
	for _, m := range s.Legal() {
		if m != "PASS" && !strings.HasPrefix(m, "L:IN:") {
			t.Errorf("round 1 offers %s", m)
		}
	}
	s = build(t, 2, nil, "")
	if s.pts(t, "D4") != 0 {
		t.Error("points without -startpoints")
	}
}

// Section 3, blockade.
func TestBlockade(t *testing.T) {
	s := build(t, 2, opt("blockade"), "D4:R1 D4=2 E4:R1 E4=2 C3:B2 C3=1 C3N:r C3S:R A1:B*")
	refuse(t, s, "BLOCK:D4", "none of yours")
	refuse(t, s, "BLOCK:C3@D4,D4,D4", "D4 has only 2 points")
	refuse(t, s, "BLOCK:C3@D4,D4", "exactly 3 points")
	got := play(t, s, "block:c3@e4,d4,d4")
	if got[0] != "BLOCK:C3@D4,D4,E4" {
		t.Errorf("canonical %s", got[0])
	}
	if s.pts(t, "C3") != 4 || s.pts(t, "D4") != 0 || s.pts(t, "E4") != 1 {
		t.Errorf("points C3 %d D4 %d E4 %d", s.pts(t, "C3"), s.pts(t, "D4"), s.pts(t, "E4"))
	}
	// B's turn, then R's: nobody leaves or enters C3.
	refuse(t, s, "C3-C3NE@C3", "blockaded")
	refuse(t, s, "BLOCK:C3@A1,A1,A1", "already blockaded")
	play(t, s, "PASS")
	refuse(t, s, "C3N-C3@E4", "blockaded")
	refuse(t, s, "L:C3S-C3!", "blockaded")
	play(t, s, "PASS")
	// Round 1 over: no production, no battle on C3 while blockaded.
	if s.pts(t, "C3") != 4 {
		t.Errorf("blockaded C3 produced: %d", s.pts(t, "C3"))
	}
	if !strings.Contains(show(s), "Blockaded: C3 to the end of round 2") || !strings.Contains(show(s), "3B2#:4") {
		t.Errorf("board does not show the blockade:\n%s", show(s))
	}
	// Round 2 (B first): still blockaded; round 3: free.
	refuse(t, s, "C3-C3NE@A1", "blockaded")
	play(t, s, "PASS", "PASS")
	if s.round != 3 || s.blocked(s.mustField(t, "C3")) {
		t.Fatalf("round %d, C3 still blockaded", s.round)
	}
	if s.pts(t, "C3") != 4 {
		t.Errorf("C3 produced %d in round 2, the round after the blockade", s.pts(t, "C3")-4)
	}
	play(t, s, "C3N-C3@E4")
}

// Section 3, shoot and shoot1hex.
func TestShoot(t *testing.T) {
	s := build(t, 2, opt("shoot"), "D4:R1 D4=4 E4:R1 E4=2 C3:B2 G1:B* A1:R*")
	refuse(t, s, "SHOOT:G1", "leaders cannot be shot")
	refuse(t, s, "SHOOT:D4", "no opponent's ordinary piece")
	got := mine(t, s, "shoot:c3")
	if got[0] != "SHOOT:C3:B" {
		t.Errorf("canonical %s", got[0])
	}
	refuse(t, s, "SHOOT:C3:B", "would need 12 points")
	if !strings.Contains(show(s), "Orders: R SHOOT:C3:B") {
		t.Error("order not shown")
	}
	passRound(t, s)
	// Production first (D4 +1, E4 +1), then the shot paid 6 point by
	// point from the hexagon with most points: 4 from D4, 2 from E4.
	if s.at(t, "C3", 'B') != 1 || s.pts(t, "D4") != 1 || s.pts(t, "E4") != 1 {
		t.Errorf("C3 B%d, D4 %d, E4 %d\n%s", s.at(t, "C3", 'B'), s.pts(t, "D4"), s.pts(t, "E4"), show(s))
	}
	if !strings.Contains(show(s), "Shot: R SHOOT:C3:B hits, paid D4*4,E4*2") {
		t.Errorf("report:\n%s", show(s))
	}
	// The shot piece is out for the next round.
	locked := 0
	for _, pc := range s.pieces {
		if pc.owner == 1 && pc.at == offBoard && pc.lock == 3 {
			locked++
		}
	}
	if locked != 1 {
		t.Errorf("%d pieces locked after the shot", locked)
	}
	// shoot1hex: the 6 points must lie on one hexagon.
	s = build(t, 2, opt("shoot1hex"), "D4:R1 D4=4 E4:R1 E4=2 C3:B2 G1:B* A1:R*")
	refuse(t, s, "SHOOT:C3", "6 points on one hexagon")
	s = build(t, 2, opt("shoot1hex"), "D4:R1 D4=6 E4:R1 E4=2 C3:B2 G1:B* A1:R*")
	play(t, s, "SHOOT:C3")
	passRound(t, s)
	if s.at(t, "C3", 'B') != 1 || s.pts(t, "D4") != 1 || s.pts(t, "E4") != 3 {
		t.Errorf("shoot1hex: C3 B%d D4 %d E4 %d", s.at(t, "C3", 'B'), s.pts(t, "D4"), s.pts(t, "E4"))
	}
	// A shot whose target has gone misses and costs nothing.
	s = build(t, 2, opt("shoot"), "D4:R1 D4=6 C3N:b G1:B* G1=1 A1:R*")
	play(t, s, "SHOOT:C3N:B", "C3N-C3@G1", "PASS", "PASS")
	if !strings.Contains(show(s), "Shot: R SHOOT:C3N:B missed") || s.pts(t, "D4") != 7 || s.at(t, "C3", 'B') != 1 {
		t.Errorf("missed shot:\n%s", show(s))
	}
}

// Section 3, capture on a triangle.
func TestCapture(t *testing.T) {
	s := build(t, 2, opt("capture"), "D4:R2* D4=3 D4N:b D4S:B C3:R1")
	refuse(t, s, "D4-D4S@D4", "leader cannot be captured")
	play(t, s, "D4-D4N@D4")
	if s.at(t, "D4N", 'B') != 0 || s.at(t, "D4N", 'R') != 0 || s.at(t, "D4", 'R') != 2 {
		t.Errorf("capture: D4N holds b%d r%d", s.at(t, "D4N", 'B'), s.at(t, "D4N", 'R'))
	}
	if !strings.Contains(show(s), "This round: D4N: r piece captures b piece") {
		t.Errorf("board:\n%s", show(s))
	}
	// A leader attacking stays on the triangle.
	s = build(t, 2, opt("capture"), "D4:R* D4=3 D4N:b G4:B*")
	play(t, s, "L:D4-D4N@D4")
	if s.at(t, "D4N", 'R') != 1 {
		t.Error("the leader did not take the triangle")
	}
	// Both captured pieces sit out the next round.
	n := 0
	for _, pc := range s.pieces {
		if pc.at == offBoard && pc.lock == 3 {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d pieces locked", n)
	}
	// Without the option the triangle is simply occupied.
	s = build(t, 2, nil, "D4:R2 D4=3 D4N:b G4:B*")
	refuse(t, s, "D4-D4N@D4", "occupied")
}

// Section 3, regroup.
func TestRegroup(t *testing.T) {
	s := build(t, 2, opt("regroup"), "D4:R1 C3:R1 D4=4 E4:B1 G4:B*")
	refuse(t, s, "SHIFT:D4>E4", "E4 is not one")
	refuse(t, s, "SHIFT:C3>D4", "C3 has no movement points")
	refuse(t, s, "SHIFT:D4>D4", "another hexagon")
	got := mine(t, s, "shift:d4>c3", "SHIFT:D4>C3")
	if got[0] != "SHIFT:D4>C3" {
		t.Errorf("canonical %s", got[0])
	}
	refuse(t, s, "SHIFT:D4>C3", "it has 4 for 3 shifts")
	passRound(t, s)
	// D4: 4 + 1 produced - 4; C3: 0 + 1 produced + 2.
	if s.pts(t, "D4") != 1 || s.pts(t, "C3") != 3 {
		t.Errorf("D4 %d C3 %d\n%s", s.pts(t, "D4"), s.pts(t, "C3"), show(s))
	}
}

// Section 3, cloner.
func TestCloner(t *testing.T) {
	s := build(t, 2, opt("cloner"), "D4:R1* D4=5 A1:R1 G4:B*")
	refuse(t, s, "CLONE", "6 points on it (it has 5)")
	s = build(t, 2, opt("cloner"), "D4:R1 D4=6 A1:R* G4:B*")
	mine(t, s, "CLONE")
	if s.leadersAt(0, s.g.centre) != 1 || s.pts(t, "D4") != 0 || s.leadersLeft(0) != 2 {
		t.Fatal("no new leader on D4")
	}
	refuse(t, s, "L:D4-D4N", "used both its steps")
	// Losing one of two leaders keeps the player in.
	s = build(t, 2, opt("cloner"), "D4:R1 D4=6 A1N:R A1:B1 G4:B*")
	play(t, s, "CLONE")
	passRound(t, s)
	if s.out[0] || s.res.Over || s.leadersLeft(0) != 1 {
		t.Errorf("R out %v, over %v, %d leaders", s.out[0], s.res.Over, s.leadersLeft(0))
	}
	// The centre produces at most 1.
	s = build(t, 2, opt("cloner"), "D4:R3 A1:R* G4:B*")
	passRound(t, s)
	if s.pts(t, "D4") != 1 {
		t.Errorf("cloner centre produced %d", s.pts(t, "D4"))
	}
}

// Section 3, freemove.
func TestFreemove(t *testing.T) {
	s := build(t, 2, opt("freemove"), "D4:R2* D4=4 G4:B*")
	mine(t, s, "D4-D4N@D4", "D4N-D4@D4", "D4-D4S@D4")
	refuse(t, s, "D4S-D4-D4N@D4", "one by one")
	mine(t, s, "L:D4-D4N!", "L:D4N-D4@D4")
	refuse(t, s, "L:D4-D4N!", "used its free step")
	if s.pts(t, "D4") != 0 {
		t.Errorf("D4 has %d", s.pts(t, "D4"))
	}
}

// Part 1, item 7 and section 2.7: first blood.
func TestFirstBlood(t *testing.T) {
	if _, err := (Game{}).New(2, opt("firstblood"), 1); err == nil {
		t.Error("firstblood accepted for 2 players")
	}
	s := build(t, 3, opt("firstblood"), "D4:R3B* A1:R* G4:B1 G1:G*")
	passRound(t, s)
	if !s.res.Over || !slices.Equal(s.res.Winners, []int{0}) || !strings.Contains(s.res.Reason, "first blood") {
		t.Errorf("result %+v", s.res)
	}
	// Encirclement: the seat with most pieces around is credited.
	s = build(t, 3, opt("firstblood"), "D4N:B D4:R2 C3:R1 C4:G1 A1:R* G1:G* G4:B1")
	passRound(t, s)
	if !s.res.Over || !slices.Equal(s.res.Winners, []int{0}) {
		t.Errorf("result %+v", s.res)
	}
	// A tie shares the win.
	s = build(t, 3, opt("firstblood"), "D4N:B D4:R1 C3:G1 C4:G1 A1:R* G1:G* G4:B1")
	passRound(t, s)
	if !s.res.Over || !slices.Equal(s.res.Winners, []int{2}) {
		t.Errorf("result %+v", s.res)
	}
	s = build(t, 3, opt("firstblood"), "D4N:B D4:R1 C3:G1 C4:R1 A1:R* G1:G* G4:B1")
	passRound(t, s)
	if !s.res.Over || !slices.Equal(s.res.Winners, []int{0}) {
		t.Errorf("result %+v", s.res)
	}
	s = build(t, 3, opt("firstblood"), "D4N:B D4:R1 C3:G1 A1:R* G1:G* G4:B1")
	s.points[0] = 0
	passRound(t, s)
	// D4N's hexagons: D4 (R1), C3 (G1), C4 empty: not encircled.
	if s.res.Over {
		t.Errorf("result %+v", s.res)
	}
	s = build(t, 3, opt("firstblood"), "D4N:B D4:R1 C3:G1 C4:R1G1 A1:R* G1:G* G4:B1")
	passRound(t, s)
	if !s.res.Over || !slices.Equal(s.res.Winners, []int{0, 2}) {
		t.Errorf("shared: result %+v", s.res)
	}
}

// Options are checked.
func TestOptions(t *testing.T) {
	for _, o := range []map[string]string{
		opt("size=5"), opt("size=x"), opt("pieces=0"), opt("rounds=5"), opt("capture=yes"), opt("bogus"),
	} {
		if _, err := (Game{}).New(2, o, 1); err == nil {
			t.Errorf("options %v accepted", o)
		}
	}
	s := build(t, 4, nil, "")
	if s.g.R != 4 || s.o.pieces != 8 {
		t.Errorf("4 players: radius %d, %d pieces", s.g.R, s.o.pieces)
	}
	s = build(t, 6, opt("size=3", "pieces=4"), "")
	if s.g.R != 3 || s.o.pieces != 4 {
		t.Errorf("6 players with options: radius %d, %d pieces", s.g.R, s.o.pieces)
	}
	if p := build(t, 5, nil, "").o.pieces; p != 6 {
		t.Errorf("5 players have %d pieces", p)
	}
	if p := build(t, 2, nil, "").o.pieces; p != 9 {
		t.Errorf("2 players have %d pieces", p)
	}
	// The round limit draws.
	s = build(t, 2, opt("rounds=10"), "A1:R* G4:B*")
	for !s.res.Over {
		play(t, s, "PASS")
	}
	if s.round != 10 || !s.res.Draw() || !strings.Contains(s.res.Reason, "round limit") {
		t.Errorf("round %d result %+v", s.round, s.res)
	}
}

// Two leaders on one hexagon: the default step is a free one while
// either leader has it.
func TestClonedLeaderSteps(t *testing.T) {
	s := build(t, 2, opt("cloner"), "D4:R1* D4=8 A1:R1 A1=2 G4:B*")
	mine(t, s, "L:D4-D4N!", "L:D4N-D4@A1", "CLONE")
	if s.leadersAt(0, s.g.centre) != 2 {
		t.Fatal("two leaders expected on D4")
	}
	refuse(t, s, "L:D4-D4N", "used both its steps")
	passRound(t, s)
	passRound(t, s)
	// Round 3: both leaders fresh; the first default step is free, and
	// so is the second, by the other leader.
	got := mine(t, s, "L:D4-D4N", "L:D4-D4S", "L:D4N-D4")
	want := []string{"L:D4-D4N!", "L:D4-D4S!", "L:D4N-D4@D4"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
