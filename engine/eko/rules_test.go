package eko

import (
	"slices"
	"strings"
	"testing"
)

// play plays a move that must be legal and returns the state.
func play(t *testing.T, s *state, move string) string {
	t.Helper()
	got, err := s.Play(move)
	if err != nil {
		t.Fatalf("%s refused: %v\n%s", move, err, s.render())
	}
	return got
}

// refuse checks that move is refused with an error containing each of
// want, and that the position did not change.
func refuse(t *testing.T, s *state, move string, want ...string) {
	t.Helper()
	before, p := s.render(), s.p
	_, err := s.Play(move)
	if err == nil {
		t.Fatalf("%s accepted\n%s", move, s.render())
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%s: error %q does not say %q", move, err, w)
		}
	}
	if s.render() != before || s.p != p {
		t.Errorf("%s: refused move changed the position", move)
	}
}

// stackOn reads the token of a cell.
func (s *state) tok(t *testing.T, name string) string {
	t.Helper()
	return s.token(s.at(t, name))
}

func isLegal(s *state, m string) bool {
	_, found := slices.BinarySearch(s.Legal(), m)
	return found
}

// A winding board: from A1 a path of free spaces runs round the chasms
// to A4 and C1.
const winding = `
A  a2    .     ##    .     b1
B     ##    .     ##    .     .
C  .     ##    .     ##    .
D     .     .     .     .     b1
`

func TestMoveAlongAnyPath(t *testing.T) {
	s := picture(t, 2, winding)
	for _, m := range []string{"A1-A4;R:A4:1", "A1-C1;R:C1:2", "A1-D5;R:D5:1", "A1-A5;R:A5:2", "A1-A2;R:A2:1"} {
		if !isLegal(s, m) {
			t.Errorf("%s is not listed as legal", m)
		}
	}
	c := s.Clone().(*state)
	if got := play(t, c, "a1-a4;r:a4:1"); got != "A1-A4;R:A4:1" {
		t.Errorf("canonical form %q", got)
	}
	if c.tok(t, "A4") != "A3" || c.tok(t, "A1") != "." {
		t.Errorf("after A1-A4: A4 %s, A1 %s", c.tok(t, "A4"), c.tok(t, "A1"))
	}
	// Chasms and construction spaces are not movement spaces.
	refuse(t, s, "A1-A3;R:A1:1", "A3 is a chasm")
}

func TestMoveBlockedByObstacles(t *testing.T) {
	s := picture(t, 2, strings.Replace(winding, "C  .     ##    .  ", "C  .     ##    b3 ", 1))
	refuse(t, s, "A1-A4;R:A4:1", "no path of free movement spaces leads from A1 to A4")
	refuse(t, s, "A1-C1;R:C1:1", "no path")
	// The 3-stack on C3 is too big to attack with 2 discs.
	refuse(t, s, "A1-C3;R:C3:1", "may attack only a smaller stack")
	if !isLegal(s, "A1-B2;R:B2:1") {
		t.Errorf("A1-B2 should stay legal")
	}
	// A stack never jumps over another: the b1 on D5 is out of reach.
	refuse(t, s, "A1-D5;R:D5:1", "no path")
}

func TestRegroup(t *testing.T) {
	s := picture(t, 2, `
A  a2    a2    a3    .
B     a1    .     .     b1
`)
	play(t, s.Clone().(*state), "A1-A2;R:B1:3")
	c := s.Clone().(*state)
	play(t, c, "A1-A2;R:B1:1")
	if c.tok(t, "A2") != "a4" {
		t.Errorf("regroup 2+2 gave %s", c.tok(t, "A2"))
	}
	refuse(t, s, "A1-A3;R:B1:1", "more than 4")
	refuse(t, s, "A2-A3;R:B1:1", "more than 4")
}

