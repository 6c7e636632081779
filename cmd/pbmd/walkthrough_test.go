package main

import (
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine/hexemergo"
)

// freeAddr finds a free loopback port.
func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// runScript starts the daemon binary with its embedded mail servers,
// as "go run ./cmd/pbmd" does on a fresh machine, and plays a script
// with Python's smtplib and imaplib.
func runScript(t *testing.T, script string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the daemon")
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	bin := buildDaemon(t)
	dir := t.TempDir()
	imapAddr, smtpAddr := freeAddr(t), freeAddr(t)
	cmd := exec.Command(bin)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PBM_WEB_LISTEN=", "PBM_EMBEDDED_IMAP="+imapAddr, "PBM_EMBEDDED_SMTP="+smtpAddr,
		"PBM_IMAP_POLL=1s", "PBM_SMTP_POLL=1s")
	logf, _ := os.Create(filepath.Join(dir, "pbmd.log"))
	defer logf.Close()
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	for deadline := time.Now().Add(30 * time.Second); ; {
		if c, err := net.Dial("tcp", smtpAddr); err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the daemon's embedded SMTP server did not come up")
		}
		time.Sleep(50 * time.Millisecond)
	}
	out, err := exec.Command(python, "testdata/mailscript.py", smtpAddr, imapAddr, "pbm@localhost", script).CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "pbmd.log"))
		t.Fatalf("%s: %v\n%s", script, err, tail(string(log), 4000))
	}
}

func TestWalkthroughAccounts(t *testing.T) {
	runScript(t, "testdata/accounts.script")
}

// hexemergoGame plays a seeded random game of HexEmergo and returns its
// moves; the game does not depend on the board's seed.
func hexemergoGame(t *testing.T, seed uint64) []string {
	st, err := hexemergo.Game{}.New(2, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 1))
	var moves []string
	for !st.Result().Over {
		legal := st.Legal()
		m := legal[r.IntN(len(legal))]
		st.Play(m)
		moves = append(moves, m)
	}
	return moves
}

// TestWalkthroughHexEmergo: two players sign up, challenge and play a
// whole game with Python's smtplib and imaplib, each move a command
// mail; both find the final board and the result in their mailboxes.
func TestWalkthroughHexEmergo(t *testing.T) {
	moves := hexemergoGame(t, 3)
	var b strings.Builder
	b.WriteString("send alice@example.test | signup alice apple\nreply alice@example.test | OK\n")
	b.WriteString("send bob@example.test | signup bob banana\nreply bob@example.test | OK\n")
	b.WriteString("send alice@example.test | hexemergo challenge alice apple alice bob\nreply alice@example.test | HexEmergo board 101 started\n")
	who := [][2]string{{"alice", "apple"}, {"bob", "banana"}}
	for i, m := range moves {
		p := who[i%2]
		fmt.Fprintf(&b, "send %s@example.test | hexemergo move 101 %s %s %s#%d\nreply %s@example.test | OK: %s played\n", p[0], p[0], p[1], m, i+1, p[0], p[0])
	}
	for _, p := range who {
		fmt.Fprintf(&b, "await %s@example.test | HexEmergo Board 101 | Game won by\n", p[0])
	}
	script := filepath.Join(t.TempDir(), "hexemergo.script")
	os.WriteFile(script, []byte(b.String()), 0o644)
	runScript(t, script)
	t.Logf("a game of %d moves played by mail", len(moves))
}

// TestWalkthroughByReplies: the same, but every move after the
// challenge is a plain reply to the board mail, without userid or
// password: the Reply-To address carries a token for the player.
func TestWalkthroughByReplies(t *testing.T) {
	moves := hexemergoGame(t, 5)
	var b strings.Builder
	b.WriteString("send alice@example.test | signup alice apple\nreply alice@example.test | OK\n")
	b.WriteString("send bob@example.test | signup bob banana\nreply bob@example.test | OK\n")
	b.WriteString("send alice@example.test | hexemergo challenge alice apple alice bob\nreply alice@example.test | OK\n")
	who := []string{"alice", "bob"}
	for i, m := range moves {
		fmt.Fprintf(&b, "answer %s@example.test | %d | %s\nreply %s@example.test | OK: %s played\n", who[i%2], i+1, m, who[i%2], who[i%2])
	}
	for _, p := range who {
		fmt.Fprintf(&b, "await %s@example.test | HexEmergo Board 101 | Game won by\n", p)
	}
	script := filepath.Join(t.TempDir(), "replies.script")
	os.WriteFile(script, []byte(b.String()), 0o644)
	runScript(t, script)
	t.Logf("a game of %d moves played by replies alone", len(moves))
}

