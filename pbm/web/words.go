package web

import (
	"strings"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// The site's own wording of what the core also writes in its mails: a
// tournament's settings in one line, a seek's options and a player's
// limit. In English they are word for word what the core writes; in
// another language they come from the catalogue. Options are notation and stay
// as they are written in commands.

// summaryOf is a tournament's settings in one line: its format, seats,
// rounds, start and options.
func summaryOf(pr lang.Printer, t *tournament.Tournament) string {
	format := string(t.Format)
	if id := formatWords[t.Format]; id != "" && pr.Code() != lang.Default {
		format = pr.T(id)
	}
	parts := []string{format, pr.N("WebSumSeats", t.Seats, "N", t.Seats)}
	if t.Rounds > 0 {
		parts = append(parts, pr.N("WebSumRounds", t.Rounds, "N", t.Rounds))
	}
	if t.Double {
		parts = append(parts, pr.T("WebSumDouble"))
	}
	if t.Size > 0 {
		parts = append(parts, pr.N("WebSumStartsAt", t.Size, "N", t.Size))
	}
	if !t.StartOn.IsZero() {
		parts = append(parts, pr.T("WebSumStartsOn", "Day", day(pr, t.StartOn)))
	}
	parts = append(parts, board.OptionWords(t.Options)...)
	return strings.Join(parts, ", ")
}

// optionsLine is a seek's or a tournament's game options as a command
// writes them.
func optionsLine(pr lang.Printer, opts map[string]string) string {
	if len(opts) == 0 {
		return pr.T("WebNoOptions")
	}
	return strings.Join(board.OptionWords(opts), " ")
}

// limitText is a player's limit of running boards of a game.
func limitText(pr lang.Printer, u store.User, game string) string {
	n, ok := u.Limits[strings.ToLower(game)]
	switch {
	case !ok:
		return pr.T("WebNoLimit")
	case n == 0:
		return pr.T("WebLimitZero")
	}
	return pr.N("WebLimitAtMost", n, "N", n)
}
