package main

import (
	"encoding/json"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/daemon"
	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// clockRig is the daemon binary with its clocks ticking every second
// and its time moved by PBM_TEST_CLOCK, as a test outside the process
// drives it.
type clockRig struct {
	*guardRig
	offset string // the PBM_TEST_CLOCK file
	cmd    *exec.Cmd
}

func newClockRig(t *testing.T) *clockRig {
	c := &clockRig{offset: filepath.Join(t.TempDir(), "offset")}
	c.setOffset(0)
	c.guardRig = newGuardRig(t, "PBM_CLOCK_TICK=1s", "PBM_TEST_CLOCK="+c.offset)
	t.Cleanup(c.stop)
	return c
}

func (c *clockRig) setOffset(d time.Duration) {
	if err := os.WriteFile(c.offset, []byte(d.String()+"\n"), 0o600); err != nil {
		panic(err)
	}
}

func (c *clockRig) start() {
	c.cmd = exec.Command(c.bin)
	c.cmd.Env, c.cmd.Stdout, c.cmd.Stderr = c.env, c.logf, c.logf
	if err := c.cmd.Start(); err != nil {
		c.t.Fatal(err)
	}
}

func (c *clockRig) stop() {
	if c.cmd == nil {
		return
	}
	c.cmd.Process.Signal(syscall.SIGTERM)
	c.cmd.Wait()
	c.cmd = nil
}

// command sends a command from name and waits for its answer.
func (c *clockRig) command(name, subject string) player.Mail {
	c.t.Helper()
	id := c.send(name, subject)
	m, err := c.player(name).Reply(id, 3*time.Minute)
	if err != nil {
		c.t.Fatalf("%s: %v\n%s", subject, err, c.log())
	}
	return m
}

func (c *clockRig) log() string {
	b, _ := os.ReadFile(filepath.Join(c.dir, "pbmd.log"))
	return tail(string(b), 4000)
}

// await waits for a mail to name whose subject starts with subject
// and whose text holds every one of words, and returns how many there
// are.
func (c *clockRig) await(name, subject string, words ...string) int {
	c.t.Helper()
	n := 0
	_, err := c.player(name).Await(3*time.Minute, func(ms []player.Mail) bool {
		n = len(matching(ms, subject, words...))
		return n > 0
	})
	if err != nil {
		c.t.Fatalf("%s: no %q %q: %v\n%s", name, subject, words, err, c.log())
	}
	return n
}

// count is the mails to name like await's, now.
func (c *clockRig) count(name, subject string, words ...string) int {
	ms, err := c.player(name).Mails()
	if err != nil {
		c.t.Fatal(err)
	}
	return len(matching(ms, subject, words...))
}

func matching(ms []player.Mail, subject string, words ...string) []player.Mail {
	var out []player.Mail
	for _, m := range ms {
		ok := strings.HasPrefix(m.Subject, subject)
		for _, w := range words {
			ok = ok && strings.Contains(m.Text, w)
		}
		if ok {
			out = append(out, m)
		}
	}
	return out
}

// TestClockThroughTheDaemon drives the daemon binary's clocks with
// PBM_TEST_CLOCK and clock.tick 1s. A tournament that cannot start and
// a board whose clock fails are reported once to their people and the
// admin, and stop nothing else: on another board a seat is warned once
// when less than a day of its bank is left, plays on past what it would
// have had without its increment, and its opponent forfeits when the
// bank is spent.
func TestClockThroughTheDaemon(t *testing.T) {
	moves := hexemergoGame(t, 3)
	c := newClockRig(t)
	c.start()
	for _, p := range []string{"alice", "bob", "carol", "dave"} {
		if m := c.command(p, "signup "+p+" pw-"+p); !strings.Contains(m.Text, "OK") {
			t.Fatalf("signup %s: %s", p, m.Text)
		}
	}
	if m := c.command("alice", "hexemergo challenge alice pw-alice alice bob --total=1.5 --add=0.5 --cap=2 --nag=20 --forfeit=30"); !strings.Contains(m.Text, "HexEmergo board 101 started") {
		t.Fatalf("challenge: %s", m.Text)
	}
	if m := c.command("carol", "hexemergo challenge carol pw-carol carol dave --nag=20 --forfeit=30"); !strings.Contains(m.Text, "HexEmergo board 102 started") {
		t.Fatalf("challenge: %s", m.Text)
	}
	c.stop()

	// Board 102's log no longer replays, and a tournament due to start
	// has boards that cannot be made.
	st, err := daemon.OpenStore(daemon.Config{Data: c.data}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	err = st.Update(func(tx *store.Tx) error {
		b, err := tx.Board("hexemergo", 102)
		if err != nil {
			return err
		}
		b.Log = append(b.Log, store.Entry{Seat: 1, Move: "z99", At: b.Created})
		b.Due = b.Created
		if err := tx.PutBoard(b); err != nil {
			return err
		}
		doc, err := json.Marshal(tournament.Tournament{Game: "hexatri", Name: "Poison", Organiser: "dave", Format: tournament.RoundRobin,
			Seats: 2, Options: map[string]string{"size": "99"}, StartOn: b.Created.Add(-48 * time.Hour),
			Entrants: []tournament.Entrant{{ID: "alice"}, {ID: "bob"}, {ID: "carol"}}})
		if err != nil {
			return err
		}
		return tx.PutTournament("hexatri", "Poison", doc)
	})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	c.start()
	c.await("root", "pbm: the clock of HexEmergo board 102 is held up")
	c.await("root", "pbm: the clock of the Hexatri tournament Poison is held up")
	c.await("dave", "pbm: the clock of the Hexatri tournament Poison is held up", "The reason:")

	// 13 hours on: alice, to move with 36h in her bank, is warned.
	c.setOffset(13 * time.Hour)
	c.await("alice", "HexEmergo Board 101: less than a day left", "<move>#1")
	// 20 hours on she moves (28h left), bob answers an hour later.
	c.setOffset(20 * time.Hour)
	c.command("alice", "hexemergo move 101 alice pw-alice "+moves[0]+"#1")
	c.setOffset(21 * time.Hour)
	c.command("bob", "hexemergo move 101 bob pw-bob "+moves[1]+"#2")
	// 48 hours on alice has thought 47h, more than her 36h without
	// increments; her bank holds an hour, and she moves.
	c.setOffset(48 * time.Hour)
	if m := c.command("alice", "hexemergo move 101 alice pw-alice "+moves[2]+"#3"); !strings.Contains(m.Text, "OK: alice played") {
		t.Fatalf("alice's third move: %s\n%s", m.Text, c.log())
	}
	// bob's bank (36-1+12 = 47h) is spent 47h later.
	c.setOffset(95*time.Hour + time.Minute)
	c.await("alice", "HexEmergo Board 101", "bob ran out of time in the bank and forfeits")

	// The warning of move 1 came once; the failures were reported
	// once, though the clock ticked every second throughout.
	if n := c.count("alice", "HexEmergo Board 101: less than a day left", "<move>#1"); n != 1 {
		t.Errorf("%d warnings for alice's first move, want 1", n)
	}
	if n := c.count("root", "pbm: the clock of"); n != 2 {
		t.Errorf("the admin got %d reports of a held-up clock, want 2", n)
	}
	if n := c.count("carol", "pbm: the clock of HexEmergo board 102 is held up"); n != 1 {
		t.Errorf("carol got %d reports of board 102, want 1", n)
	}
}