func TestAttack(t *testing.T) {
	s := picture(t, 2, `
A  a2    b1    .     b2    .
B     A2    .     .     a1    .
C  a1    .     b4    .     B3
`)
	// A bigger stack destroys a smaller one and takes its space.
	c := s.Clone().(*state)
	play(t, c, "A1-A2;R:A2:1")
	if c.tok(t, "A2") != "a3" || c.p.reserve[1] != 16-2-4-3 {
		t.Errorf("after A1-A2: A2 %s, b reserve %d", c.tok(t, "A2"), c.p.reserve[1])
	}
	// Equal stacks: only with the Emperor.
	refuse(t, s, "A1-A4;R:A1:1", "may attack only a smaller stack")
	c = s.Clone().(*state)
	play(t, c, "B1-A4;R:A4:1")
	if c.tok(t, "A4") != "A3" || c.p.reserve[1] != 16-10+2 {
		t.Errorf("Emperor attack: A4 %s, b reserve %d", c.tok(t, "A4"), c.p.reserve[1])
	}
	// The Emperor stack may not attack a bigger stack.
	refuse(t, s, "B1-C3;R:B1:1", "with the Emperor may attack only a stack of 2 or fewer")
	// Kamikaze: a single disc against a 4-stack; both destroyed.
	c = s.Clone().(*state)
	play(t, c, "C1-C3;R:A1:1")
	if c.tok(t, "C3") != "." || c.tok(t, "C1") != "." {
		t.Errorf("kamikaze left C1 %s, C3 %s", c.tok(t, "C1"), c.tok(t, "C3"))
	}
	if c.p.reserve[1] != 16-10+4 || c.p.reserve[0] != 16-6+1-1 {
		t.Errorf("kamikaze reserves: a %d, b %d", c.p.reserve[0], c.p.reserve[1])
	}
	// A single disc may not attack a stack of 2 or 3.
	refuse(t, s, "B4-A4;R:A1:1", "may attack only a smaller stack")
	// A destroyed Emperor is held captive by the attacker: 3 points.
	s2 := picture(t, 2, `
A  a3    B2    .
B     .     b1    .
`)
	play(t, s2, "A1-A2;R:A2:1")
	if s2.p.captor[1] != 0 || s2.p.points(s2.b, 0) != 3 || s2.p.empRes[1] || s2.p.reserve[1] != 16-1-1 {
		t.Errorf("captive: captor %d, points %d, b reserve %d", s2.p.captor[1], s2.p.points(s2.b, 0), s2.p.reserve[1])
	}
}

func TestAttackFromPathAndKamikazeEmperor(t *testing.T) {
	s := picture(t, 3, `
A  a1    .     .     B4
B     A1    c1    .     .
`)
	// The attacker's last step enters the target from a free space.
	play(t, s.Clone().(*state), "A1-A4;R:B1:1")
	// A lone Emperor never makes a kamikaze attack.
	refuse(t, s, "B1-A4;R:B1:1", "may attack only a stack of 1 or fewer")
	// The kamikaze disc takes the Emperor of the destroyed 4-stack.
	play(t, s, "A1-A4;R:B1:1")
	if s.p.captor[1] != 0 || s.p.reserve[1] != 16-0-1 {
		t.Errorf("captor %d, b reserve %d", s.p.captor[1], s.p.reserve[1])
	}
	// The Emperor may attack an equal stack of a third player.
	s = picture(t, 3, `
A  A1    c1    .     b1
`)
	play(t, s, "A1-A2;R:A2:1")
}

func TestBuildByTerrain(t *testing.T) {
	s := picture(t, 2, `
A  [r]   [v]   [m]   {C}
B     a4    a4    a4    A4
C  ##    b1    .     .
`)
	play(t, s.Clone().(*state), "B:A1:C:B1;R:B1:1")
	refuse(t, s, "B:A1:T:B1;R:B1:1", "a reg allows at most a camp")
	refuse(t, s, "B:A2:T:B1;R:B1:1", "only a camp")
	refuse(t, s, "B:A4:C:B2;R:B2:1", "B2 does not touch A4")
	refuse(t, s, "B:C1:C:B1;R:B1:1", "not a construction space")
	// The Emperor is never sacrificed: A4 holds 3 others.
	play(t, s.Clone().(*state), "B:A4:C:B4;R:B4:1")
	d := s.Clone().(*state)
	d.direct = true
	refuse(t, d, "B:A1:T:B1;R:B1:1", "a reg allows at most a camp")
	refuse(t, d, "B:A2:K:B2;R:B2:1", "a ravine allows at most a tower")
	refuse(t, d, "B:A4:K:B4;R:B4:1", "a capital allows at most a tower")
	play(t, d.Clone().(*state), "B:A3:K:B2;R:B2:3")
	c := d.Clone().(*state)
	play(t, c, "B:A3:K:B3;R:B3:3")
	if c.tok(t, "A3") != "[a3]" || c.tok(t, "B3") != "a4" || c.p.supply[0][castle] != 0 {
		t.Errorf("castle: %s %s supply %d", c.tok(t, "A3"), c.tok(t, "B3"), c.p.supply[0][castle])
	}
}

