package pbm

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
)

// Bounds on what the core reads of a command and hands a game. Each
// is checked before any work on what it bounds, so that the cost of a
// refusal does not grow with what is refused, and each refusal names
// the bound.
//
//   - defaultMaxLine, one command line: 4 KiB. RFC 5322 section 2.1.1
//     bounds a line of a mail at 998 characters, but a Subject is one
//     line once unfolded (section 2.2.3) and a quoted-printable body
//     line may be any length once its soft line breaks are removed
//     (RFC 2045 section 6.7, rule 5). The longest command a player
//     needs is a Hexatri turn of 100 actions (below) after the five
//     words of "hexatri move <board> <userid> <password>": under 2 KiB.
//     4 KiB is twice that, and four times what any client writes on a
//     line of its own.
//   - defaultMaxMove, one move string: 2 KiB, the longest Hexatri turn
//     (100 actions of at most 17 bytes, "L:C3NE-C3-C3SE@C3", with their
//     separators); a move of the other games is at most 41 bytes.
//   - defaultMaxMoves, the moves (words) of one command: 100, the
//     actions of the longest Hexatri turn the engine takes.
const (
	defaultMaxLine  = 4 << 10
	defaultMaxMove  = 2 << 10
	defaultMaxMoves = 100
	// lineHead is the part of an over-long line read to echo it and to
	// tell whether it is a command: its first words.
	lineHead = 200
)

// head is the start of line, at most lineHead bytes cut on a rune
// boundary: what is read of a line too long to be read.
func head(line string) string {
	if len(line) <= lineHead {
		return line
	}
	cut := lineHead
	for cut > 0 && !utf8.RuneStart(line[cut]) {
		cut--
	}
	return line[:cut]
}

// firstWord is the first word of line, found without reading past it.
func firstWord(line string) string {
	line = strings.TrimLeftFunc(line, unicode.IsSpace)
	if i := strings.IndexFunc(line, unicode.IsSpace); i >= 0 {
		return line[:i]
	}
	return line
}

// longLine refuses a command line longer than MaxLineBytes: it is
// echoed by its first two words only (the rest may hold a password)
// and nothing of it is read. It reports whether line was refused.
func (r *run) longLine(line string) bool {
	limit := r.s.cfg.MaxLineBytes
	if len(line) <= limit {
		return false
	}
	words := strings.Fields(head(line))
	echo := strings.Join(words[:min(2, len(words))], " ") + " ..."
	r.sections = append(r.sections, &section{Command: trimLine(echo), Refused: true,
		Text: fmt.Sprintf("This command line is %d bytes long, and a command line may be at most %d bytes (%d KiB): nothing of it was read or done.",
			len(line), limit, limit>>10)})
	return true
}

// commandMoves gives the moves of one command as the game plays them
// (turnMoves), after the bounds: a command of more than MaxMoves
// moves, or a move (a turn once joined) of more than MaxMoveBytes, is
// refused before a game sees it.
func (s *Server) commandMoves(g engine.Game, words []string) ([]string, error) {
	if len(words) > s.cfg.MaxMoves {
		return nil, fmt.Errorf("This command holds %d moves, and a command may hold at most %d: nothing was played.", len(words), s.cfg.MaxMoves)
	}
	long := func(what string, n int) error {
		return fmt.Errorf("%s is %d bytes long, and a move may be at most %d bytes: nothing was played.", what, n, s.cfg.MaxMoveBytes)
	}
	for i, w := range words {
		if len(w) > s.cfg.MaxMoveBytes {
			return nil, long(fmt.Sprintf("Move %d of this command", i+1), len(w))
		}
	}
	moves, err := board.TurnMoves(g, words)
	if err == nil && len(moves) == 1 && len(moves[0]) > s.cfg.MaxMoveBytes {
		return nil, long("This turn of "+g.Title(), len(moves[0]))
	}
	return moves, err
}
