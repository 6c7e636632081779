package notice

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/enginetest"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/board"
)

// TestOptionRefused: each refusal of an option (board.Option) names
// the option as given and why; an unknown one lists the game's options.
func TestOptionRefused(t *testing.T) {
	p := printer(t, "en")
	for _, c := range []struct {
		g    engine.Game
		arg  string
		want []string
	}{
		{hexemergo.Game{}, "--colour=red", []string{`"--colour=red"`, "--nag=<days>"}},
		{hexemergo.Game{}, "--nag=0", []string{"--nag=0"}},
		{hexemergo.Game{}, "-stones=5", []string{`no option "-stones=5"`, "-alternate"}},
		{enginetest.Nim{}, "-stones", []string{"-stones needs a value"}},
	} {
		var oe *board.OptionError
		if err := board.Option(c.g, c.arg, map[string]string{}); !errors.As(err, &oe) {
			t.Fatalf("%s: %v, want a refusal", c.arg, err)
		}
		got := p.Render(OptionRefused(c.g, oe))
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", c.arg, got, w)
			}
		}
	}
}
