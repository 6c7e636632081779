package board

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// Bank is a board's time bank, a capped Fischer clock: each seat
// starts with Start of thinking time, spends it while it is to move
// (not on its vacations nor its days off), gets Add after each of its
// moves, and holds at most Cap. A seat whose bank runs out forfeits.
type Bank struct {
	Start, Add, Cap time.Duration
}

// MaxBankDays bounds every day count of a bank.
const MaxBankDays = 365

// ParseDays reads a number of days, fractional allowed ("0.5", "2"),
// as the options --total, --add and --cap give it: more than zero (or
// zero when zero is allowed) and at most MaxBankDays, to the minute.
func ParseDays(s string, zero bool) (time.Duration, bool) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(f) || f < 0 || f > MaxBankDays || (f == 0 && !zero) {
		return 0, false
	}
	d := time.Duration(math.Round(f*float64(Day)/float64(time.Minute))) * time.Minute
	if d == 0 && !zero {
		return 0, false
	}
	return d, true
}

// DaysText writes a duration as days, as the options give them: "2",
// "0.5", "1.25" (to two places).
func DaysText(d time.Duration) string {
	return strconv.FormatFloat(math.Round(float64(d)/float64(Day)*100)/100, 'f', -1, 64)
}

// BankError is a challenge's bank options that do not fit together;
// Msg says why in the reader's language.
type BankError struct{ Msg lang.Msg }

func (e *BankError) Error() string { return lang.English().Render(e.Msg) }

// bankOptions reads a challenge's "-total", "-add" and "-cap" into b,
// each checked when the challenge was read (ParseDays): --add and
// --cap need --total, and the cap is at least the starting bank. The
// cap defaults to the starting bank.
func bankOptions(b *store.Board, opts map[string]string) error {
	total, hasTotal := opts["-total"]
	add, hasAdd := opts["-add"]
	capv, hasCap := opts["-cap"]
	if !hasTotal {
		if hasAdd || hasCap {
			return &BankError{lang.M("BankNeedsTotal")}
		}
		return nil
	}
	start, ok1 := ParseDays(total, false)
	inc, ok2 := ParseDays(add, true)
	top, ok3 := ParseDays(capv, false)
	if !ok1 || (hasAdd && !ok2) || (hasCap && !ok3) {
		return &BankError{lang.M("BankBadDays")}
	}
	if !hasCap {
		top = start
	}
	if top < start {
		return &BankError{lang.M("BankCapBelow", "Cap", DaysText(top), "Total", DaysText(start))}
	}
	b.Bank, b.BankAdd, b.BankCap = start, inc, top
	if whole := start / Day; start%Day == 0 {
		b.TotalDays = int(whole)
	}
	return nil
}

// BankOf is the bank of b; ok is false when it has none. A board
// stored before banks were kept has its --total days as the starting
// bank and cap, with nothing added.
func BankOf(b store.Board) (Bank, bool) {
	if b.Bank > 0 {
		top := b.BankCap
		if top < b.Bank {
			top = b.Bank
		}
		return Bank{Start: b.Bank, Add: b.BankAdd, Cap: top}, true
	}
	if b.TotalDays > 0 {
		d := time.Duration(b.TotalDays) * Day
		return Bank{Start: d, Cap: d}, true
	}
	return Bank{}, false
}

// Spent is the clock time from from to to that counts against a
// player: the time not on vacation nor on one of its days off.
func Spent(u store.User, from, to time.Time) time.Duration {
	if !to.After(from) {
		return 0
	}
	return max(to.Sub(from)-stoppedIn(u, from, to), 0)
}

// Left is what a seat has in its bank at now: the starting bank, less
// the time counted against the seat before each of its moves, plus the
// increment after each (never above the cap), less, while the seat is
// to move (toMove), the time since the last entry. u is the seat's
// account.
func (k Bank) Left(b store.Board, u store.User, seat, toMove int, now time.Time) time.Duration {
	left := k.Start
	prev := b.Created
	for _, e := range b.Log {
		if e.Seat == seat && e.Kind == "" {
			left -= Spent(u, prev, e.At)
			left = min(left+k.Add, k.Cap)
		}
		prev = e.At
	}
	if !b.Over && seat == toMove {
		left -= Spent(u, prev, now)
	}
	return left
}

// BankLine is one seat's bank for a board mail or page.
type BankLine struct {
	Seat   int
	Player string
	Left   time.Duration
	ToMove bool
}

// Banks are the banks of every seat of b at now, the seat to move's
// running; users are the seats' accounts (a missing one counts no
// vacation). ok is false when b has no bank.
func Banks(b store.Board, users map[string]store.User, toMove int, now time.Time) ([]BankLine, bool) {
	k, ok := BankOf(b)
	if !ok {
		return nil, false
	}
	out := make([]BankLine, len(b.Players))
	for i, p := range b.Players {
		u := users[strings.ToLower(p)]
		out[i] = BankLine{Seat: i, Player: p, Left: k.Left(b, u, i, toMove, now), ToMove: i == toMove && !b.Over}
	}
	return out, true
}

// CheckBank checks a challenge's bank options together (--add and
// --cap need --total; the cap is at least the starting bank), as
// New does, for options kept for boards started later (a seek, a
// tournament).
func CheckBank(opts map[string]string) error {
	var b store.Board
	return bankOptions(&b, opts)
}
