package pbm

import (
	"context"
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
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

// BenchmarkHeaviestMail measures the heaviest mail the limits let
// through, on a store of 10,000 boards with passwords hashed at
// bcrypt's default cost: 50 commands, of which a signup, 2 wrong
// passwords of distinct accounts and a message to 20 players with the
// sender's password (the 4 bcrypt operations of a mail), 5 list
// commands, 20 help and 21 show.
//
//	go test ./pbm -run XXX -bench HeaviestMail -benchtime 3x
func BenchmarkHeaviestMail(b *testing.B) {
	f := newFixture(b)
	f.s.cfg.BcryptCost = bcrypt.DefaultCost
	f.s.cfg.RateLimit = 1 << 30
	f.s.cfg.MaxAccounts = 1 << 30
	f.signup("alice")
	f.signup("bob")
	f.fill(b, 1000, 10000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var body strings.Builder
		fmt.Fprintf(&body, "signup new%d pw\n", i)
		for j := range 2 {
			fmt.Fprintf(&body, "nim limit u%d guess%d 3\n", 10+j, i)
		}
		body.WriteString("nim games\nnim games all\nnim history\nnim standings\nnim tournaments\n")
		body.WriteString("message alice pw-alice")
		for j := range 20 {
			fmt.Fprintf(&body, " u%d", j)
		}
		body.WriteString("\n")
		for range 20 {
			body.WriteString("help\n")
		}
		for j := range 21 {
			fmt.Fprintf(&body, "nim show %d\n", 101+j)
		}
		body.WriteString("\nHello.\n")
		start, cpu := time.Now(), cpuTime()
		out, err := f.s.Handle(context.Background(), f.raw("alice@players.test", "multiple", body.String()))
		if err != nil || out.Commands != 50 {
			b.Fatalf("heaviest mail: %v %v", out, err)
		}
		// The wall time on a shared machine, and the process's CPU time
		// (user and system) for the mail.
		b.ReportMetric(float64(time.Since(start).Milliseconds()), "wall-ms")
		b.ReportMetric(float64((cpuTime() - cpu).Milliseconds()), "cpu-ms")
		f.clock = f.clock.Add(2 * time.Hour) // a fresh hour: the message allowance
	}
}

// BenchmarkHeaviestBatch measures the group commits of a batch of 16
// of the heaviest mails (those of BenchmarkHeaviestMail, each from its
// own sender) on the same store: the longest transaction of the batch,
// its wall and CPU time, and the mails of that group.
//
//	go test ./pbm -run XXX -bench HeaviestBatch -benchtime 1x
func BenchmarkHeaviestBatch(b *testing.B) {
	f := newFixture(b)
	f.s.cfg.BcryptCost = bcrypt.DefaultCost
	f.s.cfg.RateLimit = 1 << 30
	f.signup("alice")
	f.signup("bob")
	f.fill(b, 1000, 10000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var raws [][]byte
		for k := range 16 {
			var body strings.Builder
			fmt.Fprintf(&body, "signup n%d-%d pw\n", i, k)
			for j := range 2 {
				fmt.Fprintf(&body, "nim limit u%d guess%d 3\n", 10+j, k)
			}
			body.WriteString("nim games\nnim games all\nnim history\nnim standings\nnim tournaments\n")
			fmt.Fprintf(&body, "message u%d pw-alice", 100+k)
			for j := range 20 {
				fmt.Fprintf(&body, " u%d", j)
			}
			body.WriteString("\n")
			for range 20 {
				body.WriteString("help\n")
			}
			for j := range 21 {
				fmt.Fprintf(&body, "nim show %d\n", 101+j)
			}
			raws = append(raws, f.raw(fmt.Sprintf("u%d@many.test", 100+k), "multiple", body.String()+"\nHello.\n"))
		}
		longest, cpu, mails := time.Duration(0), time.Duration(0), 0
		for start, end := 0, 0; start < len(raws); start = end {
			end = groupEnd(f.s.cfg, lineReader(f.s).Mail, raws, start)
			t0, c0 := time.Now(), cpuTime()
			for _, err := range f.s.HandleBatch(context.Background(), raws[start:end]) {
				if err != nil {
					b.Fatal(err)
				}
			}
			if d := time.Since(t0); d > longest {
				longest, cpu, mails = d, cpuTime()-c0, end-start
			}
		}
		b.ReportMetric(float64(longest.Milliseconds()), "max-group-wall-ms")
		b.ReportMetric(float64(cpu.Milliseconds()), "its-cpu-ms")
		b.ReportMetric(float64(mails), "mails-in-it")
		f.clock = f.clock.Add(2 * time.Hour)
	}
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
