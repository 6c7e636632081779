// Package hexatri implements Hexatri (Hex-Tri, Gable and BP, 2004) for
// 2 to 6 players, following the rule book ../shared/rules/hexatri.md.
//
// The board is a hex-of-hexagons of radius 2, 3 or 4 with every hexagon
// surrounded by its six triangles. Each round has a movement phase, in
// which the seats act in turn, each turn any number of actions ended by
// PASS, until every seat still in the game has passed in a row; then
// production and combat run by themselves and the next round begins
// with the next seat. A player whose leader falls is out; the last one
// in wins, and when the last leaders fall together the game is drawn.
//
// Random or stubborn play can avoid combat for ever, so a game still
// running after its round limit (100 rounds, option -rounds) is drawn:
// the rules end a game only by the fall of leaders, and a game with no
// fall in that many rounds is treated as one nobody can win.
//
// Files: board.go is the geometry and the field names, notation.go the
// parsing and printing of actions, rules.go the checks and effects of
// the movement actions, phases.go production and combat, legal.go Play
// and the list of legal actions, render.go the diagram and state block,
// help.go the rules summary.
package hexatri
