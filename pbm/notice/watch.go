package notice

import (
	"strings"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
)

// Watched is the answer to "subscribe" (on) or "unsubscribe" of boards
// of the game titled title (board.Watch): the boards done, or the word
// for none, then each argument that named no board the user can follow
// and why.
func Watched(title string, w board.Watched, on bool) []lang.Msg {
	var failed []lang.Msg
	for _, f := range w.Failed {
		switch f.Err {
		case board.ErrNoBoard:
			failed = append(failed, lang.M("WatchNoBoard", "Number", f.Number))
		case board.ErrYouPlay:
			failed = append(failed, lang.M("WatchYouPlay", "Number", f.Number))
		default:
			failed = append(failed, lang.M("WatchNotNumber", "Arg", trimLine(f.Arg)))
		}
	}
	id := "WatchSubscribed"
	if !on {
		id = "WatchUnsubscribed"
	}
	boards := lang.M("PlayNone")
	if len(w.Done) > 0 {
		boards = lang.Literal(strings.Join(w.Done, ", "))
	}
	said := []lang.Msg{lang.M(id, "Title", title, "Boards", boards)}
	if len(failed) > 0 {
		said = append(said, lang.M("WatchFailed"))
		for i, f := range failed {
			if i > 0 {
				said = append(said, lang.Literal(", "))
			}
			said = append(said, f)
		}
		said = append(said, lang.Literal("."))
	}
	return said
}
