package main

// pbmd bench: the whole-path benchmark. It starts the embedded mail
// servers (pbm/localmail) in this process and the daemon as a child
// process of the same binary, signs up players, starts boards of two
// games, then sends a stream of legal move mails over SMTP, first with
// passwords and then by reply address, and reads every reply over
// IMAP. The same mails are then run one process per mail against a
// copy of the store as it was before the stream, the way pbmserv runs.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-smtp"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/daemon"
	"github.com/pbmgo/pbm/pbm/localmail"
	"github.com/pbmgo/pbm/pbm/player"
	"github.com/pbmgo/pbm/store"
)

// benchConfig is what the bench flags say.
type benchConfig struct {
	mails      int           // move mails per mode
	boards     int           // boards, half of each game
	senders    int           // SMTP connections sending at once
	rate       float64       // mails per second; 0: as fast as SMTP takes them
	perProcess int           // mails per mode run one process per mail
	profile    string        // CPU profile of the daemon
	harness    string        // CPU profile of this process (mail servers, senders, readers)
	keep       bool          // keep the data directory
	timeout    time.Duration // no progress for this long fails the run
	daemon     string        // another pbmd binary to run as the daemon
	pictures   bool          // board mails with a picture (the players' default)
	floor      bool          // also run the password mails through the relay (runRelay)
	text       bool          // with pictures, also run the reply mails with pictures off, side by side
}

func runBench(args []string, games *engine.Registry) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	var bc benchConfig
	fs.IntVar(&bc.mails, "n", 2000, "move mails per mode (password, reply)")
	fs.IntVar(&bc.boards, "boards", 100, "boards, half HexEmergo and half Esagek")
	fs.IntVar(&bc.senders, "senders", 8, "SMTP connections sending at once")
	fs.Float64Var(&bc.rate, "rate", 0, "mails per second in all; 0 sends at full speed")
	fs.IntVar(&bc.perProcess, "per-process", 50, "mails per mode run one process per mail; 0 skips")
	fs.StringVar(&bc.profile, "cpuprofile", "", "write the daemon's CPU profile here")
	fs.StringVar(&bc.harness, "harnessprofile", "", "write the CPU profile of the bench's own process (mail servers, senders, readers) here")
	fs.BoolVar(&bc.keep, "keep", false, "keep the data directory and print its path")
	fs.DurationVar(&bc.timeout, "timeout", 2*time.Minute, "fail when no reply arrives for this long")
	fs.StringVar(&bc.daemon, "daemon", "", "run this pbmd binary as the daemon (an older build, say) instead of this one")
	fs.BoolVar(&bc.pictures, "pictures", true, "board mails carry a picture of the board; false turns it off for every player (pictures <userid> <password> off)")
	fs.BoolVar(&bc.floor, "floor", true, "also send the password mails to a relay that does only the daemon's mail work (IMAP in, two board-sized mails out by SMTP): the floor of the mail path on this machine")
	fs.BoolVar(&bc.text, "text", true, "with pictures on, also run the reply mails again after every player turns pictures off, in the same run and daemon: a move mail with its picture beside the same mail with a text board")
	handle := fs.String("handle", "", "internal: handle the one mail in this file and deliver its replies")
	relay := fs.Bool("relay", false, "internal: run as the floor's relay")
	relaySize := fs.Int("relay-size", relayBody, "internal: the size in bytes of the relay's answers")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *relay {
		return runRelay(*relaySize)
	}
	if *handle != "" {
		return handleOne(*handle, games)
	}
	if err := checkBench(bc); err != nil {
		return err
	}
	return bench(bc, games)
}

// handleOne is one process of the process-per-mail run: configuration
// from the PBM_* environment.
func handleOne(path string, games *engine.Registry) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	cfg, err := loadConfig("pbm.yaml", false)
	if err != nil {
		return err
	}
	cfg.Games = games
	cfg.Logger = slog.New(slog.DiscardHandler)
	return daemon.HandleOnce(context.Background(), cfg, raw)
}

// benchMail is one move mail of the stream: the k-th move of a board,
// with the password or to the mover's reply address. A reply's text is
// written when it is sent, since its address is the one of the board
// mail that showed the position before the move.
type benchMail struct {
	board   int // index in the bench's boards
	k       int // the move's index in the board's game
	byReply bool
	from    *benchPlayer
	id      string
	raw     []byte
	rcpt    string
}

