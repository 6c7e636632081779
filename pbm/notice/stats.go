package notice

import (
	"fmt"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// Stats is what "admin stats" answers, read from the store's counters
// (it counts no board and no account): the accounts, the boards
// running and finished, the mails handled within the dedupe window,
// the rate records, the outbox and the failed mails, then the boards
// of each of games.
func Stats(tx *store.Tx, games []engine.Game, window time.Duration) ([]lang.Msg, error) {
	n := tx.Counts()
	running, finished := n.Boards()
	failed, err := tx.FailedMail()
	if err != nil {
		return nil, fmt.Errorf("stats: the failed mails: %w", err)
	}
	days := int(window / (24 * time.Hour))
	ms := []lang.Msg{lang.N("AdminStats", days, "Users", n.Users, "Boards", running+finished, "Running", running, "Finished", finished,
		"Processed", n.Processed, "Days", days, "Rates", n.Rates, "Outbox", tx.OutboxLen(), "Failed", len(failed))}
	if perGame := board.GameCounts(n, games); len(perGame) > 0 {
		ms = append(append(ms, lang.Literal("\n")), perGame...)
	}
	return ms, nil
}
