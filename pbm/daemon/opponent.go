package daemon

import (
	"context"
	"time"

	"github.com/pbmgo/pbm/store"
)

// opponent plays the computer's moves: it reads the small index of
// boards waiting for the computer (never every board), thinks outside
// any write transaction and plays each move in a transaction of its
// own, so the intake goes on while it thinks. After a restart it finds
// the boards still waiting and thinks again; the move number check in
// pbm.Server.PlayComputer keeps a move from being played twice.
// Boards with a person at them come first (ComputerTurns), and after
// each move at a board of the computer against itself the boards where
// a person has begun to wait meanwhile are served, so such a board
// delays a person's by one move at most; each pass plays one move per
// board and then waits, as before.
func (d *Daemon) opponent(ctx context.Context, wake <-chan struct{}, poll time.Duration) {
	t := time.NewTicker(poll)
	defer t.Stop()
	for {
		turns, err := d.Server.ComputerTurns()
		if err != nil {
			d.log.Error("computer", "error", err)
		}
		for _, w := range turns {
			if ctx.Err() != nil {
				return
			}
			if played := d.playTurn(ctx, w); played && w.ComputerOnly {
				d.serveHumans(ctx)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-wake:
		case <-t.C:
		}
	}
}

// playTurn plays the computer's move at one waiting board and reports
// whether it played one.
func (d *Daemon) playTurn(ctx context.Context, w store.Waiting) bool {
	move, err := d.Server.PlayComputer(ctx, w)
	if err != nil {
		if ctx.Err() == nil {
			d.log.Error("computer", "game", w.Game, "board", w.Number, "error", err)
		}
		return false
	}
	if move == "" {
		return false
	}
	d.sender.Poke()
	return true
}

// serveHumans plays the computer's move at every board with a person
// at it that waits now.
func (d *Daemon) serveHumans(ctx context.Context) {
	turns, err := d.Server.ComputerTurns()
	if err != nil {
		d.log.Error("computer", "error", err)
		return
	}
	for _, w := range turns {
		if w.ComputerOnly || ctx.Err() != nil {
			return
		}
		d.playTurn(ctx, w)
	}
}

// pokeOpponent wakes the computer's worker without blocking.
func (d *Daemon) pokeOpponent() {
	select {
	case d.wake <- struct{}{}:
	default:
	}
}
