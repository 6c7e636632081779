package pbm

import (
	"context"
	"strings"
	"testing"
)

func TestSubjectInjectionIsFlattened(t *testing.T) {
	f := newFixture(t)
	// An encoded CR LF in the subject must not start a header in the
	// reply.
	raw := "From: a@x.test\r\nSubject: =?utf-8?q?signup_bob_pw=0D=0ABcc:_victim@x.test?=\r\nMessage-ID: <inj@x>\r\n\r\n"
	mails := f.handle([]byte(raw))
	for _, m := range mails {
		if m.Header.Has("Bcc") {
			t.Errorf("header injected: %v", m.Header)
		}
		if strings.Contains(m.Subject, "\n") || strings.Contains(m.Subject, "\r") {
			t.Errorf("subject has a line break: %q", m.Subject)
		}
	}
}

// FuzzHandle: any mail, with any commands, is handled without a panic
// and gets at most one reply plus board mails.
func FuzzHandle(f *testing.F) {
	f.Add("signup alice pw", "")
	f.Add("multiple", "signup alice pw\nnim challenge alice pw alice bob\nnim move 101 alice pw take1#1")
	f.Add("", "nim show 101#-1\nadmin root pw abort nim x\nchange")
	f.Add("nim move 101 alice pw take9 take1#0", "")
	f.Add("Re: Re: Fwd: nim", "> quoted\n-- \nsig")
	fx := newFixture(f)
	fx.signup("alice")
	fx.signup("bob")
	fx.send("alice@players.test", "nim challenge alice pw-alice alice bob", "")
	f.Fuzz(func(t *testing.T, subject, body string) {
		fx.t = t
		raw := fx.raw("fuzz@players.test", strings.NewReplacer("\r", " ", "\n", " ").Replace(subject), body)
		if _, err := fx.s.Handle(context.Background(), raw); err != nil {
			t.Fatalf("handle: %v", err)
		}
	})
}
