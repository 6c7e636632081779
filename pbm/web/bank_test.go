package web

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine/hexemergo"
	"github.com/pbmgo/pbm/store"
)

// TestBankOnPageAndJSON: a board with a time bank shows every seat's
// bank on its page and in its JSON, as it stood at the last move, with
// when the bank of the seat to move runs out.
func TestBankOnPageAndJSON(t *testing.T) {
	b := played(t, hexemergo.Game{}, 101, []string{"alice", "bob"}, 3, 1)
	start := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	b.Created, b.Log[0].At = start, start.Add(20*time.Hour)
	b.Bank, b.BankAdd, b.BankCap = 36*time.Hour, 12*time.Hour, 48*time.Hour
	_, srv := newSite(t, b)
	code, page := get(t, srv.URL+"/hexemergo/101")
	if code != 200 {
		t.Fatalf("page: %d", code)
	}
	want := "Time banks (1.5 days to start, 0.5 added per move, at most 2): alice 1 days, 04:00; bob 1 days, 12:00 (to move). The bank of bob runs out at Thu 3 Dec 2026 18:00 UTC"
	if !strings.Contains(page, `<p id="bank">`+want) {
		t.Errorf("the page has no banks %q", want)
	}
	_, body := get(t, srv.URL+"/hexemergo/101/json")
	var v BoardJSON
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatal(err)
	}
	k := v.Bank
	if k == nil || k.StartDays != 1.5 || k.AddDays != 0.5 || k.CapDays != 2 || len(k.Seats) != 2 ||
		k.Seats[0].LeftDays != 28.0/24 || k.Seats[1].LeftDays != 1.5 || !k.Seats[1].ToMove || k.RunsOut == nil ||
		!k.RunsOut.Equal(start.Add(56*time.Hour)) {
		t.Errorf("JSON bank %s", body)
	}
}

// TestPlayerPageWaiting: the player page lists the boards where the
// player is to move, the most urgent first.
func TestPlayerPageWaiting(t *testing.T) {
	g := hexemergo.Game{}
	start := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	slow := played(t, g, 101, []string{"alice", "bob"}, 3, 0)
	slow.Created, slow.Updated, slow.ForfeitDays = start, start, 10
	fast := played(t, g, 102, []string{"alice", "carol"}, 4, 0)
	fast.Created, fast.Updated, fast.ForfeitDays = start, start, 3
	other := played(t, g, 103, []string{"bob", "alice"}, 5, 0)
	other.Created, other.Updated, other.ForfeitDays = start, start, 1
	st, srv := newSite(t, slow, fast, other)
	if err := st.Update(func(tx *store.Tx) error { return tx.PutUser(store.User{ID: "alice", Hash: []byte("h")}) }); err != nil {
		t.Fatal(err)
	}
	_, page := get(t, srv.URL+"/player/alice")
	i102, i101 := strings.Index(page, `<a href="/hexemergo/102">HexEmergo 102</a></td><td>carol</td><td>2026-12-04 10:00</td>`), strings.Index(page, `<a href="/hexemergo/101">HexEmergo 101</a></td><td>bob</td>`)
	if !strings.Contains(page, `<table id="waiting">`) || i102 < 0 || i101 < 0 || i102 > i101 {
		t.Errorf("the waiting boards are not listed most urgent first (%d, %d):\n%s", i102, i101, page[strings.Index(page, "<h1>"):])
	}
	if strings.Contains(page, `HexEmergo 103</a></td><td>bob`) {
		t.Error("a board where bob is to move is listed as waiting for alice")
	}
}
