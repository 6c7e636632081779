package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/pbmgo/pbm/engine"
)

func TestReplayRecordOfARealGame(t *testing.T) {
	moves := hexemergoGame(t, 11)
	var b strings.Builder
	b.WriteString("[Game \"hexemergo\"]\n[Board \"101\"]\n[Seed \"42\"]\n[Players \"alice bob\"]\n\n")
	who := []string{"alice", "bob"}
	for i, m := range moves {
		b.WriteString(strings.Join([]string{itoa(i + 1), who[i%2], m, "2026-12-01T10:00:00Z"}, " ") + "\n")
	}
	out, err := replayRecord(engine.NewRegistry(games()...), []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Game won by") || !strings.Contains(out, "after "+itoa(len(moves))+" moves") {
		t.Errorf("replay:\n%s", out)
	}
	bad := strings.Replace(b.String(), " "+moves[0]+" ", " Z9 ", 1)
	if _, err := replayRecord(engine.NewRegistry(games()...), []byte(bad)); err == nil {
		t.Error("a record with an illegal move replayed")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestReplayRecordOfASavedMail: "pbmd replay" reads the record out of
// the mail it came in, as a mail client saves it (headers, the echo of
// the command, the signature, CRLF line ends), to the same end as the
// record alone.
func TestReplayRecordOfASavedMail(t *testing.T) {
	moves := hexemergoGame(t, 7)
	var b strings.Builder
	b.WriteString("[Game \"hexemergo\"]\n[Board \"101\"]\n[Seed \"7\"]\n[Players \"alice bob\"]\n\n")
	who := []string{"alice", "bob"}
	for i, m := range moves {
		b.WriteString(strings.Join([]string{itoa(i + 1), who[i%2], m, "2026-12-01T10:00:00Z"}, " ") + "\n")
	}
	want, err := replayRecord(engine.NewRegistry(games()...), []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	saved := "From: server@pbm.test\nTo: bob@players.test\nSubject: Hexemergo board 101: record\n" +
		"Content-Type: text/plain; charset=utf-8\n\n> hexemergo record 101\n\n" + b.String() + "\n-- \nTest Server\n"
	got, err := replayRecord(engine.NewRegistry(games()...), []byte(strings.ReplaceAll(saved, "\n", "\r\n")))
	if err != nil || got != want {
		t.Errorf("saved mail: %v\n%s\nwant\n%s", err, got, want)
	}
}
