package pbm

import (
	"context"
	"testing"
)

// BenchmarkGamesAnswer measures one "nim games" mail on a store of
// 10,000 boards (two in three running): the time of the mail, and the
// size of its answer in bytes (answer-bytes).
//
//	go test ./pbm -run XXX -bench GamesAnswer -benchtime 5x
func BenchmarkGamesAnswer(b *testing.B) {
	f := newFixture(b)
	f.s.cfg.RateLimit = 1 << 30
	f.signup("alice")
	f.signup("bob")
	f.fill(b, 1000, 10000)
	size := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		before := f.outboxSeqs()
		out, err := f.s.Handle(context.Background(), f.raw("alice@players.test", "nim games", ""))
		if err != nil || out.Refused > 0 {
			b.Fatalf("games: %v %v", out, err)
		}
		b.StopTimer()
		for _, m := range f.outbox() {
			if !before[m.Seq] {
				size = len(m.Raw)
			}
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(size), "answer-bytes")
}
