package pbm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pbmgo/pbm/pbm/mail"

	"github.com/pbmgo/pbm/pbm/killpoint"
)

// The guard: no single mail holds the intake for longer than a bound,
// and no mail that kills the daemon holds it back for good.
//
// A bbolt write transaction cannot be abandoned from outside, so the
// bound is kept three ways:
//
//   - a cooperative deadline: the context of a mail expires after
//     Config.MailTimeout, and the core looks at it between commands;
//     a mail past it rolls back and is set aside like an engine panic
//     (recordBroken), and the next mail is handled;
//   - hard bounds on what a mail produces: at most MaxCommands
//     commands, and each mail's text cut at maxMailText bytes;
//   - the mark (the attempt file, next to the store): what is in hand
//     is written there before it is worked on and taken out after.
//     A mail that never reaches a command boundary is reported
//     through Config.OnHang once it has taken hangFactor times the
//     bound; the mark notes the hang, and the daemon exits (a
//     supervisor restarts it), which is safe at any point.
//
// The mark holds what is in hand: one mail (Handle), or a whole batch
// of a group commit (HandleBatch, every id written before the mails
// are read for the transaction), or the replay of a set-aside mail.
// At the next start, New reads what the dead process had in hand:
//
//   - one mail alone: the death is charged to it (a hang weighs
//     hangWeight deaths); a mail with more than maxDeaths deaths is
//     set aside instead of handled again: three hangs, or eleven
//     deaths without a known cause (a Go fatal error, the OOM killer);
//   - a batch (or several mails at once, LMTP deliveries in flight
//     together): nobody is charged, and every one of them becomes a
//     suspect. A batch that holds a suspect or a mail with deaths is
//     not group-committed: its mails are handed over one at a time,
//     so that the one that kills the daemon is alone in hand at the
//     next death and only it is charged. An honest mail of the batch
//     is handled alone, finishes, and its suspicion ends;
//   - a set-aside mail being replayed: the replay died; the set-aside
//     record says so and the admins are told again (setaside.go).
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
// (settle: deathWait per death, at most maxDeathWait), so that kills
// that come soon after each start, as a supervisor's or an operator's
// loop does, fall in the wait, and a kill must land in the mail's own
// short handling again and again while the wait grows (the kill test
// of cmd/pbmd saw seven deaths in a row on one honest mail in forty
// kills before the wait; a killer dies anyway, and only waits about
// half a minute longer to be set aside); and even then the mail is
// not lost: it is kept whole in the store (store/setaside.go),
// replayed once by itself at a later start of the daemon, where an
// honest mail is answered as if it had never been set aside, and an
// admin can replay it with "admin ... retry <id>". A mail that dies
// again when replayed is set aside again and reported again.
const (
	defaultMailTimeout = 30 * time.Second
	hangFactor         = 4
	hangWeight         = 4
	maxDeaths          = 10
	maxMailText        = 512 << 10
	deathWait          = 500 * time.Millisecond
	maxDeathWait       = 5 * time.Second
	// maxMarked bounds the counts and suspects the mark keeps (mails
	// deleted from the mailbox by hand would otherwise stay in it).
	maxMarked = 4 * MaxBatch
)

// testHang, set only by tests, runs at each command of a mail with the
// mail's context: it makes one mail hang.
var testHang func(ctx context.Context, m *mail.Message)

// attempts is the mark: what is in hand, the deaths charged to mails,
// the suspects. It lives in memory and is written to the attempt file
// at each change.
type attempts struct {
	mu    sync.Mutex
	path  string
	next  uint64
	state markState
}

type markState struct {
	Hand     []holding `json:"hand,omitempty"`
	Deaths   []count   `json:"deaths,omitempty"`
	Suspects []string  `json:"suspects,omitempty"`
	// Died are the set-aside mails (by number) whose replay died,
	// until the store records it.
	Died []count `json:"died,omitempty"`
}

// holding is one thing in hand: one mail, a batch, or a replay.
type holding struct {
	Token uint64   `json:"token"`
	IDs   []string `json:"ids"`
	Retry uint64   `json:"retry,omitempty"`
	Hung  bool     `json:"hung,omitempty"`
}

type count struct {
	ID  string `json:"id,omitempty"`
	Seq uint64 `json:"seq,omitempty"`
	N   int    `json:"n"`
}