type benchPlayer struct {
	name, addr string
}

type benchBoard struct {
	game    string
	number  int
	players []*benchPlayer
	seats   []int    // the seat to move before each move
	moves   []string // a legal game, as long as the engine lets it be
}

func bench(bc benchConfig, games *engine.Registry) error {
	bin, err := os.Executable()
	if err != nil {
		return err
	}
	daemonBin := bin
	if bc.daemon != "" {
		daemonBin = bc.daemon
	}
	dir, err := os.MkdirTemp("", "pbmd-bench-")
	if err != nil {
		return err
	}
	if bc.keep {
		fmt.Println("data directory:", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	quiet := slog.New(slog.DiscardHandler)
	lm, err := localmail.Start(localmail.Config{IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0",
		ServerAddress: "pbm@localhost", Logger: quiet})
	if err != nil {
		return err
	}
	defer lm.Close()
	data := filepath.Join(dir, "pbm.db")
	env := benchEnv(lm, data)

	// Set-up: players and boards, by mail, through a first run of the
	// daemon.
	nplayers := max(2, min(bc.boards, 20))
	players := make([]*benchPlayer, nplayers)
	for i := range players {
		players[i] = &benchPlayer{name: fmt.Sprintf("p%d", i), addr: fmt.Sprintf("p%d@players.test", i)}
	}
	boards := make([]*benchBoard, bc.boards)
	gameNames := []string{"hexemergo", "esagek"}
	for i := range boards {
		a, b := players[i%nplayers], players[(i+1+i/nplayers)%nplayers]
		if a == b {
			b = players[(i+1)%nplayers]
		}
		boards[i] = &benchBoard{game: gameNames[i%2], players: []*benchPlayer{a, b}}
	}
	fmt.Printf("load: %s", loadavg())
	fmt.Printf("set-up: %d players, %d boards (%s); daemon %s\n", len(players), len(boards), strings.Join(gameNames, ", "), daemonBin)
	logf, err := os.Create(filepath.Join(dir, "pbmd.log"))
	if err != nil {
		return err
	}
	defer logf.Close()
	d, err := startBenchDaemon(daemonBin, env, logf, "", nil)
	if err != nil {
		return err
	}
	setupErr := benchSetup(lm, players, boards, bc.pictures)
	bc.text = bc.text && bc.pictures
	d.stop()
	if setupErr != nil {
		return setupErr
	}

	// Every board's game, from its seed in the store; then a copy of
	// the store for the process-per-mail run.
	// The streams, in the order they run: the text mode's replies
	// follow the reply mode's on the same daemon, the floor comes last.
	order := []int{0, 1}
	if bc.text {
		order = append(order, textMode)
	}
	if bc.floor {
		order = append(order, floorMode)
		if bc.text {
			order = append(order, floorPictureMode)
		}
	}
	if err := planGames(data, games, boards, bc.mails*len(order)/len(boards)+2); err != nil {
		return err
	}
	copyPath := filepath.Join(dir, "copy.db")
	if err := copyFile(data, copyPath); err != nil {
		return err
	}
	next := make([]int, len(boards))
	var stream [floorPictureMode + 1][]benchMail
	for _, mode := range order {
		prefix := ""
		switch mode {
		case floorMode:
			prefix = "floor."
		case floorPictureMode:
			prefix = "floorpic."
		case textMode:
			prefix = "text."
		}
		if stream[mode], err = planMails(boards, next, bc.mails, mode == 1 || mode == textMode, prefix); err != nil {
			return err
		}
	}

	// The daemon run. The readers read every mail from the first,
	// so they know the reply addresses of the set-up's board mails.
	rd, err := startReaders(lm, players)
	if err != nil {
		return err
	}
	defer rd.close()
	d, err = startBenchDaemon(daemonBin, env, logf, bc.profile, nil)
	if err != nil {
		return err
	}
	defer d.stop()
	var results [floorPictureMode + 1]benchResult
	stopProfile := func() {}
	if bc.harness != "" {
		if stopProfile, err = startProfile(bc.harness); err != nil {
			return err
		}
	}
	for mode, name := range []string{"password", "reply"} {
		r, err := runStream(d, rd, lm, boards, stream[mode], bc)
		if err != nil {
			stopProfile()
			return fmt.Errorf("bench %s: %w", name, err)
		}
		results[mode] = r
	}
	if bc.text {
		// The same daemon and boards, every player's pictures off.
		if err := benchPictures(lm, players, false); err != nil {
			stopProfile()
			return fmt.Errorf("bench text: %w", err)
		}
		r, err := runStream(d, rd, lm, boards, stream[textMode], bc)
		if err != nil {
			stopProfile()
			return fmt.Errorf("bench text: %w", err)
		}
		results[textMode] = r
	}
	stopProfile()
	if n := rd.refusals(); n > 0 {
		return fmt.Errorf("bench: %d moves were refused; see %s", n, filepath.Join(dir, "pbmd.log"))
	}
	d.stop()

	// The floor: the password mails again, answered by the relay with
	// mails the size of the daemon's text board mails (those of the
	// text mode, or of the reply mode with pictures off); with the text
	// mode, once more with mails the size of the reply mode's, which
	// carry the picture.
	var sizes [floorPictureMode + 1]int64
	sizes[floorMode] = relayBody
	switch {
	case bc.text:
		sizes[floorMode] = rd.meanSize(stream[textMode])
		sizes[floorPictureMode] = rd.meanSize(stream[1])
	case !bc.pictures:
		sizes[floorMode] = rd.meanSize(stream[1])
	}
	for _, mode := range order {
		if mode != floorMode && mode != floorPictureMode {
			continue
		}
		relay, err := startBenchDaemon(bin, env, logf, "", []string{"bench", "-relay", "-relay-size", strconv.FormatInt(sizes[mode], 10)})
		if err != nil {
			return err
		}
		r, err := runStream(relay, rd, lm, boards, stream[mode], bc)
		relay.stop()
		if err != nil {
			return fmt.Errorf("bench floor: %w", err)
		}
		results[mode] = r
	}

	// The same mails, one process per mail, on the store as it was:
	// the first of the password mails, then as many replies with the
	// moves that follow them on each board.
	var once [2]benchResult
	if bc.perProcess > 0 {
		penv := benchEnv(lm, copyPath)
		pnext := make([]int, len(boards))
		for mode := range 2 {
			ms, err := planMails(boards, pnext, min(bc.perProcess, bc.mails), mode == 1, "once.")
			if err != nil {
				return err
			}
			r, err := runPerProcess(bin, penv, dir, rd, boards, ms, bc.timeout)
			if err != nil {
				return fmt.Errorf("bench per process: %w", err)
			}
			once[mode] = r
		}
		if n := rd.refusals(); n > 0 {
			return fmt.Errorf("bench per process: %d moves were refused", n)
		}
	}

	fmt.Printf("\n%-9s %7s %10s %10s %10s %12s %14s %14s %8s\n", "mode", "mails", "mails/s", "p50", "p99", "cpu/mail", "harness/mail", "per-process/s", "ratio")
	for mode, name := range []string{"password", "reply"} {
		results[mode].print(name, once[mode])
	}
	if bc.text {
		results[textMode].print("text", benchResult{})
		fmt.Printf("text: the reply mails with a text board only, on the same daemon; a reply mail with its picture costs %.2fx its cpu/mail\n",
			float64(results[1].cpu)/float64(max(results[textMode].cpu, 1)))
	}
	if bc.floor {
		results[floorMode].print("floor", benchResult{})
		if bc.text {
			results[floorPictureMode].print("floor-pic", benchResult{})
		}
		fmt.Printf("floor: the password mails answered by a relay with only the daemon's mail work, in mails of %d bytes as the text board mails; its cpu/mail is the relay's\n", sizes[floorMode])
		if bc.text {
			extra := results[floorPictureMode].cpu - results[floorMode].cpu
			fmt.Printf("floor-pic: the same in mails of %d bytes as the picture mails: carrying a picture's bytes alone costs the mail path %s per mail, %.0f%% of a text board reply's cpu/mail in the daemon\n",
				sizes[floorPictureMode], extra.Round(time.Microsecond*10), 100*float64(extra)/float64(max(results[textMode].cpu, 1)))
		}
	}
	if bc.perProcess > 0 {
		for mode, name := range []string{"password", "reply"} {
			o := once[mode]
			fmt.Printf("per-process %s: %d mails, cpu/mail %s (whole process), p50 %s\n", name, o.mails, o.cpu.Round(time.Microsecond*10), o.p50.Round(time.Millisecond))
		}
	}
	return nil
}

// planMails lays out n move mails round the boards, from each board's
// next move on, and advances next.
func planMails(boards []*benchBoard, next []int, n int, byReply bool, prefix string) ([]benchMail, error) {
	var ms []benchMail
	for len(ms) < n {
		added := false
		for i, b := range boards {
			if len(ms) == n || next[i] >= len(b.moves) {
				continue
			}
			k := next[i]
			ms = append(ms, benchMail{board: i, k: k, byReply: byReply, from: b.players[b.seats[k]],
				id: fmt.Sprintf("%sb%d.m%d.%d@players.test", prefix, i, k, time.Now().UnixNano())})
			next[i]++
			added = true
		}
		if !added {
			return nil, fmt.Errorf("bench: the boards' games ran out after %d mails; use more -boards", len(ms))
		}
	}
	return ms, nil
}

func benchEnv(lm *localmail.Server, data string) []string {
	imapHost, imapPort, _ := strings.Cut(lm.IMAPAddr(), ":")
	smtpHost, smtpPort, _ := strings.Cut(lm.SMTPAddr(), ":")
	return append(os.Environ(),
		// The bench's daemon serves no web site: it would contend
		// for web.listen with a daemon already running.
		"PBM_WEB_LISTEN=",
		"PBM_DATA="+data,
		"PBM_SERVER_ADDRESS=pbm@localhost",
		"PBM_IMAP_HOST="+imapHost, "PBM_IMAP_PORT="+imapPort, "PBM_IMAP_TLS=none",
		"PBM_IMAP_USERNAME=pbm@localhost", "PBM_IMAP_PASSWORD="+localmail.DefaultPassword,
		"PBM_IMAP_POLL=1s",
		"PBM_SMTP_HOST="+smtpHost, "PBM_SMTP_PORT="+smtpPort, "PBM_SMTP_TLS=none",
		"PBM_SMTP_POLL=1s",
		"PBM_RATELIMIT=1000000000",
	)
}

// benchDaemon is the daemon as a child process.
type benchDaemon struct {
	cmd  *exec.Cmd
	once sync.Once
}

func startBenchDaemon(bin string, env []string, logf *os.File, profile string, args []string) (*benchDaemon, error) {
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	if profile != "" {
		cmd.Env = append(cmd.Env, "PBM_CPUPROFILE="+profile)
	}
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.Dir = filepath.Dir(logf.Name())
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &benchDaemon{cmd: cmd}, nil
}

// cpu is the daemon's CPU time so far, user and system, from
// /proc/<pid>/stat (proc(5): fields 14 and 15, in clock ticks).
func (d *benchDaemon) cpu() time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", d.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * (time.Second / 100) // USER_HZ is 100 on Linux
}

func (d *benchDaemon) stop() {
	d.once.Do(func() {
		d.cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { d.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			d.cmd.Process.Kill()
			<-done
		}
	})
}

// benchSetup signs the players up and starts the boards, waiting for
// each answer.
func benchSetup(lm *localmail.Server, players []*benchPlayer, boards []*benchBoard, pictures bool) error {
	pl := func(p *benchPlayer) *player.Player {
		return &player.Player{Address: p.addr, Server: "pbm@localhost", SMTP: lm.SMTPAddr(), IMAP: lm.IMAPAddr(), Password: localmail.DefaultPassword}
	}
	var ids []string
	for _, p := range players {
		id, err := pl(p).Send(fmt.Sprintf("signup %s pw-%s", p.name, p.name), "")
		if err != nil {
			return err
		}
		ids = append(ids, id)
	}
	for i, p := range players {
		r, err := pl(p).Reply(ids[i], 5*time.Minute)
		if err != nil {
			return fmt.Errorf("signup %s: %w", p.name, err)
		}
		if !strings.Contains(r.Text, "Welcome") {
			return fmt.Errorf("signup %s: %s", p.name, r.Text)
		}
	}
	if !pictures {
		if err := benchPictures(lm, players, false); err != nil {
			return err
		}
	}
	number := map[string]int{}
	for _, b := range boards {
		a, o := b.players[0], b.players[1]
		id, err := pl(a).Send(fmt.Sprintf("%s challenge %s pw-%s %s %s", b.game, a.name, a.name, a.name, o.name), "")
		if err != nil {
			return err
		}
		r, err := pl(a).Reply(id, 5*time.Minute)
		if err != nil {
			return fmt.Errorf("challenge: %w", err)
		}
		if strings.Contains(r.Text, "Refused") {
			return fmt.Errorf("challenge: %s", r.Text)
		}
		if number[b.game] == 0 {
			number[b.game] = 101
		}
		b.number = number[b.game]
		number[b.game]++
	}
	return nil
}

// benchPictures turns every player's pictures on or off by mail and
// waits for each answer.
func benchPictures(lm *localmail.Server, players []*benchPlayer, on bool) error {
	word := map[bool]string{true: "on", false: "off"}[on]
	for _, p := range players {
		pl := &player.Player{Address: p.addr, Server: "pbm@localhost", SMTP: lm.SMTPAddr(), IMAP: lm.IMAPAddr(), Password: localmail.DefaultPassword}
		id, err := pl.Send(fmt.Sprintf("pictures %s pw-%s %s", p.name, p.name, word), "")
		if err != nil {
			return fmt.Errorf("pictures %s %s: %w", p.name, word, err)
		}
		if r, err := pl.Reply(id, 5*time.Minute); err != nil {
			return fmt.Errorf("pictures %s %s: %w", p.name, word, err)
		} else if strings.Contains(strings.ToLower(r.Subject), "error") {
			return fmt.Errorf("pictures %s %s: %s", p.name, word, r.Subject)
		}
	}
	return nil
}

// planGames reads each board's seed and plays a game of up to n moves
// on it, choosing among the legal moves at random (seeded).
func planGames(data string, games *engine.Registry, boards []*benchBoard, n int) error {
	st, err := store.Open(store.Config{Path: data})
	if err != nil {
		return err
	}
	defer st.Close()
	rng := rand.New(rand.NewPCG(15, 1000))
	return st.View(func(tx *store.Tx) error {
		for _, b := range boards {
			sb, err := tx.Board(b.game, b.number)
			if err != nil {
				return fmt.Errorf("board %s %d: %w", b.game, b.number, err)
			}
			g, _ := games.Lookup(b.game)
			state, err := g.New(len(sb.Players), sb.Options, sb.Seed)
			if err != nil {
				return err
			}
			for len(b.moves) < n && state.ToMove() >= 0 {
				legal := state.Legal()
				if len(legal) == 0 {
					break
				}
				seat := state.ToMove()
				mv, err := state.Play(legal[rng.IntN(len(legal))])
				if err != nil {
					return err
				}
				b.seats = append(b.seats, seat)
				b.moves = append(b.moves, mv)
			}
		}
		return nil
	})
}

// write writes the mail: with the password, or to the mover's reply
// address for the board as it stands before the move, which the
// readers found in a board mail; false when no such mail was read yet.
func (m *benchMail) write(b *benchBoard, rd *readers) bool {
	if m.raw != nil {
		return true
	}
	p := m.from
	var to, body string
	if m.byReply {
		if to = rd.replyAddress(p.addr, b.game, b.number, m.k); to == "" {
			return false
		}
		body = b.moves[m.k] + "\r\n"
	} else {
		to, body = "pbm@localhost", fmt.Sprintf("%s move %d %s pw-%s %s\r\n", b.game, b.number, p.name, p.name, b.moves[m.k])
	}
	m.rcpt = to
	m.raw = fmt.Appendf(nil, "From: %s\r\nTo: %s\r\nSubject: move\r\nMessage-ID: <%s>\r\nDate: %s\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
		p.addr, to, m.id, time.Now().Format(time.RFC1123Z), body)
	return true
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o600)
}

