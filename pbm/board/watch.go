package board

import (
	"errors"
	"slices"
	"strings"

	"github.com/pbmgo/pbm/store"
)

// Who follows a board: subscribers get every board mail of it, the
// notified only its result. A user follows one board, or every board
// of a game (the user's SubscribeAll and NotifyAll), later ones
// included. A player of a board does not follow it: the player gets
// its mails anyway.

// Why a user cannot subscribe to a board.
var (
	ErrNoBoard = errors.New("no such board")
	ErrYouPlay = errors.New("the user plays on the board")
)

// Toggle adds s to a list (on) or removes it, case-insensitively and
// without duplicates.
func Toggle(list []string, s string, on bool) []string {
	var out []string
	for _, x := range list {
		if !strings.EqualFold(x, s) {
			out = append(out, x)
		}
	}
	if on {
		out = append(out, s)
	}
	return out
}

// SubscribeAll makes u follow every board of game (on) or none: the
// running boards u does not play on, and every later board; it writes
// u and the boards.
func SubscribeAll(tx *store.Tx, u *store.User, game string, on bool) error {
	u.SubscribeAll = Toggle(u.SubscribeAll, game, on)
	if err := tx.PutUser(*u); err != nil {
		return err
	}
	boards, err := tx.Boards(game)
	if err != nil {
		return err
	}
	for _, b := range boards {
		if !b.Over && SeatOf(b, u.ID) < 0 {
			b.Subscribers = Toggle(b.Subscribers, u.ID, on)
			if err := tx.PutBoard(b); err != nil {
				return err
			}
		}
	}
	return nil
}

// Subscribe makes user follow board n of game (on) or stop; it fails
// with ErrNoBoard or ErrYouPlay and then writes nothing.
func Subscribe(tx *store.Tx, game string, n int, user string, on bool) error {
	b, err := tx.Board(game, n)
	if err != nil {
		return ErrNoBoard
	}
	if SeatOf(b, user) >= 0 {
		return ErrYouPlay
	}
	b.Subscribers = Toggle(b.Subscribers, user, on)
	return tx.PutBoard(b)
}

// AddWatchers adds to a new board, not yet written, the users who
// follow every board of its game and do not play on it.
func AddWatchers(tx *store.Tx, b *store.Board) error {
	users, err := tx.SubscribersOfAll(b.Game)
	if err != nil {
		return err
	}
	for _, u := range users {
		if !u.Closed && containsFold(u.SubscribeAll, b.Game) && SeatOf(*b, u.ID) < 0 {
			b.Subscribers = append(b.Subscribers, u.ID)
		}
	}
	return nil
}

// NotifyAll turns on or off, whichever it was not, that u hears the
// result of every board of game, and writes u. It returns whether it
// is on now.
func NotifyAll(tx *store.Tx, u *store.User, game string) (bool, error) {
	on := !containsFold(u.NotifyAll, game)
	u.NotifyAll = Toggle(u.NotifyAll, game, on)
	return on, tx.PutUser(*u)
}

// Notify makes user hear the result of b, and writes b.
func Notify(tx *store.Tx, b *store.Board, user string) error {
	b.Notify = Toggle(b.Notify, user, true)
	return tx.PutBoard(*b)
}

// Notified is who hears only the result of b: its list and the users
// who hear every result of its game and do not play on it.
func Notified(tx *store.Tx, b store.Board) []string {
	out := append([]string(nil), b.Notify...)
	users, err := tx.NotifiedOfAll(b.Game)
	if err != nil {
		return out
	}
	for _, u := range users {
		if containsFold(u.NotifyAll, b.Game) && !containsFold(out, u.ID) && SeatOf(b, u.ID) < 0 {
			out = append(out, u.ID)
		}
	}
	return out
}

func containsFold(list []string, s string) bool {
	return slices.ContainsFunc(list, func(x string) bool { return strings.EqualFold(x, s) })
}
