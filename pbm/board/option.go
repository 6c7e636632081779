package board

import (
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
)

// The options of a challenge or a seek: a game's own option
// "-name[=value]", kept under its name, and the server's options
// "--name=<days>", kept under "-name": the reminder and forfeit days
// ("--nag", "--forfeit", pbmserv's "--nagtime", "--forfeittime") and
// the time bank ("--total", "--add", "--cap"; pbmserv's "--totaltime").

// MaxOptionDays bounds the days of "--nag" and "--forfeit".
const MaxOptionDays = 365

// Why an option was refused.
const (
	OptionBankDays  = iota + 1 // a time bank's days are not a number of days
	OptionDays                 // --nag or --forfeit is not 1 to MaxOptionDays
	OptionServer               // no server option of that name
	OptionUnknown              // the game has no option of that name
	OptionWantValue            // the game's option needs a value
	OptionNoValue              // the game's option takes none
)

// OptionError says why an option was refused; nothing is kept then.
type OptionError struct {
	Kind int
	// Arg is the option as given.
	Arg string
	// Option is the game's option (OptionWantValue, OptionNoValue).
	Option engine.Option
}

func (e *OptionError) Error() string { return "option " + strconv.Quote(e.Arg) + " refused" }

// Option reads one option a of a challenge of g into opts, or returns
// an *OptionError.
func Option(g engine.Game, a string, opts map[string]string) error {
	if strings.HasPrefix(a, "--") {
		name, val, _ := strings.Cut(strings.ToLower(a[2:]), "=")
		switch name {
		case "nagtime", "forfeittime", "totaltime": // pbmserv's names
			name = strings.TrimSuffix(name, "time")
		}
		switch name {
		case "total", "add", "cap":
			// Days of a time bank, fractional allowed (ParseDays).
			if _, ok := ParseDays(val, name == "add"); !ok {
				return &OptionError{Kind: OptionBankDays, Arg: a}
			}
			opts["-"+name] = val
			return nil
		case "nag", "forfeit":
			if d, err := strconv.Atoi(val); err != nil || d < 1 || d > MaxOptionDays {
				return &OptionError{Kind: OptionDays, Arg: a}
			}
			opts["-"+name] = val
			return nil
		}
		return &OptionError{Kind: OptionServer, Arg: a}
	}
	name, val, hasVal := strings.Cut(strings.ToLower(strings.TrimPrefix(a, "-")), "=")
	var o engine.Option
	found := false
	for _, k := range g.Options() {
		if strings.EqualFold(k.Name, name) {
			o, found = k, true
		}
	}
	switch {
	case !found:
		return &OptionError{Kind: OptionUnknown, Arg: a}
	case o.Value != "" && !hasVal:
		return &OptionError{Kind: OptionWantValue, Arg: a, Option: o}
	case o.Value == "" && hasVal:
		return &OptionError{Kind: OptionNoValue, Arg: a, Option: o}
	}
	opts[o.Name] = val
	return nil
}
