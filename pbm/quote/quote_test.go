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
	f.Add(">>> C3\n> a\n")
	f.Add("Date: x\nFrom: a <a@b.c>\n\nC3\n> q\nwrapped words here\n> q")
	f.Add("On Fri, Dec 4, 2026 at 10:00 AM\nBob\n<bob@example.com>\n\nwrote:\n> x")
	f.Fuzz(func(t *testing.T, body string) {
		lines := strings.Split(strings.ReplaceAll(strings.ReplaceAll(body, "\r\n", "\n"), "\r", "\n"), "\n")
		in := map[string]bool{"": true}
		shallow := false // a line quoted one or two deep
		for _, l := range lines {
			in[strings.TrimRight(l, " \t")] = true
			if d := depth(strings.TrimSpace(l)); d > 0 && (d < 3 || !strings.HasPrefix(strings.TrimSpace(l), ">>>")) {
				shallow = true
			}
		}
		for _, l := range Own(body) {
			if !in[l] {
				t.Fatalf("line %q is not in the body", l)
			}
			// A ">>>" line is the writer's (an arrow) only where
			// nothing is quoted one or two deep; every other
			// marked line is quoted.
			if strings.HasPrefix(strings.TrimSpace(l), ">") && (shallow || !strings.HasPrefix(strings.TrimSpace(l), ">>>")) {
				t.Fatalf("quoted line %q kept", l)
			}
		}
	})
}

// serverMail is a board mail as pbm sends it.
const serverMail = `Nim Board 101: alice to move.

Heaps: 7 5 3
  C3
Your opponent bob played take2.

To play move 2, reply to this mail with the move on the first line.
  nim move 101 alice <password> <move>#2
-- 
PBM Server`

var (
	known = Known{Name: "PBM Server", Address: "pbm@games.test", Subject: "Nim Board 101 alice **",
		Sent: func() map[Digest]bool {
			m := map[Digest]bool{}
			for _, d := range Digests(serverMail, 400, nil) {
				m[d] = true
			}
			return m
		}()}
	// quoteStyles quote serverMail under an attribution or header, in
	// the ways the clients do; %s is the quoted mail.
	quoteStyles = []string{
		"PBM Server <pbm@games.test> ezt írta (időpont: 2026. dec. 4., P, 10:00):\n\n%s",
		"pá 4. 12. 2026 v 10:00 odesílatel PBM Server <pbm@games.test>\nnapsal:\n\n%s",
		"Dne 04. 12. 26 v 10:00 PBM Server napsal(a):\n%s",
		"Op 4 dec. 2026, om 10:00 heeft PBM Server <pbm@games.test> het volgende geschreven:\n\n%s",
		"2026年12月4日(金) 10:00 PBM Server <pbm@games.test>:\n\n%s",
		"04.12.2026 10:00, PBM Server пишет:\n%s",
		"---- PBM Server wrote ----\n%s",
		"发件人: PBM Server <pbm@games.test>\n发送时间: 2026年12月4日 10:00\n收件人: alice\n主题: Nim Board 101 alice **\n\n%s",
		"Date: Fri, 4 Dec 2026 10:00\nSubject: Nim Board 101 alice **\nFrom: pbm@games.test\nTo: alice@players.test\n\n%s",
		"-----Oprindelig meddelelse-----\nFra: PBM Server <pbm@games.test>\nSendt: 4. december 2026 10:00\n\n%s",
		"%s",
	}
)

// TestKnownOwn reads the replies of the table: the server's
// name, address and lines are known; the writer's lines stay, none of
// the server's mail does, a move equal to a line of the board stays
// above the quote.
func TestKnownOwn(t *testing.T) {
	marked := strings.TrimSpace(strings.ReplaceAll("\n"+serverMail, "\n", "\n> "))
	for i, style := range quoteStyles {
		for _, q := range []string{marked, serverMail} {
			old := strings.Replace(style, "%s", q, 1)
			cases := []struct{ body, want string }{{"C3\nnice game\n\n" + old + "\n", "C3\nnice game"}}
			if q == marked {
				// Text below an old mail is read when the old mail is
				// marked; below an unmarked one, nobody writes.
				cases = append(cases, struct{ body, want string }{old + "\n\nC3\nnice game\n", "C3\nnice game"})
			}
			for _, c := range cases {
				if got := known.Text(c.body); got != c.want {
					t.Errorf("style %d: got %q, want %q\nbody:\n%s", i, got, c.want, c.body)
				}
			}
		}
	}
	for _, c := range []struct{ name, body, want string }{
		{"shared line", "C3 On Wed, Apr 4, 2012 at 3:59 PM, bob@example.com wrote:\n> old\n", "C3"},
		{"sent from my desk", "C3\nSent from my desk, which is easier than my phone.\nmore\n", "C3\nSent from my desk, which is easier than my phone.\nmore"},
		{"mailbox", "C3\n\nSent from Mailbox for iPhone\n", "C3"},
		{"typeapp", "C3\n\nSent using TypeApp\n", "C3"},
		{"blackberry", "C3\nSent wirelessly from my BlackBerry device on the Bell network.\n", "C3"},
		{"outlook ios", "C3\n\nGet Outlook for iOS\n", "C3"},
		{"outlook android", "C3\n\nGet Outlook for Android\n", "C3"},
		{"samsung", "C3\n\nSent from my Samsung Galaxy smartphone.\n", "C3"},
		{"huawei", "C3\n\nSent from my Huawei phone\n", "C3"},
		{"dash rule", "C3\n---\nAlice\n", "C3"},
		{"em dash rule", "C3\n——\nAlice\n", "C3"},
	} {
		if got := known.Text(c.body); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

// FuzzKnownOwn checks that a body made of the server's own mail
// quoted in any of the ways above, with any own text above or below
// it, never yields a line of that mail as own text.
func FuzzKnownOwn(f *testing.F) {
	f.Add("C3\nthanks", uint8(0), true, true)
	f.Add("take1", uint8(6), false, false)
	f.Add("> x\n-- \nsig", uint8(9), true, false)
	f.Fuzz(func(t *testing.T, own string, style uint8, above, marked bool) {
		var lines []string
		for _, l := range strings.Split(strings.ReplaceAll(own, "\r", ""), "\n") {
			if !known.Sent[LineDigest(l)] {
				lines = append(lines, l)
			}
		}
		own = strings.Join(lines, "\n")
		q := serverMail
		if marked {
			q = strings.TrimSpace(strings.ReplaceAll("\n"+serverMail, "\n", "\n> "))
		}
		old := strings.Replace(quoteStyles[int(style)%len(quoteStyles)], "%s", q, 1)
		body := old + "\n\n" + own + "\n"
		if above {
			body = own + "\n\n" + old + "\n"
		}
		for _, l := range known.Own(body) {
			if known.Sent[LineDigest(l)] && meaningful(Normal(l)) {
				t.Fatalf("line %q of the server's mail kept\nbody:\n%s", l, body)
			}
		}
	})
}