// readers watch every player's INBOX over IMAP (IDLE, RFC 2177) and
// note when the answer to each mail arrives.
type readers struct {
	mu      sync.Mutex
	sent    map[string]time.Time // Message-ID: when it was sent
	got     map[string]time.Time // Message-ID: when its answer was read
	refused int                  // answers that refused the move
	// addrs holds the reply addresses read in board mails, by owner,
	// board and the moves the mail showed (-1 for the older form
	// without them).
	addrs map[addrKey]string
	// waiting holds the mails await waits for that have no answer
	// yet.
	waiting map[string]bool
	// size holds, by Message-ID, the size of its answer (RFC 9051,
	// 7.5.2: RFC822.SIZE): what the floor's relay answers with.
	size    map[string]int64
	changed chan struct{}
	clients []*imapclient.Client
	wg      sync.WaitGroup
	stop    chan struct{}
}

func startReaders(lm *localmail.Server, players []*benchPlayer) (*readers, error) {
	rd := &readers{sent: map[string]time.Time{}, got: map[string]time.Time{}, size: map[string]int64{}, addrs: map[addrKey]string{}, changed: make(chan struct{}, 1), stop: make(chan struct{})}
	for _, p := range players {
		wake := make(chan struct{}, 1)
		c, err := imapclient.DialInsecure(lm.IMAPAddr(), &imapclient.Options{
			UnilateralDataHandler: &imapclient.UnilateralDataHandler{
				Mailbox: func(d *imapclient.UnilateralDataMailbox) {
					if d.NumMessages != nil {
						select {
						case wake <- struct{}{}:
						default:
						}
					}
				},
			},
		})
		if err != nil {
			rd.close()
			return nil, err
		}
		rd.clients = append(rd.clients, c)
		if err := c.Login(p.addr, localmail.DefaultPassword).Wait(); err != nil {
			rd.close()
			return nil, err
		}
		if _, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
			rd.close()
			return nil, err
		}
		rd.wg.Add(1)
		go rd.read(c, p.addr, wake)
	}
	return rd, nil
}

