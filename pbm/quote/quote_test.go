package quote

import (
	"strings"
	"testing"
)

func TestOwn(t *testing.T) {
	for _, c := range []struct{ name, body, want string }{
		{"top-posted", "e4\nthanks\n\nOn Wed, Dec 2, 2026 at 4:25 PM PBM Server <pbm@x> wrote:\n> old\n", "e4\nthanks"},
		{"bottom-posted", "On Wed, Dec 02, 2026 at 04:25:24PM +0000, PBM Server wrote:\n> old\n> more\n\ne4\n", "e4"},
		{"between quotes", "> a\n\ne4\n\n> b\n", "e4"},
		{"wrapped attribution", "e4\n\nOn Wed, Dec 2, 2026 at 4:25 PM PBM Server\n<pbm@x> wrote:\n> old\n", "e4"},
		{"french", "e4\n\nLe mer. 2 déc. 2026 à 16:25, PBM Server <pbm@x> a écrit :\n> old\n", "e4"},
		{"spanish", "e4\n\nEl mié, 2 dic 2026 a las 16:25, PBM Server escribió:\n> old\n", "e4"},
		{"german", "e4\n\nAm 02.12.2026 um 16:25 schrieb PBM Server:\n> old\n", "e4"},
		{"dutch", "e4\n\nOp wo 2 dec 2026 om 16:25 schreef PBM Server <pbm@x>:\n> old\n", "e4"},
		{"italian", "e4\n\nIl giorno mer 2 dic 2026 alle ore 16:25 PBM Server <pbm@x> ha scritto:\n> old\n", "e4"},
		{"portuguese", "e4\n\nEm qua., 2 de dez. de 2026 às 16:25, PBM Server <pbm@x> escreveu:\n> old\n", "e4"},
		{"polish", "e4\n\nW dniu 2.12.2026 o 16:25, PBM Server pisze:\n> old\n", "e4"},
		{"polish napisał", "e4\n\nśr., 2 gru 2026 o 16:25 PBM Server <pbm@x> napisał(a):\n> old\n", "e4"},
		{"outlook block", "e4\n\n________________________________\nFrom: PBM Server <pbm@x>\nSent: Wednesday, December 2, 2026 4:25 PM\nTo: a\nSubject: b\n\nold\n", "e4"},
		{"outlook german block", "e4\n\nVon: PBM Server <pbm@x>\nGesendet: Mittwoch, 2. Dezember 2026 16:25\nAn: a\nBetreff: b\n\nold\n", "e4"},
		{"original message", "e4\n-----Original Message-----\nold\n", "e4"},
		{"signature", "e4\n-- \nAlice\n", "e4"},
		{"underscores", "e4\n__\nAlice\n", "e4"},
		{"iphone", "e4\n\nSent from my iPhone\n", "e4"},
		{"android", "e4\n\nSent from my Galaxy\n", "e4"},
		{"german phone", "e4\n\nVon meinem iPhone gesendet\n", "e4"},
		{"text saying wrote in it stays", "I wrote: e4 is best\ne4\n", "I wrote: e4 is best\ne4"},
		{"plain", "e4\nnice game\n", "e4\nnice game"},
	} {
		if got := Text(c.body); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

// FuzzOwn checks that Own never panics, returns only lines of the
// body, and never returns a quoted line.
func FuzzOwn(f *testing.F) {
	f.Add("e4\n\nOn Wed, X wrote:\n> old\n")
	f.Add("> a\n\ne4\n\n> b\n-- \nsig")
	f.Add("From: a\nSent: b\n")
	f.Fuzz(func(t *testing.T, body string) {
		lines := strings.Split(strings.ReplaceAll(strings.ReplaceAll(body, "\r\n", "\n"), "\r", "\n"), "\n")
		in := map[string]bool{"": true}
		for _, l := range lines {
			in[strings.TrimRight(l, " \t")] = true
		}
		for _, l := range Own(body) {
			if !in[l] {
				t.Fatalf("line %q is not in the body", l)
			}
			if strings.HasPrefix(strings.TrimSpace(l), ">") {
				t.Fatalf("quoted line %q kept", l)
			}
		}
	})
}
