package daemon

import (
	"strings"
	"testing"

	"github.com/pbmgo/pbm/pbm/player"
)

// flat is text with every run of white space one space.
func flat(text string) string { return strings.Join(strings.Fields(text), " ") }

// replyTo is the address a mail's Reply-To names, or "".
func replyTo(m player.Mail) string {
	v := m.Header.Get("Reply-To")
	if i := strings.LastIndex(v, "<"); i >= 0 {
		v = v[i+1:]
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), ">"))
}

// answerMail replies to mail m as a mail client does: to its Reply-To,
// with body below its quote (bottom-posted, as mutt writes) and waits
// for the server's answer.
func (h *harness) answerMail(p *player.Player, m player.Mail, body string) player.Mail {
	h.t.Helper()
	to := replyTo(m)
	if !strings.HasPrefix(to, "pbm+") {
		h.t.Fatalf("mail %q has no reply address: %q", m.Subject, m.Header.Get("Reply-To"))
	}
	q := *p
	q.Server = to
	var quoted strings.Builder
	for _, l := range strings.Split(strings.TrimRight(m.Text, "\n"), "\n") {
		quoted.WriteString("> " + l + "\n")
	}
	text := "On Wed, Dec 02, 2026 at 04:25:24PM +0000, PBM Server wrote:\n" + quoted.String() + "\n" + body + "\n\n-- \nSIGTEXT\n"
	return h.command(&q, "Re: "+m.Subject, text)
}

// latest waits for the newest mail to p whose subject starts with
// prefix, after the n-th such mail.
func latest(t *testing.T, p *player.Player, prefix string, n int) player.Mail {
	t.Helper()
	ms, err := p.Await(wait, player.Count(prefix, n))
	if err != nil {
		t.Fatalf("%s: %d mails %q: %v", p.Address, n, prefix, err)
	}
	got := player.WithSubject(ms, prefix)
	return got[len(got)-1]
}