func (rd *readers) read(c *imapclient.Client, owner string, wake chan struct{}) {
	defer rd.wg.Done()
	var last imap.UID
	section := &imap.FetchItemBodySection{Specifier: imap.PartSpecifierHeader, HeaderFields: []string{"In-Reply-To", "Subject", "Reply-To"}, Peek: true}
	for {
		var set imap.UIDSet
		set.AddRange(last+1, 0)
		msgs, err := c.Fetch(set, &imap.FetchOptions{UID: true, RFC822Size: true, BodySection: []*imap.FetchItemBodySection{section}}).Collect()
		if err != nil {
			return
		}
		now := time.Now()
		rd.mu.Lock()
		for _, m := range msgs {
			if m.UID <= last {
				continue
			}
			last = max(last, m.UID)
			h, err := mail.ReadMessage(bufio.NewReader(bytes.NewReader(append(m.FindBodySection(section), "\r\n"...))))
			if err != nil {
				continue
			}
			if a, err := mail.ParseAddress(h.Header.Get("Reply-To")); err == nil && strings.HasPrefix(a.Address, "pbm+") {
				// pbm+<game>.<board>.<n>.<token>, or the older
				// pbm+<game>.<board>.<token>.
				local, _, _ := strings.Cut(strings.TrimPrefix(a.Address, "pbm+"), "@")
				parts := strings.Split(local, ".")
				k := addrKey{owner: owner, n: -1}
				if len(parts) == 3 || len(parts) == 4 {
					k.game = parts[0]
					k.board, _ = strconv.Atoi(parts[1])
				}
				if len(parts) == 4 {
					k.n, _ = strconv.Atoi(parts[2])
				}
				if k.game != "" {
					rd.addrs[k] = a.Address
				}
			}
			id := strings.Trim(strings.TrimSpace(h.Header.Get("In-Reply-To")), "<>")
			if _, ok := rd.sent[id]; ok {
				if _, dup := rd.got[id]; !dup {
					rd.got[id] = now
					rd.size[id] = m.RFC822Size
					delete(rd.waiting, id)
					subject := strings.ToLower(strings.TrimSpace(h.Header.Get("Subject")))
					if strings.HasSuffix(subject, "error") || strings.Contains(subject, "refused") {
						rd.refused++
					}
				}
			}
		}
		rd.mu.Unlock()
		select {
		case rd.changed <- struct{}{}:
		default:
		}
		idle, err := c.Idle()
		if err != nil {
			return
		}
		select {
		case <-wake:
		case <-rd.stop:
			idle.Close()
			return
		case <-time.After(time.Second):
		}
		if idle.Close() != nil || idle.Wait() != nil {
			return
		}
	}
}

