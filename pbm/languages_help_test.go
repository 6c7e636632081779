package pbm

import (
	"fmt"
	"strings"
	"testing"
	"text/template"

	"github.com/pbmgo/pbm/pbm/board"
	cmdtab "github.com/pbmgo/pbm/pbm/command"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
)

// tableCommands walks the command table: every command, global, a
// game's and admin, with the words that name it and the scope of its
// help message (HelpCmd, HelpGame, HelpAdmin).
func tableCommands(s *Server, visit func(scope string, words []string, c *command)) {
	var walk func(scope string, words []string, set commandSet)
	walk = func(scope string, words []string, set commandSet) {
		for _, name := range set.Names() {
			c := set[name]
			w := append(append([]string(nil), words...), name)
			visit(scope, w, c)
			if c.Children != nil {
				walk(scope, w, c.Children)
			}
		}
	}
	walk("HelpCmd", nil, s.global.Only(false))
	walk("HelpGame", nil, s.game)
	walk("HelpAdmin", nil, s.global.Only(true))
}

// Every command of the table, global, a game's and admin, children
// included, has its help message, named after its words, in every
// language, and its English is the table's help.
func TestHelpMessagesEveryCommandEveryLanguage(t *testing.T) {
	f := newFixture(t)
	cat, err := lang.Load()
	if err != nil {
		t.Fatal(err)
	}
	has := map[string]map[string]bool{}
	for _, code := range lang.Codes {
		has[code] = map[string]bool{}
		for _, m := range cat.Files[code].Messages {
			has[code][m.ID] = true
		}
	}
	n := 0
	tableCommands(f.s, func(scope string, words []string, c *command) {
		n++
		want := scope
		for _, w := range words {
			want += strings.ToUpper(w[:1]) + w[1:]
		}
		if c.HelpID != want {
			t.Errorf("%s: help message %q, want %q", strings.Join(words, " "), c.HelpID, want)
		}
		for _, code := range lang.Codes {
			if !has[code][c.HelpID] {
				t.Errorf("%s: %s missing", code, c.HelpID)
			}
		}
		if got := cat.For("en").T(c.HelpID); got != c.Help {
			t.Errorf("%s: the catalogue's English %q is not the table's %q", c.HelpID, got, c.Help)
		}
		for _, code := range lang.Codes[1:] {
			if got := cat.For(code).T(c.HelpID); got == c.Help && c.Help != "" {
				t.Errorf("%s: %s is the English", code, c.HelpID)
			}
		}
	})
	if n < 50 {
		t.Errorf("the table walked has %d commands", n)
	}
	frame := []string{"HelpIntro", "HelpHowTo", "HelpWords", "HelpGroupAccounts", "HelpGroupGames", "HelpGroupAdmin",
		"HelpSameAs", "HelpGamesHere", "HelpGameIs", "HelpMoveIntro", "HelpMoveNumber", "HelpMoveReply",
		"HelpReplyIntro", "HelpReplyPlay", "HelpReplyEnd", "HelpListNone", "HelpListTail", "BoardReply"}
	for _, code := range lang.Codes {
		for _, id := range frame {
			if !has[code][id] {
				t.Errorf("%s: %s missing", code, id)
			}
		}
	}
}

// helpBody is the text of a help answer after its "OK:" line: the
// answer holds other sections before it.
func helpBody(t *testing.T, text, command string) string {
	t.Helper()
	i := strings.Index(text, "> "+command+"\n")
	if i < 0 {
		t.Fatalf("no section %q in\n%s", command, text)
	}
	body := text[i:]
	if j := strings.Index(body, "\n-- \n"); j >= 0 {
		body = body[:j]
	}
	return body
}

