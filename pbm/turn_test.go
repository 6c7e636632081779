package pbm

import (
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// relay is a test game whose turn is a list of actions (engine.Turns):
// two seats add to a total, each action "addN" (N 1-3) or "pass"; the
// seat whose turn brings the total to 20 or more wins.
type relay struct{}

func (relay) Name() string             { return "relay" }
func (relay) Title() string            { return "Relay" }
func (relay) Help() string             { return "add1, add2, add3 or pass; a turn is a list of them" }
func (relay) Players() (int, int)      { return 2, 2 }
func (relay) Options() []engine.Option { return nil }
func (relay) JoinTurn(moves []string) string {
	return strings.Join(moves, " ")
}
func (relay) New(int, map[string]string, uint64) (engine.State, error) {
	return &relayState{}, nil
}

type relayState struct {
	total, seat int
	res         engine.Result
}

func (r *relayState) ToMove() int {
	if r.res.Over {
		return -1
	}
	return r.seat
}

func (r *relayState) Play(move string) (string, error) {
	if r.res.Over {
		return "", fmt.Errorf("over")
	}
	add := 0
	var canon []string
	for _, a := range strings.FieldsFunc(move, func(c rune) bool { return c == ' ' || c == ';' }) {
		n, err := strconv.Atoi(strings.TrimPrefix(a, "add"))
		if a == "pass" {
			canon = append(canon, a)
			continue
		}
		if err != nil || n < 1 || n > 3 {
			return "", fmt.Errorf("%q is not add1, add2, add3 or pass", a)
		}
		add += n
		canon = append(canon, a)
	}
	if len(canon) == 0 {
		return "", fmt.Errorf("empty turn")
	}
	r.total += add
	if r.total >= 20 {
		r.res = engine.Result{Over: true, Winners: []int{r.seat}, Reason: "reached 20"}
	}
	r.seat = 1 - r.seat
	return strings.Join(canon, ";"), nil
}

func (r *relayState) Legal() []string {
	if r.res.Over {
		return nil
	}
	return []string{"add1", "add2", "add3", "pass"}
}

func (r *relayState) Resign(seat int) error {
	r.res = engine.Result{Over: true, Winners: []int{1 - seat}, Reason: "resigned"}
	return nil
}

func (r *relayState) Result() engine.Result { return r.res }

func (r *relayState) Board(w io.Writer, _ []string) { fmt.Fprintf(w, "Total: %d\n", r.total) }

func (r *relayState) Clone() engine.State { c := *r; return &c }

func newRelayFixture(t *testing.T) *fixture {
	t.Helper()
	st := storetest.Open(t)
	f := &fixture{t: t, st: st, clock: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)}
	var err error
	f.s, err = New(Config{
		Store: st, Games: engine.NewRegistry(relay{}), Address: "pbm@games.test",
		Name: "Test Server", Admins: []string{"root"}, BcryptCost: bcrypt.MinCost,
		BackupDir: t.TempDir(), Now: func() time.Time { return f.clock },
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *fixture) relayBoard() store.Board {
	f.t.Helper()
	var b store.Board
	if err := f.st.View(func(tx *store.Tx) error {
		var err error
		b, err = tx.Board("relay", 101)
		return err
	}); err != nil {
		f.t.Fatal(err)
	}
	return b
}

// For a game whose turn is a list of actions the moves of one command
// are one turn: one Play, one move of the log, one #n; submit, preview
// and queue count a turn the same way.
func TestOneCommandIsOneTurn(t *testing.T) {
	f := newRelayFixture(t)
	f.signup("alice")
	f.signup("bob")
	f.send("alice@players.test", "relay challenge alice pw-alice alice bob", "")
	reply := func(who, cmd string) string {
		t.Helper()
		// Every mail to the sender: the reply, and the board when one
		// is mailed to the mover too.
		var txt []string
		for _, m := range f.send(who+"@players.test", cmd, "") {
			if m.To == who+"@players.test" {
				txt = append(txt, m.Text)
			}
		}
		return strings.Join(txt, "\n")
	}
	if r := reply("alice", "relay move 101 alice pw-alice add1 add2 add3#1"); !strings.Contains(r, "(move 1): add1;add2;add3") {
		t.Fatalf("three actions in one move: %s", r)
	}
	b := f.relayBoard()
	if len(b.Log) != 1 || b.Log[0].Move != "add1;add2;add3" {
		t.Fatalf("log %+v", b.Log)
	}
	// #n on any word numbers the turn; two numbers are refused.
	if r := reply("bob", "relay move 101 bob pw-bob add1#2 add1#3"); !strings.Contains(r, "both #2 and #3") {
		t.Errorf("two numbers: %s", r)
	}
	if r := reply("bob", "relay move 101 bob pw-bob add1#3 add1"); !strings.Contains(r, "stale") {
		t.Errorf("stale turn: %s", r)
	}
	if r := reply("bob", "relay move 101 bob pw-bob add1#2 add1 add9"); !strings.Contains(r, `"add9" is not add1`) {
		t.Errorf("illegal turn: %s", r)
	}
	if b := f.relayBoard(); len(b.Log) != 1 {
		t.Fatalf("a refused turn changed the log: %+v", b.Log)
	}
	// preview: the words are one turn.
	if r := reply("bob", "relay preview 101 add3 add3"); !strings.Contains(r, "after add3;add3") || !strings.Contains(r, "Total: 12") {
		t.Errorf("preview: %s", r)
	}
	// submit and confirm: one turn, one move.
	if r := reply("bob", "relay submit 101 bob pw-bob add2 add2"); !strings.Contains(r, "add2;add2") || !strings.Contains(r, "Total: 10") {
		t.Errorf("submit: %s", r)
	}
	if r := reply("bob", "relay confirm 101 bob pw-bob"); !strings.Contains(r, "(move 2): add2;add2") {
		t.Errorf("confirm: %s", r)
	}
	// queue: one command queues one turn, played when the turn comes.
	reply("bob", "relay queue 101 bob pw-bob add3 add3")
	reply("alice", "relay move 101 alice pw-alice pass#3")
	b = f.relayBoard()
	if len(b.Log) != 4 || b.Log[3].Move != "add3;add3" || !b.Log[3].Auto || b.Log[3].Seat != 1 {
		t.Fatalf("queued turn: %+v", b.Log)
	}
	// A reply to the board mail: the first line is one turn.
	to := f.replyAddress("alice@players.test", "Relay Board 101 alice")
	f.n++
	f.handle([]byte(fmt.Sprintf("From: alice@players.test\r\nTo: %s\r\nSubject: Re: Relay Board 101 alice\r\nMessage-ID: <r%d@x>\r\n\r\nadd1 add1\r\n", to, f.n)))
	b = f.relayBoard()
	if len(b.Log) != 5 || b.Log[4].Move != "add1;add1" || b.Log[4].Seat != 0 {
		t.Fatalf("turn by reply: %+v", b.Log)
	}
}