func (rd *readers) close() {
	select {
	case <-rd.stop:
	default:
		close(rd.stop)
	}
	for _, c := range rd.clients {
		c.Close()
	}
	rd.wg.Wait()
}

// replyAddress is the reply address a board mail gave owner for a
// board after n moves, or "".
func (rd *readers) replyAddress(owner, game string, board, n int) string {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	if a := rd.addrs[addrKey{owner, game, board, n}]; a != "" {
		return a
	}
	return rd.addrs[addrKey{owner, game, board, -1}]
}

// addrKey finds a reply address: its owner, the board and the moves
// the board mail showed.
type addrKey struct {
	owner, game string
	board, n    int
}

func (rd *readers) refusals() int {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	return rd.refused
}

// await waits until every mail of ids has its answer; it fails when
// none arrives for timeout.
func (rd *readers) await(ids []string, timeout time.Duration) error {
	rd.mu.Lock()
	rd.waiting = map[string]bool{}
	for _, id := range ids {
		if _, ok := rd.got[id]; !ok {
			rd.waiting[id] = true
		}
	}
	rd.mu.Unlock()
	progress, seen := time.Now(), -1
	for {
		rd.mu.Lock()
		n := len(ids) - len(rd.waiting)
		rd.mu.Unlock()
		if n == len(ids) {
			return nil
		}
		if n != seen {
			seen, progress = n, time.Now()
		}
		if time.Since(progress) > timeout {
			return fmt.Errorf("%d of %d mails answered, none more for %s", n, len(ids), timeout)
		}
		select {
		case <-rd.changed:
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// floorMode is the index of the floor's stream and result, after the
// password (0) and reply (1) modes.
const floorMode = 2

// textMode is the index of the text mode's stream and result: the
// reply mails again with every player's pictures off.
const textMode = 3

// floorPictureMode is the index of the floor's second stream and
// result, its answers the size of the mails with a picture.
const floorPictureMode = 4

// meanSize is the mean size of the answers read to ms, at least the
// relay's default.
func (rd *readers) meanSize(ms []benchMail) int64 {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	var sum, n int64
	for _, m := range ms {
		if v, ok := rd.size[m.id]; ok {
			sum, n = sum+v, n+1
		}
	}
	if n == 0 {
		return relayBody
	}
	return max(sum/n, relayBody)
}

type benchResult struct {
	mails    int
	rate     float64
	p50, p99 time.Duration
	cpu      time.Duration // per mail
	harness  time.Duration // per mail: this process (the mail servers, senders and readers)
}

// print writes r as a row of the table, with its ratio to o, the same
// mails one process per mail (none when o is zero).
func (r benchResult) print(name string, o benchResult) {
	perProcess, ratio := "-", "-"
	if o.rate > 0 {
		perProcess, ratio = fmt.Sprintf("%.1f", o.rate), fmt.Sprintf("%.1fx", r.rate/o.rate)
	}
	fmt.Printf("%-9s %7d %10.1f %10s %10s %12s %14s %14s %8s\n", name, r.mails, r.rate,
		r.p50.Round(time.Microsecond*100), r.p99.Round(time.Microsecond*100), r.cpu.Round(time.Microsecond*10), r.harness.Round(time.Microsecond*10), perProcess, ratio)
}

func (rd *readers) result(ms []benchMail, start, end time.Time, cpu time.Duration) benchResult {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	var lat []time.Duration
	for _, m := range ms {
		lat = append(lat, rd.got[m.id].Sub(rd.sent[m.id]))
	}
	slices.Sort(lat)
	r := benchResult{mails: len(ms), rate: float64(len(ms)) / end.Sub(start).Seconds(), cpu: cpu / time.Duration(len(ms))}
	r.p50 = lat[len(lat)/2]
	r.p99 = lat[min(len(lat)-1, len(lat)*99/100)]
	return r
}

func (rd *readers) markSent(id string) {
	rd.mu.Lock()
	rd.sent[id] = time.Now()
	rd.mu.Unlock()
}

// pacer spaces sends rate a second in all; a zero pacer does not wait.
type pacer struct {
	mu       sync.Mutex
	interval time.Duration
	next     time.Time
}

func (p *pacer) wait() {
	if p.interval == 0 {
		return
	}
	p.mu.Lock()
	now := time.Now()
	if p.next.Before(now) {
		p.next = now
	}
	at := p.next
	p.next = p.next.Add(p.interval)
	p.mu.Unlock()
	time.Sleep(time.Until(at))
}

// runStream sends the mails over several SMTP connections, each
// carrying the mails of its boards in order, and waits for every
// answer. A mail with a password goes at once; a reply goes as soon
// as the board mail of the position before it has been read, as a
// player answers it: the replies keep every board busy.
func runStream(d *benchDaemon, rd *readers, lm *localmail.Server, boards []*benchBoard, ms []benchMail, bc benchConfig) (benchResult, error) {
	cpu0, self0 := d.cpu(), selfCPU()
	start := time.Now()
	pace := &pacer{}
	if bc.rate > 0 {
		pace.interval = time.Duration(float64(time.Second) / bc.rate)
	}
	queues := make([]chan *benchMail, bc.senders)
	for s := range queues {
		queues[s] = make(chan *benchMail, len(ms))
	}
	errs := make(chan error, bc.senders+1)
	var wg sync.WaitGroup
	for s := range bc.senders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := smtp.Dial(lm.SMTPAddr())
			if err != nil {
				errs <- err
				return
			}
			defer c.Close()
			for m := range queues[s] {
				pace.wait()
				rd.markSent(m.id)
				if err := c.SendMail(m.from.addr, []string{m.rcpt}, bytes.NewReader(m.raw)); err != nil {
					errs <- err
					return
				}
			}
			c.Quit()
		}()
	}
	// The dispatcher hands each board's mails to its connection in
	// order, each once it can be written.
	pending := make([][]*benchMail, len(boards))
	for i := range ms {
		pending[ms[i].board] = append(pending[ms[i].board], &ms[i])
	}
	left, progress := len(ms), time.Now()
	for left > 0 {
		moved := false
		for i, q := range pending {
			for len(q) > 0 && q[0].write(boards[i], rd) {
				queues[i%bc.senders] <- q[0]
				q = q[1:]
				left--
				moved = true
			}
			pending[i] = q
		}
		if moved {
			progress = time.Now()
		} else if time.Since(progress) > bc.timeout {
			errs <- fmt.Errorf("%d mails still wait for the board mail of the position before them after %s", left, bc.timeout)
			break
		}
		if left > 0 {
			select {
			case <-rd.changed:
			case <-time.After(100 * time.Millisecond):
			}
		}
	}
	for _, q := range queues {
		close(q)
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return benchResult{}, err
	}
	ids := make([]string, len(ms))
	for i, m := range ms {
		ids[i] = m.id
	}
	if err := rd.await(ids, bc.timeout); err != nil {
		return benchResult{}, err
	}
	rd.mu.Lock()
	last := start
	for _, id := range ids {
		if rd.got[id].After(last) {
			last = rd.got[id]
		}
	}
	rd.mu.Unlock()
	r := rd.result(ms, start, last, d.cpu()-cpu0)
	r.harness = (selfCPU() - self0) / time.Duration(len(ms))
	return r, nil
}

// loadavg is the first line of /proc/loadavg: others' work on the
// machine changes the figures.
func loadavg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	return string(b)
}