// checkCommandsIn checks a command reference in p's language: each
// command's usage as in English, on its own line, with its
// explanation in the language below it; no line over 79 columns.
func checkCommandsIn(t *testing.T, f *fixture, p lang.Printer, what, text string) {
	t.Helper()
	for _, g := range cmdtab.HelpGroups(f.s.cat.English()) {
		for _, c := range g.Commands {
			if !strings.Contains(text, "\n"+mail.Wrap("  "+c.Usage, 79)+"\n") {
				t.Errorf("%s: usage %q not unchanged on its own line", what, c.Usage)
			}
		}
	}
	tableCommands(f.s, func(scope string, words []string, c *command) {
		if c.Children != nil {
			return
		}
		if explain := "      " + cmdtab.WrapHelp(c.Explain(p)); !strings.Contains(text, "\n"+explain+"\n") {
			t.Errorf("%s: %s lacks the explanation %q", what, strings.Join(words, " "), explain)
		}
	})
	// An answer's text is wrapped at 79 columns after its "OK:" (or
	// the word of the reader's language), as in English.
	for i, line := range strings.Split(text, "\n") {
		width := len([]rune(line))
		for _, label := range []string{p.T("ReplyOK"), p.T("ReplyRefused")} {
			if strings.HasPrefix(line, label+" ") {
				width -= len([]rune(label)) + 1
			}
		}
		if width > 79 && !strings.HasPrefix(line, "> ") {
			t.Errorf("%s: line %d over 79 columns: %q", what, i+1, line)
		}
	}
	mustLack(t, what, text, "Accounts and help:", "open an account", "resign the game")
}

// checkHelpIn checks the help page in p's language: the commands as
// checkCommandsIn, the frame in the language.
func checkHelpIn(t *testing.T, f *fixture, p lang.Printer, what, text string) {
	t.Helper()
	checkCommandsIn(t, f, p, what, text)
	for _, id := range []string{"HelpHowTo", "HelpWords", "BoardReply", "HelpGroupAccounts", "HelpGroupGames", "HelpGroupAdmin", "HelpSameAs", "HelpGamesHere"} {
		if w := mail.Wrap(p.T(id), 79); !strings.Contains(text, w) {
			t.Errorf("%s lacks %s %q", what, id, w)
		}
	}
	mustContain(t, what, text, p.T("HelpIntro", "Server", "Test Server"), "  nim        "+p.N("HelpGameLine", 4, "Title", "Nim", "Players", "2-4", "Name", "nim"))
	mustLack(t, what, text, "Games here:", "play board games by mail", "players: \"nim help\"")
}

