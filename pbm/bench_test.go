package pbm

import (
	"context"
	"fmt"
	"testing"

	"github.com/pbmgo/pbm/pbm/mail"
)

// BenchmarkHandleMove measures one move mail through the core: parse,
// password check (bcrypt at its lowest cost here), replay, play, the
// board mails rendered and queued, one committed transaction.
func BenchmarkHandleMove(b *testing.B) {
	f := newFixture(b)
	f.s.cfg.RateLimit = 1 << 30
	f.signup("alice")
	f.signup("bob")
	f.send("alice@players.test", "nim challenge alice pw-alice alice bob -stones=1000", "")
	who := []string{"alice", "bob"}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := who[i%2]
		raw := f.raw(p+"@players.test", fmt.Sprintf("nim move 101 %s pw-%s take1", p, p), "")
		if _, err := f.s.Handle(context.Background(), raw); err != nil {
			b.Fatal(err)
		}
		if i%300 == 299 { // a fresh board before the pile runs out
			b.StopTimer()
			f.send("alice@players.test", "nim challenge alice pw-alice alice bob -stones=1000", "")
			b.StartTimer()
		}
	}
}

// BenchmarkParseMessage measures reading a mail with a quoted-printable
// text part and an HTML alternative.
func BenchmarkParseMessage(b *testing.B) {
	raw := []byte("From: a@x.test\r\nSubject: =?utf-8?q?Z=C3=BCge?=\r\nMessage-ID: <a@x>\r\nContent-Type: multipart/alternative; boundary=B\r\n\r\n--B\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nhexemergo move 101 alice pw D5#3\r\nGr=C3=BC=C3=9Fe\r\n--B\r\nContent-Type: text/html\r\n\r\n<p>hexemergo move 101 alice pw D5#3</p>\r\n--B--\r\n")
	for i := 0; i < b.N; i++ {
		if _, err := mail.Parse(raw); err != nil {
			b.Fatal(err)
		}
	}
}
