package esagek

// helpText is the rules summary of rule book part 1.
const helpText = `Esagek (Claudio Gelosa, 2006): seven rotating hexagons, 42 triangles.

Fields: hexagon M (middle) or A-F clockwise from the top, and a digit 1-6
clockwise from the top of that hexagon (A1 is the top field of the
board, M1 the top field of the middle). The board shows the fields'
names beside the position. Pieces: B Blue, R Red, Y Yellow, G Green,
P Purple, W White, N neutral; lower case is a frozen Classic piece.
The first player is drawn by lot; play then follows the seat order.

Moves (upper or lower case):
  B4-C1      step to an empty field sharing a side
  C1xD1xM1   capture: jump a piece sharing a side, landing on the empty
             field straight beyond the corner opposite that side; name
             the start and every landing field
  B+ M-      rotate a hexagon clockwise (+) or counter-clockwise (-)
  M1~A4      swap your piece with an enemy piece sharing a side
  C3         place a piece (Surrounder placement phase)
  B+!        a Classic move with a warning: the opponent must capture
             on his next turn if he can (at least one jump)
A rotation needs a piece of yours on that hexagon (not in Alone) and may
not turn the hexagon rotated on the previous turn.

-classic (default, 2 players): 9 pieces each; Blue owns hexagon A, Red
  hexagon D. Start on the rim of your three hexagons, or with -home your
  whole hexagon plus its three neighbours. A turn is a step, a rotation
  or a capture of 1-3 pieces (optional unless warned). No more than 3
  rotations of one hexagon on your turns in a row. A piece entering the
  opponent's hexagon freezes: it cannot move, capture or be captured,
  and a capture ends there. Win with 3 pieces in the opponent's hexagon
  or when the opponent has 2 pieces or fewer.
-invasion (2-6): pieces/goal 12/4 (2 players), 6/3 (3), 4/2 (4-6). A
  turn is a step, a swap, a rotation or a capture of up to 3 pieces (2
  with more than three players) of any opponents. No swapping back the
  pair swapped on the previous turn. Fewer pieces than the goal puts you
  out; your pieces stay. Win with the goal number of pieces in M, or as
  the last player left.
-surrounder (2-6): pieces/goal 15/7, 10/5, 8/4, 6/3, 5/3. First place
  one piece per turn on any empty field. At the end of your turn you
  conquer every enemy piece whose three neighbours all hold your pieces
  (rim fields have two and are safe); while placing it becomes neutral,
  and the neutrals leave when the last piece is placed. Then step, swap
  (no swap-back) or rotate; no jumping. Win by the conquest goal; fewer
  than 3 pieces puts you out.
-alone (1 player): -setup=M1,M2,... or -pieces=N (6-14, random, default
  9). A turn is one jump or a rotation of any hexagon, never two
  rotations in a row. The game ends when no jump is possible even after
  an allowed rotation. Score 3 for one piece left on M1, 2 for one in M,
  1 for one elsewhere, else 0.

Ends: a player without a legal move loses (Classic) or is out. A
two-player game is drawn on the third repetition of a position with the
same player to move; every game is drawn after -maxturns turns
(default 400). A resigning player is out; the last one left wins.
`
