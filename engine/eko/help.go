package eko

// Help is the rules summary and the notation.
func (Game) Help() string { return help }

const help = `Ekö (Henri Kermarrec, Sit Down! 2015), 2 to 4 players.

The desert map is drawn from the game's seed: 7, 10 or 13 seven-cell
tiles for 2, 3 or 4 players. Every movement space starts with one disc;
each player has 16 discs, one of them his Emperor. Cells are named by
row letter and column number, as printed on the board. Player letters
a-d are drawn at random; upper case (A3) marks a stack with that
player's Emperor. [r] reg, [v] ravine, [m] mountain, {C} capital,
## chasm; [a1] [b2] [c3] are a's camp, b's tower, c's castle.

Swap round: in turn order from the player drawn to start, each player
sends SWAP:<Emperor's cell>:<own cell> to exchange his Emperor with
another of his discs, or NOSWAP.

A turn is one move string, parts separated by ';', all checked before
anything happens: an action, optionally MARCH and a second action, then
the reinforcement. Example: G4-E7;R:E7:3

Actions
  G4-E7      move a whole stack along any path of free movement spaces
             to an empty space, onto your own stack (at most 4 discs in
             all) or onto an enemy stack next to the path or the start
             (attack). Attack only a stack with fewer discs; a stack
             with your Emperor may attack an equal one; a single disc
             (not the Emperor) may attack a 4-stack and both are
             destroyed. Destroyed discs go to their owner's reserve; a
             destroyed Emperor is held captive by the attacker.
  B:E4:T:F5  build a camp (C, 1 disc), tower (T, 2) or castle (K, 3) on
             E4, sacrificing discs (never the Emperor) from your stack
             on F5 next to it; they go to your reserve. Reg: camp;
             ravine, capital: up to a tower; mountain: up to a castle.
             A tower replaces your camp, a castle your tower (option
             -direct: build straight onto an empty space). An enemy
             building is replaced by one at least as valuable for one
             disc more; it returns to its owner. Supply: 5 camps,
             3 towers, 1 castle.
  MARCH      once per turn, destroy 3 reserve discs (not the Emperor)
             for a second action: G4-E7;MARCH;B:E4:C:F5;R:F5:1
Reinforcement
  R:F5:2     place 1 to 3 reserve discs on one of your stacks (never
             above 4 discs, never next to another player's building);
             you must place at least one if you can. An Emperor in
             your reserve comes first. R:NONE when you cannot.

Points: camp 1, tower 2, castle 3, captive Emperor 3. You win at once
with 12 points and a building on a capital, or as the only player with
discs on the board. Two players holding each other's Emperors exchange
them (back to the reserves) after the victory check.

This engine: a winning action ends the turn (send it alone); with no
legal action send the reinforcement alone. With 3-4 players a player
without discs on the board is out. A resigning player's discs leave the
board. The game is drawn after 100 turns per player. The list of legal
moves leaves out turns with MARCH (too many to list); they are legal.
`