// A Hungarian and a Dutch player's help, help topics and list are in
// their language; the command words, the usage and the notation are
// as in English.
func TestHelpInLanguages(t *testing.T) {
	f := newFixture(t)
	f.signupIn("alice", "hu")
	f.signupIn("bob", "nl")
	cat, _ := lang.Load()
	hu, nl := cat.For("hu"), cat.For("nl")

	// The mail names the account (a command with its password), then
	// asks for help.
	r := f.answer(f.send("alice@players.test", "", "pictures alice pw-alice on\nhelp"), "alice@players.test")
	checkHelpIn(t, f, hu, "Hungarian help", helpBody(t, r.Text, "help"))
	mustContain(t, "Hungarian help", r.Text, "Rendben: \n\nTest Server: táblás játékok levélben.",
		"  signup <userid> <password> [<address>...] [-lang=<code>]\n      fiók nyitása;",
		"  <game> move <board> <userid> <password> resign|propose|undo|accept|reject\n      ugyanaz, mint az azonos nevű parancs",
		"Itt játszható játékok:\n  nim        Nim, 2-4 játékos: a szabályokért küldje el: \"nim help\"")

	// The help is written in the language of the answer whatever the
	// order of the commands.
	r = f.answer(f.send("alice@players.test", "", "help\nhelp resign\npictures alice pw-alice on"), "alice@players.test")
	checkHelpIn(t, f, hu, "Hungarian help before the account's command", helpBody(t, r.Text, "help"))
	mustContain(t, "Hungarian help before the account's command", r.Text, "> help resign\nRendben: <game> resign <board> <userid> <password>\n  a játszma feladása\n(A <game> egy játék neve a \"list\" válaszából.)")

	r = f.answer(f.send("bob@players.test", "", "pictures bob pw-bob on\nhelp"), "bob@players.test")
	checkHelpIn(t, f, nl, "Dutch help", helpBody(t, r.Text, "help"))
	mustContain(t, "Dutch help", r.Text, "Test Server: bordspellen spelen per mail.",
		"  <game> resign <board> <userid> <password>\n      de partij opgeven\n",
		"  admin <userid> <password> backup\n      een consistente kopie van de database schrijven\n",
		"Spellen hier:\n  nim        Nim, 2-4 spelers: \"nim help\" voor de regels")

	// Topics, one command, and list.
	r = f.answer(f.send("bob@players.test", "", "pictures bob pw-bob on\nhelp move\nhelp reply\nhelp resign\nhelp signoff\nlist"), "bob@players.test")
	mustContain(t, "Dutch topics", r.Text,
		"Zetten (<game> is de naam van een spel uit \"list\"; \"<game> help\" geeft\nde notatie):",
		"  <game> move <board> <userid> <password> <move>[#<n>] [<move>...]\n      spelen; meerdere zetten",
		"(\"Stuur om zet 7 te spelen\")",
		"  <move>[#<n>] [<move>...]\n      spelen (of: move <move>...)\n",
		"\n  queue [<move>...]\n      zetten die voor u gespeeld worden",
		"\n  resign\n      de partij opgeven\n",
		"OK: <game> resign <board> <userid> <password>\n  de partij opgeven\n(<game> is de naam van een spel uit \"list\".)",
		"OK: signoff <userid> <password>\n  uw account opheffen; uw lopende partijen worden opgegeven",
		"OK: Spellen hier:\n  nim        Nim          2-4 spelers\n\nStuur \"<game> help\" voor de regels van een spel.")
	mustLack(t, "Dutch topics", r.Text, "Moves (", "resign the game", "Games here:", "players")
	for i, line := range strings.Split(r.Text, "\n") {
		if len([]rune(line)) > 79 && !strings.HasPrefix(line, "> ") {
			t.Errorf("Dutch topics: line %d over 79 columns: %q", i+1, line)
		}
	}
	r = f.answer(f.send("alice@players.test", "", "pictures alice pw-alice on\nhelp commands\nhelp reply"), "alice@players.test")
	checkCommandsIn(t, f, hu, "Hungarian help commands", helpBody(t, r.Text, "help commands"))
	mustContain(t, "Hungarian reply topic", helpBody(t, r.Text, "help reply"), "\n  submit <move>\n      egy lépés ellenőrzése", "(\"... ezt írta:\")")

	// The command runner's refusals.
	r = f.answer(f.send("alice@players.test", "", "pictures alice pw-alice on\nnim foo\nnim\nchange\nusers\nnim cha"), "alice@players.test")
	mustContain(t, "Hungarian refusals", unwrapped(r.Text),
		"Elutasítva: ismeretlen parancs a(z) \"nim\" után: \"foo\"; parancsok: accept,",
		"Elutasítva: nim – melyik parancs? Próbálja: \"nim help\"; parancsok: accept,",
		"Elutasítva: change – melyik parancs? Választható: address, password.",
		"Elutasítva: A(z) users adminisztrátori parancs: így küldje el: \"admin <userid> <password> users\".",
		"Elutasítva: nem egyértelmű parancs a(z) \"nim\" után: \"cha\" (lehet: challenge, chat);")
	f.s.cfg.MaxCommands = 2
	r = f.answer(f.send("bob@players.test", "", "pictures bob pw-bob on\nlist\nlist\nlist"), "bob@players.test")
	mustContain(t, "Dutch bound", unwrapped(r.Text), "Geweigerd: Nog 2 commandoregels zijn niet gelezen: het aantal commando's per mail is beperkt tot 2.")
}

// unwrapped undoes the wrapping of a refusal: its continuation lines
// joined to the line before.
func unwrapped(text string) string { return strings.ReplaceAll(text, "\n  ", " ") }

