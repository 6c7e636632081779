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
// Every game ends: a two-player game is drawn on the third occurrence
// of the same position with the same player to move, and every game is
// drawn after -maxturns turns (default 400), rule book part 1, item 9.
package esagek
