package pbm

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/store"
)

// fill writes users and boards straight into the store: a server
// with many accounts and games, without paying bcrypt per user.
func (f *fixture) fill(b *testing.B, users, boards int) {
	var hash []byte
	f.st.View(func(tx *store.Tx) error { u, _ := tx.User("alice"); hash = u.Hash; return nil })
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for done := 0; done < boards || done < users; done += 5000 {
		err := f.st.Update(func(tx *store.Tx) error {
			for i := done; i < done+5000; i++ {
				if i < users {
					if err := tx.PutUser(store.User{ID: fmt.Sprintf("u%d", i), Hash: hash, Addresses: []string{fmt.Sprintf("u%d@many.test", i)}, Created: at}); err != nil {
						return err
					}
				}
				if i < boards {
					n, err := tx.NextBoardNumber("nim")
					if err != nil {
						return err
					}
					bd := store.Board{Game: "nim", Number: n, Players: []string{fmt.Sprintf("u%d", i%users), fmt.Sprintf("u%d", (i+1)%users)},
						Options: map[string]string{"stones": "30"}, Created: at, Updated: at, ThreadID: fmt.Sprintf("t%d@x", n),
						Log: []store.Entry{{Seat: 0, Move: "take1", At: at}}, Due: f.clock.Add(7 * day)}
					if i%3 == 0 {
						bd.Over, bd.Outcome = true, "u wins"
					}
					if err := tx.PutBoard(bd); err != nil {
						return err
					}
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScale measures a move mail and the list commands (games,
// all show, standings, history, show, the admin's stats) and a tick of
// the clock on an empty store and on one with 100,000 boards (none of
// them due) and 10,000 users, and a move at ply 10 and at ply 500. Compare the pairs side by side:
//
//	go test ./pbm -run XXX -bench Scale -benchtime 200x
func BenchmarkScale(b *testing.B) {
	commands := []string{"move", "list", "nim games alice", "all show alice", "nim standings", "nim history", "nim show 101", "admin root pw-root stats"}
	for _, size := range []struct {
		name          string
		users, boards int
	}{{"empty", 0, 0}, {"100k", 10000, 100000}} {
		f := newFixture(b)
		f.s.cfg.RateLimit = 1 << 30
		f.signup("alice")
		f.signup("bob")
		f.signup("root")
		f.send("alice@players.test", "nim challenge alice pw-alice alice bob -stones=1000", "")
		if size.boards > 0 {
			f.fill(b, size.users, size.boards)
		}
		for _, cmd := range commands {
			name := strings.Fields(cmd)[0] + strings.Join(strings.Fields(cmd)[1:], "_")
			name = strings.ReplaceAll(name, "pw-root_", "")
			b.Run(size.name+"/"+name, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					subject, from := cmd, "alice@players.test"
					if cmd == "move" {
						p := []string{"alice", "bob"}[len(f.board(101).Log)%2]
						subject, from = "nim move 101 "+p+" pw-"+p+" take1", p+"@players.test"
					}
					out, err := f.s.Handle(context.Background(), f.raw(from, subject, ""))
					if err != nil || out.Refused > 0 {
						b.Fatalf("%s: %v %v", subject, out, err)
					}
				}
			})
		}
		b.Run(size.name+"/tick", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := f.s.Tick(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	for _, ply := range []int{10, 500} {
		b.Run(fmt.Sprintf("ply%d/move", ply), func(b *testing.B) {
			f := newFixture(b)
			f.s.cfg.RateLimit = 1 << 30
			f.signup("alice")
			f.signup("bob")
			f.send("alice@players.test", "nim challenge alice pw-alice alice bob -stones=1000", "")
			f.st.Update(func(tx *store.Tx) error {
				bd, _ := tx.Board("nim", 101)
				for len(bd.Log) < ply {
					bd.Log = append(bd.Log, store.Entry{Seat: len(bd.Log) % 2, Move: "take1", At: f.clock})
				}
				return tx.PutBoard(bd)
			})
			// A fresh server: no position in memory, as after a restart.
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				p := []string{"alice", "bob"}[(ply+i)%2]
				out, err := f.s.Handle(context.Background(), f.raw(p+"@players.test", "nim move 101 "+p+" pw-"+p+" take1", ""))
				if err != nil || out.Refused > 0 {
					b.Fatalf("move: %v %v", out, err)
				}
			}
		})
	}
}
