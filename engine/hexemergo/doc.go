// Package hexemergo implements HexEmergo, the hexagonal Emergo of
// Christian Freeling and Ed van Zon, as specified by the rule book
// shared/rules/hexemergo.md (part 1 binding).
//
// Two players, White ("Ohs", O, first seat, moves first) and Black
// ("Eks", X), enter 12 men each onto an empty board of 37 cells and
// then move them. Men stack into columns owned by their top man; a
// capture jumps an adjacent enemy column and puts its top man under the
// capturing column. Capture beats entering and entering beats moving;
// the capture must take the most men over all of the player's pieces.
// A player with no legal move loses; the third occurrence of a position
// is a draw. Since positions are finite, the repetition rule ends every
// game, so no other limit is needed. The challenge option -alternate
// starts from a fixed position of 13 men each with no entering stage.
//
// Moves are written as in the rule book, part 1, item 8: "D4" to enter,
// "D4-D5" to move, "E7xE5xE3" to capture. A whole turn is one move.
package hexemergo
