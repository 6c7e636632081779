package pbm

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
)

// languageTable reads testdata/clients/languages.txt: per language,
// per kind (gmail, thunderbird, apple, outlook, original, phone), the
// text.
func languageTable(t *testing.T) map[string]map[string]string {
	t.Helper()
	b, err := os.ReadFile("testdata/clients/languages.txt")
	if err != nil {
		t.Fatal(err)
	}
	table := map[string]map[string]string{}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.SplitN(l, " | ", 3)
		if len(f) != 3 {
			t.Fatalf("bad corpus line %q", l)
		}
		if table[f[0]] == nil {
			table[f[0]] = map[string]string{}
		}
		table[f[0]][f[1]] = f[2]
	}
	return table
}

// gmailWrap wraps a line as Gmail's plain text does, at the last space
// before the 72nd character.
func gmailWrap(l string) string {
	r := []rune(l)
	if len(r) <= 72 {
		return l
	}
	cut := strings.LastIndex(string(r[:72]), " ")
	if cut <= 0 {
		return l
	}
	return l[:cut] + "\n" + l[cut+1:]
}

func quoted(text string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if l == "" {
			b.WriteString(">\n")
		} else {
			b.WriteString("> " + l + "\n")
		}
	}
	return b.String()
}

// languageBodies builds, for one language of the corpus, the body of a
// reply to the board mail text (subject subject) as each client writes
// it, top- and bottom-posted: the own text is cmd and a comment line.
func languageBodies(lang map[string]string, name, addr, subject, text, cmd string) map[string]string {
	r := strings.NewReplacer("{{NAME}}", name, "{{ADDR}}", addr, "{{SUBJECT}}", subject)
	own := cmd + "\nYour turn, good luck.\n"
	phone := lang["phone"]
	q := quoted(text)
	out := map[string]string{}
	if a := lang["gmail"]; a != "" {
		a = r.Replace(a)
		out["gmail/top"] = own + "\n" + phone + "\n\n" + gmailWrap(a) + "\n\n" + q
		out["gmail/bottom"] = gmailWrap(a) + "\n\n" + q + "\n" + own
	}
	if a := lang["thunderbird"]; a != "" {
		a = r.Replace(a)
		out["thunderbird/top"] = own + "\n" + a + "\n" + q
		out["thunderbird/bottom"] = a + "\n" + q + "\n" + own + "\n-- \nSIGTEXT Alice\n"
	}
	if a := lang["apple"]; a != "" {
		a = r.Replace(a)
		out["apple/top"] = own + "\n" + phone + "\n\n" + a + "\n\n" + q
		out["apple/bottom"] = a + "\n\n" + q + "\n" + own + "\n" + phone + "\n"
	}
	if labels := lang["outlook"]; labels != "" {
		l := strings.Split(labels, "|")
		block := fmt.Sprintf("%s: %s <%s>\n%s: 4. 12. 2026 10:00\n%s: Alice <alice@players.test>\n%s: %s\n", l[0], name, addr, l[1], l[2], l[3], subject)
		out["outlook/top"] = own + "\n________________________________\n" + block + "\n" + text
		out["outlook-bare/top"] = own + "\n" + block + "\n" + text
		if o := lang["original"]; o != "" {
			out["outlook-original/top"] = own + "\n" + o + "\n" + block + "\n" + text
		}
	}
	return out
}

// TestLanguageReplies replies to alice's board mail in every language
// and client of the corpus, by the reply address, top- and
// bottom-posted: the move is played, and the comment bob gets holds
// only alice's own text. The share that passes is logged.
func TestLanguageReplies(t *testing.T) {
	table := languageTable(t)
	if len(table) < 24 {
		t.Fatalf("corpus has %d languages", len(table))
	}
	total, pass := 0, 0
	for _, lang := range slices.Sorted(maps.Keys(table)) {
		bodies := languageBodies(table[lang], "", "", "", "", "")
		for _, style := range slices.Sorted(maps.Keys(bodies)) {
			total++
			name := lang + "/" + style
			ok := t.Run(name, func(t *testing.T) {
				f := newFixture(t)
				f.game("")
				var board sent
				for _, m := range f.outbox() {
					if d := decode(t, m); d.To == "alice@players.test" && strings.HasPrefix(d.Subject, "New Nim Board 101") {
						board = d
					}
				}
				addr := f.replyAddress("alice@players.test", "New Nim Board 101")
				body := languageBodies(table[lang], f.s.cfg.Name, f.s.cfg.Address, board.Subject, board.Text, "take1#1")[style]
				raw := f.raw("alice@players.test", "Re: "+board.Subject, body,
					"In-Reply-To: "+board.Header.Get("Message-Id"))
				raw = []byte(strings.Replace(string(raw), "To: pbm@games.test", "To: "+addr, 1))
				mails := f.handle(raw)
				if r := f.answer(mails, "alice@players.test"); strings.Contains(r.Text, "Refused") {
					t.Fatalf("refused:\n%s\nbody:\n%s", r.Text, body)
				}
				if b := f.board(101); len(b.Log) != 1 {
					t.Fatalf("%d moves played\nbody:\n%s", len(b.Log), body)
				}
				m := f.only(withSubject(mails, "Nim Board 101"), "bob@players.test")
				if !strings.Contains(m.Text, "alice writes:\nYour turn, good luck.\n****") {
					t.Errorf("board mail to bob:\n%s\nbody:\n%s", m.Text, body)
				}
			})
			if ok {
				pass++
			}
		}
	}
	t.Logf("language corpus: %d of %d replies pass (%.1f%%)", pass, total, 100*float64(pass)/float64(total))
}
