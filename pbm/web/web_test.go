package web

import (
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/eko"
	"github.com/pbmgo/pbm/engine/esagek"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

var registry = engine.NewRegistry(hexemergo.Game{}, esagek.Game{}, hexatri.Game{}, eko.Game{})

const hostile = `<script>alert(1)</script>"><img src=x onerror=alert(2)>`

// played is a board of g with plies random legal moves.
func played(t testing.TB, g engine.Game, n int, players []string, seed uint64, plies int) store.Board {
	st, err := g.New(len(players), nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	b := store.Board{Game: g.Name(), Number: n, Seed: seed, Players: players, Created: time.Unix(0, 0)}
	r := rand.New(rand.NewPCG(seed, 1))
	for i := 0; i < plies && st.ToMove() >= 0; i++ {
		legal := st.Legal()
		seat := st.ToMove()
		m, err := st.Play(legal[r.IntN(len(legal))])
		if err != nil {
			t.Fatal(err)
		}
		b.Log = append(b.Log, store.Entry{Seat: seat, Move: m})
	}
	if st.ToMove() < 0 {
		b.Over, b.Outcome = true, st.Result().Reason
	}
	return b
}

func newSite(t testing.TB, boards ...store.Board) (*store.Store, *httptest.Server) {
	st := storetest.Open(t)
	if err := st.Update(func(tx *store.Tx) error {
		for _, b := range boards {
			if err := tx.PutBoard(b); err != nil {
				return err
			}
		}
		return tx.PutUser(store.User{ID: hostile, Addresses: []string{"secret-address@example.test"}, Hash: []byte("hash")})
	}); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(New(st, registry, Options{Address: "pbm@games.example.org", Name: "Test games"}))
	t.Cleanup(srv.Close)
	return st, srv
}

func get(t testing.TB, url string) (int, string) {
	t.Helper()
	r, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	return r.StatusCode, string(b)
}

// Every page shows a hostile userid as text, and no mail address.
func TestPagesEscape(t *testing.T) {
	players := []string{hostile, "bob"}
	_, srv := newSite(t,
		played(t, hexemergo.Game{}, 101, players, 1, 6),
		played(t, esagek.Game{}, 101, players, 2, 4),
		played(t, hexatri.Game{}, 101, players, 3, 10),
		played(t, eko.Game{}, 101, players, 4, 8))
	var paths = []string{"/"}
	for _, g := range registry.Games() {
		n := g.Name()
		paths = append(paths, "/"+n, "/"+n+"/help", "/"+n+"/standings", "/"+n+"/101", "/"+n+"/101?move=1", "/"+n+"/101/svg")
	}
	for _, p := range paths {
		code, body := get(t, srv.URL+p)
		if code != 200 {
			t.Errorf("%s: status %d: %s", p, code, body)
			continue
		}
		for _, bad := range []string{"<script", "<img", "onerror=alert(2)>", "secret-address", "example.test"} {
			if strings.Contains(body, bad) {
				t.Errorf("%s holds %q", p, bad)
			}
		}
		if strings.Contains(p, "101") && !strings.Contains(body, "&lt;script&gt;") {
			t.Errorf("%s does not show the userid as text", p)
		}
	}
}

// A board page has the picture's cells and pieces, the command to
// move, and links to the position after each move.
func TestBoardPage(t *testing.T) {
	b := played(t, hexemergo.Game{}, 101, []string{"alice", "bob"}, 1, 6)
	_, srv := newSite(t, b)
	_, body := get(t, srv.URL+"/hexemergo/101")
	if n := strings.Count(body, `<g class="cell"`); n != 37 {
		t.Errorf("%d cells, want 37", n)
	}
	if n := strings.Count(body, `<g class="piece"`); n != 6 {
		t.Errorf("%d pieces after 6 entering moves, want 6", n)
	}
	want := fmt.Sprintf("hexemergo move 101 alice &lt;password&gt; &lt;move&gt;#7")
	if !strings.Contains(body, want) {
		t.Errorf("no command %q", want)
	}
	for k := 0; k <= 6; k++ {
		_, page := get(t, fmt.Sprintf("%s/hexemergo/101?move=%d", srv.URL, k))
		if n := strings.Count(page, `<g class="piece"`); n != k && k < 6 {
			t.Errorf("after move %d: %d pieces", k, n)
		}
	}
	if code, _ := get(t, srv.URL+"/hexemergo/999"); code != 404 {
		t.Errorf("missing board: status %d", code)
	}
	if code, _ := get(t, srv.URL+"/chess/1"); code != 404 {
		t.Errorf("unknown game: status %d", code)
	}
}

// BenchmarkBoardPage serves one board page with 10,000 boards stored.
func BenchmarkBoardPage(b *testing.B) {
	g := hexemergo.Game{}
	tmpl := played(b, g, 0, []string{"alice", "bob"}, 1, 20)
	var boards []store.Board
	for i := 1; i <= 10000; i++ {
		bb := tmpl
		bb.Number = 100 + i
		boards = append(boards, bb)
	}
	_, srv := newSite(b, boards...)
	url := srv.URL + "/hexemergo/5000"
	for b.Loop() {
		r, err := http.Get(url)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, r.Body)
		r.Body.Close()
		if r.StatusCode != 200 {
			b.Fatal(r.Status)
		}
	}
}
