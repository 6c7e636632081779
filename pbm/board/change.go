package board

import "github.com/pbmgo/pbm/pbm/lang"

// Change is what happened to a board, as data: the core's notice
// writer words it in each reader's language for the board mail.
type Change struct {
	New     bool   // a new board
	Comment string // the player's comment, if any
	By      string // whose comment
	// Said is what happened, one line ("alice played e4."); none when
	// only queued moves played (their lines are added as they play).
	Said []lang.Msg
	// Ratings tell, in the mail of the game's end, each player's
	// rating change or why the game was not rated.
	Ratings []lang.Msg
	// Lapsed is set when the change's move declined an open draw
	// offer: conditional moves do not answer it.
	Lapsed bool
}
