package main

import (
	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/mail"
)

// replayRecord plays a record through its game and returns the final
// board text and status ("pbmd replay"). The text may be the record
// alone or the mail it came in, as a mail client saves it
// (mail.SavedBody finds the record from its first "[Game " line).
func replayRecord(games *engine.Registry, text []byte) (string, error) {
	return board.ReplayRecord(games, mail.SavedBody(text, "[Game "))
}
