package main

import (
	"encoding/json"
	"fmt"
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
		// A tournament whose settings do not pair (a knockout of three
		// seats, as a document of an older version may hold): its
		// start fails at every try. (One whose boards the game refuses
		// ends early instead, its entrants told.)
		doc, err := json.Marshal(tournament.Tournament{Game: "hexatri", Name: "Poison", Organiser: "dave", Format: tournament.Knockout,
			Seats: 3, StartOn: b.Created.Add(-48 * time.Hour),
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

// TestClockHabitsThroughTheDaemon drives the daemon binary's clocks
// with PBM_TEST_CLOCK a day at a time: automatic vacation spends the
// one vacation day instead of a forfeit, then the forfeit comes; a day
// off stops a clock for that day; a player who vanishes forfeits two
// boards at once and only the first is rated; one digest a day, the
// most urgent board first, and none to a player nothing waits for.
func TestClockHabitsThroughTheDaemon(t *testing.T) {
	moves := hexemergoGame(t, 3)
	c := newClockRig(t)
	c.env = append(c.env, "PBM_CLOCK_VACATION=1", "TZ=UTC")
	c.start()
	for _, p := range []string{"alice", "bob", "carol", "dave", "erin", "frank"} {
		if m := c.command(p, "signup "+p+" pw-"+p); !strings.Contains(m.Text, "OK") {
			t.Fatalf("signup %s: %s", p, m.Text)
		}
	}
	move := func(who string, n, k int) {
		t.Helper()
		if m := c.command(who, fmt.Sprintf("hexemergo move %d %s pw-%s %s#%d", n, who, who, moves[k-1], k)); !strings.Contains(m.Text, "OK: "+who+" played") {
			t.Fatalf("%s on %d: %s", who, n, m.Text)
		}
	}
	start := time.Now().UTC()
	tomorrow := strings.ToLower(start.Add(24 * time.Hour).Weekday().String()[:3])
	for _, cmd := range []struct{ who, line string }{
		{"alice", "hexemergo challenge alice pw-alice alice bob --forfeit=1 --nag=20"},  // 101
		{"carol", "hexemergo challenge carol pw-carol carol dave --forfeit=1 --nag=20"}, // 102
		{"bob", "hexemergo challenge bob pw-bob bob erin --forfeit=1 --nag=20"},         // 103
		{"dave", "hexemergo challenge dave pw-dave dave erin --forfeit=1 --nag=20"},     // 104
		{"frank", "hexemergo challenge frank pw-frank frank carol --forfeit=5 --nag=20"},
		{"frank", "hexemergo challenge frank pw-frank frank dave --forfeit=3 --nag=20"},
		{"alice", "vacation alice pw-alice auto on"},
		{"carol", "daysoff carol pw-carol " + tomorrow},
		{"frank", "digest frank pw-frank daily"},
		{"dave", "digest dave pw-dave daily"},
	} {
		if m := c.command(cmd.who, cmd.line); !strings.Contains(m.Text, "OK") {
			t.Fatalf("%s: %s", cmd.line, m.Text)
		}
	}
	move("alice", 101, 1)
	move("bob", 101, 2)
	move("carol", 102, 1)
	move("dave", 102, 2)
	move("bob", 103, 1)
	move("erin", 103, 2)
	move("bob", 103, 3)
	move("dave", 104, 1)
	move("erin", 104, 2)
	move("dave", 104, 3)

	// A day on: alice spends her vacation day; erin forfeits 103 and
	// 104, the second unrated; frank gets his digest.
	c.setOffset(24*time.Hour + time.Minute)
	c.await("alice", "HexEmergo Board 101: a day of vacation spent", "0 days of vacation are left")
	c.await("dave", "HexEmergo Board 104", "This game was not rated: erin lost another game on time")
	c.await("bob", "HexEmergo Board 103", "erin has not moved in 1 day and forfeits")
	c.await("frank", "pbm: 2 boards wait for your move")
	ms, _ := c.player("frank").Mails()
	d := matching(ms, "pbm: 2 boards wait for your move")
	if i106, i105 := strings.Index(d[0].Text, "HexEmergo board 106 against dave"), strings.Index(d[0].Text, "HexEmergo board 105 against carol"); i106 < 0 || i105 < 0 || i106 > i105 {
		t.Errorf("frank's digest is not the most urgent first:\n%s", d[0].Text)
	}
	if n := c.count("bob", "HexEmergo Board 103", "not rated"); n != 0 {
		t.Errorf("erin's first forfeit is not rated")
	}

	// Two days on: alice, her vacation spent, forfeits; carol forfeits
	// now, her day off not counted.
	c.setOffset(48*time.Hour + 2*time.Minute)
	c.await("bob", "HexEmergo Board 101", "alice has not moved in 1 day and forfeits")
	day2 := start.Add(48 * time.Hour).Format("Mon 2 Jan 2006")
	c.await("dave", "HexEmergo Board 102", "carol has not moved in 1 day and forfeits on "+day2)
	c.await("frank", "pbm: 2 boards wait for your move")

	// One digest a day: frank's second came with the second day; dave,
	// never to move, got none; every report went once.
	if n := c.count("frank", "pbm: 2 boards wait for your move"); n != 2 {
		t.Errorf("frank got %d digests in two days, want 2", n)
	}
	dms, _ := c.player("dave").Mails()
	for _, m := range dms {
		if strings.HasSuffix(m.Subject, "for your move") {
			t.Errorf("dave, with nothing to move, got a digest: %s", m.Subject)
		}
	}
	if n := c.count("alice", "HexEmergo Board 101: a day of vacation spent"); n != 1 {
		t.Errorf("alice spent %d vacation days, she had 1", n)
	}
}
