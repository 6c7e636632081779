package notice

import (
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
)

// OptionRefused says why an option of a challenge, seek or tournament
// of g was refused (board.Option): the days out of bounds, a server
// option or a game's option unknown (with the game's options), or a
// game's option given without the value it needs or with a value it
// does not take.
func OptionRefused(g engine.Game, oe *board.OptionError) lang.Msg {
	a := oe.Arg
	switch oe.Kind {
	case board.OptionBankDays:
		return lang.M("BankOptionDays", "Arg", trimLine(a))
	case board.OptionDays:
		return lang.M("GameOptionDays", "Arg", trimLine(a))
	case board.OptionServer:
		return lang.M("GameServerOption", "Arg", mail.Quoted(a))
	case board.OptionWantValue:
		return lang.M("GameOptionValue", "Name", oe.Option.Name, "Value", oe.Option.Value)
	case board.OptionNoValue:
		return lang.M("GameOptionNoValue", "Name", oe.Option.Name)
	}
	var names []string
	for _, o := range g.Options() {
		names = append(names, "-"+o.Name)
	}
	options := lang.M("PlayNone")
	if len(names) > 0 {
		options = lang.Literal(strings.Join(names, ", "))
	}
	return lang.M("GameNoOption", "Title", g.Title(), "Arg", mail.Quoted(a), "Options", options)
}
