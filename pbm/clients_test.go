package pbm

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/mail"
)

// clientMail reads a mail of the corpus in testdata/clients, written
// as a real client writes a reply to a board mail, with the command
// cmd in place of {{CMD}} and CRLF line ends.
func clientMail(t *testing.T, file, cmd string) []byte {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.ReplaceAll(string(b), "{{CMD}}", cmd)
	return []byte(strings.ReplaceAll(s, "\n", "\r\n"))
}

// TestClientReplies reads the reply of every client in the corpus,
// once with a move and once with another board command: the command is
// the first line of the player's own text wherever it stands (above
// the quote, below it, between quoted blocks), and the comment holds
// none of the quote, the attribution or the signature.
func TestClientReplies(t *testing.T) {
	files, err := filepath.Glob("testdata/clients/*.eml")
	if err != nil || len(files) < 13 {
		t.Fatalf("corpus: %v files, %v", len(files), err)
	}
	f := newFixture(t)
	for _, file := range files {
		for _, cmd := range []string{"nim move 101 alice pw-alice take2", "nim resign 101 alice pw-alice"} {
			t.Run(filepath.Base(file)+"/"+strings.Fields(cmd)[1], func(t *testing.T) {
				m, err := mail.Parse(clientMail(t, file, cmd))
				if err != nil {
					t.Fatal(err)
				}
				lines, comment := lineReader(f.s).Mail(m)
				if !slices.Equal(lines, []string{cmd}) {
					t.Errorf("commands %q, want %q\nbody:\n%s", lines, cmd, m.Body)
				}
				if comment != "Your turn, good luck." {
					t.Errorf("comment %q\nbody:\n%s", comment, m.Body)
				}
				for _, bad := range []string{"QUOTEDTEXT", "SIGTEXT", "wrote", "écrit", "schrieb", "escribió", "iPhone", "gesendet", "From:", "Sent:"} {
					if strings.Contains(comment, bad) {
						t.Errorf("comment holds %q: %q", bad, comment)
					}
				}
			})
		}
	}
}

// corpusDate is a little after the Date of every mail of the corpus:
// when the replies arrive.
var corpusDate = time.Date(2026, 12, 2, 16, 31, 0, 0, time.UTC)

// TestClientReplyPlayed plays a bottom-posted mutt reply and an
// HTML-only Gmail reply through the whole core: the move is applied and
// the board mail to the opponent carries the comment without any of
// the quote.
func TestClientReplyPlayed(t *testing.T) {
	f := newFixture(t)
	f.aliceChallengesBob()
	f.clock = corpusDate
	for i, c := range []struct{ file, who, cmd string }{
		{"testdata/clients/mutt-bottom.eml", "alice", "nim move 101 alice pw-alice take1"},
		{"testdata/clients/gmail-html.eml", "bob", "nim move 101 bob pw-bob take1"},
	} {
		raw := clientMail(t, c.file, c.cmd)
		raw = []byte(strings.ReplaceAll(string(raw), "alice@players.test", c.who+"@players.test"))
		other := map[string]string{"alice": "bob", "bob": "alice"}[c.who]
		mails := f.handle(raw)
		m := f.only(mails, other+"@players.test")
		if !strings.Contains(m.Text, c.who+" writes:\nYour turn, good luck.") || strings.Contains(m.Text, "QUOTEDTEXT") || strings.Contains(m.Text, "SIGTEXT") {
			t.Errorf("%s: board mail to %s:\n%s", c.file, other, m.Text)
		}
		if b := f.board(101); len(b.Log) != i+1 {
			t.Errorf("%s: %d moves on the board, want %d", c.file, len(b.Log), i+1)
		}
	}
}

// TestClientRepliesByToken sends the reply of every client in the
// corpus to the reply address of alice's board mail, as the client
// does when she presses reply, once with a bare move and once with
// another board command (propose): no userid, password or board. The
// command is played, and the board mail to bob carries her comment
// without any of the quote, the attribution or the signature.
func TestClientRepliesByToken(t *testing.T) {
	files, err := filepath.Glob("testdata/clients/*.eml")
	if err != nil || len(files) < 13 {
		t.Fatalf("corpus: %v files, %v", len(files), err)
	}
	toLine := regexp.MustCompile(`(?m)^To: .*$`)
	for _, file := range files {
		for _, cmd := range []string{"take1#1", "propose"} {
			t.Run(filepath.Base(file)+"/"+cmd, func(t *testing.T) {
				f := newFixture(t)
				f.game("")
				addr := f.replyAddress("alice@players.test", "New Nim Board 101")
				f.clock = corpusDate
				raw := clientMail(t, file, cmd)
				raw = toLine.ReplaceAll(raw, []byte("To: Nim <"+addr+">\r"))
				mails := f.handle(raw)
				if r := f.answer(mails, "alice@players.test"); !strings.Contains(r.Text, "OK") || strings.Contains(r.Text, "Refused") {
					t.Fatalf("answer:\n%s", r.Text)
				}
				b := f.board(101)
				switch cmd {
				case "propose":
					if b.Vote == nil || len(b.Log) != 0 {
						t.Errorf("propose: vote %+v, %d moves", b.Vote, len(b.Log))
					}
				default:
					if len(b.Log) != 1 || b.Log[0].Move != "take1" {
						t.Errorf("move: log %+v", b.Log)
					}
				}
				m := f.only(withSubject(mails, "Nim Board 101"), "bob@players.test")
				if !strings.Contains(m.Text, "alice writes:\nYour turn, good luck.\n****") {
					t.Errorf("board mail to bob:\n%s", m.Text)
				}
				for _, bad := range []string{"QUOTEDTEXT", "SIGTEXT", "wrote", "écrit", "schrieb", "schreef", "scritto", "escreveu", "pisze", "escribió", "iPhone", "iPad", "gesendet", "From:", "Van:"} {
					if strings.Contains(m.Text, bad) {
						t.Errorf("board mail to bob holds %q:\n%s", bad, m.Text)
					}
				}
			})
		}
	}
}
