package daemon

import (
	"context"
	"time"
)

// opponent plays the computer's moves: it reads the small index of
// boards waiting for the computer (never every board), thinks outside
// any write transaction and plays each move in a transaction of its
// own, so the intake goes on while it thinks. After a restart it finds
// the boards still waiting and thinks again; the move number check in
// pbm.Server.PlayComputer keeps a move from being played twice.
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
			if move, err := d.Server.PlayComputer(ctx, w); err != nil {
				if ctx.Err() != nil {
					return
				}
				d.log.Error("computer", "game", w.Game, "board", w.Number, "error", err)
			} else if move != "" {
				d.sender.Poke()
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

// pokeOpponent wakes the computer's worker without blocking.
func (d *Daemon) pokeOpponent() {
	select {
	case d.wake <- struct{}{}:
	default:
	}
}
