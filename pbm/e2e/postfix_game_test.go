package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/player"
)

// byReply plays move mv of u on board as a mail client answers the
// board mail showing the board after n moves: to its Reply-To, the
// move alone in the text. It returns the server's answer.
func byReply(t *testing.T, u *user, board, n int, mv string) player.Mail {
	t.Helper()
	prefix := fmt.Sprintf("pbm+hexemergo.%d.%d.", board, n)
	var to string
	_, err := u.box.await(replyWait, func(ms []player.Mail) bool {
		for _, m := range ms {
			if rt := strings.Trim(m.Header.Get("Reply-To"), "<> "); strings.HasPrefix(rt, prefix) {
				to = rt
				return true
			}
		}
		return false
	})
	if err != nil {
		t.Fatalf("%s has no board mail of board %d after move %d with a reply address: %v", u.id, board, n, err)
	}
	rp := *u.p
	rp.Server = to
	id, err := rp.Send(fmt.Sprintf("Re: HexEmergo Board %d", board), mv+"\n")
	if err != nil {
		t.Fatalf("%s: reply to %s: %v", u.id, to, err)
	}
	u.sent = append(u.sent, id)
	r, err := u.box.reply(id, replyWait)
	if err != nil {
		t.Fatalf("%s: no answer to the reply to %s (move %s): %v", u.id, to, mv, err)
	}
	return r
}

// TestPostfixGame plays a whole game of HexEmergo through a real
// Postfix: each player submits to Postfix's smtpd, Postfix hands the
// server's mail to pbmd over LMTP on a unix socket (transport_maps),
// and pbmd's replies go out through the same smtpd into the players'
// Maildirs, read over IMAP. Each move waits for its reply, as a player
// would; every second move is a reply to the board mail, to its
// reply address by token (pbm+...), which Postfix takes only with the
// README's main.cf; the round trips are logged.
func TestPostfixGame(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Postfix, Dovecot and the pbmd binary")
	}
	needPostfix(t)
	needGame(t, "hexemergo")
	t.Parallel()
	pw := newPostfixWorld(t, true, "alice", "bob")
	start := time.Now()
	d := pw.newPBMD()
	d.start()
	if err := pw.awaitListening(d, time.Minute); err != nil {
		t.Fatal(err)
	}

	alice, bob := pw.user("alice"), pw.user("bob")
	alice.pw, bob.pw = "apple", "banana"
	for _, u := range []*user{alice, bob} {
		if r := u.command(fmt.Sprintf("signup %s %s", u.id, u.pw), replyWait); !strings.Contains(r.Text, "OK: Welcome") {
			t.Fatalf("signup %s: %s", u.id, r.Text)
		}
	}
	board := challenge(t, alice, bob)

	moves := shortGame(t, 300)
	st, _ := hexemergo.Game{}.New(2, nil, 0)
	seats := []*user{alice, bob}
	var trips []time.Duration
	for i, mv := range moves {
		u := seats[st.ToMove()]
		t0 := time.Now()
		var r player.Mail
		if i%2 == 1 {
			// Every second move answers the board mail: to its
			// Reply-To, pbm+<game>.<board>.<n>.<token>, which Postfix
			// takes only with the README's recipient_delimiter.
			r = byReply(t, u, board, i, mv)
		} else {
			r = u.command(fmt.Sprintf("hexemergo move %d %s %s %s#%d", board, u.id, u.pw, mv, i+1), replyWait)
		}
		trips = append(trips, time.Since(t0))
		if !isOK(r) {
			t.Fatalf("move %d %s by %s: %s", i+1, mv, u.id, r.Text)
		}
		// The reply came through Postfix (RFC 5321 section 4.4: each
		// relay prepends its Received field).
		if i == 0 && !strings.Contains(string(r.Raw), "by mx.e2e.test (Postfix)") {
			t.Errorf("the reply was not delivered by Postfix:\n%s", tail(string(r.Raw), 1500))
		}
		if _, err := st.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	res := st.Result()
	for _, u := range seats {
		if _, err := u.box.await(replyWait, func(ms []player.Mail) bool {
			for _, m := range ms {
				if strings.HasPrefix(m.Subject, fmt.Sprintf("HexEmergo Board %d", board)) && strings.Contains(m.Text, res.Reason) {
					return true
				}
			}
			return false
		}); err != nil {
			t.Errorf("%s has no final board saying %q: %v", u.id, res.Reason, err)
		}
	}
	var tl tally
	for _, u := range seats {
		tl.add(u.replies(replyWait, isOK))
	}
	d.stop()
	b := readBoard(t, d.data, "hexemergo", board)
	if !b.Over || len(b.Log) != len(moves) {
		t.Errorf("board %d: over %v, %d moves in the log, %d played", board, b.Over, len(b.Log), len(moves))
	}
	for i, e := range b.Log {
		if i < len(moves) && e.Move != moves[i] {
			t.Errorf("move %d: log has %q, played %q", i+1, e.Move, moves[i])
		}
	}
	sent, deferred := pw.pf.lmtpStats()
	// Every mail to the server went over LMTP and was answered 250.
	if sent < tl.mails {
		t.Errorf("Postfix logged %d LMTP deliveries to pbmd, %d mails were sent", sent, tl.mails)
	}
	// The replies by token went through Postfix to pbmd.
	if n := pw.pf.lmtpByToken(); n < len(moves)/2 {
		t.Errorf("Postfix handed %d mails to a reply address to pbmd, %d were sent", n, len(moves)/2)
	}
	if n, err := pw.pf.queued(); err != nil || n != 0 {
		t.Errorf("Postfix queue: %d mails (%v), want none", n, err)
	}
	lost := max(0, len(moves)-len(b.Log))
	doubled := max(0, len(b.Log)-len(moves))
	t.Logf("postfix game over: HexEmergo board %d, %d moves, %q; mails %d over LMTP (Postfix: %d sent, %d deferred), replies missing %d, answered twice %d, moves lost %d, doubled %d; move round trip (submit to Postfix, reply read over IMAP) p50 %v p99 %v; %s",
		board, len(moves), b.Outcome, tl.mails, sent, deferred, tl.missing, tl.doubled, lost, doubled,
		percentile(trips, 50).Round(time.Millisecond), percentile(trips, 99).Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
	if tl.missing+tl.doubled > 0 {
		t.Errorf("replies missing %d, doubled %d", tl.missing, tl.doubled)
	}
	record(figures{mails: tl.mails, moves: len(moves), lost: lost, doubled: doubled + tl.doubled, missing: tl.missing})
}