func TestBuildChainAndSacrifice(t *testing.T) {
	s := picture(t, 2, `
A  [m]   a4    b1    .
B     A2    .     .
`)
	play(t, s, "B:A1:C:B1;R:B1:1")
	if s.tok(t, "A1") != "[a1]" || s.tok(t, "B1") != "A2" {
		t.Errorf("camp: %s, B1 %s", s.tok(t, "A1"), s.tok(t, "B1"))
	}
	s.toMove = 0
	refuse(t, s, "B:A1:K:A2;R:A2:1", "can only become a tower")
	refuse(t, s, "B:A1:C:A2;R:A2:1", "can only become a tower")
	play(t, s, "B:A1:T:A2;R:A2:1")
	if s.tok(t, "A1") != "[a2]" || s.p.supply[0][camp] != 5 || s.p.supply[0][tower] != 2 {
		t.Errorf("tower: %s, supply %v", s.tok(t, "A1"), s.p.supply[0])
	}
	s.toMove = 0
	// Sacrificing a whole stack empties its space.
	play(t, s, "B:A1:K:A2;R:B1:1")
	if s.tok(t, "A1") != "[a3]" || s.tok(t, "A2") != "." || s.p.supply[0][tower] != 3 || s.p.supply[0][castle] != 0 {
		t.Errorf("castle: %s, A2 %s, supply %v", s.tok(t, "A1"), s.tok(t, "A2"), s.p.supply[0])
	}
	s.toMove = 0
	refuse(t, s, "B:A1:K:B1;R:B1:1", "cannot be upgraded")
}

func TestBuildReplaceEnemy(t *testing.T) {
	s := picture(t, 2, `
A  [b1v] a3    [b2]  .     [b1]
B     a1    A3    a3    a2    b1
`)
	refuse(t, s, "B:A1:C:B1;R:B1:1", "costs 2 discs", "has only 1")
	c := s.Clone().(*state)
	play(t, c, "B:A1:C:A2;R:B1:1")
	if c.tok(t, "A1") != "[a1]" || c.p.supply[1][camp] != 5-2+1 || c.tok(t, "A2") != "a1" {
		t.Errorf("replace camp: %s, b supply %v, A2 %s", c.tok(t, "A1"), c.p.supply[1], c.tok(t, "A2"))
	}
	// Without -direct an enemy camp may give way to a tower, 3 discs.
	play(t, s.Clone().(*state), "B:A1:T:A2;R:B1:1")
	// A tower is replaced by a tower only, for 3 discs; never by a camp.
	refuse(t, s, "B:A3:C:B3;R:B3:1", "at least as valuable")
	refuse(t, s, "B:A3:T:B2;R:B2:1", "besides its Emperor")
	c = s.Clone().(*state)
	play(t, c, "B:A3:T:B3;R:B2:1")
	if c.tok(t, "A3") != "[a2]" || c.p.supply[1][tower] != 3 || c.p.supply[0][tower] != 2 || c.p.reserve[0] != 16-12+3-1 {
		t.Errorf("replace tower: %s, supplies %v %v, reserve %d", c.tok(t, "A3"), c.p.supply[0], c.p.supply[1], c.p.reserve[0])
	}
}

func TestBuildSupply(t *testing.T) {
	s := picture(t, 2, `
A  [a1]  [a1]  [a1]  [a1]  [a1v] [r]
B     a3    a3    a3    a3    A4    b1
`)
	refuse(t, s, "B:A6:C:B5;R:B5:1", "no camp left")
	play(t, s, "B:A5:T:B5;R:B5:1")
	if s.p.supply[0][camp] != 1 || s.p.supply[0][tower] != 2 {
		t.Errorf("supply %v", s.p.supply[0])
	}
}

