// Package guard keeps one mail from holding back the intake of the
// server: the mark of what is in hand and the deaths of the daemon
// charged to a mail (a file beside the store), the bound of a mail's
// time, the records of mail set aside, and exactly-once handling (the
// processed records, their window and their expiry).
//
// It knows mail as read (pbm/mail) and the store. It knows nothing of
// games, commands, accounts or the core, and writes no mail: it
// returns what it recorded, and the core tells the people concerned.
package guard

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"sync"
	"time"
)

// The guard: no single mail holds the intake for longer than a bound,
// and no mail that kills the daemon holds it back for good.
//
// A bbolt write transaction cannot be abandoned from outside, so the
// bound is kept three ways:
//
//   - a cooperative deadline: the context Mark.Guard returns expires
//     after the bound, and the core looks at it between commands; a
//     mail past it rolls back and is set aside like an engine panic,
//     and the next mail is handled;
//   - hard bounds on what a mail produces, which the core keeps: at
//     most so many commands, and each mail's text cut;
//   - the mark (the attempt file, next to the store): what is in hand
//     is written there before it is worked on and taken out after.
//     A mail that never reaches a command boundary is reported
//     through the onHang of Mark.Guard once it has taken HangFactor
//     times the bound; the mark notes the hang, and the daemon exits
//     (a supervisor restarts it), which is safe at any point.
//
// The mark holds what is in hand: one mail, or a whole batch of a
// group commit (every id written before the mails are read for the
// transaction), or the replay of a set-aside mail. At the next start,
// Mark.Load reads what the dead process had in hand:
//
//   - one mail alone: the death is charged to it (a hang weighs
//     HangWeight deaths); a mail with more than MaxDeaths deaths is
//     set aside instead of handled again: three hangs, or eleven
//     deaths without a known cause (a Go fatal error, the OOM killer);
//   - a batch (or several mails at once, LMTP deliveries in flight
//     together): nobody is charged, and every one of them becomes a
//     suspect. A batch that holds a suspect or a mail with deaths
//     (Mark.Marked) is not group-committed: its mails are handed over
//     one at a time, so that the one that kills the daemon is alone
//     in hand at the next death and only it is charged. An honest
//     mail of the batch is handled alone, finishes, and its suspicion
//     ends;
//   - a set-aside mail being replayed: the replay died; the set-aside
//     record says so (Start) and the admins are told again.
//
// The charges are turned into counts and written back at once, so a
// kill during a start, before anything is in hand, charges nobody
// again. A mail's count ends when the mail finishes (committed or set
// aside), whatever other mail was handled meanwhile: the count is the
// run of attempts at that very mail that all died. The mark is written
// without fsync (a temporary file renamed into place, so that a death
// never leaves half of it): it must outlive the process, not the
// machine; a mark lost with the machine loses counts, never mail.
//
// Why outside kills do not set an honest mail aside: a kill is charged
// only when the mail is alone in hand, which is a short part of the
// daemon's life (a batch in hand charges nobody, nor a start, nor the
// time between mails); the count needs eleven such deaths in a row
// with no attempt of that mail finishing in between; a mail with
// deaths is taken in hand only after a wait that grows with its count
// (Mark.Settle: DeathWait per death, at most MaxDeathWait), so that
// kills that come soon after each start, as a supervisor's or an
// operator's loop does, fall in the wait, and a kill must land in the
// mail's own short handling again and again while the wait grows (the
// kill test of cmd/pbmd saw seven deaths in a row on one honest mail
// in forty kills before the wait; a killer dies anyway, and only waits
// about half a minute longer to be set aside); and even then the mail
// is not lost: it is kept whole in the store (SetAside), replayed once
// by itself at a later start of the daemon, where an honest mail is
// answered as if it had never been set aside, and an admin can replay
// it. A mail that dies again when replayed is set aside again and
// reported again.
const (
	// HangFactor times the bound of a mail is when a mail that has
	// not finished is reported as hanging.
	HangFactor = 4
	// HangWeight is the deaths a hang counts.
	HangWeight = 4
	// MaxDeaths is the most deaths a mail may have and still be
	// handled.
	MaxDeaths    = 10
	DeathWait    = 500 * time.Millisecond
	MaxDeathWait = 5 * time.Second
	// MaxMarked bounds the counts and suspects the mark keeps (mails
	// deleted from the mailbox by hand would otherwise stay in it):
	// four batches of 64.
	MaxMarked = 4 * 64
)

// Mark is the mark: what is in hand, the deaths charged to mails, the
// suspects. It lives in memory and is written to its file at each
// change. A Mark without a file keeps nothing (every method is then a
// no-op), as does a nil one.
type Mark struct {
	mu    sync.Mutex
	path  string
	log   *slog.Logger
	next  uint64
	state markState
}

type markState struct {
	Hand     []holding `json:"hand,omitempty"`
	Deaths   []Count   `json:"deaths,omitempty"`
	Suspects []string  `json:"suspects,omitempty"`
	// Died are the set-aside mails (by number) whose replay died,
	// until the store records it.
	Died []Count `json:"died,omitempty"`
}

