package pbm

import (
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// printer writes in a language code; "" is the server's language.
func (s *Server) printer(code string) lang.Printer {
	if code == "" {
		code = s.cfg.Language
	}
	return s.cat.For(code)
}

// printerOf writes in an account's language.
func (s *Server) printerOf(u store.User) lang.Printer { return s.printer(u.Language) }

// english writes the catalogue's source language: the texts kept in
// the store (a board's outcome) and in logs.
func (s *Server) english() lang.Printer { return s.cat.For(lang.Default) }

// speaks records the account a mail speaks for: its answer is written
// in the account's language. The first account found from one of its
// own addresses, or vouched for by a reply token, wins; the language
// of the mail's own text never counts.
func (r *run) speaks(u store.User) {
	if r.speaker == nil {
		r.speaker = &u
	}
}

// answerPrinter writes the answer to the mail: in the language of the
// account the mail spoke for; else of an account a command named (by
// one of its first words) whose own address the mail came from; else
// in the server's.
func (r *run) answerPrinter() lang.Printer {
	if r.speaker != nil {
		return r.s.printerOf(*r.speaker)
	}
	for _, sec := range r.sections {
		words := strings.Fields(sec.Command)
		for _, w := range words[:min(len(words), 5)] {
			if !validUserid.MatchString(w) {
				continue
			}
			if u, err := r.tx.User(w); err == nil && !u.Closed && account.FromOwnAddress(u, r.msg.From) {
				return r.s.printerOf(u)
			}
		}
	}
	return r.s.printer("")
}

// cmdLanguage: "language <userid> <password> <code>": the language
// of the account's mail, a BCP 47 code matched to one the server
// speaks ("hu-HU" and "HU" are Hungarian).
func (s *Server) cmdLanguage(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	code, ok := lang.Match(c.args[2])
	if !ok {
		return refuseMsg(lang.M("LanguageUnknown", "Code", quotedWord(c.args[2]), "Codes", strings.Join(lang.Codes, ", ")))
	}
	u.Language = code
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	if c.speaker != nil && strings.EqualFold(c.speaker.ID, u.ID) {
		c.speaker.Language = code
	}
	c.sec.say(lang.M("LanguageSet", "User", u.ID, "Name", lang.Name(code), "Code", code))
	return nil
}

// languageOption takes a signup's -lang=<code> (or --lang=) out of its
// words: the code matched, "" when none is given.
func languageOption(args []string) ([]string, string, error) {
	var rest []string
	code := ""
	for _, a := range args {
		v, ok := strings.CutPrefix(strings.ToLower(a), "-lang=")
		if !ok {
			v, ok = strings.CutPrefix(strings.ToLower(a), "--lang=")
		}
		if !ok {
			rest = append(rest, a)
			continue
		}
		m, found := lang.Match(v)
		if !found {
			return nil, "", refuseMsg(lang.M("LanguageUnknown", "Code", quotedWord(v), "Codes", strings.Join(lang.Codes, ", ")))
		}
		code = m
	}
	return rest, code, nil
}

func quotedWord(s string) string { return fmt.Sprintf("%q", trimLine(s)) }