func TestMarch(t *testing.T) {
	s := picture(t, 2, `
A  a1    .     .     [r]
B     a2    .     b2
`)
	c := s.Clone().(*state)
	got := play(t, c, "a1-a2;march;b1-a3;r:a3:2")
	if got != "A1-A2;MARCH;B1-A3;R:A3:2" {
		t.Errorf("canonical %q", got)
	}
	if c.p.destroyed[0] != 3 || c.p.reserve[0] != 16-3-3-2 || c.tok(t, "A3") != "A4" {
		t.Errorf("march: destroyed %d, reserve %d, A3 %s", c.p.destroyed[0], c.p.reserve[0], c.tok(t, "A3"))
	}
	if err := conservation(c); err != nil {
		t.Error(err)
	}
	refuse(t, s, "A1-A2;MARCH;R:A2:1", "an action comes before the reinforcement")
	refuse(t, s, "A1-A2;MARCH", "MARCH must be followed by a second action")
	refuse(t, s, "MARCH;A1-A2;R:A2:1", "MARCH comes after the first action")
	refuse(t, s, "A1-A2;MARCH;B1-A3;MARCH;A3-A2;R:A2:1", "after the action comes MARCH or the reinforcement")
	// Three reserve discs besides the Emperor are needed.
	s.setReserve(t, 0, 3)
	s.p.st[s.at(t, "B1")].emp = false
	s.p.empRes[0] = true
	refuse(t, s, "A1-A2;MARCH;B1-A3;R:A3:1", "you have 2")
}

func TestReinforcement(t *testing.T) {
	s := picture(t, 3, `
A  a1    .     a3    a2    [b1]
B     a4    .     c1    a1    .
`)
	// At least one disc when a placement exists.
	refuse(t, s, "A1-A2;R:NONE", "must place at least one")
	refuse(t, s, "A1-A2;R:A2:0", "place 1 to 3")
	refuse(t, s, "A1-A2;R:A2:4", "at most 3")
	refuse(t, s, "A1-A2;R:A3:2", "room for 1 more")
	refuse(t, s, "A1-A2;R:B1:1", "already has 4")
	refuse(t, s, "A1-A2;R:B3:1", "no stack of yours on B3")
	refuse(t, s, "A1-A2;R:B4:1", "next to another player's building")
	refuse(t, s, "A1-A2;R:A4:1", "next to another player's building")
	refuse(t, s, "A1-A2", "the turn ends with the reinforcement")
	refuse(t, s, "A1-A2;R:A2:1;R:A2:1", "closes the turn")
	refuse(t, s, "A1-A2;R:A2:1:2", "R:<stack>:<1 to 3>")
	c := s.Clone().(*state)
	play(t, c, "A1-A2;R:A2:3")
	if c.tok(t, "A2") != "A4" {
		t.Errorf("the Emperor comes first: A2 %s", c.tok(t, "A2"))
	}
	if c.p.empRes[0] || c.p.reserve[0] != 16-11-3 {
		t.Errorf("reserve %d, Emperor in reserve %v", c.p.reserve[0], c.p.empRes[0])
	}
	// Only discs the reserve holds.
	s.setReserve(t, 0, 2)
	refuse(t, s, "A1-A2;R:A2:3", "only 2 discs in reserve")
	// An empty reserve: R:NONE.
	s.setReserve(t, 0, 0)
	s.p.empRes[0] = false
	s.p.st[s.at(t, "B1")].emp = true
	play(t, s.Clone().(*state), "A1-A2;R:NONE")
	refuse(t, s, "A1-A2;R:A2:1", "your reserve is empty")
}

func TestReinforcementNone(t *testing.T) {
	// a's only moves are constructions on b's camp; after most of them
	// every stack of a is full or next to b's building: R:NONE.
	s := picture(t, 2, `
A  a4    [b1]  .
B     a2    b3    .
`)
	legal := s.Legal()
	want := []string{"B:A2:C:A1;R:A1:1", "B:A2:C:A1;R:A1:2", "B:A2:C:A1;R:B1:1", "B:A2:C:A1;R:B1:2", "B:A2:C:B1;R:NONE"}
	if !slices.Equal(legal, want) {
		t.Errorf("legal %v", legal)
	}
	refuse(t, s, "B:A2:C:B1;R:A1:1", "already has 4")
	play(t, s, "B:A2:C:B1;R:NONE")
}

