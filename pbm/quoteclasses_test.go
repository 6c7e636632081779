package pbm

import (
	"fmt"
	"strings"
	"testing"
)

// quoteMarked marks every line of text as quoted, as mutt, Gmail's
// plain text and Thunderbird do (RFC 3676 section 4.5).
func quoteMarked(text string) string {
	return "> " + strings.ReplaceAll(strings.TrimRight(text, "\n"), "\n", "\n> ")
}

// quoteWrapped marks every line of text as quoted and wraps the long
// ones at width, the continuation losing its mark, as some clients do.
func quoteWrapped(text string, width int) string {
	var out []string
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if len(l) > width {
			if cut := strings.LastIndex(l[:width], " "); cut > 0 {
				out = append(out, "> "+l[:cut], l[cut+1:])
				continue
			}
		}
		out = append(out, "> "+l)
	}
	return strings.Join(out, "\n")
}

// TestReplyQuoteClasses replies to alice's board mail by its reply
// address with a move and a comment of her own, and below or above
// them the board mail as each class of client quotes it: header
// blocks in other languages, attributions with the address before the
// verb, wrapped, with ">:" on the next line, Polymail's, Russian
// Android's, old Gmail's, a phone's tag of an unknown phone, a quote
// whose wrapped lines lost their mark; and lines of the writer's own
// that look like the start of a quote. The move is played, and the
// board mail to bob carries her comment whole and none of the quote,
// whether the server knows the lines of the mail answered (the reply
// names it in In-Reply-To) or not.
func TestReplyQuoteClasses(t *testing.T) {
	const move, comment = "take1#1", "Your turn, good luck."
	own := move + "\n" + comment
	for _, c := range []struct {
		name, body string // %s is the board mail, %o the own text
		want       string
	}{
		{"zh header block", "%o\n\n发件人: PBM Server <pbm@games.test>\n发送时间: 2026年12月2日 16:25\n收件人: alice@players.test\n主题: New Nim Board 101\n\n%s", comment},
		{"ru header block", "%o\n\nОт: PBM Server <pbm@games.test>\nОтправлено: 2 декабря 2026 г. 16:25\nКому: alice@players.test\nТема: New Nim Board 101\n\n%s", comment},
		{"fr header nbsp", "%o\n\nDe\u00a0: PBM Server <pbm@games.test>\nEnvoyé le\u00a0: mercredi 2 décembre 2026 16:25\nÀ\u00a0: alice@players.test\nObjet\u00a0: New Nim Board 101\n\n%s", comment},
		{"date first", "%o\n\nDate: Wed, 2 Dec 2026 16:25:00 +0000\nFrom: pbm@games.test\nTo: alice@players.test\nSubject: New Nim Board 101\n\n%s", comment},
		{"equals over message du", "%o\n\n========================================\nMessage du : 02/12/2026 16:25\nDe : \"PBM Server\" <pbm@games.test>\nA : alice@players.test\nSujet : New Nim Board 101\n\n%s", comment},
		{"address before verb", "%o\n\nPBM Server <pbm@games.test> schrieb:\n\n%m", comment},
		{"no colon", "%o\n\nPBM Server <pbm@games.test> wrote\n\n%m", comment},
		{"gt colon on next line", "%o\n\nons. 2. des. 2026 kl. 16:25 skrev PBM Server <pbm@games.test\n>:\n\n%m", comment},
		{"polymail", "%o\n\nOn Wed, Dec 2, 2026 at 4:25 PM\nPBM Server\n<pbm@games.test>\n\nwrote:\n\n%m", comment},
		{"russian android", "%o\n\nср, 2 дек. 2026 г., 16:25 пользователь PBM Server <\npbm@games.test> написал:\n\n%m", comment},
		{"old gmail", "%o\n\n2011/4/7 PBM Server <pbm@games.test>\n\n%m", comment},
		{"unknown phone", "%o\n\nSent from my Fairphone 5\n\n%m", comment},
		{"wrapped continuation below", "On Wed, Dec 2, 2026 at 4:25 PM PBM Server <pbm@games.test> wrote:\n%w\n\n%o", comment},
		{"own wrote over own text", move + "\nAs bob wrote:\n" + comment + "\n\nPBM Server <pbm@games.test> wrote:\n%m", "As bob wrote:\n" + comment},
		{"own dashed title", move + "\n----- my comment -----\n" + comment + "\n\nPBM Server <pbm@games.test> wrote:\n%m", "----- my comment -----\n" + comment},
		{"sent from my desk", own + "\nSent from my desk, as always.", comment + "\nSent from my desk, as always."},
		{"own arrow", move + "\n>>> " + comment, ">>> " + comment},
	} {
		for _, irt := range []bool{true, false} {
			if !irt && strings.Contains(c.body, "%w") {
				// A continuation that lost its mark is dropped on
				// proof only when its words could be a move, which
				// takes the lines of the mail answered.
				continue
			}
			t.Run(fmt.Sprintf("%s/in-reply-to=%v", c.name, irt), func(t *testing.T) {
				f := newFixture(t)
				f.game("")
				addr := f.replyAddress("alice@players.test", "New Nim Board 101")
				answered := f.only(withSubject(f.outboxSent(), "New Nim Board 101"), "alice@players.test")
				boardMail := answered.Text
				inReplyTo := answered.Header.Get("Message-ID")
				if !irt {
					inReplyTo = "<elsewhere@client.test>" // nothing known of the mail answered
				}
				body := strings.NewReplacer("%o", own, "%s", boardMail, "%m", quoteMarked(boardMail), "%w", quoteWrapped(boardMail, 40)).Replace(c.body)
				raw := fmt.Sprintf("From: Alice <alice@players.test>\r\nTo: Nim <%s>\r\nSubject: Re: New Nim Board 101\r\nMessage-ID: <qc-%s@client.test>\r\nIn-Reply-To: %s\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n%s\r\n",
					addr, strings.ReplaceAll(c.name, " ", "-"), inReplyTo, strings.ReplaceAll(body, "\n", "\r\n"))
				mails := f.handle([]byte(raw))
				if r := f.answer(mails, "alice@players.test"); !strings.Contains(r.Text, "OK") || strings.Contains(r.Text, "Refused") {
					t.Fatalf("answer:\n%s\nbody:\n%s", r.Text, body)
				}
				if b := f.board(101); len(b.Log) != 1 || b.Log[0].Move != "take1" {
					t.Fatalf("move: log %+v", b.Log)
				}
				m := f.only(withSubject(mails, "Nim Board 101"), "bob@players.test")
				if !strings.Contains(m.Text, "alice writes:\n"+c.want+"\n****") {
					t.Errorf("board mail to bob, want the comment %q:\n%s\nbody:\n%s", c.want, m.Text, body)
				}
				for _, bad := range []string{"pbm@games.test", "wrote:", "написал", "skrev", "schrieb", "发件人", "От:", "De\u00a0:", "Message du", "Fairphone", "QUOTED"} {
					if strings.Contains(strings.Replace(m.Text, c.want, "", 1), bad) {
						t.Errorf("board mail to bob holds %q:\n%s", bad, m.Text)
					}
				}
			})
		}
	}
}
