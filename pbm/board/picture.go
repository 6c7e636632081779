package board

import (
	"slices"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/picture"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// PictureIn is the description of the position st of b for drawing,
// written by p: the players' userids on their seats, the last move
// marked, a board removed by a decline said so, and the words of the
// picture (its title, status, the seats' colours and notes, the key,
// the label of the last move) in p's language. In English it is the
// engine's picture as the engine wrote it, and the drawing writes its
// own words as it always has. False when the game does not describe
// its positions.
func PictureIn(p lang.Printer, b store.Board, st engine.State) (picture.Picture, bool) {
	src, ok := st.(picture.Source)
	if !ok {
		return picture.Picture{}, false
	}
	pic := src.Picture()
	// The engine may share its slices between pictures (a key): the
	// words written here go into copies.
	pic.Seats, pic.Key = slices.Clone(pic.Seats), slices.Clone(pic.Key)
	removed := Removed(b, st)
	if removed {
		// The engine took the decline for a resignation; the board
		// has no winner.
		pic.Status, pic.StatusMsg, pic.ToMove = DeclineStatus(b), nil, -1
	}
	// A board an admin aborted or its players agreed drawn ended
	// outside the engine, which still has a seat to move: the picture
	// says how the board stands, as its text does.
	ended := !removed && !st.Result().Over && Outcome(b, st).Over
	if ended {
		pic.Status, pic.StatusMsg, pic.ToMove = Status(b, st), nil, -1
	}
	for i := range pic.Seats {
		if i < len(b.Players) {
			pic.Seats[i].Player = b.Players[i]
		}
	}
	if pic.Last == "" {
		for i := len(b.Log) - 1; i >= 0; i-- {
			if e := b.Log[i]; e.Kind == "" && e.Move != "" {
				pic.MarkLast(e.Move)
				break
			}
		}
	}
	if p.Code() == lang.Default {
		return pic, true
	}
	write := func(m *engine.Refusal, english string) string {
		if m == nil {
			return english
		}
		return p.Render(Message(m))
	}
	switch {
	case removed:
		pic.Status = p.T("StatusDeclined", "Who", Decliner(b))
	case ended:
		pic.Status = StatusIn(p, b, st)
	default:
		pic.Status = write(pic.StatusMsg, pic.Status)
	}
	for i := range pic.Seats {
		s := &pic.Seats[i]
		s.Note = write(s.NoteMsg, s.Note)
		colour := write(s.ColourMsg, s.Colour)
		s.Label = colour
		if s.Player != "" {
			s.Label = p.T("PictureSeat", "Colour", colour, "Player", s.Player)
		}
	}
	for i := range pic.Key {
		pic.Key[i].Name = write(pic.Key[i].Msg, pic.Key[i].Name)
	}
	pic.Title = pic.Game
	if pic.Status != "" {
		pic.Title += " · " + pic.Status
	}
	if pic.ToMove >= 0 && pic.ToMove < len(pic.Seats) {
		pic.Title += " · " + p.T("PictureToMove", "Who", pic.Seats[pic.ToMove].Label)
	}
	pic.LastLabel = p.T("PictureLastMove")
	pic.OutLabel = p.T("PictureOut")
	return pic, true
}
