package engine

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"text/template"
	"text/template/parse"
)

// Refusal is the error of a move, a resignation or a challenge that an
// engine refuses: a message of the catalogue by its id (Code) and the
// data to put in it (Args), so that the server can write it in the
// reader's language. Error is the English text, the one the engine's
// rule tests read.
//
// The values of Args are language-neutral: cells, moves and command
// words as the notation writes them (strings), numbers (ints), a list
// of moves (List), the text a player sent, already quoted as Go quotes
// it, or a message of their own (a *Refusal: the reason inside a
// refusal, a part of a sentence). A message whose words follow a
// number has its plural form chosen by Count; Count is nil otherwise.
//
// The server renders a refusal as the catalogue message Code with the
// data Args, each *Refusal in Args rendered first the same way, and
// the plural form of Count.
type Refusal struct {
	Code  string
	Args  map[string]any
	Count any
}

// Error is the refusal in English, as the engine has always written it.
func (r *Refusal) Error() string {
	if r == nil {
		return "<nil>"
	}
	d := lookup(r.Code)
	if d == nil {
		return r.Code
	}
	t := d.other
	if n, ok := r.Count.(int); ok && n == 1 && d.one != nil {
		t = d.one
	}
	var b strings.Builder
	if err := t.Execute(&b, r.Args); err != nil {
		return r.Code
	}
	return b.String()
}

// List is a list of moves or cells in notation, written with ", "
// between them in every language.
type List []string

func (l List) String() string { return strings.Join(l, ", ") }

// Message is a refusal an engine may give: its code and its English
// text, a text/template over the names of its Args.
type Message struct {
	code string
}

// Code is the message's id in the catalogue.
func (m Message) Code() string { return m.code }

type definition struct {
	english    string // the text, or the plural form other
	englishOne string // the plural form one, when the message has forms
	one, other *template.Template
}

var (
	defMu   sync.RWMutex
	defined = map[string]*definition{}
)

func lookup(code string) *definition {
	defMu.RLock()
	defer defMu.RUnlock()
	return defined[code]
}

// Define declares a refusal message with its English text, a
// text/template of the message's Args ("{{.Cell}} is not empty"). The
// same code may be defined twice only with the same text. It panics
// on a text that does not parse: messages are defined when a package
// starts.
func Define(code, english string) Message {
	return define(code, "", english)
}

// DefinePlural declares a refusal message whose English text has the
// plural forms one and other, chosen by the refusal's Count.
func DefinePlural(code, one, other string) Message {
	return define(code, one, other)
}

func define(code, one, other string) Message {
	d := &definition{english: other, englishOne: one}
	d.other = template.Must(template.New(code).Option("missingkey=zero").Parse(other))
	if one != "" {
		d.one = template.Must(template.New(code).Option("missingkey=zero").Parse(one))
	}
	defMu.Lock()
	defer defMu.Unlock()
	if old, ok := defined[code]; ok && (old.english != other || old.englishOne != one) {
		panic(fmt.Sprintf("engine: refusal %s defined twice with different texts", code))
	}
	defined[code] = d
	return Message{code: code}
}

// New is a refusal of message m with its arguments as pairs: name,
// value, name, value.
func (m Message) New(kv ...any) *Refusal {
	args := make(map[string]any, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		args[kv[i].(string)] = kv[i+1]
	}
	return &Refusal{Code: m.code, Args: args}
}

// N is New for a message with plural forms, chosen by n.
func (m Message) N(n int, kv ...any) *Refusal {
	r := m.New(kv...)
	r.Count = n
	return r
}

// Defined lists every refusal message defined so far, by code: its
// English text, and for a message with plural forms its form one too
// (empty otherwise). The catalogue's tests compare it with the English
// file.
func Defined() map[string][2]string {
	defMu.RLock()
	defer defMu.RUnlock()
	out := make(map[string][2]string, len(defined))
	for code, d := range defined {
		out[code] = [2]string{d.englishOne, d.english}
	}
	return out
}

// DefinedCodes lists the codes of Defined, sorted.
func DefinedCodes() []string {
	m := Defined()
	out := make([]string, 0, len(m))
	for c := range m {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// The refusals common to the engines.
var (
	// GameOver refuses a move after the end; Reason is how the game
	// ended, Result.Reason.
	GameOver = Define("RefuseGameOver", "the game is over: {{.Reason}}")
	// AlreadyOver refuses a resignation after the end.
	AlreadyOver = Define("RefuseAlreadyOver", "the game is already over: {{.Reason}}")
)

// Placeholders are the fields of a message's text ({{.Cell}}), sorted,
// each once, also those inside {{if}}: the data a message needs.
func Placeholders(text string) ([]string, error) {
	trees, err := parse.Parse("message", text, "{{", "}}")
	if err != nil {
		return nil, err
	}
	var out []string
	var walk func(parse.Node)
	walk = func(n parse.Node) {
		switch n := n.(type) {
		case *parse.ListNode:
			if n != nil {
				for _, c := range n.Nodes {
					walk(c)
				}
			}
		case *parse.ActionNode:
			walk(n.Pipe)
		case *parse.PipeNode:
			if n != nil {
				for _, c := range n.Cmds {
					walk(c)
				}
			}
		case *parse.CommandNode:
			for _, a := range n.Args {
				walk(a)
			}
		case *parse.FieldNode:
			out = append(out, strings.Join(n.Ident, "."))
		case *parse.IfNode:
			walk(n.Pipe)
			walk(n.List)
			walk(n.ElseList)
		}
	}
	for _, tr := range trees {
		walk(tr.Root)
	}
	sort.Strings(out)
	return slices.Compact(out), nil
}
