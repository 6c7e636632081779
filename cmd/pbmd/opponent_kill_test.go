package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/computer"
	"github.com/pbmgo/pbm/pbm/localmail"
	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/store"
)

// TestKillWhileComputerThinks plays games between two computers (the
// challenger declines, and the game goes on without her) with the
// daemon binary killed with SIGKILL again and again while the
// computers think, until it was killed ten times. Each game must
// complete, and its log must be exactly the game the search plays
// without kills: each computer move is the
// one the search finds for that position with the seed of that move
// number, so a move lost, doubled or thought with the wrong seed
// shows.
func TestKillWhileComputerThinks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the daemon")
	}
	bin, mail, dir, logf := killRig(t)
	data := filepath.Join(dir, "pbm.db")
	start := func() *exec.Cmd {
		cmd := exec.Command(bin)
		cmd.Dir = dir
		cmd.Env = append(daemonEnv(mail, data), "PBM_RATELIMIT=10000")
		cmd.Stdout, cmd.Stderr = logf, logf
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd
	}
	stop := func(cmd *exec.Cmd, sig syscall.Signal) {
		cmd.Process.Signal(sig)
		cmd.Wait()
	}
	board := func(n int) store.Board {
		st, err := store.Open(store.Config{Path: data})
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		var b store.Board
		st.View(func(tx *store.Tx) (err error) { b, err = tx.Board("esagek", n); return })
		return b
	}

	alice := &player.Player{Address: "alice@example.test", Server: "pbm@localhost",
		SMTP: mail.SMTPAddr(), IMAP: mail.IMAPAddr(), Password: localmail.DefaultPassword}
	send := func(c string) {
		t.Helper()
		id, err := alice.Send(c, "")
		if err != nil {
			t.Fatal(err)
		}
		if r, err := alice.Reply(id, 2*time.Minute); err != nil || !strings.Contains(r.Text, "OK: ") {
			t.Fatalf("%s: %v %s", c, err, r.Text)
		}
	}
	cmd := start()
	send("signup alice pw-alice")

	// How long a game lasts depends on its seed; games are played
	// until the kills are enough, each checked move by move.
	r := rand.New(rand.NewPCG(7, 8))
	kills := 0
	for n := 101; kills < 10; n++ {
		if n > 110 {
			t.Fatalf("only %d kills over %d games", kills, n-101)
		}
		send("esagek challenge alice pw-alice computer:easy computer:normal alice -invasion")
		send(fmt.Sprintf("esagek resign %d alice pw-alice", n))
		last, stalls := -1, 0
		for {
			time.Sleep(time.Duration(100+r.IntN(700)) * time.Millisecond)
			stop(cmd, syscall.SIGKILL)
			kills++
			b := board(n)
			if b.Over {
				break
			}
			// Progress, not a time window: the game must move on
			// between a few kills, since each restart thinks again
			// from scratch.
			if len(b.Log) == last {
				if stalls++; stalls > 30 {
					t.Fatalf("board %d: no progress over %d kills at %d moves", n, stalls, len(b.Log))
				}
			} else {
				last, stalls = len(b.Log), 0
			}
			cmd = start()
			if kills%5 == 0 {
				// Let it run a while so that the game completes.
				time.Sleep(2 * time.Second)
			}
		}
		computerMoves := checkComputerGame(t, board(n))
		t.Logf("kill while thinking: board %d, %d kills so far, %d computer moves, none lost or doubled; %s", n, kills, computerMoves, board(n).Outcome)
		cmd = start()
	}
	stop(cmd, syscall.SIGTERM)
}

// checkComputerGame replays a finished game of computers move by move:
// each move is the one the search finds for its position with the seed
// of its move number. It returns the number of computer moves.
func checkComputerGame(t *testing.T, b store.Board) int {
	t.Helper()
	g, ok := engine.NewRegistry(games()...).Lookup("esagek")
	if !ok {
		t.Fatal("no esagek")
	}
	st, err := g.New(len(b.Players), b.Options, b.Seed)
	if err != nil {
		t.Fatal(err)
	}
	computerMoves := 0
	for i, e := range b.Log {
		if e.Kind != "" {
			if err := st.Resign(e.Seat); err != nil {
				t.Fatalf("entry %d: %v", i+1, err)
			}
			continue
		}
		if st.ToMove() != e.Seat {
			t.Fatalf("move %d by seat %d, but seat %d was to move", i+1, e.Seat, st.ToMove())
		}
		_, lvl, _ := strings.Cut(b.Players[e.Seat], ":")
		level, ok := computer.LevelByName(lvl)
		if !ok {
			t.Fatalf("move %d by %s", i+1, b.Players[e.Seat])
		}
		want, err := computer.Move(context.Background(), st, len(b.Players), level, computer.Seed(b.Seed, i))
		if err != nil {
			t.Fatal(err)
		}
		canon, err := st.Play(want)
		if err != nil {
			t.Fatal(err)
		}
		if canon != e.Move {
			t.Fatalf("move %d is %q, the search plays %q there", i+1, e.Move, canon)
		}
		computerMoves++
	}
	if !st.Result().Over {
		t.Fatalf("the log replays to a game not over: %d entries", len(b.Log))
	}
	return computerMoves
}
