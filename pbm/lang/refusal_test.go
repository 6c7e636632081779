package lang_test

// The engines' refusals in the catalogue: every refusal an engine
// gives is an engine.Refusal whose code is a message of every
// language, with the placeholders its data fills, written in English
// exactly as the engine writes it; written in a pseudo-language it
// holds no English word, but for the notation in its data.
//
// go test ./pbm/lang -run TestRefusalCatalogue -update writes
// messages/refusal.en.toml from the engines' definitions.

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"text/template"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/eko"
	"github.com/pbmgo/pbm/engine/esagek"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/lang"
	toml "github.com/pelletier/go-toml/v2"
)

var update = flag.Bool("update", false, "write messages/refusal.en.toml from the engines' definitions")

// message is how the server writes a refusal: the catalogue message of
// its code with its data, each refusal inside the data written the
// same way first, in the plural form of its count.
func message(r *engine.Refusal) lang.Msg {
	data := make(map[string]any, len(r.Args))
	for k, v := range r.Args {
		var in *engine.Refusal
		if e, ok := v.(error); ok && errors.As(e, &in) {
			data[k] = message(in)
		} else {
			data[k] = v
		}
	}
	return lang.Msg{ID: r.Code, Data: data, Count: r.Count}
}

// tomlString quotes s as a TOML basic string.
func tomlString(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	s = strings.ReplaceAll(s, "\n", `\n`)
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
}

// englishFile is refusal.en.toml as the engines define it.
func englishFile() []byte {
	var b bytes.Buffer
	b.WriteString(`# The engines' refusals in English, the source of the other languages'
# refusal.<code>.toml. Written by "go test ./pbm/lang -run
# TestRefusalCatalogue -update" from the engines' definitions
# (engine.Define): change the text in the engine, not here.
#
# The data are notation, written alike in every language: cells (D4,
# D4N), moves and actions (E7xE5, B:E4:T:F5, PASS, IN:, MARCH, R:NONE),
# options (-direct), seat letters (R, B) and numbers. Input is the text
# a player sent, quoted. A placeholder may hold a message of its own:
# Why, Problem, Legal, Alt, Help, Label, Where, Level, Terrain, Colour,
# Cost and Shots are written first, in the same language. Legal lists
# a few legal moves; Alt is a clause that begins with "; ". Reason is
# how the game ended.

`)
	defs := engine.Defined()
	for _, code := range engine.DefinedCodes() {
		d := defs[code]
		if d[0] != "" {
			fmt.Fprintf(&b, "%s = { one = %s, other = %s }\n", code, tomlString(d[0]), tomlString(d[1]))
			continue
		}
		fmt.Fprintf(&b, "%s = %s\n", code, tomlString(d[1]))
	}
	return b.Bytes()
}

