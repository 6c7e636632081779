package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/eko"
	"github.com/pbmgo/pbm/engine/esagek"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// chromium finds Debian's Chromium, or "".
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browserBoard plays plies random legal moves and returns the board
// and, per position 0..len(log), the cells and pieces of its picture.
func browserBoard(t *testing.T, g engine.Game, players int, opts map[string]string, seed uint64, plies int) (store.Board, [][2]int) {
	st, err := g.New(players, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"alice", "bob", "carol", "dave", "erin", "frank"}[:players]
	b := store.Board{Game: g.Name(), Number: 101, Seed: seed, Players: names, Options: opts,
		Created: time.Now(), Updated: time.Now()}
	count := func() [2]int {
		p, ok := pbm.BoardPicture(b, st)
		if !ok {
			t.Fatalf("%s has no picture", g.Name())
		}
		n := 0
		for _, c := range p.Cells {
			n += len(c.Pieces)
		}
		return [2]int{len(p.Cells), n}
	}
	want := [][2]int{count()}
	r := rand.New(rand.NewPCG(seed, 3))
	for i := 0; i < plies && st.ToMove() >= 0; i++ {
		seat, legal := st.ToMove(), st.Legal()
		m, err := st.Play(legal[r.IntN(len(legal))])
		if err != nil {
			t.Fatal(err)
		}
		b.Log = append(b.Log, store.Entry{Seat: seat, Move: m, At: time.Now()})
		want = append(want, count())
	}
	return b, want
}

