package pbm

import (
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/store"
)

// replayRecord plays a record as "pbmd replay" does: the record alone
// or the mail it came in (mail.SavedBody, board.ReplayRecord).
func replayRecord(games *engine.Registry, text []byte) (string, error) {
	return board.ReplayRecord(games, mail.SavedBody(text, "[Game "))
}

// TestRecordAsMailed: "pbmd replay" reads a record as it was mailed:
// the whole message as a mail client saves it, the body with the echo
// of the command and the signature, the body forwarded with quote
// marks, with CRLF line ends; each plays back to the end the game had.
// A record with a line that is not a move, or a move out of sequence,
// is refused.
func TestRecordAsMailed(t *testing.T) {
	f := newFixture(t)
	f.game("")
	for i, mv := range []string{"take2", "take1", "take2"} {
		who := []string{"alice", "bob"}[i%2]
		f.send(who+"@players.test", "nim move 101 "+who+" pw-"+who+" "+mv, "")
	}
	f.send("bob@players.test", "nim resign 101 bob pw-bob", "")
	want, err := replayRecord(f.s.cfg.Games, []byte(board.Record(f.board(101))))
	if err != nil || !strings.Contains(want, "after 4 moves: Game won by alice") {
		t.Fatalf("the record alone: %v\n%s", err, want)
	}
	f.send("bob@players.test", "nim record 101", "")
	var mail store.Mail
	for _, m := range f.outbox() {
		if m.To == "bob@players.test" && strings.Contains(decode(t, m).Subject, "record") {
			mail = m
		}
	}
	if mail.Raw == nil {
		t.Fatal("no record mail")
	}
	raw, body := mail.Raw, decode(t, mail).Text
	if !strings.HasPrefix(body, "> nim record 101\n") || !strings.Contains(body, "\n-- \n") {
		t.Fatalf("the record mail is not as this test expects:\n%s", body)
	}
	var quoted strings.Builder
	for _, l := range strings.Split(body, "\n") {
		quoted.WriteString("> " + l + "\n")
	}
	for name, text := range map[string]string{
		"the whole message":                 string(raw),
		"the body":                          body,
		"the body, CRLF":                    strings.ReplaceAll(body, "\n", "\r\n"),
		"the body, quoted":                  "Here is our game:\n\n" + quoted.String() + "\nAlice\n",
		"the body, signature and more text": body + "\nP.S. 1 alice take3 2026-12-01T10:00:00Z\n",
	} {
		got, err := replayRecord(f.s.cfg.Games, []byte(text))
		if err != nil || got != want {
			t.Errorf("%s: %v\n%s\nwant\n%s", name, err, got, want)
		}
	}
	for name, text := range map[string]string{
		"a line that is no move": strings.Replace(body, "\n2 bob", "\nthen 2 bob", 1),
		"a move out of sequence": strings.Replace(body, "\n2 bob", "\n3 bob", 1),
		"no record at all":       "> nim record 101\nOK: nothing\n-- \nTest Server\n",
	} {
		if _, err := replayRecord(f.s.cfg.Games, []byte(text)); err == nil {
			t.Errorf("%s: replayed", name)
		}
	}
}
