package web

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/engine/hexemergo"
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