// selfCPU is this process's CPU time so far, user and system.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// runPerProcess hands each mail to its own process, in order, and
// waits for its answer before the next (the process delivers it).
func runPerProcess(bin string, env []string, dir string, rd *readers, boards []*benchBoard, ms []benchMail, timeout time.Duration) (benchResult, error) {
	var cpu time.Duration
	start := time.Now()
	for i := range ms {
		m := &ms[i]
		for waited := time.Now(); !m.write(boards[m.board], rd); {
			if time.Since(waited) > timeout {
				return benchResult{}, fmt.Errorf("mail %d: no board mail of the position before it after %s", i, timeout)
			}
			select {
			case <-rd.changed:
			case <-time.After(100 * time.Millisecond):
			}
		}
		path := filepath.Join(dir, "mail.eml")
		if err := os.WriteFile(path, m.raw, 0o600); err != nil {
			return benchResult{}, err
		}
		rd.markSent(m.id)
		cmd := exec.Command(bin, "bench", "-handle", path)
		cmd.Env = env
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			return benchResult{}, fmt.Errorf("mail %d: %w: %s", i, err, out)
		}
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			cpu += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
		if err := rd.await([]string{m.id}, timeout); err != nil {
			return benchResult{}, err
		}
	}
	if len(ms) == 0 {
		return benchResult{}, errors.New("no mails")
	}
	end := time.Now()
	return rd.result(ms, start, end, cpu), nil
}

// startProfile writes a CPU profile of the daemon to path until the
// returned function is called (PBM_CPUPROFILE, for the bench).
func startProfile(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}
