package pbm

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/mail"

	"github.com/pbmgo/pbm/pbm/computer"
	"github.com/pbmgo/pbm/store"
)

// The computer player sits at a board under the reserved userid
// "computer" (level normal) or "computer:<level>": it has no account,
// no password and no mail address, and its rating is kept per level
// under "computer:<level>". A userid cannot hold ':', and "computer"
// is reserved, so nobody can sign up as the computer.
const computerName = "computer"

// computerID reports whether id names the computer, with its
// canonical userid ("computer:normal") and level.
func computerID(id string) (string, computer.Level, bool) {
	name, level, hasLevel := strings.Cut(strings.ToLower(id), ":")
	if name != computerName {
		return "", computer.Level{}, false
	}
	if !hasLevel {
		level = computer.Normal.Name
	}
	lvl, ok := computer.LevelByName(level)
	if !ok {
		return "", computer.Level{}, false
	}
	return computerName + ":" + lvl.Name, lvl, true
}

// noteWaiting keeps the index of boards waiting for the computer in
// step with b, in the transaction that changed it.
func noteWaiting(tx *store.Tx, b store.Board, mover string) error {
	if id, _, ok := computerID(mover); ok && !b.Over {
		return tx.PutWaiting(store.Waiting{Game: b.Game, Number: b.Number, Moves: len(b.Log), Player: id})
	}
	return tx.DeleteWaiting(b.Game, b.Number)
}

// ComputerTurns lists the boards where the computer is to move.
func (s *Server) ComputerTurns() ([]store.Waiting, error) {
	var out []store.Waiting
	err := s.cfg.Store.View(func(tx *store.Tx) error {
		var err error
		out, err = tx.WaitingBoards()
		return err
	})
	return out, err
}

// errMoved is a waiting board that moved on while the computer
// thought: nothing is played.
var errMoved = errors.New("the board moved on")

// PlayComputer thinks of the computer's move at the board w names and
// plays it. The search runs outside any write transaction, from a
// snapshot, so mail is handled meanwhile; the move is then applied in
// its own transaction only if the board is still at the move the
// computer thought about, so a move is never played twice, and a
// crash while it thinks only means it thinks again (the search is
// deterministic from the board's seed and the move number, so it finds
// the same move). It returns the move played, or "" when the board
// no longer waits.
func (s *Server) PlayComputer(ctx context.Context, w store.Waiting) (string, error) {
	_, lvl, ok := computerID(w.Player)
	if !ok {
		return "", fmt.Errorf("pbm: waiting board %s %d: %q is not the computer", w.Game, w.Number, w.Player)
	}
	var b store.Board
	if err := s.cfg.Store.View(func(tx *store.Tx) (err error) { b, err = tx.Board(w.Game, w.Number); return }); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return "", s.dropWaiting(w)
		}
		return "", fmt.Errorf("pbm: computer at %s board %d: %w", w.Game, w.Number, err)
	}
	_, st, err := s.replay(b, -1)
	if err != nil {
		return "", fmt.Errorf("pbm: computer at %s board %d: %w", w.Game, w.Number, err)
	}
	if b.Over || len(b.Log) != w.Moves || board.ToMove(b, st) != w.Player {
		return "", s.dropWaiting(w)
	}
	start := time.Now()
	seed := computer.Seed(b.Seed, w.Moves)
	move, err := computer.Move(ctx, st, len(b.Players), lvl, seed)
	if err != nil {
		return "", fmt.Errorf("pbm: computer at %s board %d move %d: %w", w.Game, w.Number, w.Moves+1, err)
	}
	var canon string
	err = s.cfg.Store.Update(func(tx *store.Tx) error {
		b, err := tx.Board(w.Game, w.Number)
		if err != nil {
			return err
		}
		g, st, err := s.replay(b, -1)
		if err != nil {
			return err
		}
		if b.Over || len(b.Log) != w.Moves || board.ToMove(b, st) != w.Player {
			return errMoved
		}
		seat := st.ToMove()
		if canon, err = st.Play(move); err != nil {
			return broken(fmt.Errorf("the engine refused the computer's move %q: %w", move, err))
		}
		b.Log = append(b.Log, store.Entry{Seat: seat, Move: canon, At: s.now()})
		c := &call{run: &run{s: s, ctx: ctx, tx: tx, msg: &mail.Message{}}, game: g, sec: &section{}}
		return c.commit(&b, g, st, change{Event: fmt.Sprintf("%s played %s.", w.Player, canon), By: w.Player})
	})
	switch {
	case errors.Is(err, errMoved):
		return "", nil
	case err != nil:
		return "", fmt.Errorf("pbm: computer at %s board %d move %d: %w", w.Game, w.Number, w.Moves+1, err)
	}
	s.log.Info("computer", "game", w.Game, "board", w.Number, "move", w.Moves+1, "level", lvl.Name, "played", canon, "think", time.Since(start).Round(time.Millisecond))
	return canon, nil
}

// dropWaiting removes a board that no longer waits from the index,
// if it still holds the same entry.
func (s *Server) dropWaiting(w store.Waiting) error {
	return s.cfg.Store.Update(func(tx *store.Tx) error {
		ws, err := tx.WaitingBoards()
		if err != nil {
			return err
		}
		for _, x := range ws {
			if x == w {
				return tx.DeleteWaiting(w.Game, w.Number)
			}
		}
		return nil
	})
}
