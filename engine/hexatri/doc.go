// Package hexatri implements Hexatri (Hex-Tri, Gable and BP, 2004) for
// 2 to 6 players, following the rule book ../shared/rules/hexatri.md.
//
// The board is a hex-of-hexagons of radius 2, 3 or 4 with every hexagon
// surrounded by its six triangles. Each round has a movement phase, in
// which the seats take turns, each turn PASS or any number of actions,
// until every seat still in the game has passed in a row; then
// production and combat run by themselves and the next round begins
// with the next seat still in the game. A player whose leader falls is out; the last one
// in wins, and when the last leaders fall together the game is drawn.
//
// # Round limit
//
// Random or stubborn play can avoid combat for ever (pieces stranded on
// triangles with no points to move them, two leaders facing each other
// on a hexagon in a standing draw), so a game still running after its
// round limit (100 rounds, option -rounds) is drawn: the rules end a
// game only by the fall of leaders, and a game where no leader falls in
// that many rounds is one nobody can win.
//
// # Moves
//
// One Play call is one turn (rule book part 1, item 4; one mail, one
// turn): PASS, or one or more actions (section 4) separated by spaces,
// ';' or ',': D4-D4N@C3, D4N-D4-D4NE@C3, L:D4-D4N!, IN:A1N@B2,
// BLOCK:C3@D4,D4,E2, SHOOT:C3:B@D4*6, SHIFT:D4>C3, CLONE. The actions
// are applied in order, all or nothing, and echoed joined by ';'; a
// PASS after them is accepted and changes nothing. Then the next seat
// still in the game is to act. Legal lists the turns of one action and
// PASS. Canonical forms name every payment of a step; without @ or !
// the default payment of part 1, item 5 is used.
//
// # Decisions where the rule book leaves room
//
//   - The phase ends when every seat still in the game has passed since
//     the last action: "A acts, passes; B and C pass" ends it. A seat
//     that resigns no longer counts.
//   - Without L:, a step moves an ordinary piece that may still step,
//     or else the leader. An ordinary piece on the field is preferred;
//     the echo names the leader with L:.
//   - The round's first seat is the next seat still in the game after
//     the one that started the round before.
//   - The leader does not chain move II; it has its paid and free steps
//     as separate actions, in either order. In a chain the @ names the
//     payment of the first step; the second is paid on the hexagon.
//     The first step's default payment is that of any step from a
//     triangle, the middle hexagon included; only when the middle
//     hexagon would then have no point left for the second step does
//     the default go to the next hexagon in that order.
//   - Shots (SHOOT) and regroupings (SHIFT) are orders given during the
//     movement phase and kept until it ends; they are checked against
//     the points when given (all of a seat's orders together) and again
//     when carried out: shifts after production, shots at the start of
//     combat, seat by seat from the round's first seat. A shot names a
//     field and a colour, and may name the one hexagon that pays its 6
//     points (SHOOT:C3:B@D4*6; those points are then promised to it);
//     without a payment it is paid when fired, point by point from the
//     usable hexagons with the most points (all six from the one with
//     most with -shoot1hex), and the report says what paid.
//   - A blockade lasts to the end of the next round; the blockaded
//     hexagon is never encircled itself but counts as a neighbour.
//   - A seat whose last leader falls in a battle loses all its pieces at
//     once, before encirclement is judged on the result of the battles:
//     its pieces encircle nobody.
//   - With -capture a capture is a paid step: the leader's free step
//     cannot capture (a leader's step onto a capture is paid by
//     default); the last step of a chained move may capture; entering
//     never captures.
//   - Cloned leaders are extra pieces; a fallen leader never returns,
//     and a seat is out when it has no leader left.
//   - First blood credits the seats with most pieces left on the
//     battle hexagon or on the fields around an encircled one; ties
//     share the win; credited seats that fell in the same combat do
//     not win, and the game then goes on by the last-player rule.
//   - A resigning seat's pieces leave the board; the last seat in wins.
//
// Parts: the geometry and the field names are geom (newGeom, lookup);
// the parsing and printing of actions are geom.parse and geom.format;
// the checks and effects of the movement actions are state.resolve and
// state.apply; production and combat are state.endMovement and
// state.newRound; Play and the list of legal actions are state.Play
// and state.Legal; the diagram and state block are state.Board,
// state.BoardLines and state.stateBlock; the rules summary is
// helpText.
package hexatri