func TestWholeTurnCheckedFirst(t *testing.T) {
	s := picture(t, 2, `
A  a1    .     .     [b1]
B     a2    b1    .     .
`)
	// The move is fine, the reinforcement is not: nothing happens, and
	// the error says why and what would be legal.
	refuse(t, s, "A1-A3;R:A3:1", "next to another player's building", "legal: R:B1:1")
	refuse(t, s, "B:A4:T:A3;R:A1:1", "no stack of yours on A3")
	c := s.Clone().(*state)
	c.setReserve(t, 0, 3)
	refuse(t, c, "A1-A2;MARCH;B1-A1;R:A1:1", "MARCH destroys three discs", "you have 2")
	refuse(t, s, "Z9-A1;R:A1:1", "not a cell of this map", "legal actions:")
	refuse(t, s, "", "not an action")
	refuse(t, s, "R:B1:1", "an action comes before the reinforcement")
	refuse(t, s, "A1-A2;R:B1:1 extra", "R:B1:1 EXTRA")
	if s.turns != 0 || s.ToMove() != 0 {
		t.Errorf("turns %d, to move %d", s.turns, s.ToMove())
	}
}

func TestNoActionOnlyReinforcement(t *testing.T) {
	// a's 2-stack is walled in: no move, no construction.
	s := picture(t, 2, `
A  ##    b3    ##
B     b3    a2    b3
C  ##    b3    ##    b1
`)
	legal := s.Legal()
	if len(legal) != 2 || legal[0] != "R:B2:1" || legal[1] != "R:B2:2" {
		t.Fatalf("legal %v", legal)
	}
	refuse(t, s, "B2-A2;R:B2:1", "may attack only")
	play(t, s, "R:B2:2")
	if s.tok(t, "B2") != "A4" || s.ToMove() != 1 {
		t.Errorf("B2 %s, to move %d", s.tok(t, "B2"), s.ToMove())
	}
}

func TestScoring(t *testing.T) {
	s := picture(t, 3, `
A  [a1]  [a2]  [a3m] {a2}  [b1]
B     a2    .     b2    c2    .
`)
	s.captive(1, 0)
	if got := s.p.points(s.b, 0); got != 1+2+3+2+3 {
		t.Errorf("points %d", got)
	}
	if got := s.Result().Scores; len(got) != 3 || got[0] != 11 || got[1] != 1 || got[2] != 0 {
		t.Errorf("scores %v", got)
	}
}

func TestWinWithTwelveAndCapital(t *testing.T) {
	s := picture(t, 2, `
A  [a1]  [a2]  [a3m] {a2}  [v]   .
B     a3    .     b2    .     a2    b1
`)
	s.captive(1, 0) // 11 points
	// The winning construction ends the turn: no reinforcement follows.
	refuse(t, s, "B:A5:C:B5;R:B1:1", "ends the game", "send B:A5:C:B5")
	legal := s.Legal()
	if !slices.Contains(legal, "B:A5:C:B5") || slices.Contains(legal, "B:A5:C:B5;R:B1:1") {
		t.Fatalf("winning turn not listed alone: %v", legal)
	}
	play(t, s, "b:a5:c:b5")
	r := s.Result()
	if !r.Over || len(r.Winners) != 1 || r.Winners[0] != 0 || s.ToMove() != -1 || s.Legal() != nil || r.Scores[0] != 12 {
		t.Errorf("result %+v", r)
	}
	if _, err := s.Play("B1-B2;R:B2:1"); err == nil || !strings.Contains(err.Error(), "game is over") {
		t.Errorf("play after the end: %v", err)
	}
	// 12 points without a capital do not win.
	s = picture(t, 2, `
A  [a1]  [a2]  [a3m] [a2]  [v]   .
B     a3    .     b2    .     a2    b1
`)
	s.captive(1, 0)
	play(t, s, "B:A5:C:B5;R:B1:1")
	if s.Result().Over || s.p.points(s.b, 0) != 12 {
		t.Errorf("won without a capital: %s", s.Result().Reason)
	}
}

func TestWinAsOnlyPlayerOnBoard(t *testing.T) {
	s := picture(t, 3, `
A  a3    b2    .     c1
B     .     .     .
`)
	play(t, s, "A1-A2;R:A2:1")
	if s.Result().Over {
		t.Fatal("c still has a disc")
	}
	play(t, s, "A4-A3;R:A3:3") // c
	if s.ToMove() != 0 {
		t.Fatalf("b has no discs on the board and is skipped; to move %d", s.ToMove())
	}
	play(t, s, "A2-A3")
	r := s.Result()
	if !r.Over || len(r.Winners) != 1 || r.Winners[0] != 0 || !strings.Contains(r.Reason, "only player") {
		t.Errorf("result %+v", r)
	}
}

