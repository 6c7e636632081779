// Package esagek implements Esagek (Claudio Gelosa, 2006), a game on a
// "flower" of seven rotating hexagonal discs cut into 42 triangular
// fields, as specified by the binding rule book rules/esagek.md.
//
// One game, four variants chosen by a challenge option:
//
//   - Classic (-classic, the default): 2 players, 9 pieces each; reach
//     the opponent's hexagon with 3 pieces or cut him down to 2.
//   - Invasion (-invasion): 2-6 players race to put the goal number of
//     pieces into the middle hexagon.
//   - Surrounder (-surrounder): 2-6 players place their pieces, then
//     step, swap and rotate to surround and conquer enemy pieces.
//   - Alone (-alone): a solitaire of jumps and rotations that should
//     end with one piece, best of all on M1.
//
// Fields are named by hexagon (M in the middle, A-F clockwise from the
// top) and a digit 1-6 clockwise from the top of each hexagon (rule
// book section 2). Moves: step B4-C1, capture chain C1xD1xM1, rotation
// B+ or M-, swap M1~A4, placement C3, warning suffix ! (B+!).
//
// A turn is one move string and one Play call; a capture chain is
// written whole. Every game ends: a game started with two players is
// drawn on the third occurrence of the same position (pieces, player to
// move, placement phase or not), and every game is drawn after
// -maxturns turns (default 400; every Play is a turn, placements
// included), rule book part 1, item 9.
//
// Where the rule book leaves room the engine reads it so:
//
//   - A Classic piece is frozen exactly when it stands in the opponent's
//     hexagon; rotations never move it out, so no flag is kept.
//   - The warning ! may end any Classic move, captures included; Legal
//     lists every move with and without it.
//   - The Invasion capture limit follows the starting player count.
//   - Out players' pieces (Invasion, Surrounder) may be captured,
//     swapped and conquered like any enemy piece.
//   - During the Surrounder placement phase a player's pieces are those
//     on the board plus those still in hand for the "fewer than 3" rule.
//   - A swap names the mover's own piece first: M1~A4.
//   - In Alone any hexagon may turn, even an empty one, unless the
//     previous turn was a rotation; -setup takes any distinct fields.
//     Result.Scores holds the score; the player counts as winner when
//     one piece is left. Resigning ends Alone with score 0.
//   - A resigning player is out: in Classic the opponent wins; in the
//     other variants play goes on and the last player left wins.
package esagek
