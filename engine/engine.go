// Package engine is the seam between the server and its games.
//
// A game is a deterministic state machine driven by text moves. The
// server keeps only the seed and the move log of a board; a position is
// rebuilt by replaying the log from Game.New with the stored seed. The
// engine knows nothing of mail or storage.
package engine

import (
	"io"
	"io/fs"
	"sort"
	"strings"
	"unicode/utf8"
)

// Game describes one kind of game and starts new boards of it.
type Game interface {
	// Name is the command word players type: "hexemergo".
	Name() string
	// Title is the display name used in subjects: "HexEmergo".
	Title() string
	// Help is the rules summary and the move notation, plain text,
	// lines of at most 79 columns.
	Help() string
	// Players gives the smallest and largest number of seats.
	Players() (min, max int)
	// Options lists the "-name[=value]" a challenge may carry.
	Options() []Option
	// New starts a board for the given number of players. opts holds
	// the options the challenge named (without the leading '-'); a flag
	// without a value maps to "". All randomness comes from seed. A
	// challenge refused is a *Refusal.
	New(players int, opts map[string]string, seed uint64) (State, error)
}

// Turns is implemented by a Game whose turn is a list of actions sent
// in one mail (Hexatri's movement turns). The server then takes the
// moves of one move, submit, preview or queue command as one turn:
// JoinTurn makes them the move string of a single Play, kept as one
// move of the log and numbered by one #n. Without it each move of a
// command is a Play and a log entry of its own.
type Turns interface {
	JoinTurn(moves []string) string
}

// Option is one challenge option of a game.
type Option struct {
	Name    string // without the leading '-': "alternate", "size"
	Value   string // placeholder of the value ("N"); empty for a flag
	Default string // the value when the option is absent; may be empty
	Help    string // one line
}

// State is one board in play. Seats are numbered from 0 in the order
// the challenge named the players.
type State interface {
	// ToMove is the seat whose turn it is, or -1 when the game is over.
	ToMove() int
	// Play checks one move of the seat ToMove and applies it. It
	// returns the move in canonical notation. On error the state is
	// unchanged and the error, a *Refusal written for a player, says
	// what is wrong and what would be legal instead.
	Play(move string) (canonical string, err error)
	// Legal lists every legal move now, in canonical notation, sorted.
	// It is empty when the game is over.
	Legal() []string
	// Resign takes the seat out of the game, whoever is to move (a
	// resignation, a forfeit or an account closed). The engine decides
	// what follows: in a two-player game the other seat wins; with more
	// seats play goes on without it, and the game ends when the rules
	// say so. Resigning a seat that is already out is an error, a
	// *Refusal.
	Resign(seat int) error
	// Result tells whether the game is over and how it ended.
	Result() Result
	// Board writes the ASCII diagram and a status block, every line at
	// most 79 columns, without trailing spaces. names holds the userid
	// of each seat.
	Board(w io.Writer, names []string)
	// Clone returns an independent copy.
	Clone() State
}

// Result is the outcome of a board.
type Result struct {
	Over    bool
	Winners []int  // seats that won; empty with Over means a draw
	Scores  []int  // per seat, when the game keeps a score; else nil
	Reason  string // one line: "White has no legal move", "draw by repetition"
	// Why, when the engine has it, is Reason as a message of the
	// catalogue (Refusal), for a reader of another language.
	Why *Refusal
}

// Draw reports whether the game ended without a winner.
func (r Result) Draw() bool { return r.Over && len(r.Winners) == 0 }

// Registry holds the games a server offers, by command word.
type Registry struct {
	games map[string]Game
}

// NewRegistry returns a registry of the given games. A later game with
// the same name replaces an earlier one.
func NewRegistry(games ...Game) *Registry {
	r := &Registry{games: make(map[string]Game)}
	for _, g := range games {
		r.games[strings.ToLower(g.Name())] = g
	}
	return r
}

// Lookup finds a game by its command word, ignoring case.
func (r *Registry) Lookup(name string) (Game, bool) {
	if r == nil {
		return nil, false
	}
	g, ok := r.games[strings.ToLower(name)]
	return g, ok
}

// Games lists the registered games sorted by name.
func (r *Registry) Games() []Game {
	if r == nil {
		return nil
	}
	out := make([]Game, 0, len(r.games))
	for _, g := range r.games {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out
}

// Helps is implemented by a game whose rules summary (Help) is written
// in other languages too: HelpIn returns it in the language of code
// (a BCP 47 code of lang.Codes: "en", "hu", "cs", "nl", "de"), with
// the same notation, examples and command words as Help, or false
// when it is not written in that language. The English is Help.
type Helps interface {
	HelpIn(code string) (string, bool)
}

// HelpIn is g's rules summary in the language of code: English is
// Help; another language is there when g implements Helps and has it.
func HelpIn(g Game, code string) (string, bool) {
	if code == "" || code == "en" {
		return g.Help(), true
	}
	if h, ok := g.(Helps); ok {
		return h.HelpIn(code)
	}
	return "", false
}

// HelpFile is a game's rules summary in the language of code from the
// files help/<code>.txt of fsys (a game's embedded translations), or
// english for "en"; false when there is no file for code.
func HelpFile(fsys fs.FS, english, code string) (string, bool) {
	if code == "en" {
		return english, true
	}
	if code == "" || strings.ContainsAny(code, "/.\\") {
		return "", false
	}
	text, err := fs.ReadFile(fsys, "help/"+code+".txt")
	if err != nil {
		return "", false
	}
	return string(text), true
}

// Line is one line of a text board: a line of the drawing as it is
// drawn (Text), or a sentence about the position as a message
// (Msg, a *Refusal by its catalogue code and data), which the server
// writes in the reader's language.
type Line struct {
	Text string
	Msg  *Refusal
}

// TextBoard is implemented by a state whose text board is written in
// lines (BoardLines), the sentences among them as messages: Board
// writes exactly WriteLines of BoardLines.
type TextBoard interface {
	BoardLines(names []string) []Line
}

// WriteLines writes lines in English, one a line: a text board as
// Board writes it. A message longer than 79 columns is broken at
// spaces as WrapLine breaks it; a line of the drawing is written as
// it is.
func WriteLines(w io.Writer, lines []Line) {
	var b strings.Builder
	for _, l := range lines {
		if l.Msg != nil {
			for _, x := range WrapLine(l.Msg.Error()) {
				b.WriteString(x)
				b.WriteByte('\n')
			}
			continue
		}
		b.WriteString(l.Text)
		b.WriteByte('\n')
	}
	io.WriteString(w, b.String())
}

// WrapLine breaks a sentence of a text board into lines of at most 79
// columns (characters) at its spaces, the lines after the first indented by two
// spaces more than the first; a line of 79 columns or fewer, or one
// holding a line break, is left as it is.
func WrapLine(text string) []string {
	if utf8.RuneCountInString(text) <= 79 || strings.Contains(text, "\n") {
		return []string{text}
	}
	var out []string
	lead := text[:len(text)-len(strings.TrimLeft(text, " "))]
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = lead + w
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) <= 79:
			line += " " + w
		default:
			out = append(out, line)
			line = lead + "  " + w
		}
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}