// found is what load read of the process before.
type found struct {
	charged  string // the mail charged with a death, or ""
	weight   int
	suspects int
	retry    uint64 // the set-aside mail whose replay died, or 0
}

// load reads the mark the process before left, turns what it had in
// hand into charges and writes the mark back. An unreadable mark is
// an error and is dropped (it loses counts, never mail).
func (a *attempts) load() (found, error) {
	var f found
	if a == nil || a.path == "" {
		return f, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	b, err := os.ReadFile(a.path)
	if errors.Is(err, os.ErrNotExist) {
		return f, nil
	}
	var st markState
	if err == nil {
		err = json.Unmarshal(b, &st)
	}
	if err != nil {
		os.Remove(a.path)
		return f, fmt.Errorf("guard: mark %s: %w", a.path, err)
	}
	hand := st.Hand
	st.Hand = nil
	a.state = st
	switch {
	case len(hand) == 1 && len(hand[0].IDs) == 1:
		h := hand[0]
		f.weight = 1
		if h.Hung {
			f.weight = hangWeight
		}
		if h.Retry != 0 {
			f.retry = h.Retry
			a.state.Died = append(a.state.Died, count{Seq: h.Retry, N: f.weight})
		} else {
			f.charged = h.IDs[0]
			a.add(h.IDs[0], f.weight)
		}
	default:
		for _, h := range hand {
			for _, id := range h.IDs {
				if !slices.Contains(a.state.Suspects, id) {
					a.state.Suspects = append(a.state.Suspects, id)
					f.suspects++
				}
			}
		}
		if n := len(a.state.Suspects); n > maxMarked {
			a.state.Suspects = a.state.Suspects[n-maxMarked:]
		}
	}
	return f, a.save()
}

// add charges n deaths to id.
func (a *attempts) add(id string, n int) {
	for i := range a.state.Deaths {
		if a.state.Deaths[i].ID == id {
			a.state.Deaths[i].N += n
			return
		}
	}
	a.state.Deaths = append(a.state.Deaths, count{ID: id, N: n})
	if k := len(a.state.Deaths); k > maxMarked {
		a.state.Deaths = a.state.Deaths[k-maxMarked:]
	}
}

func (a *attempts) deaths(id string) int {
	for _, d := range a.state.Deaths {
		if d.ID == id {
			return d.N
		}
	}
	return 0
}

// hold marks ids as in hand (retry: the set-aside mail being replayed)
// and returns the holding's token and, for one mail, its deaths so
// far plus one: the count of this attempt.
func (a *attempts) hold(ids []string, retry uint64) (uint64, int) {
	if a == nil || a.path == "" {
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

// hung notes that the holding hangs: the daemon is about to exit.
func (a *attempts) hung(token uint64) {
	if a == nil || a.path == "" {
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

// release takes the holding out of hand. done says its mails are
// finished (committed, or set aside): their counts and suspicion end.
func (a *attempts) release(token uint64, done bool) {
	if a == nil || a.path == "" {
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
		a.state.Deaths = slices.DeleteFunc(a.state.Deaths, func(c count) bool { return slices.Contains(h.IDs, c.ID) })
		a.state.Suspects = slices.DeleteFunc(a.state.Suspects, func(id string) bool { return slices.Contains(h.IDs, id) })
	}
	a.save()
}

// forget ends the count and suspicion of id: it was set aside.
func (a *attempts) forget(id string) {
	if a == nil || a.path == "" {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.state.Deaths = slices.DeleteFunc(a.state.Deaths, func(c count) bool { return c.ID == id })
	a.state.Suspects = slices.DeleteFunc(a.state.Suspects, func(s string) bool { return s == id })
	a.save()
}

// marked reports whether any of ids is a suspect or has deaths: such
// mails are handed over one at a time.
func (a *attempts) marked(ids []string) bool {
	if a == nil || a.path == "" {
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

// died returns the set-aside mails whose replay died, with the weight
// of the death; recorded forgets them once the store has them.
func (a *attempts) died() []count {
	if a == nil {
		return nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.state.Died)
}

func (a *attempts) recorded(seq uint64) {
	if a == nil || a.path == "" {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.state.Died = slices.DeleteFunc(a.state.Died, func(c count) bool { return c.Seq == seq })
	a.save()
}

// save writes the mark, or removes the file when the mark is empty.
// Called with mu held. A mark that cannot be written loses counts,
// never mail; the next write tries again.
func (a *attempts) save() error {
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

// loadMark reads the mark of the process before and logs what it
// found.
func (s *Server) loadMark() {
	f, err := s.tries.load()
	if err != nil {
		s.log.Warn("the mark of the mails in hand is unreadable; dropped", "error", err)
	}
	switch {
	case f.charged != "":
		s.log.Warn("the daemon died or hung with one mail in hand; charged to it", "id", f.charged,
			"weight", f.weight, "deaths", s.tries.deaths(f.charged), "set_aside_past", maxDeaths)
	case f.retry != 0:
		s.log.Warn("the daemon died or hung while replaying a set-aside mail", "set_aside", f.retry)
	case f.suspects > 0:
		s.log.Warn("the daemon died or hung with several mails in hand; they are handled one at a time", "mails", f.suspects)
	}
}

// settle waits before a mail with deaths is taken in hand (see the
// reasoning above); a mail past maxDeaths is set aside at once.
func (s *Server) settle(ctx context.Context, id string) {
	s.tries.mu.Lock()
	n := s.tries.deaths(id)
	s.tries.mu.Unlock()
	if n == 0 || n > maxDeaths {
		return
	}
	wait := min(time.Duration(n)*deathWait, maxDeathWait)
	s.log.Info("a mail the daemon died with waits before it is handled again", "id", id, "deaths", n, "wait", wait)
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// hold starts the guard of what is in hand: the mark, the deadline of
// its context and the hang report. It returns the count of this
// attempt (for one mail; see attempts.hold) and the release, which
// ends all three; done says the mails are finished.
func (s *Server) hold(ctx context.Context, ids []string, retry uint64) (context.Context, int, func(done bool)) {
	token, tries := s.tries.hold(ids, retry)
	ctx, cancel := context.WithTimeout(ctx, s.cfg.MailTimeout)
	var hang *time.Timer
	if s.cfg.OnHang != nil {
		id := ids[0]
		hang = time.AfterFunc(hangFactor*s.cfg.MailTimeout, func() {
			s.log.Error("mail hangs past its bound", "id", id, "mails", len(ids), "bound", hangFactor*s.cfg.MailTimeout)
			s.tries.hung(token)
			s.cfg.OnHang(id)
		})
	}
	return ctx, tries, func(done bool) {
		if hang != nil {
			hang.Stop()
		}
		cancel()
		s.tries.release(token, done)
	}
}

// poisoned tells why a mail is set aside before it is handled: the
// daemon died or hung with it alone in hand more than maxDeaths times
// (n is the count of this attempt, see attempts.hold).
func (s *Server) poisoned(n int) error {
	if n-1 <= maxDeaths {
		return nil
	}
	return broken(&poisonError{deaths: n - 1})
}

// poisonError is why a mail that killed the daemon is set aside.
type poisonError struct{ deaths int }

func (e *poisonError) Error() string {
	return fmt.Sprintf("the daemon died or hung while handling this mail (count %d, a hang counts %d)", e.deaths, hangWeight)
}

// checkDeadline is called between the commands of a mail.
func (r *run) checkDeadline() error {
	if r.ctx == nil {
		return nil
	}
	if testHang != nil {
		testHang(r.ctx, r.msg)
	}
	killpoint.Mail(r.msg.Subject)
	switch err := r.ctx.Err(); {
	case errors.Is(err, context.DeadlineExceeded):
		return broken(fmt.Errorf("the mail took longer than %v", r.s.cfg.MailTimeout))
	case err != nil:
		// The daemon stops: the mail is rolled back and offered again
		// at the next start, as if it had not come yet; it is not the
		// mail's fault.
		return fmt.Errorf("the mail was not finished: %w", err)
	}
	return nil
}

// boundText cuts the text of an outgoing mail at maxMailText bytes.
func boundText(text string) string {
	if len(text) <= maxMailText {
		return text
	}
	cut := strings.LastIndexByte(text[:maxMailText], '\n')
	if cut < 0 {
		cut = maxMailText
	}
	return strings.ToValidUTF8(text[:cut], "") + fmt.Sprintf("\n\n[The rest of this mail, %d bytes, was cut:\nit is longer than %d bytes. Send fewer commands at once.]\n", len(text)-cut, maxMailText)
}
