package board

import (
	"errors"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/store"
)

// Why an argument does not name a board.
var (
	ErrNotNumber     = errors.New("not a board number")
	ErrHashNotNumber = errors.New("the move after # is not a number")
)

// Number reads a board argument "<board>[#n]": the board's number and
// the move n after "#", -1 without it. The number is positive and n
// not negative; otherwise it fails with ErrNotNumber or
// ErrHashNotNumber.
func Number(arg string) (n, at int, err error) {
	num, hash, has := strings.Cut(arg, "#")
	n, err = strconv.Atoi(num)
	if err != nil || n <= 0 {
		return 0, 0, ErrNotNumber
	}
	at = -1
	if has {
		at, err = strconv.Atoi(hash)
		if err != nil || at < 0 {
			return 0, 0, ErrHashNotNumber
		}
	}
	return n, at, nil
}

// Watched is what Watch did: the boards now followed or left, in the
// order named ("all" for every board of the game), and the arguments
// it could not use.
type Watched struct {
	Done   []string
	Failed []WatchFailure
}

// WatchFailure is an argument of Watch that named no board u can
// follow: Err is ErrNotNumber (Number is 0), ErrNoBoard or ErrYouPlay.
type WatchFailure struct {
	Arg    string
	Number int
	Err    error
}

// Watch makes u follow (on) or stop following the boards of game that
// args name, each a board number ("<board>[#n]") or "all" (every board
// of the game, later ones included: SubscribeAll). An argument that
// names no board u can follow is reported in Failed and changes
// nothing; the others are written, u included.
func Watch(tx *store.Tx, u *store.User, game string, args []string, on bool) (Watched, error) {
	var w Watched
	for _, arg := range args {
		if strings.EqualFold(arg, "all") {
			if err := SubscribeAll(tx, u, game, on); err != nil {
				return w, err
			}
			w.Done = append(w.Done, "all")
			continue
		}
		n, _, err := Number(arg)
		if err != nil {
			w.Failed = append(w.Failed, WatchFailure{Arg: arg, Err: ErrNotNumber})
			continue
		}
		switch err := Subscribe(tx, game, n, u.ID, on); err {
		case nil:
			w.Done = append(w.Done, strconv.Itoa(n))
		case ErrNoBoard, ErrYouPlay:
			w.Failed = append(w.Failed, WatchFailure{Arg: arg, Number: n, Err: err})
		default:
			return w, err
		}
	}
	return w, nil
}
