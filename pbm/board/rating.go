package board

import (
	"math"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
)

// Expected is the Elo expected score of a against b.
func Expected(a, b float64) float64 { return 1 / (1 + math.Pow(10, (b-a)/400)) }

// Ratings follow pbmserv: Elo per game, everyone starting at 1600.
// For the first ProvisionalGames games a player's rating is the
// average of his performances (the opponents' average rating, plus 400
// for a win, minus 400 for a loss). Established players move by
// K = 32 times (score - expected score), K scaled down by how
// provisional the opponents still are. A multi-player game is rated
// against the average of the opponents. Only games with two or more
// distinct players that were not aborted count.
const (
	StartRating      = 1600
	ProvisionalGames = 20
	KFactor          = 32
)

// Unrated says why a finished board was not rated.
type Unrated int

const (
	Rated           Unrated = iota
	UnratedAborted          // an admin aborted it
	UnratedDeclined         // a player declined the challenge
	UnratedFew              // fewer than two players took part
	UnratedSerial           // a forfeit within a day of the player's last (SerialTimeout)
)

// RatingChange is one player's rating before and after a game.
type RatingChange struct {
	User          string
	Before, After float64
	// Provisional is set while the player has played fewer than
	// ProvisionalGames games.
	Provisional bool
}

// Rating is what a finished board did to the ratings.
type Rating struct {
	Unrated Unrated
	Changes []RatingChange
}

// Rate updates the ratings of the players of a finished board in tx
// and returns what changed; a board not over changes nothing.
func Rate(tx *store.Tx, b store.Board, res engine.Result) (Rating, error) {
	if !res.Over {
		return Rating{}, nil
	}
	// The seats that declined the challenge are left out.
	out := DeclinedSeats(b)
	var seats []int
	for i := range b.Players {
		if !out[i] {
			seats = append(seats, i)
		}
	}
	switch {
	case b.Aborted:
		return Rating{Unrated: UnratedAborted}, nil
	case res.Reason == "challenge declined":
		return Rating{Unrated: UnratedDeclined}, nil
	case len(seats) < 2:
		return Rating{Unrated: UnratedFew}, nil
	case b.SerialTimeout:
		return Rating{Unrated: UnratedSerial}, nil
	}
	before := make([]store.Rating, len(seats))
	for i, seat := range seats {
		p := b.Players[seat]
		r, found, err := tx.Rating(b.Game, p)
		if err != nil {
			return Rating{}, err
		}
		if !found {
			r = store.Rating{User: p, Rating: StartRating}
		}
		before[i] = r
	}
	winners := map[int]bool{}
	for _, w := range res.Winners {
		for i, seat := range seats {
			if seat == w {
				winners[i] = true
			}
		}
	}
	var r Rating
	for i, me := range before {
		var oppRating, oppWeight float64
		for j, o := range before {
			if j != i {
				oppRating += o.Rating
				oppWeight += math.Min(float64(o.Games), ProvisionalGames) / ProvisionalGames
			}
		}
		n := float64(len(before) - 1)
		oppRating /= n
		oppWeight /= n
		score := 0.0
		switch {
		case res.Draw():
			score = 0.5
			me.Tied++
		case winners[i]:
			score = 1
			me.Won++
		default:
			me.Lost++
		}
		next := me
		if me.Games < ProvisionalGames {
			perf := oppRating + 400*(2*score-1)
			next.Rating = (me.Rating*float64(me.Games) + perf) / float64(me.Games+1)
		} else {
			next.Rating = me.Rating + KFactor*oppWeight*(score-Expected(me.Rating, oppRating))
		}
		next.Games++
		if err := tx.PutRating(b.Game, next); err != nil {
			return Rating{}, err
		}
		r.Changes = append(r.Changes, RatingChange{User: me.User, Before: me.Rating, After: next.Rating, Provisional: next.Games < ProvisionalGames})
	}
	return r, nil
}
