package hexemergo

// Help is the rules summary and the move notation.
func (Game) Help() string { return helpText }

const helpText = `HexEmergo (Christian Freeling and Ed van Zon), for two players.

The board has 37 cells: rows A (top) to G (bottom), oblique lines 1 to 7
running from upper right to lower left. Centre D4. The first player is
White (Ohs, O) and moves first; the second is Black (Eks, X). Each starts
with 12 men in hand and an empty board.

A piece is a column of one or more men; its top man decides who owns it.
Pieces move whole. On your turn, in this order of precedence:

1. Capture, if you can: it is compulsory. Jump an adjacent enemy piece
   onto the empty cell straight beyond it; its top man goes under your
   column at once. Keep jumping in any direction except straight back;
   cells may be revisited, the start cell included. You must take the
   greatest number of men possible over all your pieces; among equal
   routes you choose.
2. Else, if you have men in hand, enter one on an empty cell. White's
   first move may not be on D4. Unless your opponent can capture right
   now, the entered man must not be capturable. When your opponent's
   hand is empty and you hold more than one man, you enter all of them
   on one cell as one column (the shadowpiece).
3. Else move one of your pieces to an adjacent empty cell.

A player with no legal move loses, including one with men in hand who
may not enter anywhere. The third occurrence of the same position (every
column, both hands, side to move) is a draw; it also ends every game
that could otherwise go on for ever. Draw by agreement: propose/accept.

Option -alternate: 13 men each start on the board, Black on A1-A4, B1-B5,
C2-C5, White on E3-E6, F3-F7, G4-G7; there is no entering stage.

Moves (any case):
  D4          enter a man (or the shadowpiece) on D4
  D4-D5       move the piece on D4 to D5
  E7xE5xE3    capture: the start cell and every landing cell ("-" too)

Board: "." is empty; O or X is a piece, with its height when taller than
one (O3). Columns taller than one are listed top to bottom (D4: O O X).
`