func catalogue(t *testing.T) *lang.Catalogue {
	t.Helper()
	c, err := lang.Load()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func byID(c *lang.Catalogue, code string) map[string]*i18n.Message {
	out := map[string]*i18n.Message{}
	for _, m := range c.Files[code].Messages {
		out[m.ID] = m
	}
	return out
}

// TestRefusalCatalogue: every refusal the engines define is in the
// English file with the engine's text, and in every language with
// plural forms when the English has them (TestCatalogueComplete
// checks the forms and the placeholders); the refusal files hold
// nothing else.
func TestRefusalCatalogue(t *testing.T) {
	if *update {
		if err := os.WriteFile("messages/refusal.en.toml", englishFile(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := catalogue(t)
	en := byID(c, "en")
	defs := engine.Defined()
	if len(defs) < 150 {
		t.Fatalf("the engines define %d refusals", len(defs))
	}
	for code, d := range defs {
		m := en[code]
		if m == nil {
			t.Errorf("refusal %s is not in the English file (go test -run TestRefusalCatalogue -update)", code)
			continue
		}
		if m.Other != d[1] || m.One != d[0] {
			t.Errorf("refusal %s: the English file has %q/%q, the engine %q/%q", code, m.One, m.Other, d[0], d[1])
		}
		for _, l := range lang.Codes {
			if byID(c, l)[code] == nil {
				t.Errorf("%s: refusal %s missing", l, code)
			}
		}
	}
	for _, l := range lang.Codes {
		data, err := os.ReadFile("messages/refusal." + l + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		f, err := i18n.ParseMessageFileBytes(data, "refusal."+l+".toml", map[string]i18n.UnmarshalFunc{"toml": toml.Unmarshal})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range f.Messages {
			if _, ok := defs[m.ID]; !ok {
				t.Errorf("refusal.%s.toml: %s is no engine's refusal", l, m.ID)
			}
		}
	}
}

// pseudo writes a refusal in a pseudo-language whose every message is
// its id and its placeholders: "⟦RefuseX⟧ {{.Cell}} {{.Legal}}". Only
// the data shows through, refusals inside it written the same way.
func pseudo(t *testing.T, r *engine.Refusal) string {
	t.Helper()
	d := engine.Defined()[r.Code]
	var b strings.Builder
	b.WriteString("⟦" + r.Code + "⟧")
	for _, f := range fieldsOf(t, r.Code, d[1]) {
		b.WriteString(" {{." + f + "}}")
	}
	data := map[string]any{}
	for k, v := range r.Args {
		var in *engine.Refusal
		switch e, ok := v.(error); {
		case ok && errors.As(e, &in):
			data[k] = pseudo(t, in)
		default:
			data[k] = v
		}
	}
	var out strings.Builder
	if err := template.Must(template.New(r.Code).Parse(b.String())).Execute(&out, data); err != nil {
		t.Fatalf("%s: %v", r.Code, err)
	}
	return out.String()
}

// englishWords are the words of the English catalogue, refusals and
// the rest, of three letters or more, lower case: the words a text
// left in Go would show. The games' option names are not among them.
func englishWords(c *lang.Catalogue) map[string]bool {
	words := map[string]bool{}
	re := regexp.MustCompile(`\{\{[^}]*\}\}`)
	for _, m := range c.Files["en"].Messages {
		for _, text := range []string{m.One, m.Other} {
			text = re.ReplaceAllString(text, " ")
			for _, w := range strings.FieldsFunc(text, notLetter) {
				if len(w) >= 3 && strings.ToLower(w) == w {
					words[w] = true
				}
			}
		}
	}
	// The options of the games are command words, written alike in
	// every language.
	for _, g := range []engine.Game{eko.Game{}, esagek.Game{}, hexatri.Game{}, hexemergo.Game{}} {
		for _, o := range g.Options() {
			delete(words, o.Name)
		}
	}
	return words
}

func notLetter(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '\'') }

// idRE is a message id in the pseudo-language.
var idRE = regexp.MustCompile(`⟦[A-Za-z]*⟧`)

// quotedRE is a text quoted as Go quotes it.
var quotedRE = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// checker checks the refusals the engines give.
type checker struct {
	t     *testing.T
	c     *lang.Catalogue
	en    lang.Printer
	words map[string]bool
	defs  map[string][2]string
	seen  map[string]int
	n     int
	// failed holds the failures reported: each message and word once.
	failed map[string]bool
}

func newChecker(t *testing.T) *checker {
	c := catalogue(t)
	return &checker{t: t, c: c, en: c.For("en"), words: englishWords(c), defs: engine.Defined(), seen: map[string]int{}, failed: map[string]bool{}}
}

// check checks one refusal: what was refused, for the failure message.
func (k *checker) check(what string, err error) {
	t := k.t
	t.Helper()
	if err == nil {
		return
	}
	k.n++
	r, ok := err.(*engine.Refusal)
	if !ok {
		t.Errorf("%s: refused with %T, not an engine.Refusal: %v", what, err, err)
		return
	}
	k.checkArgs(what, r)
	// The writing in every language is checked for the first refusals
	// of each message, where a new shape of its data shows first.
	if k.seen[r.Code] > 200 {
		return
	}
	msg := message(r)
	if got, want := k.en.Render(msg), err.Error(); got != want {
		t.Errorf("%s: the catalogue writes %q, the engine %q", what, got, want)
	}
	for _, l := range lang.Codes[1:] {
		got := k.c.For(l).Render(msg)
		if got == "" || strings.Contains(got, "<no value>") || strings.Contains(got, "Refuse") {
			t.Errorf("%s: in %s %q", what, l, got)
		}
	}
	p := pseudo(t, r)
	// The text a player sent is data, quoted: its words are theirs
	// ("-direct=yes"), whatever words the catalogue's English has.
	for _, w := range strings.FieldsFunc(quotedRE.ReplaceAllString(idRE.ReplaceAllString(p, " "), " "), notLetter) {
		if k.words[w] && !k.failed[r.Code+" "+w] {
			k.failed[r.Code+" "+w] = true
			t.Errorf("%s: the English word %q is left in %q (English: %q)", what, w, p, err.Error())
		}
	}
}

// checkArgs: the refusal's code is defined, its data fills exactly the
// placeholders of its text, and its values are data: strings, ints,
// lists, refusals.
func (k *checker) checkArgs(what string, r *engine.Refusal) {
	t := k.t
	t.Helper()
	d, ok := k.defs[r.Code]
	if !ok {
		t.Errorf("%s: code %s is no defined refusal", what, r.Code)
		return
	}
	k.seen[r.Code]++
	var keys []string
	for key, v := range r.Args {
		keys = append(keys, key)
		switch v := v.(type) {
		case string, int, engine.List:
		case *engine.Refusal:
			k.checkArgs(what, v)
		default:
			t.Errorf("%s: %s.%s is a %T", what, r.Code, key, v)
		}
	}
	sort.Strings(keys)
	if want := fieldsOf(t, r.Code, d[1]); !slices.Equal(keys, want) {
		t.Errorf("%s: %s has data %v, its text placeholders %v", what, r.Code, keys, want)
	}
	if (d[0] != "") != (r.Count != nil) {
		t.Errorf("%s: %s has count %v; plural forms %v", what, r.Code, r.Count, d[0] != "")
	}
}

// variant is one way to start a board.
type variant struct {
	g       engine.Game
	players int
	opts    map[string]string
}

func variants() []variant {
	var out []variant
	add := func(g engine.Game, players int, opts ...string) {
		o := map[string]string{}
		for _, x := range opts {
			k, v, _ := strings.Cut(x, "=")
			o[k] = v
		}
		out = append(out, variant{g, players, o})
	}
	for n := 2; n <= 4; n++ {
		add(eko.Game{}, n)
		add(eko.Game{}, n, "direct")
	}
	add(hexemergo.Game{}, 2)
	add(hexemergo.Game{}, 2, "alternate")
	add(esagek.Game{}, 2)
	add(esagek.Game{}, 2, "home")
	add(esagek.Game{}, 2, "invasion")
	add(esagek.Game{}, 4, "invasion")
	add(esagek.Game{}, 3, "surrounder")
	add(esagek.Game{}, 1, "alone")
	add(esagek.Game{}, 1, "alone", "setup=M1,M2,A4,B3,C5")
	add(hexatri.Game{}, 2, "size=2")
	add(hexatri.Game{}, 3)
	add(hexatri.Game{}, 2, "size=2", "blockade", "shoot", "capture", "regroup", "cloner")
	add(hexatri.Game{}, 3, "size=2", "shoot1hex", "capture", "startpoints", "firstblood")
	add(hexatri.Game{}, 2, "size=2", "freemove", "startpoints", "capture")
	add(hexatri.Game{}, 4, "size=3", "blockade", "shoot", "regroup", "cloner", "startpoints")
	return out
}

// badOptions are challenges each engine refuses.
var badOptions = []variant{
	{eko.Game{}, 1, nil}, {eko.Game{}, 5, nil},
	{eko.Game{}, 2, map[string]string{"direct": "yes"}}, {eko.Game{}, 2, map[string]string{"fast": ""}},
	{hexemergo.Game{}, 3, nil}, {hexemergo.Game{}, 2, map[string]string{"alternate": "1"}},
	{hexemergo.Game{}, 2, map[string]string{"size": "4"}},
	{esagek.Game{}, 3, nil}, {esagek.Game{}, 2, map[string]string{"alone": ""}},
	{esagek.Game{}, 2, map[string]string{"classic": "x"}}, {esagek.Game{}, 2, map[string]string{"classic": "", "invasion": ""}},
	{esagek.Game{}, 1, map[string]string{"alone": "", "setup": "M1,Z9"}}, {esagek.Game{}, 1, map[string]string{"alone": "", "setup": "M1,m1"}},
	{esagek.Game{}, 1, map[string]string{"alone": "", "setup": ","}}, {esagek.Game{}, 1, map[string]string{"alone": "", "pieces": "999"}},
	{esagek.Game{}, 2, map[string]string{"maxturns": "0"}}, {esagek.Game{}, 2, map[string]string{"colour": ""}},
	{esagek.Game{}, 2, map[string]string{"invasion": "", "home": ""}}, {esagek.Game{}, 2, map[string]string{"pieces": "7"}},
	{esagek.Game{}, 1, map[string]string{"alone": "", "pieces": "7", "setup": "M1"}}, {esagek.Game{}, 7, map[string]string{"invasion": ""}},
	{esagek.Game{}, 2, map[string]string{"Home": "", "home": ""}},
	{hexatri.Game{}, 1, nil}, {hexatri.Game{}, 7, nil}, {hexatri.Game{}, 2, map[string]string{"speed": ""}},
	{hexatri.Game{}, 2, map[string]string{"size": "9"}}, {hexatri.Game{}, 2, map[string]string{"size": "x"}},
	{hexatri.Game{}, 2, map[string]string{"shoot": "6"}}, {hexatri.Game{}, 2, map[string]string{"firstblood": ""}},
}

// garbles are moves no engine reads.
var garbles = []string{"", " ", "x", "XYZZY", "-", ";", ";;", ",,", "a1-", "-A1", "Z9", "A0", "A99",
	"PASS;PASS", "PASS A1", "R:", "R:NONE;R:NONE", "B:", "B:A1:Q:B2", "MARCH", "SWAP:A1", "SWAP:A1:B2",
	"NOSWAP;MARCH", "IN:", "L:", "BLOCK:", "SHOOT:", "SHIFT:", "SHIFT:A1", "CLONE", "A1xA1", "A1~A1", "M+", "Q+",
	"A1@", "A1!@A1", "SHOOT:A1:Q", "SHOOT:A1:R@A1*9", "BLOCK:A1@A1", strings.Repeat("A1-", 40), "A1-B1-C1-D1",
	"é", "A1\x00", "\"A1\"", `A\1`}

// tokens splits a move into its words and the separators between them.
var tokenRE = regexp.MustCompile(`[A-Za-z0-9]+|[^A-Za-z0-9]`)

// near makes moves close to the legal ones: a word of one replaced by
// a word of another, a character dropped or added, two joined.
func near(rng *rand.Rand, legal []string, words []string) string {
	m := legal[rng.IntN(len(legal))]
	switch rng.IntN(7) {
	case 0, 1, 2:
		toks := tokenRE.FindAllString(m, -1)
		i := rng.IntN(len(toks))
		toks[i] = words[rng.IntN(len(words))]
		return strings.Join(toks, "")
	case 3:
		if len(m) > 1 {
			i := rng.IntN(len(m))
			return m[:i] + m[i+1:]
		}
		return m + m
	case 4:
		return m + string("-x;:@!*,~+ "[rng.IntN(11)]) + words[rng.IntN(len(words))]
	case 5:
		return m + ";" + legal[rng.IntN(len(legal))]
	}
	return m + " " + legal[rng.IntN(len(legal))]
}

// TestEngineRefusals plays games of every engine and variant with
// moves garbled and near-missed at every ply, resigns seats that
// cannot resign, plays after the end and starts boards with bad
// options; every refusal goes through the checks of checker.check.
func TestEngineRefusals(t *testing.T) {
	k := newChecker(t)
	for _, b := range badOptions {
		_, err := b.g.New(b.players, b.opts, 1)
		if err == nil {
			t.Errorf("%s %d players %v: accepted", b.g.Name(), b.players, b.opts)
		}
		k.check(fmt.Sprintf("%s %d players %v", b.g.Name(), b.players, b.opts), err)
	}
	games, plies, tries := 6, 300, 12
	if testing.Short() {
		games, plies, tries = 2, 120, 6
	}
	for vi, v := range variants() {
		for gi := range games {
			rng := rand.New(rand.NewPCG(uint64(vi), uint64(gi)))
			s, err := v.g.New(v.players, v.opts, uint64(gi+1))
			if err != nil {
				t.Fatalf("%s %v: %v", v.g.Name(), v.opts, err)
			}
			name := fmt.Sprintf("%s %v game %d", v.g.Name(), v.opts, gi)
			words := map[string]bool{}
			for ply := 0; ply < plies && s.ToMove() >= 0; ply++ {
				legal := s.Legal()
				if len(legal) == 0 {
					break
				}
				for _, m := range legal {
					for _, w := range tokenRE.FindAllString(m, -1) {
						words[w] = true
					}
				}
				ws := slices.Sorted(func(yield func(string) bool) {
					for w := range words {
						if !yield(w) {
							return
						}
					}
				})
				for range tries {
					var m string
					if rng.IntN(4) == 0 {
						m = garbles[rng.IntN(len(garbles))]
					} else {
						m = near(rng, legal, ws)
					}
					c := s.Clone()
					if _, err := c.Play(m); err != nil {
						k.check(fmt.Sprintf("%s ply %d %q", name, ply, m), err)
					}
				}
				if ply == 0 {
					k.check(name+" resign seat -1", s.Clone().Resign(-1))
					k.check(name+" resign seat 99", s.Clone().Resign(99))
					c := s.Clone()
					if c.Resign(0) == nil {
						k.check(name+" resign seat 0 twice", c.Resign(0))
					}
				}
				if _, err := s.Play(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatalf("%s ply %d: a legal move refused: %v", name, ply, err)
				}
			}
			if s.ToMove() < 0 {
				_, err := s.Play("PASS")
				k.check(name+" after the end", err)
				k.check(name+" resign after the end", s.Resign(0))
			} else {
				c := s.Clone()
				for seat := 0; seat < v.players && c.ToMove() >= 0; seat++ {
					_ = c.Resign(seat)
				}
				if c.ToMove() < 0 {
					_, err := c.Play("A1")
					k.check(name+" after the resignations", err)
					k.check(name+" resign after the resignations", c.Resign(0))
				}
			}
		}
	}
	var unseen []string
	for _, code := range engine.DefinedCodes() {
		if k.seen[code] == 0 {
			unseen = append(unseen, code)
		}
	}
	t.Logf("%d refusals checked; %d of %d messages seen; not seen: %v", k.n, len(k.seen), len(k.defs), unseen)
}

// TestEveryRefusal writes every refusal the engines define, with
// made-up notation for its data and the counts 1 and 2, in English
// through the catalogue and through the engine, which agree, and in
// the pseudo-language, which shows no English word.
func TestEveryRefusal(t *testing.T) {
	k := newChecker(t)
	for code, d := range k.defs {
		for _, n := range []int{1, 2} {
			r := &engine.Refusal{Code: code, Args: map[string]any{}}
			for i, f := range fieldsOf(t, code, d[1]) {
				r.Args[f] = fmt.Sprintf("Q%d", i+1)
			}
			if d[0] != "" {
				r.Count = n
			}
			k.check(fmt.Sprintf("%s count %d", code, n), r)
		}
	}
}

// TestNoSentenceInEngines reads the engines' sources: no error is made
// with fmt.Errorf or errors.New, whose text would be an English
// sentence outside the catalogue.
func TestNoSentenceInEngines(t *testing.T) {
	for _, dir := range []string{"eko", "esagek", "hexatri", "hexemergo", "."} {
		path := filepath.Join("..", "..", "engine", dir)
		fset := token.NewFileSet()
		pkgs, err := parser.ParseDir(fset, path, func(fi fs.FileInfo) bool {
			return !strings.HasSuffix(fi.Name(), "_test.go")
		}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(pkgs) == 0 {
			t.Fatalf("no Go files in %s", path)
		}
		for _, p := range pkgs {
			for _, f := range p.Files {
				ast.Inspect(f, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok {
						return true
					}
					sel, ok := call.Fun.(*ast.SelectorExpr)
					if !ok {
						return true
					}
					if x, ok := sel.X.(*ast.Ident); ok && (x.Name == "fmt" && sel.Sel.Name == "Errorf" || x.Name == "errors" && sel.Sel.Name == "New") {
						t.Errorf("%s: %s.%s makes an error outside the catalogue", fset.Position(call.Pos()), x.Name, sel.Sel.Name)
					}
					return true
				})
			}
		}
	}
}

// fieldsOf are the placeholders of a template (engine.Placeholders).
func fieldsOf(t *testing.T, id, text string) []string {
	t.Helper()
	out, err := engine.Placeholders(text)
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	return out
}
