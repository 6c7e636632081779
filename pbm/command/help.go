package command

import (
	"strings"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
)

// WrapHelp wraps an explanation that stands six spaces in, under its
// usage line (two spaces in), so that its continuation lines stand
// eight spaces in, further than both, and every line keeps within the
// 79 columns of the answer's own wrapping (mail.Wrap).
func WrapHelp(text string) string { return wrapIn(text, 8) }

// WrapUsage wraps a usage line that stands two spaces in so that its
// continuation lines stand four spaces in.
func WrapUsage(text string) string { return wrapIn(text, 4) }

// wrapIn wraps text within 79 columns with its continuation lines in
// columns from in on.
func wrapIn(text string, in int) string {
	const width = 79
	return strings.ReplaceAll(mail.Wrap(text, width-in), "\n  ", "\n"+strings.Repeat(" ", in))
}

// Explain is a command's help in p's language: the command word and
// its usage stay as they are, the explanation is the catalogue's.
func (c *Command) Explain(p lang.Printer) string {
	if c.HelpID != "" {
		if text := p.T(c.HelpID); text != c.HelpID {
			return text
		}
	}
	return c.Help
}
