package notice

import (
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// VoteMsg is what a vote of a kind ("draw" or "undo") is about.
func VoteMsg(kind string) lang.Msg {
	if kind == "draw" {
		return lang.M("VoteDraw")
	}
	return lang.M("VoteUndo")
}

// VoteLine tells the open vote of b, for the board mail, written by
// p; "" when none is open.
func VoteLine(p lang.Printer, b store.Board) string {
	if b.Vote == nil {
		return ""
	}
	return p.T("VoteOpen", "Who", b.Players[b.Vote.By], "Vote", VoteMsg(b.Vote.Kind), "Waiting", strings.Join(board.VoteWaiting(b), ", "))
}

// Synced is the notice to the owner of a tree of conditional moves on
// b of the lines the board's moves left (kept as unplayed) or voided
// (taken back): a board.Ahead of kind AheadSynced.
func Synced(b store.Board, g engine.Game, a board.Ahead) Notice {
	var text []lang.Msg
	if a.Sync.Kind == board.SyncDeviated {
		text = []lang.Msg{lang.M("CondDeviated", "Move", a.Sync.Move, "Title", g.Title(), "Number", b.Number, "At", a.UnplayedAt+1, "Game", g.Name())}
	} else {
		text = []lang.Msg{lang.M("CondVoided", "Title", g.Title(), "Number", b.Number)}
	}
	text = append(text, lang.Literal("\n\n"), board.LineList(g, a.Sync.Lines))
	subject := lang.M("CondSubject", "Title", g.Title(), "Number", b.Number)
	return Notice{User: a.User, Subject: subject, Body: text}
}

// Held is the notice to user that the answer mv of their tree of
// conditional moves on b waits for them: a vote was open when the move
// it answers came (a draw offer, when the move lapsed it).
func Held(b store.Board, g engine.Game, user, mv string, lapsed bool) Notice {
	vote := lang.M("VoteDraw")
	if !lapsed && b.Vote != nil {
		vote = VoteMsg(b.Vote.Kind)
	}
	text := lang.M("CondHeld", "Move", mv, "Title", g.Title(), "Number", b.Number, "Vote", vote)
	subject := lang.M("CondSubject", "Title", g.Title(), "Number", b.Number)
	return Notice{User: user, Subject: subject, Body: []lang.Msg{text}}
}
