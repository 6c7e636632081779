package board

// Conditional moves: a player's lines of "if they play X, I answer Y"
// entered ahead of the opponent's move, kept as a tree (store.Conditional)
// apart from the board. A line is a list of moves from the position
// now, each played by whoever the engine says is to move: the moves of
// the other seats are its conditions, the owner's its answers. With
// more than two seats the condition before an answer is the moves of
// all the other seats since the owner's last move, in order. Lines that
// begin alike share their beginning in the tree; at the owner's turn a
// node holds at most one answer.
//
// The tree follows the board's log: every entry played since its base
// walks it one level down (Sync). An entry it does not hold is a
// deviation: the lines left are kept as unplayed, for their owner. A log
// that no longer begins with the entries the tree was built on (a
// take-back) voids it.

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
)

// MaxAutomatic bounds a run of automatic answers from conditional moves
// after one move: two trees that answer each other stop there.
const MaxAutomatic = 50

// Bounds of a tree: the moves of one line and the moves of all its
// lines.
const (
	MaxLineMoves = 100
	MaxTreeMoves = 400
)

// Why a line of conditional moves was refused.
const (
	LineEmpty      = iota + 1 // no move
	LineYourTurn              // the owner is to move: there is no condition
	LineGameOver              // the game is over, or ends within the line
	LineIllegal               // the engine refused a move of the line
	LineEndsTheirs            // the line ends with another seat's move
	LineConflict              // another answer is stored for the same moves
	LineTooLong               // more moves than MaxLineMoves or MaxTreeMoves
	LineSeparator             // a turn of several actions is empty between separators
)

// LineError says which move of a line was refused, and why. The tree
// is unchanged then.
type LineError struct {
	Kind int
	// Index is the move's place in the line (from 0), Number its
	// number on the board, Move the move as given.
	Index, Number int
	Move          string
	// Stored is the answer the tree holds already (LineConflict).
	Stored string
	// Err is the engine's refusal (LineIllegal).
	Err error
	// State is the position the refused move was tried on, and Log
	// the board's log up to it (the line's moves before it included).
	State engine.State
	Log   []store.Entry
}

func (e *LineError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("conditional move %d (%s): %v", e.Number, e.Move, e.Err)
	}
	return fmt.Sprintf("conditional move %d (%s) refused (%d)", e.Number, e.Move, e.Kind)
}

// LineSep separates the turns of a line in a game whose turn is several
// actions (engine.Turns): "IN:A1N IN:B2N / PASS".
const LineSep = "/"

// LineMoves reads the words of a line as the moves the game plays: for
// a game whose turn is a list of actions, the words between separators
// ("/") are one turn; for another game each word is a move and a
// separator is only there to be read.
func LineMoves(g engine.Game, words []string) ([]string, error) {
	t, turns := g.(engine.Turns)
	if !turns {
		var out []string
		for _, w := range words {
			for _, part := range strings.Split(w, LineSep) {
				if part != "" {
					out = append(out, part)
				}
			}
		}
		return out, nil
	}
	var out []string
	chunks := strings.Split(strings.Join(words, " "), LineSep)
	for i, chunk := range chunks {
		f := strings.Fields(chunk)
		if len(f) == 0 {
			if i == len(chunks)-1 && i > 0 {
				continue // a separator at the end
			}
			return nil, &LineError{Kind: LineSeparator, Index: len(out)}
		}
		out = append(out, t.JoinTurn(f))
	}
	return out, nil
}

// LineText writes a line as a player enters it.
func LineText(g engine.Game, line []string) string {
	if _, turns := g.(engine.Turns); turns {
		return strings.Join(line, " "+LineSep+" ")
	}
	return strings.Join(line, " ")
}

