package notice

import (
	"fmt"
	"math"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// RatingLines are the lines of the mails of a game's end (the board
// mail and the result notice) that tell what the end did to the
// ratings (board.Rating), or why the game was not rated.
func RatingLines(b store.Board, r board.Rating) []lang.Msg {
	switch r.Unrated {
	case board.UnratedAborted:
		return []lang.Msg{lang.M("RatingNotAborted")}
	case board.UnratedDeclined:
		return []lang.Msg{lang.M("RatingNotDeclined", "Who", board.Decliner(b))}
	case board.UnratedFew:
		return []lang.Msg{lang.M("RatingNotFew")}
	case board.UnratedSerial:
		return []lang.Msg{lang.M("RatingNotSerial", "Who", board.Forfeiter(b))}
	}
	var lines []lang.Msg
	for _, ch := range r.Changes {
		prov := lang.Literal("")
		if ch.Provisional {
			prov = lang.M("RatingProvisional")
		}
		before, after := fmt.Sprintf("%.0f", ch.Before), fmt.Sprintf("%.0f", ch.After)
		switch {
		case math.Round(ch.After) < math.Round(ch.Before):
			lines = append(lines, lang.M("RatingDown", "Who", ch.User, "Before", before, "After", after, "Provisional", prov))
		case math.Round(ch.After) == math.Round(ch.Before):
			lines = append(lines, lang.M("RatingStayed", "Who", ch.User, "After", after, "Provisional", prov))
		default:
			lines = append(lines, lang.M("RatingUp", "Who", ch.User, "Before", before, "After", after, "Provisional", prov))
		}
	}
	for _, ch := range r.Changes {
		if ch.Provisional {
			// How a provisional rating moves, once, below the lines.
			lines = append(lines, lang.M("RatingProvisionalNote", "N", board.ProvisionalGames))
			break
		}
	}
	return lines
}

// Ended is the notice to user, who asked to be notified (board.Finish),
// that the game on b has ended at st: the result, then the lines of
// RatingLines.
func Ended(b store.Board, g engine.Game, st engine.State, ratings []lang.Msg, user string) Notice {
	text := []lang.Msg{lang.M("PlayEnded", "Title", g.Title(), "Number", b.Number, "Players", strings.Join(b.Players, ", "), "Status", board.StatusMsg(b, st))}
	for i, l := range ratings {
		sep := "\n"
		if i == 0 {
			sep = "\n\n"
		}
		text = append(text, lang.Literal(sep), l)
	}
	return Notice{User: user, Subject: lang.M("MailSubjectNotification", "Title", g.Title(), "Number", b.Number), Body: text}
}
