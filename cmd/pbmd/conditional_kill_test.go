package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/localmail"
	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/store"
)

// TestKillBetweenMoveAndAnswer kills the pbmd binary inside the
// transaction of a move that a conditional answer follows, after the
// answer is played and before the commit (pbm/killpoint
// "conditional-answer"). The store then holds neither the move nor its
// answer; the daemon started again reads the mail again and commits
// both together: the move is never left without its answer.
func TestKillBetweenMoveAndAnswer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the daemon")
	}
	bin, mail, dir, logf := killRig(t)
	data := filepath.Join(dir, "pbm.db")
	killLog := filepath.Join(dir, "kills.log")
	start := func(extra ...string) *exec.Cmd {
		cmd := exec.Command(bin)
		cmd.Dir = dir
		cmd.Env = append(append(daemonEnv(mail, data), "PBM_RATELIMIT=10000"), extra...)
		cmd.Stdout, cmd.Stderr = logf, logf
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd
	}
	stop := func(cmd *exec.Cmd) {
		if cmd.ProcessState != nil {
			return
		}
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	}
	board := func() store.Board {
		t.Helper()
		st, err := store.Open(store.Config{Path: data})
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		var b store.Board
		if err := st.View(func(tx *store.Tx) (err error) { b, err = tx.Board("hexemergo", 101); return }); err != nil {
			t.Fatal(err)
		}
		return b
	}
	players := map[string]*player.Player{}
	for _, id := range []string{"alice", "bob"} {
		players[id] = &player.Player{Address: id + "@example.test", Server: "pbm@localhost",
			SMTP: mail.SMTPAddr(), IMAP: mail.IMAPAddr(), Password: localmail.DefaultPassword}
	}
	send := func(id, c string) string {
		t.Helper()
		mid, err := players[id].Send(c, "")
		if err != nil {
			t.Fatal(err)
		}
		r, err := players[id].Reply(mid, 2*time.Minute)
		if err != nil || !strings.Contains(r.Text, "OK: ") {
			t.Fatalf("%s: %v %s", c, err, r.Text)
		}
		return mid
	}

	cmd := start()
	send("alice", "signup alice pw-alice")
	send("bob", "signup bob pw-bob")
	send("alice", "hexemergo challenge alice pw-alice alice bob")
	stop(cmd)
	b := board()
	st, err := hexemergo.Game{}.New(2, b.GameOptions(), b.Seed)
	if err != nil {
		t.Fatal(err)
	}
	owner := b.Players[st.ToMove()]
	other := b.Players[1-st.ToMove()]
	var line []string
	for range 3 {
		c, err := st.Play(st.Legal()[0])
		if err != nil {
			t.Fatal(err)
		}
		line = append(line, c)
	}
	cmd = start()
	send(owner, "hexemergo move 101 "+owner+" pw-"+owner+" "+line[0])
	send(owner, "hexemergo if 101 "+owner+" pw-"+owner+" "+line[1]+" "+line[2])
	stop(cmd)

	// The move that the answer follows, with the daemon set to die
	// before the commit.
	cmd = start("PBM_TEST_KILLPOINTS=conditional-answer=1", "PBM_TEST_KILLLOG="+killLog)
	mid, err := players[other].Send("hexemergo move 101 "+other+" pw-"+other+" "+line[1], "")
	if err != nil {
		t.Fatal(err)
	}
	died := make(chan error, 1)
	go func() { died <- cmd.Wait() }()
	select {
	case <-died:
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		t.Fatal("the daemon did not reach the point between the move and its answer")
	}
	if k, _ := os.ReadFile(killLog); !strings.Contains(string(k), "conditional-answer") {
		t.Fatalf("the daemon ended, but not at the kill point: %q", k)
	}
	if log := board().Log; len(log) != 1 {
		t.Fatalf("after the kill the store holds %d moves: %+v", len(log), log)
	}

	// Started again, it reads the mail again: the move and its answer
	// commit together.
	cmd = start()
	defer stop(cmd)
	if r, err := players[other].Reply(mid, 2*time.Minute); err != nil || !strings.Contains(r.Text, "OK: ") {
		t.Fatalf("the move after the restart: %v %s", err, r.Text)
	}
	if _, err := players[owner].Await(2*time.Minute, func(ms []player.Mail) bool {
		for _, m := range ms {
			if strings.Contains(m.Text, "(played from "+owner+"'s conditional moves)") {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("no board mail of the answer: %v", err)
	}
	stop(cmd)
	log := board().Log
	if len(log) != 3 || log[1].Move != line[1] || log[2].Move != line[2] || !log[2].Auto || b.Players[log[2].Seat] != owner {
		t.Fatalf("after the restart: %+v, want %v", log, line)
	}
}