func TestKamikazeEmptiesBoard(t *testing.T) {
	s := picture(t, 2, `
A  a1    b4    .
`)
	play(t, s, "A1-A2")
	if r := s.Result(); !r.Draw() {
		t.Errorf("result %+v", r)
	}
}

func TestEmperorExchangeAfterVictoryCheck(t *testing.T) {
	s := picture(t, 2, `
A  b3    A2    .     [b1]
B     .     .     a1
`)
	s.captive(1, 0)
	s.toMove = 1
	play(t, s, "A1-A2;R:A2:1")
	// b took a's Emperor while a held b's: both go home.
	if s.p.captor[0] != -1 || s.p.captor[1] != -1 || !s.p.empRes[0] || s.p.empRes[1] {
		t.Errorf("no exchange: captors %v, in reserve %v", s.p.captor, s.p.empRes)
	}
	if s.tok(t, "A2") != "B4" {
		t.Errorf("b's Emperor comes first in reinforcement: A2 %s", s.tok(t, "A2"))
	}
	// The victory check comes first: a capture that reaches 12 points
	// with a capital wins before the exchange.
	s = picture(t, 2, `
A  b3    A2    .     {b2}  [b2m] [b2m] [b3]
B     .     .     a1    .
`)
	s.captive(1, 0)
	s.toMove = 1
	play(t, s, "A1-A2")
	r := s.Result()
	if !r.Over || r.Winners[0] != 1 || s.p.captor[0] != 1 || s.p.captor[1] != 0 {
		t.Errorf("result %+v, captors %v", r, s.p.captor)
	}
}

func TestResign(t *testing.T) {
	s := picture(t, 2, `
A  a1    b1    .
`)
	if err := s.Resign(0); err != nil {
		t.Fatal(err)
	}
	if r := s.Result(); !r.Over || r.Winners[0] != 1 {
		t.Errorf("2 players: %+v", r)
	}
	if s.Resign(1) == nil {
		t.Error("resign after the end accepted")
	}
	s = picture(t, 3, `
A  a1    b1    c2    .
B     B2    .     C1
`)
	s.captive(0, 1)
	s.toMove = 1
	if err := s.Resign(1); err != nil {
		t.Fatal(err)
	}
	if s.Result().Over || s.ToMove() != 2 || s.tok(t, "A2") != "." || s.p.captor[0] != -1 || !s.p.empRes[0] {
		t.Errorf("3 players: over %v, to move %d, A2 %s, captor %d", s.Result().Over, s.ToMove(), s.tok(t, "A2"), s.p.captor[0])
	}
	if err := conservation(s); err != nil {
		t.Error(err)
	}
	if s.Resign(1) == nil || s.Resign(5) == nil {
		t.Error("bad resignations accepted")
	}
	if err := s.Resign(0); err != nil {
		t.Fatal(err)
	}
	if r := s.Result(); !r.Over || r.Winners[0] != 2 {
		t.Errorf("last seat: %+v", r)
	}
}

func TestTurnLimitDraw(t *testing.T) {
	s := picture(t, 2, `
A  a1    .     .     b1
`)
	s.turns = turnsPerSeat*2 - 1
	play(t, s, "A1-A2;R:A2:1")
	if r := s.Result(); !r.Draw() || !strings.Contains(r.Reason, "200 turns") {
		t.Errorf("result %+v", r)
	}
}

