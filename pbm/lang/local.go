package lang

// Local is the catalogue as one server speaks it: those who chose no
// language read the server's own.
type Local struct {
	c    *Catalogue
	code *string
}

// Local returns the catalogue whose language, for those who chose
// none, is the code at code (a code of Codes; any other is English),
// read at each use.
func (c *Catalogue) Local(code *string) Local { return Local{c: c, code: code} }

// For writes in a language code; "" is the local language.
func (l Local) For(code string) Printer {
	if code == "" && l.code != nil {
		code = *l.code
	}
	return l.c.For(code)
}

// English writes the catalogue's source language: the texts kept in
// the store (a board's outcome) and in logs.
func (l Local) English() Printer { return l.c.For(Default) }