// TestBrowserBoardPages runs the pbmd binary with its web site and
// loads a board page of each game in headless Chromium: the SVG has
// the cells and pieces of the position, and the move links step
// through the game. A screenshot of each position is saved.
func TestBrowserBoardPages(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the daemon and runs Chromium")
	}
	chrome := chromium()
	if chrome == "" {
		t.Skip("Chromium is not installed (bash .ci/chromium.sh installs it); browser tests skipped")
	}
	type game struct {
		g       engine.Game
		players int
		opts    map[string]string
		plies   int
	}
	const extraBoards = 210
	games := []game{
		{hexemergo.Game{}, 2, nil, 6},
		{esagek.Game{}, 6, map[string]string{"invasion": ""}, 4},
		{hexatri.Game{}, 6, map[string]string{"size": "4"}, 6},
		{eko.Game{}, 4, nil, 5},
	}
	data := filepath.Join(t.TempDir(), "pbm.db")
	st, err := store.Open(store.Config{Path: data})
	if err != nil {
		t.Fatal(err)
	}
	wants := map[string][][2]int{}
	err = st.Update(func(tx *store.Tx) error {
		for _, g := range games {
			b, want := browserBoard(t, g.g, g.players, g.opts, 7, g.plies)
			wants[g.g.Name()] = want
			if err := tx.PutBoard(b); err != nil {
				return err
			}
			if g.g.Name() != "hexemergo" {
				continue
			}
			// More running boards than a page of a list holds.
			for n := 102; n < 102+extraBoards; n++ {
				c := b
				c.Number = n
				if err := tx.PutBoard(c); err != nil {
					return err
				}
			}
		}
		// A round robin of four, half played, on boards of the list.
		return putWinter(tx)
	})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}

	base := startWebDaemon(t, data)
	shots := artefacts(t, "pbm-browser-")
	ctx := headless(t, chrome)

	// look loads a page and reads what the test checks.
	look := func(url string) (cells, pieces int, current string, links []string, shot []byte, err error) {
		if err = chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible("#picture svg")); err != nil {
			return
		}
		if cells, err = chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#picture svg g.cell").length`)); err != nil {
			return
		}
		if pieces, err = chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#picture svg g.piece").length`)); err != nil {
			return
		}
		if current, err = chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector("#moves tr.current td") || {textContent: ""}).textContent`)); err != nil {
			return
		}
		if links, err = chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#moves a.move")).map(a => a.href)`)); err != nil {
			return
		}
		shot, err = chromedp.Run(ctx, chromedp.FullScreenshot(80))
		return
	}
	for _, g := range games {
		name := g.g.Name()
		want := wants[name]
		cells, pieces, _, links, shot, err := look(base + "/" + name + "/101")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		last := want[len(want)-1]
		if cells != last[0] || pieces != last[1] {
			t.Errorf("%s now: %d cells, %d pieces; want %v", name, cells, pieces, last)
		}
		if len(links) != len(want)-1 {
			t.Fatalf("%s: %d move links, want %d", name, len(links), len(want)-1)
		}
		os.WriteFile(filepath.Join(shots, name+".jpg"), shot, 0o644)
		for k, link := range links {
			cells, pieces, current, _, shot, err := look(link)
			if err != nil {
				t.Fatalf("%s move %d: %v", name, k+1, err)
			}
			if w := want[k+1]; cells != w[0] || pieces != w[1] {
				t.Errorf("%s after move %d: %d cells, %d pieces; want %v", name, k+1, cells, pieces, w)
			}
			if current != fmt.Sprint(k+1) {
				t.Errorf("%s after move %d: the move list marks %q", name, k+1, current)
			}
			os.WriteFile(filepath.Join(shots, fmt.Sprintf("%s-%02d.jpg", name, k+1)), shot, 0o644)
		}
	}

	// The player page: ratings, the running boards with their count,
	// a link to all of them.
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/player/alice"), chromedp.WaitVisible("#ratings")); err != nil {
		t.Fatalf("player page: %v", err)
	}
	total := len(games) + extraBoards
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#running tr td:first-child a").length`))
	if err != nil {
		t.Fatal(err)
	}
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
	if err != nil {
		t.Fatal(err)
	}
	if rows != 20 || !strings.Contains(text, fmt.Sprintf("1 to 20 of %d.", total)) || !strings.Contains(text, "1650") {
		t.Errorf("alice's page: %d running boards shown; text:\n%s", rows, text)
	}

	// A paged list: the pager's next link leads to the second page,
	// and the three pages hold every running board of the game.
	numbers := map[string]bool{}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/hexemergo/running"), chromedp.WaitVisible(`a[rel="next"]`)); err != nil {
		t.Fatalf("running list: %v", err)
	}
	for page := 1; ; page++ {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("table tr td:first-child a")).map(a => a.textContent)`))
		if err != nil {
			t.Fatal(err)
		}
		heading, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(".pager").innerText`))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(heading, fmt.Sprintf("Page %d of 3", page)) {
			t.Errorf("list page %d says %q", page, heading)
		}
		for _, n := range got {
			numbers[n] = true
		}
		next, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('a[rel="next"]') || {href: ""}).href`))
		if err != nil {
			t.Fatal(err)
		}
		if next == "" {
			break
		}
		if page == 3 {
			t.Fatal("a fourth page of the list")
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(next), chromedp.WaitVisible(".pager")); err != nil {
			t.Fatalf("to list page %d: %v", page+1, err)
		}
	}
	if len(numbers) != extraBoards+1 {
		t.Errorf("the list's pages hold %d boards, want %d", len(numbers), extraBoards+1)
	}

	// At a phone's 390 px: every board page shows its text board below
	// the picture, and no page is wider than the screen (the text board
	// and the tables scroll inside themselves).
	// A phone's screen: mobile, so that the page's viewport meta
	// decides its layout width.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	phone := []string{base + "/player/alice", base + "/hexemergo/running", base + "/hexemergo/tournament/winter", base + "/hexemergo"}
	for _, g := range games {
		phone = append(phone, base+"/"+g.g.Name()+"/101")
	}
	for _, url := range phone {
		if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("body > nav"))); err != nil {
			t.Fatalf("%s at 390 px: %v", url, err)
		}
		width, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[document.documentElement.scrollWidth, window.innerWidth]`))
		if err != nil {
			t.Fatal(err)
		}
		if len(width) != 2 || width[1] != 390 || width[0] > width[1] {
			t.Errorf("%s at 390 px: page %v wide (scroll width, window)", url, width)
		}
		if strings.HasSuffix(url, "/tournament/winter") {
			rows, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[document.querySelectorAll("#standings tr").length, document.querySelectorAll("#crosstable tr").length, document.querySelectorAll("#crosstable a").length]`))
			if err != nil {
				t.Fatal(err)
			}
			// A header row and four entrants; three finished boards
			// and three running, each linked from both sides.
			if len(rows) != 3 || rows[0] != 5 || rows[1] != 5 || rows[2] != 12+4 {
				t.Errorf("%s: standings, crosstable rows and links %v, want [5 5 16]", url, rows)
			}
		}
		if strings.HasSuffix(url, "/101") {
			board, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector("#picture svg") ? "svg " : "") + (document.querySelector("#picture ~ h2 ~ div.pre > pre#text") || {textContent: ""}).textContent`))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(board, "svg ") || len(strings.TrimSpace(strings.TrimPrefix(board, "svg "))) == 0 {
				t.Errorf("%s at 390 px: no text board below the picture: %q", url, board)
			}
			desc, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector("#picture svg desc") || {textContent: ""}).textContent`))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(desc, "Seat 1: ") {
				t.Errorf("%s: the picture has no description: %q", url, desc)
			}
		}
		shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(80))
		if err == nil {
			name := strings.NewReplacer("/", "-", ":", "").Replace(strings.TrimPrefix(url, base+"/"))
			os.WriteFile(filepath.Join(shots, "phone-"+name+".jpg"), shot, 0o644)
		}
	}
}

// startWebDaemon runs the pbmd binary on its embedded mail servers with
// its web site on a free port and the store at data, and returns the
// site's base URL once it answers: however long a busy machine takes,
// as long as the daemon runs.
func startWebDaemon(t *testing.T, data string) string {
	t.Helper()
	bin := buildDaemon(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	web := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin)
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "PBM_DATA="+data, "PBM_WEB_LISTEN="+web,
		"PBM_EMBEDDED_IMAP=127.0.0.1:0", "PBM_EMBEDDED_SMTP=127.0.0.1:0")
	var logs strings.Builder
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() { cmd.Process.Kill(); <-exited })
	base := "http://" + web
	for {
		r, err := http.Get(base + "/")
		if err == nil {
			r.Body.Close()
			if r.StatusCode == 200 {
				return base
			}
		}
		select {
		case <-exited:
			t.Fatalf("pbmd exited before its web site came up: %v\n%s", err, logs.String())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// artefacts is where a browser test keeps its screenshots:
// $PBM_ARTEFACTS, else a new directory named after prefix.
func artefacts(t *testing.T, prefix string) string {
	t.Helper()
	shots := os.Getenv("PBM_ARTEFACTS")
	if shots == "" {
		var err error
		if shots, err = os.MkdirTemp("", prefix); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("screenshots in %s", shots)
	return shots
}

// headless starts headless Chromium with the flags this machine's
// closed network wants and a window of 900 by 1200, for at most five
// minutes of the test.
func headless(t *testing.T, chrome string) context.Context {
	t.Helper()
	return headlessFor(t, chrome, 5*time.Minute)
}

// headlessFor is headless for at most d of the test.
func headlessFor(t *testing.T, chrome string, d time.Duration) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chrome), chromedp.Flag("headless", true), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.NoFirstRun, chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(900, 1200))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, d)
	t.Cleanup(func() { cancelT(); cancel(); cancelAlloc() })
	return ctx
}

// putWinter stores a round robin of four on HexEmergo boards 102 on,
// half played, and a rating of alice: what the browser tests show of
// tournaments and players.
func putWinter(tx *store.Tx) error {
	tr := tournament.Tournament{Game: "hexemergo", Name: "Winter", Organiser: "alice", Format: tournament.RoundRobin, Seats: 2,
		Options: map[string]string{"-nag": "1", "-forfeit": "7"}}
	for _, id := range []string{"alice", "bob", "carol", "dave"} {
		if err := tr.Join(id, 1600); err != nil {
			return err
		}
	}
	if err := tr.Start(); err != nil {
		return err
	}
	for i, ri := range tr.Pending() {
		tr.SetBoard(ri[0], ri[1], 102+i)
		if i%2 == 0 {
			if err := tr.Record(102+i, []float64{1, 0}); err != nil {
				return err
			}
		}
	}
	doc, err := json.Marshal(tr)
	if err != nil {
		return err
	}
	if err := tx.PutTournament("hexemergo", tr.Name, doc); err != nil {
		return err
	}
	return tx.PutRating("hexemergo", store.Rating{User: "alice", Rating: 1650, Games: 3, Won: 2, Lost: 1})
}