// The bounds on a command, written from the catalogue: the refusal of
// commandMoves carries its messages (the core's callers keep them with
// refusalOn), and a line too long is refused in the reader's language.
func TestCommandBoundsInLanguages(t *testing.T) {
	f := newFixture(t)
	g, _ := f.s.cfg.Games.Lookup("nim")
	_, err := moveBounds(f.s).Moves(g, strings.Fields(strings.Repeat("take1 ", 101)))
	ref := refusalOn(7, err)
	if ref.Board != 7 || ref.Error() != "This command holds 101 moves, and a command may hold at most 100: nothing was played." {
		t.Errorf("too many moves: %+v", ref)
	}
	cat, _ := lang.Load()
	for code, want := range map[string]string{
		"hu": "Ez a parancs 101 lépést tartalmaz, egy parancsban pedig legfeljebb 100 lehet",
		"cs": "Tento příkaz obsahuje 101 tahů, příkaz smí obsahovat nejvýše 100",
		"nl": "Dit commando bevat 101 zetten",
		"de": "Dieser Befehl enthält 101 Züge",
	} {
		if got := cat.For(code).Join(ref.msgs); !strings.Contains(got, want) {
			t.Errorf("%s: %q lacks %q", code, got, want)
		}
	}
	_, err = moveBounds(f.s).Moves(g, []string{strings.Repeat("x", 3000)})
	ref = refusalOn(7, err)
	if ref.Error() != "Move 1 of this command is 3000 bytes long, and a move may be at most 2048 bytes: nothing was played." {
		t.Errorf("long move: %q", ref.Error())
	}
	if got := cat.For("cs").Join(ref.msgs); got != "Tah č. 1 tohoto příkazu má 3000 bajtů, tah smí mít nejvýše 2048 bajtů: nic nebylo zahráno." {
		t.Errorf("Czech long move: %q", got)
	}

	f.signupIn("carol", "de")
	r := f.answer(f.send("carol@players.test", "", "pictures carol pw-carol on\nsignup "+strings.Repeat("x", 5000)), "carol@players.test")
	mustContain(t, "German long line", unwrapped(r.Text), "Abgelehnt: Diese Befehlszeile ist 5007 Bytes lang, und eine Befehlszeile darf höchstens 4096 Bytes (4 KiB) lang sein: Nichts davon wurde gelesen oder ausgeführt.")
}

// oldHelp is the help page as help.txt wrote it before the catalogue:
// the English help must stay as it was, byte for byte.
const oldHelp = `{{.Server}}: play board games by mail.

Put one command in the Subject, or several in the body, one per line.
Words in <> are yours to fill in; [...] is optional.
{{.ReplyLine}}

{{range .Groups}}{{.Title}}
{{range .Commands}}  {{.Usage}}
      {{.Help}}
{{end}}
{{end -}}
Games here:{{range .Games}}
  {{printf "%-10s" .Name}} {{.Title}}, {{.Players}} players: "{{.Name}} help" for the rules{{end}}
`

