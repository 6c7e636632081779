package pbm

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/pbm/mail"
)

// A move's picture is drawn and encoded once for both players reading
// English: the two board mails carry the same base64 lines, byte for
// byte, and decode to the same PNG.
func TestBoardMailsShareTheirPicture(t *testing.T) {
	f := newFixture(t)
	moves := twoBoards(f)
	before := f.outboxSeqs()
	drawn := picturesDrawn.Load()
	f.handle(moves[0])
	if n := picturesDrawn.Load() - drawn; n != 1 {
		t.Errorf("%d pictures drawn for one move to two players of one language, want 1", n)
	}
	var pngs [][]byte
	var raws [][]byte
	for _, m := range f.outbox() {
		if before[m.Seq] || !strings.Contains(m.Subject, "Board") {
			continue
		}
		if p := pngOf(t, m.Raw); p != nil {
			pngs, raws = append(pngs, p), append(raws, m.Raw)
		}
	}
	if len(pngs) != 2 {
		t.Fatalf("%d board mails with a picture, want 2", len(pngs))
	}
	if !bytes.Equal(pngs[0], pngs[1]) {
		t.Fatalf("the players' pictures differ: %d and %d bytes", len(pngs[0]), len(pngs[1]))
	}
	lines := mail.NewPicture(pngs[0])
	for i, raw := range raws {
		if !bytes.Contains(raw, linesOf(lines)) {
			t.Errorf("mail %d does not carry the picture's base64 lines as one block", i)
		}
	}
}

// linesOf is a picture's base64 lines, as the mail carries them.
func linesOf(p *mail.Picture) []byte {
	var b bytes.Buffer
	mail.WriteLines(&b, p)
	return b.Bytes()
}