// holding is one thing in hand: one mail, a batch, or a replay.
type holding struct {
	Token uint64   `json:"token"`
	IDs   []string `json:"ids"`
	Retry uint64   `json:"retry,omitempty"`
	Hung  bool     `json:"hung,omitempty"`
}

// Count is the deaths (N, a hang weighing HangWeight) charged to a
// mail (ID) or to the replay of a set-aside mail (Seq).
type Count struct {
	ID  string `json:"id,omitempty"`
	Seq uint64 `json:"seq,omitempty"`
	N   int    `json:"n"`
}

// NewMark returns the mark kept in the file at path; it logs to log.
// Load reads what the process before left there.
func NewMark(path string, log *slog.Logger) *Mark {
	if log == nil {
		log = slog.Default()
	}
	return &Mark{path: path, log: log}
}

func (a *Mark) off() bool { return a == nil || a.path == "" }

// Load reads the mark the process before left, turns what it had in
// hand into charges, writes the mark back and logs what it found. An
// unreadable mark is logged and dropped (it loses counts, never mail).
func (a *Mark) Load() {
	if a.off() {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	charged, weight, suspects, retry, err := a.load()
	if err != nil {
		a.log.Warn("the mark of the mails in hand is unreadable; dropped", "error", err)
	}
	switch {
	case charged != "":
		a.log.Warn("the daemon died or hung with one mail in hand; charged to it", "id", charged,
			"weight", weight, "deaths", a.deaths(charged), "set_aside_past", MaxDeaths)
	case retry != 0:
		a.log.Warn("the daemon died or hung while replaying a set-aside mail", "set_aside", retry)
	case suspects > 0:
		a.log.Warn("the daemon died or hung with several mails in hand; they are handled one at a time", "mails", suspects)
	}
}

// load is Load with mu held: the mail charged with a death (or ""),
// the weight of the death, the new suspects, the set-aside mail whose
// replay died (or 0).
func (a *Mark) load() (charged string, weight, suspects int, retry uint64, err error) {
	b, err := os.ReadFile(a.path)
	if errors.Is(err, os.ErrNotExist) {
		return "", 0, 0, 0, nil
	}
	var st markState
	if err == nil {
		err = json.Unmarshal(b, &st)
	}
	if err != nil {
		os.Remove(a.path)
		return "", 0, 0, 0, fmt.Errorf("guard: mark %s: %w", a.path, err)
	}
	hand := st.Hand
	st.Hand = nil
	a.state = st
	switch {
	case len(hand) == 1 && len(hand[0].IDs) == 1:
		h := hand[0]
		weight = 1
		if h.Hung {
			weight = HangWeight
		}
		if h.Retry != 0 {
			retry = h.Retry
			a.state.Died = append(a.state.Died, Count{Seq: h.Retry, N: weight})
		} else {
			charged = h.IDs[0]
			a.add(h.IDs[0], weight)
		}
	default:
		for _, h := range hand {
			for _, id := range h.IDs {
				if !slices.Contains(a.state.Suspects, id) {
					a.state.Suspects = append(a.state.Suspects, id)
					suspects++
				}
			}
		}
		if n := len(a.state.Suspects); n > MaxMarked {
			a.state.Suspects = a.state.Suspects[n-MaxMarked:]
		}
	}
	return charged, weight, suspects, retry, a.save()
}

// add charges n deaths to id.
func (a *Mark) add(id string, n int) {
	for i := range a.state.Deaths {
		if a.state.Deaths[i].ID == id {
			a.state.Deaths[i].N += n
			return
		}
	}
	a.state.Deaths = append(a.state.Deaths, Count{ID: id, N: n})
	if k := len(a.state.Deaths); k > MaxMarked {
		a.state.Deaths = a.state.Deaths[k-MaxMarked:]
	}
}

func (a *Mark) deaths(id string) int {
	for _, d := range a.state.Deaths {
		if d.ID == id {
			return d.N
		}
	}
	return 0
}

// Deaths is the count of deaths charged to mail id.
func (a *Mark) Deaths(id string) int {
	if a.off() {
		return 0
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.deaths(id)
}

// Hold marks ids as in hand (retry: the set-aside mail being replayed)
// and returns the holding's token and, for one mail, its deaths so
// far plus one: the count of this attempt.
func (a *Mark) Hold(ids []string, retry uint64) (uint64, int) {
	if a.off() {
		return 0, 1
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.next++
	a.state.Hand = append(a.state.Hand, holding{Token: a.next, IDs: ids, Retry: retry})
	tries := 1
	if len(ids) == 1 {
		tries += a.deaths(ids[0])
	}
	a.save()
	return a.next, tries
}

// Hung notes that the holding hangs: the daemon is about to exit.
func (a *Mark) Hung(token uint64) {
	if a.off() {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for i := range a.state.Hand {
		if a.state.Hand[i].Token == token {
			a.state.Hand[i].Hung = true
		}
	}
	a.save()
}

// Release takes the holding out of hand. done says its mails are
// finished (committed, or set aside): their counts and suspicion end.
func (a *Mark) Release(token uint64, done bool) {
	if a.off() {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	i := slices.IndexFunc(a.state.Hand, func(h holding) bool { return h.Token == token })
	if i < 0 {
		return
	}
	h := a.state.Hand[i]
	a.state.Hand = slices.Delete(a.state.Hand, i, i+1)
	if done {
		a.state.Deaths = slices.DeleteFunc(a.state.Deaths, func(c Count) bool { return slices.Contains(h.IDs, c.ID) })
		a.state.Suspects = slices.DeleteFunc(a.state.Suspects, func(id string) bool { return slices.Contains(h.IDs, id) })
	}
	a.save()
}

// Forget ends the count and suspicion of id: it was set aside.
func (a *Mark) Forget(id string) {
	if a.off() {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.state.Deaths = slices.DeleteFunc(a.state.Deaths, func(c Count) bool { return c.ID == id })
	a.state.Suspects = slices.DeleteFunc(a.state.Suspects, func(s string) bool { return s == id })
	a.save()
}

// Marked reports whether any of ids is a suspect or has deaths: such
// mails are handed over one at a time.
func (a *Mark) Marked(ids []string) bool {
	if a.off() {
		return false
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, id := range ids {
		if slices.Contains(a.state.Suspects, id) || a.deaths(id) > 0 {
			return true
		}
	}
	return false
}

// Died returns the set-aside mails whose replay died, with the weight
// of the death; Recorded forgets them once the store has them.
func (a *Mark) Died() []Count {
	if a == nil {
		return nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.state.Died)
}

// Recorded forgets the death of the replay of set-aside mail seq: the
// store has it.
func (a *Mark) Recorded(seq uint64) {
	if a.off() {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.state.Died = slices.DeleteFunc(a.state.Died, func(c Count) bool { return c.Seq == seq })
	a.save()
}

// save writes the mark, or removes the file when the mark is empty.
// Called with mu held. A mark that cannot be written loses counts,
// never mail; the next write tries again.
func (a *Mark) save() error {
	st := a.state
	if len(st.Hand) == 0 && len(st.Deaths) == 0 && len(st.Suspects) == 0 && len(st.Died) == 0 {
		if err := os.Remove(a.path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("guard: mark: %w", err)
		}
		return nil
	}
	b, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("guard: mark: %w", err)
	}
	tmp := a.path + ".new"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return fmt.Errorf("guard: mark: %w", err)
	}
	if err := os.Rename(tmp, a.path); err != nil {
		return fmt.Errorf("guard: mark: %w", err)
	}
	return nil
}

// Settle waits before a mail with deaths is taken in hand (see the
// reasoning above), or until ctx ends; a mail past MaxDeaths is set
// aside at once, without a wait.
func (a *Mark) Settle(ctx context.Context, id string) {
	n := a.Deaths(id)
	if n == 0 || n > MaxDeaths {
		return
	}
	wait := min(time.Duration(n)*DeathWait, MaxDeathWait)
	a.log.Info("a mail the daemon died with waits before it is handled again", "id", id, "deaths", n, "wait", wait)
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// Guard starts the guard of what is in hand (ids, retry as for Hold):
// the mark, the deadline of its context (bound) and the hang report
// (onHang, called with the first id after HangFactor times bound once
// the mark notes the hang; nil for none). It returns the count of this
// attempt (see Hold) and the release, which ends all three; done says
// the mails are finished.
func (a *Mark) Guard(ctx context.Context, ids []string, retry uint64, bound time.Duration, onHang func(id string)) (context.Context, int, func(done bool)) {
	token, tries := a.Hold(ids, retry)
	ctx, cancel := context.WithTimeout(ctx, bound)
	var hang *time.Timer
	if onHang != nil {
		id := ids[0]
		hang = time.AfterFunc(HangFactor*bound, func() {
			log := slog.Default()
			if a != nil {
				log = a.log
			}
			log.Error("mail hangs past its bound", "id", id, "mails", len(ids), "bound", HangFactor*bound)
			a.Hung(token)
			onHang(id)
		})
	}
	return ctx, tries, func(done bool) {
		if hang != nil {
			hang.Stop()
		}
		cancel()
		a.Release(token, done)
	}
}

// Poisoned tells why a mail is set aside before it is handled: the
// daemon died or hung with it alone in hand more than MaxDeaths times
// (n is the count of this attempt, see Hold); nil when it is not.
func Poisoned(n int) error {
	if n-1 <= MaxDeaths {
		return nil
	}
	return &PoisonError{Deaths: n - 1}
}

// PoisonError is why a mail that killed the daemon is set aside.
type PoisonError struct{ Deaths int }

func (e *PoisonError) Error() string {
	return fmt.Sprintf("the daemon died or hung while handling this mail (count %d, a hang counts %d)", e.Deaths, HangWeight)
}