// TestRepliesByMail runs issue 11's mail over the embedded IMAP and
// SMTP servers: typos answered with the nearest command, a limit that
// refuses challenges, a challenge declined by resigning before anyone
// moved, a move and a resign by bottom-posted replies without userid or
// password (the comment passed on without the quote or signature), the
// reply address on every mail about a board (the board, an error, a
// show), a stale reply refused with the board now, the deadline on the
// board mail and the rating change in the final one.
func TestRepliesByMail(t *testing.T) {
	h := startEmbedded(t)
	alice, bob, carol := h.signup("alice"), h.signup("bob"), h.signup("carol")

	if r := h.command(alice, "hlep", ""); !strings.Contains(flat(r.Text), `unknown command "hlep" (did you mean help?)`) {
		t.Errorf("hlep: %s", r.Text)
	}
	if r := h.command(alice, "nimm challenge alice pw-alice alice bob", ""); !strings.Contains(flat(r.Text), `unknown command "nimm" (did you mean nim?)`) || strings.Contains(r.Text, "pw-alice") {
		t.Errorf("nimm: %s", r.Text)
	}
	if r := h.command(alice, "nim moove 101 alice pw-alice take1", ""); !strings.Contains(flat(r.Text), `unknown command "moove" (did you mean move?)`) || strings.Contains(r.Text, "pw-alice") {
		t.Errorf("moove: %s", r.Text)
	}

	if r := h.command(carol, "nim limit carol pw-carol reject", ""); r.Subject != "Nim challenges now limited" {
		t.Errorf("limit: %q %s", r.Subject, r.Text)
	}
	if r := h.command(alice, "nim challenge alice pw-alice alice carol", ""); !strings.Contains(flat(r.Text), "Invalid challenge: carol rejects Nim challenges") {
		t.Errorf("challenge of a player who rejects them: %s", r.Text)
	}

	// Board 101 declined: bob resigns before anyone moved.
	h.command(alice, "nim challenge alice pw-alice alice bob", "")
	if r := h.command(bob, "nim resign 101 bob pw-bob", ""); !strings.Contains(flat(r.Text), "declined the challenge") {
		t.Errorf("decline: %s", r.Text)
	}
	if m := latest(t, alice, "Nim Board 101 removed", 1); !strings.Contains(flat(m.Text), "has been removed; it is not rated") {
		t.Errorf("alice told of the decline:\n%s", m.Text)
	}
	if r := h.command(alice, "nim history", ""); strings.Contains(r.Text, " 101 ") {
		t.Errorf("a declined board in the history:\n%s", r.Text)
	}

	// Board 102: moves and a resign by reply.
	h.command(alice, "nim challenge alice pw-alice alice bob", "")
	first := latest(t, alice, "New Nim Board 102", 1)
	if !strings.Contains(first.Text, "alice must move by ") || !strings.Contains(first.Text, " UTC or the challenge lapses.") {
		t.Errorf("no deadline on the new board mail:\n%s", first.Text)
	}
	if !strings.Contains(first.Text, "Reply to board mails with a move") {
		t.Errorf("the board mail does not say a reply works:\n%s", first.Text)
	}
	if r := h.answerMail(alice, first, "take1\nYour turn, good luck."); !strings.Contains(r.Text, "OK: alice played") {
		t.Fatalf("move by reply: %s", r.Text)
	}
	toBob := latest(t, bob, "Nim Board 102 bob **", 1)
	if !strings.Contains(toBob.Text, "alice writes:\nYour turn, good luck.\n") || strings.Contains(toBob.Text, "SIGTEXT") || strings.Contains(toBob.Text, "wrote:") {
		t.Errorf("the comment to bob:\n%s", toBob.Text)
	}
	if !strings.Contains(toBob.Text, "bob must move by ") {
		t.Errorf("no deadline for bob:\n%s", toBob.Text)
	}

	// An error and a show carry the reply address too.
	bad := h.command(bob, "nim move 102 bob pw-bob take99", "")
	if bad.Subject != "Nim Board 102 Error" || !strings.HasPrefix(replyTo(bad), "pbm+nim.102.") {
		t.Errorf("error mail %q, Reply-To %q", bad.Subject, bad.Header.Get("Reply-To"))
	}
	show := h.command(bob, "nim show 102", "")
	if !strings.HasPrefix(replyTo(show), "pbm+nim.102.") {
		t.Errorf("show mail without a reply address: %q", show.Header.Get("Reply-To"))
	}
	// A reply to the error mail plays.
	if r := h.answerMail(bob, bad, "take1"); !strings.Contains(r.Text, "OK: bob played") {
		t.Fatalf("move by reply to the error mail: %s", r.Text)
	}
	// alice answers the first board mail again: stale, nothing played,
	// the board now in the answer.
	r := h.answerMail(alice, first, "take2")
	if !strings.Contains(flat(r.Text), "the reply is stale, nothing was played") || !strings.Contains(r.Text, "The board now:") {
		t.Errorf("stale reply: %s", r.Text)
	}
	if n := len(h.board(102).Log); n != 2 {
		t.Fatalf("the stale reply changed the board: %d moves", n)
	}
	// alice resigns by replying to her latest board mail.
	mine := latest(t, alice, "Nim Board 102 alice", 1)
	if r := h.answerMail(alice, mine, "resign\nWell played."); !strings.Contains(r.Text, "OK") {
		t.Fatalf("resign by reply: %s", r.Text)
	}
	ms, err := bob.Await(wait, func(ms []player.Mail) bool {
		for _, m := range player.WithSubject(ms, "Nim Board 102") {
			if strings.Contains(m.Text, "Game won by bob") {
				return true
			}
		}
		return false
	})
	if err != nil {
		t.Fatalf("no final board mail to bob: %v", err)
	}
	var final player.Mail
	for _, m := range player.WithSubject(ms, "Nim Board 102") {
		if strings.Contains(m.Text, "Game won by bob") {
			final = m
		}
	}
	for _, want := range []string{"Game won by bob", "bob's rating went up from 1600 to", "alice's rating went down from 1600 to", "alice writes:\nWell played."} {
		if !strings.Contains(final.Text, want) {
			t.Errorf("final board mail lacks %q:\n%s", want, final.Text)
		}
	}
	if strings.Contains(final.Text, "must move by") {
		t.Errorf("a deadline on a finished board:\n%s", final.Text)
	}
	// The game over, its reply addresses play no more.
	if r := h.answerMail(bob, show, "take1"); !strings.Contains(flat(r.Text), "has ended; its reply address no longer plays moves") {
		t.Errorf("reply after the end: %s", r.Text)
	}
}