// TestWalkthroughLanguageReplies: every move after the challenge is a
// reply to the board mail by its reply address, bottom-posted as Gmail
// writes it in Hungarian (its attribution wrapped over two lines),
// Thunderbird in Czech and Apple Mail in Dutch, in turn: the
// attribution and the quote are not read as the move, and the game is
// played to its end through the daemon.
func TestWalkthroughLanguageReplies(t *testing.T) {
	moves := hexemergoGame(t, 5)
	var b strings.Builder
	b.WriteString("send alice@example.test | signup alice apple\nreply alice@example.test | OK\n")
	b.WriteString("send bob@example.test | signup bob banana\nreply bob@example.test | OK\n")
	b.WriteString("send alice@example.test | hexemergo challenge alice apple alice bob\nreply alice@example.test | OK\n")
	who := []string{"alice", "bob"}
	styles := []string{"hu-gmail", "cs-thunderbird", "nl-apple"}
	for i, m := range moves {
		fmt.Fprintf(&b, "answer %s@example.test | %d | %s | %s\nreply %s@example.test | OK: %s played\n", who[i%2], i+1, m, styles[i%3], who[i%2], who[i%2])
	}
	for _, p := range who {
		fmt.Fprintf(&b, "await %s@example.test | HexEmergo Board 101 | Game won by\n", p)
	}
	script := filepath.Join(t.TempDir(), "languages.script")
	os.WriteFile(script, []byte(b.String()), 0o644)
	runScript(t, script)
	t.Logf("a game of %d moves played by Hungarian, Czech and Dutch replies", len(moves))
}

// TestWalkthroughTypoStaleResignDecline: with Python's smtplib and
// imaplib, a player mistypes a command and is told the nearest one; on
// board 101 alice and bob each move by replying to the board mail
// (alice bottom-posted, as mutt writes), alice answers the mail of the
// first position again and is refused as stale with the board now, then
// resigns by replying to the latest board mail, and the final board
// mail tells bob his rating change; on board 102 bob declines alice's
// challenge by resigning before anyone moved: the board is removed,
// unrated, both are told, and it is not in the history.
func TestWalkthroughTypoStaleResignDecline(t *testing.T) {
	moves := hexemergoGame(t, 3)
	script := filepath.Join(t.TempDir(), "decline.script")
	os.WriteFile(script, []byte(`send alice@example.test | signup alice apple
reply alice@example.test | OK
send bob@example.test | signup bob banana
reply bob@example.test | OK
send alice@example.test | hlep
reply alice@example.test | unknown command "hlep" (did you mean help?)
send alice@example.test | hexemergoo challenge alice apple alice bob
reply alice@example.test | (did you mean hexemergo?)
send alice@example.test | hexemergo moove 101 alice apple D5
reply alice@example.test | (did you mean
send alice@example.test | hexemergo challenge alice apple alice bob
reply alice@example.test | HexEmergo board 101 started
answer alice@example.test | 1 | `+moves[0]+` | below
reply alice@example.test | OK: alice played
answer bob@example.test | 2 | `+moves[1]+`
reply bob@example.test | OK: bob played
answer alice@example.test | 1 | `+moves[2]+` | below
reply alice@example.test | stale
answer alice@example.test | 3 | resign
reply alice@example.test | OK
await bob@example.test | HexEmergo Board 101 | Game won by bob
await bob@example.test | HexEmergo Board 101 | bob's rating went up from 1600
send alice@example.test | hexemergo challenge alice apple alice bob
reply alice@example.test | HexEmergo board 102 started
send bob@example.test | hexemergo resign 102 bob banana
reply bob@example.test | OK
await alice@example.test | HexEmergo Board 102 removed | has been removed; it is not rated
send alice@example.test | hexemergo history
reply alice@example.test | 101  alice bob
lacks alice@example.test | 102  alice bob
`), 0o644)
	runScript(t, script)
}