// logSum is the fingerprint of log entries a tree follows.
func logSum(log []store.Entry) string {
	h := sha256.New()
	for _, e := range log {
		fmt.Fprintf(h, "%d\x00%s\x00%s\x00", e.Seat, e.Kind, e.Move)
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// NewConditional is an empty tree of user's on b, at the position now.
func NewConditional(b store.Board, user string) store.Conditional {
	return store.Conditional{Game: b.Game, Number: b.Number, User: strings.ToLower(user), Base: len(b.Log), Sum: logSum(b.Log)}
}

// AddLine checks a line of seat's on the position st of b (b's log
// entries all played: x must be in step with the board, Sync) and adds
// it to the tree. It returns the line in canonical notation. On a
// *LineError the tree is unchanged.
func AddLine(x *store.Conditional, b store.Board, st engine.State, seat int, moves []string) ([]string, error) {
	if len(moves) == 0 {
		return nil, &LineError{Kind: LineEmpty, Number: len(b.Log) + 1}
	}
	if len(moves) > MaxLineMoves {
		return nil, &LineError{Kind: LineTooLong, Index: MaxLineMoves, Number: len(b.Log) + MaxLineMoves + 1, Move: moves[MaxLineMoves]}
	}
	if len(x.Tree) == 0 {
		x.Base, x.Sum = len(b.Log), logSum(b.Log)
	}
	tree := cloneNodes(x.Tree)
	level := &tree
	try := st.Clone()
	log := append([]store.Entry(nil), b.Log...)
	var canon []string
	last := -1
	for i, mv := range moves {
		refuse := func(kind int, err error, stored string) error {
			return &LineError{Kind: kind, Index: i, Number: len(b.Log) + i + 1, Move: mv, Err: err, Stored: stored, State: try, Log: log}
		}
		if Outcome(b, try).Over {
			return nil, refuse(LineGameOver, nil, "")
		}
		t := try.ToMove()
		if i == 0 && t == seat {
			return nil, refuse(LineYourTurn, nil, "")
		}
		c, err := try.Play(mv)
		if err != nil {
			return nil, refuse(LineIllegal, err, "")
		}
		k := -1
		for j, n := range *level {
			if n.Move == c {
				k = j
			} else if t == seat && n.Seat == seat {
				return nil, &LineError{Kind: LineConflict, Index: i, Number: len(b.Log) + i + 1, Move: mv, Stored: n.Move, Log: log}
			}
		}
		if k < 0 {
			*level = append(*level, store.CondNode{Seat: t, Move: c})
			k = len(*level) - 1
		}
		level = &(*level)[k].Next
		log = append(log, store.Entry{Seat: t, Move: c})
		canon = append(canon, c)
		last = t
	}
	if last != seat {
		return nil, &LineError{Kind: LineEndsTheirs, Index: len(moves) - 1, Number: len(b.Log) + len(moves), Move: moves[len(moves)-1], Log: log}
	}
	if countNodes(tree) > MaxTreeMoves {
		return nil, &LineError{Kind: LineTooLong, Index: len(moves) - 1, Number: len(b.Log) + len(moves), Move: moves[len(moves)-1]}
	}
	x.Tree = tree
	return canon, nil
}

func cloneNodes(ns []store.CondNode) []store.CondNode {
	if ns == nil {
		return nil
	}
	out := make([]store.CondNode, len(ns))
	for i, n := range ns {
		out[i] = store.CondNode{Seat: n.Seat, Move: n.Move, Next: cloneNodes(n.Next)}
	}
	return out
}

func countNodes(ns []store.CondNode) int {
	n := len(ns)
	for _, x := range ns {
		n += countNodes(x.Next)
	}
	return n
}

// Lines are the lines of a tree, each from its root to a leaf, in the
// order they were entered.
func Lines(ns []store.CondNode) [][]string {
	var out [][]string
	var walk func(prefix []string, ns []store.CondNode)
	walk = func(prefix []string, ns []store.CondNode) {
		for _, n := range ns {
			line := append(append([]string(nil), prefix...), n.Move)
			if len(n.Next) == 0 {
				out = append(out, line)
				continue
			}
			walk(line, n.Next)
		}
	}
	walk(nil, ns)
	return out
}

// What Sync found.
const (
	SyncSame     = iota // nothing played since the tree's base, or no tree
	SyncAdvanced        // the moves played were in the tree; it moved down
	SyncDeviated        // a move played was not in the tree: its lines are unplayed
	SyncVoided          // the moves it was built on were taken back
)

// Synced is what Sync did to a tree.
type Synced struct {
	Kind int
	// Move is the entry that left the tree (SyncDeviated): the move, or
	// the kind of entry ("resign").
	Move string
	// Lines are the lines left unplayed (SyncDeviated) or voided
	// (SyncVoided).
	Lines [][]string
}

// Sync walks x down the entries of b's log played since its base. An
// entry its tree does not hold ends the tree: its lines become the
// unplayed ones. A log that no longer begins with the entries of its
// base voids it, unplayed lines with it.
func Sync(x *store.Conditional, b store.Board) Synced {
	log := b.Log
	if x.Base > len(log) || logSum(log[:x.Base]) != x.Sum {
		lines := append(Lines(x.Tree), x.Unplayed...)
		x.Tree, x.Unplayed, x.UnplayedAt = nil, nil, 0
		x.Base, x.Sum = len(log), logSum(log)
		return Synced{Kind: SyncVoided, Lines: lines}
	}
	res := Synced{Kind: SyncSame}
	for x.Base < len(log) && len(x.Tree) > 0 {
		e := log[x.Base]
		k := -1
		if e.Kind == "" {
			for j, n := range x.Tree {
				if n.Move == e.Move && n.Seat == e.Seat {
					k = j
					break
				}
			}
		}
		if k < 0 {
			x.Unplayed, x.UnplayedAt = Lines(x.Tree), x.Base
			x.Tree = nil
			res.Kind, res.Lines, res.Move = SyncDeviated, x.Unplayed, e.Move
			if e.Kind != "" {
				res.Move = e.Kind
			}
			break
		}
		x.Tree = x.Tree[k].Next
		x.Base++
		res.Kind = SyncAdvanced
	}
	x.Base, x.Sum = len(log), logSum(log)
	return res
}

// CondAnswer is the owner's answer the tree holds at the position st, when
// it is the owner's turn (seat) there.
func CondAnswer(x store.Conditional, st engine.State, seat int) (string, bool) {
	if len(x.Tree) == 0 || st.Result().Over || st.ToMove() != seat {
		return "", false
	}
	if n := x.Tree[0]; n.Seat == seat {
		return n.Move, true
	}
	return "", false
}

// PlayAnswer plays the owner's answer mv on st and logs it at the
// position, as an automatic move: it costs its player no thinking
// time, being logged at the time of the move it answers.
func PlayAnswer(b *store.Board, st engine.State, seat int, mv string) (store.Entry, error) {
	at := b.Updated
	if n := len(b.Log); n > 0 {
		at = b.Log[n-1].At
	}
	canon, err := st.Play(mv)
	if err != nil {
		return store.Entry{}, fmt.Errorf("board %s %d: conditional move %s of %s: %w", b.Game, b.Number, mv, b.Players[seat], err)
	}
	e := store.Entry{Seat: seat, Move: canon, At: at, Auto: true}
	b.Log = append(b.Log, e)
	delete(b.Submitted, strings.ToLower(b.Players[seat]))
	return e, nil
}

// NumberedLine writes a line with the number of its first move on the
// board: "#12: G7 A2 G6 A3".
func NumberedLine(g engine.Game, first int, line []string) string {
	return "#" + strconv.Itoa(first) + ": " + LineText(g, line)
}