// The English help is what it was: the page, a topic, one command and
// list, for a stranger and for an English account.
func TestHelpEnglishUnchanged(t *testing.T) {
	f := newFixture(t)
	var groups []cmdtab.HelpGroup
	add := func(title, prefix string, set commandSet) {
		g := cmdtab.HelpGroup{Title: title}
		var walk func(prefix string, set commandSet)
		walk = func(prefix string, set commandSet) {
			for _, name := range set.Names() {
				c := set[name]
				if c.Children != nil {
					walk(prefix+name+" ", c.Children)
					continue
				}
				// Wrapped lines continue further in than their first
				// (TestHelpWrapsUnderItsFirstLine).
				g.Commands = append(g.Commands, cmdtab.HelpCommand{Usage: cmdtab.WrapUsage(strings.TrimSpace(prefix + name + " " + c.Usage)), Help: cmdtab.WrapHelp(c.Help)})
				if len(c.Verbs) > 0 {
					g.Commands = append(g.Commands, cmdtab.HelpCommand{Usage: prefix + name + " <board> <userid> <password> " + strings.Join(c.Verbs, "|"), Help: "the same as the command of that name"})
				}
			}
		}
		walk(prefix, set)
		groups = append(groups, g)
	}
	add("Accounts and help:", "", f.s.global.Only(false))
	add("Games (<game> is a game's name from \"list\"):", "<game> ", f.s.game)
	add("Admin (configured admins only):", "admin <userid> <password> ", f.s.global.Only(true))
	var b strings.Builder
	err := template.Must(template.New("help").Parse(oldHelp)).Execute(&b, map[string]any{
		"Server": "Test Server", "Groups": groups, "ReplyLine": replyLine,
		"Games": []map[string]string{{"Name": "nim", "Title": "Nim", "Players": "2-4"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := b.String()
	got, err := f.s.HelpText()
	if err != nil || got != want {
		t.Errorf("HelpText changed (%v):\n%s\nwant:\n%s", err, got, want)
	}
	var cmds strings.Builder
	for _, g := range groups {
		cmds.WriteString(g.Title + "\n")
		for _, c := range g.Commands {
			fmt.Fprintf(&cmds, "  %s\n      %s\n", c.Usage, c.Help)
		}
		cmds.WriteString("\n")
	}
	f.signupIn("dora", "en")
	for from, body := range map[string]string{
		"stranger@players.test": "help\nhelp commands\nhelp resign\nlist",
		"dora@players.test":     "pictures dora pw-dora on\nhelp\nhelp commands\nhelp resign\nlist",
	} {
		r := f.answer(f.send(from, "", body), from)
		for _, w := range []string{
			"> help\nOK: \n\n" + mail.Wrap(want, 79) + "\n\n> help commands",
			"> help commands\nOK: \n\n" + mail.Wrap(strings.TrimRight(cmds.String(), "\n"), 79) + "\n\n> help resign",
			"> help resign\nOK: <game> resign <board> <userid> <password>\n  resign the game\n(<game> is a game's name from \"list\".)\n\n",
			"> list\nOK: Games here:\n  nim        Nim          2-4 players\n\nSend \"<game> help\" for a game's rules.\n",
		} {
			if !strings.Contains(r.Text, w) {
				t.Errorf("%s: the English help lacks\n%s\nin\n%s", from, w, r.Text)
			}
		}
	}
}

// The frame of "<game> help" from the catalogue (HelpRules*), put
// together as cmdGameHelp is to write it: its English is the answer of
// today, and each language has its own.
func TestGameHelpFrameMessages(t *testing.T) {
	f := newFixture(t)
	g, _ := f.s.cfg.Games.Lookup("nim")
	frame := func(p lang.Printer) string {
		var b strings.Builder
		min, max := g.Players()
		fmt.Fprintf(&b, "%s\n\n%s\n", p.N("HelpRulesTitle", max, "Title", g.Title(), "Players", board.PlayerRange(min, max)), strings.TrimRight(g.Help(), "\n"))
		if opts := g.Options(); len(opts) > 0 {
			b.WriteString("\n" + p.T("HelpRulesOptions") + "\n")
			for _, o := range opts {
				name := "-" + o.Name
				if o.Value != "" {
					name += "=" + o.Value
				}
				def := ""
				if o.Default != "" {
					def = p.T("HelpRulesDefault", "Default", o.Default)
				}
				fmt.Fprintf(&b, "  %-16s %s%s\n", name, o.Help, def)
			}
		}
		b.WriteString("\n" + p.Render(board.ConditionalHelp(g)) + "\n")
		fmt.Fprintf(&b, "\n%s\n  %s challenge <userid> <password> <player1> [<player2>...] [-option...]\n", p.T("HelpRulesStart"), g.Name())
		return b.String()
	}
	r := f.only(f.send("x@players.test", "nim help", ""), "x@players.test")
	if want := "OK: \n" + frame(f.s.cat.English()); !strings.Contains(r.Text, want) {
		t.Errorf("nim help is not the frame's English:\n%s\nwant:\n%s", r.Text, want)
	}
	cat, _ := lang.Load()
	text := frame(cat.For("cs"))
	mustContain(t, "Czech frame", text, "Nim, 2-4 hráči.", "Volby výzvy:", "stones in the pile (výchozí 10)", "Založení desky:\n  nim challenge <userid> <password>")
	mustLack(t, "Czech frame", text, "players", "Challenge options:", "Start a board:")
}
