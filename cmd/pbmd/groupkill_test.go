package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/localmail"
	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/store"
)

// TestGroupCommitKills kills the pbmd binary again and again at the
// points of the batched path, aimed from inside the daemon
// (pbm/killpoint, PBM_TEST_KILLPOINTS):
//
//   - "group-commit": every mail of a batch of several applied in the
//     one transaction, before its commit;
//   - "ack": the batch committed, before its UID STORE and UID MOVE;
//   - "ack-move": \Seen stored on the set, before its UID MOVE.
//
// Players move on six boards of two games, by password and without
// "#n", in waves sent at once, so that a restart finds a backlog of
// several mails. Every move must be played exactly once and in order
// (each board's log is the planned game), and every mail answered
// once (resends of one reply keep its Message-ID).
func TestGroupCommitKills(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the daemon many times")
	}
	const minKills = 15 // at each point
	bin, mail, dir, logf := killRig(t)
	data := filepath.Join(dir, "pbm.db")
	killLog := filepath.Join(dir, "kills.log")
	env := append(daemonEnv(mail, data), "PBM_RATELIMIT=1000000")

	// Set-up without kills: players and boards.
	players := make([]*benchPlayer, 6)
	for i := range players {
		players[i] = &benchPlayer{name: fmt.Sprintf("k%d", i), addr: fmt.Sprintf("k%d@players.test", i)}
	}
	boards := make([]*benchBoard, 6)
	for i := range boards {
		boards[i] = &benchBoard{game: []string{"hexemergo", "esagek"}[i%2], players: []*benchPlayer{players[i], players[(i+1)%len(players)]}}
	}
	d, err := startBenchDaemon(bin, env, logf, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	err = benchSetup(mail, players, boards, false)
	d.stop()
	if err != nil {
		t.Fatal(err)
	}
	const maxMoves = 80
	if err := planGames(data, engine.NewRegistry(games()...), boards, maxMoves); err != nil {
		t.Fatal(err)
	}

	// The daemon with kills, restarted each time it dies.
	kenv := append(env, "PBM_TEST_KILLPOINTS=group-commit=0.3,ack=0.3,ack-move=0.3", "PBM_TEST_KILLLOG="+killLog)
	var (
		mu       sync.Mutex
		stopping bool
		cur      *exec.Cmd
		starts   int
		exited   = make(chan struct{})
	)
	go func() {
		defer close(exited)
		for {
			mu.Lock()
			if stopping {
				mu.Unlock()
				return
			}
			cmd := exec.Command(bin)
			cmd.Env = append(kenv, fmt.Sprintf("PBM_TEST_KILLSEED=%d", starts))
			cmd.Stdout, cmd.Stderr, cmd.Dir = logf, logf, dir
			starts++
			if err := cmd.Start(); err != nil {
				mu.Unlock()
				t.Error(err)
				return
			}
			cur = cmd
			mu.Unlock()
			cmd.Wait()
		}
	}()
	stop := func() {
		mu.Lock()
		stopping = true
		c := cur
		mu.Unlock()
		if c != nil {
			c.Process.Signal(os.Interrupt)
		}
		select {
		case <-exited:
		case <-time.After(30 * time.Second):
			c.Process.Kill()
			<-exited
		}
	}
	defer stop()

	rd, err := startReaders(mail, players)
	if err != nil {
		t.Fatal(err)
	}
	defer rd.close()
	c, err := smtp.Dial(mail.SMTPAddr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	kills := func() map[string]int {
		b, _ := os.ReadFile(killLog)
		k := map[string]int{}
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			if point, n, ok := strings.Cut(line, " "); ok {
				k[point]++
				if n == "0" || n == "1" {
					t.Errorf("a kill at %s with %s mails at stake", point, n)
				}
			}
		}
		return k
	}
	var sent []benchMail
	played := make([]int, len(boards))
	for wave := 0; ; wave++ {
		k := kills()
		if k["group-commit"] >= minKills && k["ack"] >= minKills && k["ack-move"] >= minKills {
			break
		}
		var ids []string
		for i, b := range boards {
			if played[i] >= len(b.moves) {
				continue
			}
			m := benchMail{board: i, k: played[i], from: b.players[b.seats[played[i]]], id: fmt.Sprintf("w%d.b%d@players.test", wave, i)}
			m.write(b, rd)
			rd.markSent(m.id)
			if err := c.SendMail(m.from.addr, []string{m.rcpt}, bytes.NewReader(m.raw)); err != nil {
				t.Fatal(err)
			}
			played[i]++
			sent = append(sent, m)
			ids = append(ids, m.id)
		}
		if len(ids) == 0 {
			t.Fatalf("the games ran out after %d waves with kills %v", wave, k)
		}
		if err := rd.await(ids, time.Minute); err != nil {
			t.Fatalf("wave %d: %v (kills %v)", wave, err, kills())
		}
	}
	stop()
	k := kills()

	// Every mail answered once.
	answers := map[string]map[string]bool{}
	refused := 0
	for _, p := range players {
		ms, err := (&player.Player{Address: p.addr, Server: "pbm@localhost", SMTP: mail.SMTPAddr(), IMAP: mail.IMAPAddr(), Password: localmail.DefaultPassword}).Mails()
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			if answers[m.InReplyTo] == nil {
				answers[m.InReplyTo] = map[string]bool{}
			}
			answers[m.InReplyTo][m.MessageID] = true
			if strings.HasSuffix(strings.ToLower(m.Subject), "error") && strings.HasPrefix(m.InReplyTo, "w") {
				refused++
			}
		}
	}
	missing, doubled := 0, 0
	for _, m := range sent {
		switch n := len(answers[m.id]); {
		case n == 0:
			missing++
		case n > 1:
			doubled++
		}
	}
	// Every move played once, in order.
	st, err := store.Open(store.Config{Path: data})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	lost, extra := 0, 0
	st.View(func(tx *store.Tx) error {
		for i, b := range boards {
			sb, err := tx.Board(b.game, b.number)
			if err != nil {
				t.Fatal(err)
			}
			var moves []string
			for _, e := range sb.Log {
				if e.Kind == "" {
					moves = append(moves, e.Move)
				}
			}
			lost += max(0, played[i]-len(moves))
			extra += max(0, len(moves)-played[i])
			for j := range min(len(moves), played[i]) {
				if moves[j] != b.moves[j] {
					t.Errorf("%s board %d move %d: %s, sent %s", b.game, b.number, j+1, moves[j], b.moves[j])
					break
				}
			}
		}
		return nil
	})
	t.Logf("%d starts, kills %v; %d moves sent: %d lost, %d doubled; answers: %d missing, %d answered twice, %d refusals",
		starts, k, len(sent), lost, extra, missing, doubled, refused)
	if lost+extra+missing+doubled+refused > 0 {
		t.Errorf("exactly once broken: %d lost, %d doubled, %d missing answers, %d answered twice, %d refused", lost, extra, missing, doubled, refused)
	}
}