func TestSwapRound(t *testing.T) {
	es, _ := Game{}.New(3, nil, 7)
	s := es.(*state)
	first := s.ToMove()
	if first != s.start {
		t.Fatalf("swap round starts with %d, start %d", first, s.start)
	}
	legal := s.Legal()
	if len(legal) != 16 || legal[0] != "NOSWAP" {
		t.Fatalf("swaps %v", legal)
	}
	m := legal[5]
	f := strings.Split(m, ":")
	refuse(t, s, "SWAP:"+f[2]+":"+f[1], "your Emperor is not on")
	refuse(t, s, "SWAP:"+f[1]+":"+f[1], "another of your discs")
	refuse(t, s, "A1-A2;R:A2:1", "swap round")
	play(t, s, strings.ToLower(m))
	if s.tok(t, f[2])[0] != 'A'+s.colour[first]-'a' || s.tok(t, f[1])[0] != s.colour[first] {
		t.Errorf("swap: %s %s", s.tok(t, f[1]), s.tok(t, f[2]))
	}
	if s.ToMove() != (first+1)%3 {
		t.Errorf("next swap by %d", s.ToMove())
	}
	play(t, s, "noswap")
	play(t, s, "NOSWAP")
	if s.ToMove() != first || strings.Contains(s.Legal()[0], "SWAP") {
		t.Errorf("play phase: to move %d, legal %v", s.ToMove(), s.Legal()[:1])
	}
}

func TestOptions(t *testing.T) {
	if _, err := (Game{}).New(2, map[string]string{"fast": ""}, 1); err == nil {
		t.Error("unknown option accepted")
	}
	if _, err := (Game{}).New(2, map[string]string{"direct": "3"}, 1); err == nil {
		t.Error("-direct=3 accepted")
	}
	if _, err := (Game{}).New(5, nil, 1); err == nil {
		t.Error("5 players accepted")
	}
	es, err := Game{}.New(2, map[string]string{"direct": ""}, 1)
	if err != nil || !es.(*state).direct {
		t.Errorf("-direct: %v", err)
	}
}

func TestNoActionError(t *testing.T) {
	s := picture(t, 2, `
A  ##    b3    ##
B     b3    a2    b3
C  ##    b3    ##    b1
`)
	refuse(t, s, "B2-B1;R:B2:1", "no legal action", "R:B2:1, R:B2:2")
}

func TestResignDuringPlay(t *testing.T) {
	es, _ := Game{}.New(3, nil, 21)
	s := es.(*state)
	for range 3 {
		play(t, s, "NOSWAP")
	}
	mover := s.ToMove()
	if err := s.Resign(mover); err != nil {
		t.Fatal(err)
	}
	if s.ToMove() == mover || s.Result().Over || s.p.onBoard(s.b, mover) != 0 {
		t.Fatalf("to move %d after %d resigned", s.ToMove(), mover)
	}
	if err := conservation(s); err != nil {
		t.Fatal(err)
	}
	if len(s.Legal()) == 0 {
		t.Fatal("no legal move after a resignation")
	}
	// Resigning in the swap round passes the choice on.
	es, _ = Game{}.New(2, nil, 21)
	if err := es.Resign(es.ToMove()); err != nil || !es.Result().Over || len(es.Result().Winners) != 1 {
		t.Fatalf("2 players, swap round: %v %+v", err, es.Result())
	}
	es, _ = Game{}.New(4, nil, 21)
	s = es.(*state)
	first := s.ToMove()
	if err := s.Resign((first + 1) % 4); err != nil {
		t.Fatal(err)
	}
	play(t, s, "NOSWAP")
	if s.ToMove() != (first+2)%4 {
		t.Errorf("swap round went to %d", s.ToMove())
	}
	play(t, s, "NOSWAP")
	play(t, s, "NOSWAP")
	if s.ToMove() != first || len(s.swaps) != 0 {
		t.Errorf("play phase opens with %d, not %d", s.ToMove(), first)
	}
}

func TestGameDescription(t *testing.T) {
	g := Game{}
	if g.Name() != "eko" || g.Title() != "Ekö" {
		t.Errorf("%s %s", g.Name(), g.Title())
	}
	if lo, hi := g.Players(); lo != 2 || hi != 4 {
		t.Errorf("players %d-%d", lo, hi)
	}
	if o := g.Options(); len(o) != 1 || o[0].Name != "direct" {
		t.Errorf("options %v", o)
	}
	for i, l := range strings.Split(g.Help(), "\n") {
		if len([]rune(l)) > 79 || strings.HasSuffix(l, " ") {
			t.Errorf("help line %d: %q", i+1, l)
		}
	}
	for _, w := range []string{"G4-E7", "B:E4:T:F5", "MARCH", "R:NONE", "SWAP:", "NOSWAP", "-direct", "100 turns"} {
		if !strings.Contains(g.Help(), w) {
			t.Errorf("help does not mention %s", w)
		}
	}
}
