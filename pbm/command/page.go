package command

import (
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/limit"
)

// PageFooter ends a page of a list that has more than one: which page
// it is and, when one follows, the exact command for the next, the
// command's name and args with the next page's word (limit.PageWord).
func PageFooter(name []string, p limit.Page, args []string) []lang.Msg {
	if p.Pages <= 1 {
		return nil
	}
	out := []lang.Msg{lang.Literal("\n\n"), lang.M("ListPage", "Page", p.Number, "Pages", p.Pages)}
	if p.More() {
		words := append(append([]string(nil), name...), args...)
		next := TrimLine(strings.Join(words, " ")) + " " + limit.PageWord + strconv.Itoa(p.Number+1)
		out = append(out, lang.Literal(" "), lang.M("ListNext", "Command", next))
	}
	return out
}

// TooLong is the refusal of a command line longer than max bytes,
// nil when it is not: such a line is echoed by its first words only
// (LongEcho) and nothing else of it is read.
func TooLong(line string, max int) []lang.Msg {
	if len(line) <= max {
		return nil
	}
	return []lang.Msg{lang.M("CmdLineTooLong", "Len", lang.N("CmdBytes", len(line)), "Limit", lang.N("CmdBytes", max), "KiB", max>>10)}
}

// positionFree are the board commands whose meaning does not depend on
// the position: a reply to an old mail runs them all the same.
var positionFree = map[string]bool{"chat": true, "show": true, "record": true, "preview": true, "games": true, "history": true, "standings": true, "help": true}

// Stale reports whether a reply to the mail of a board that showed at
// moves, with the command verb, is refused: the board has moves now,
// and verb means something else on a position that has moved on. at
// is -1 when the reply address does not say (the older form), and
// such a reply is never stale.
func Stale(at, moves int, verb string) bool {
	return at >= 0 && at != moves && !positionFree[verb]
}
