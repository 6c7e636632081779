package hexatri

import "strings"

// helpText is the rules summary and notation, with the map of the
// radius 3 board.
func helpText() string {
	var b strings.Builder
	b.WriteString(`HEXATRI (Hex-Tri, Gable and BP 2004), 2-6 players

Board: hexagons (any number of pieces, they hold movement points) and
triangles (one piece each). Steps go hexagon to triangle or triangle to
hexagon only. Radius 3 (37 hexagons) for 2-3 players, radius 4 for 4-6.
A hexagon's number is what it can produce: 1 on the rim, +1 per ring in.
Pieces: 9+leader (2 players), 8+leader (3-4), 6+leader (5-6), all off
the board at the start.

A round: MOVEMENT, then PRODUCTION, then COMBAT.
Movement: the seats take turns. One mail is one turn: PASS, or any
number of actions, applied in order, all or nothing, e.g.
  hexatri move 101 alice <password> L:D4-D4N! D4-D4S@D4 IN:A1N@B2
Then the next seat acts. The phase ends when every seat still in has
passed in a row; a seat that passed acts again if someone acted since.
The seat that starts moves on by one each round (round 1: by lot).
- Every step costs 1 point, taken before the step from any hexagon where
  you have pieces and nobody else has (default: the departure hexagon,
  else the one with most points).
- An ordinary piece steps once per round; from a triangle it may go on
  through a hexagon to a triangle, paying the second step there
  (D4N-D4-D4NE). The leader has one paid and one free step per round.
- Enter an off-board piece on an empty outer triangle (marked o).
- You may not move your last piece off a hexagon holding enemies.
Production: a hexagon held by one player alone gets min(its number, his
pieces there) points. Contested hexagons produce nothing.
Combat: on a contested hexagon, while the players there have unequal
numbers, each loses one piece (ordinary pieces before the leader). Then
a field all of whose neighbours hold only other players' pieces loses
that player's pieces. Removed pieces may not enter next round.
End: a player whose leader falls is out with all pieces. The last one
in wins; leaders falling together last is a draw. After the round limit
(default 100, -rounds) the game is drawn.

Notation (any case):
  D4-D4N@C3   step hexagon to triangle, paid from C3
  D4N-D4@D4   triangle to hexagon       D4N-D4-D4NE@C3  chained move
  L:D4-D4N!   the leader, free step     L:D4-D4N@D4     leader, paid
  IN:A1N@B2   enter a piece             L:IN:A1N!       enter the leader
  PASS        a turn without actions
The actions of a turn are separated by spaces, ; or , (all or nothing).
Without @ or ! the default payment is used (a leader uses its free step
first). A triangle has a name from each hexagon it touches: D4N = C3SE
= C4SW; directions N NE SE S SW NW.
Variants: -startpoints; -blockade BLOCK:C3@D4,D4,E2 (3 points: nobody
leaves, enters, fights or produces on C3 this round and the next);
-shoot SHOOT:C3:B@D4*6 (6 points of D4, an ordinary piece, fired at the
start of combat; without @ paid then from your hexagons with most
points; -shoot1hex: 6 points of one hexagon); -capture (a paid step
onto an enemy ordinary piece on a triangle: both are removed, or the
victim alone when your leader attacks); -regroup SHIFT:D4>C3 (after
production, 2 points off D4, 1 onto C3); -cloner CLONE (centre produces
1; 6 points there buy a new leader); -freemove (pieces step as often as
points allow; the leader keeps its free step); -firstblood (3+
players: the first to remove a leader wins).

Diagram: hexagon = number, then each player's letter and pieces (* for
a leader), :points; '-' empty, '#' blockaded. Triangle: '.', 'o' for
an entry, r/b/... a piece, R/B/... a leader.
Map of the radius 3 board:
`)
	for _, l := range staticMap(geoms[3], false) {
		b.WriteString(l + "\n")
	}
	return b.String()
}
