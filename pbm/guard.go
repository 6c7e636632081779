package pbm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/killpoint"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/store"
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
//     record says so and the admins are told again (setAside).
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
func poisoned(n int) error {
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

// boundText cuts the text of an outgoing mail at maxMailText bytes,
// and says so in the reader's language (p).
func boundText(p lang.Printer, text string) string {
	if len(text) <= maxMailText {
		return text
	}
	cut := strings.LastIndexByte(text[:maxMailText], '\n')
	if cut < 0 {
		cut = maxMailText
	}
	return strings.ToValidUTF8(text[:cut], "") + "\n\n" + p.T("MailCut", "Bytes", len(text)-cut, "Max", maxMailText) + "\n"
}

// Set-aside mail: a mail the core gave up on (a panic, the deadline,
// or the guard's count of deaths, see guard.go) is kept whole in the
// store with why and how often, its sender and the admins are told,
// and it is replayed alone: once at a later start of the daemon
// (StartUp), and whenever an admin asks ("admin ... retry <id>"). A
// replay that is handled removes the mail from the set-aside ones; one
// that fails again sets it aside again and tells the admins again.

// metaStarts is the store's count of the daemon's starts.
const metaStarts = "daemon.starts"

// setAside records m (its processed record under key) as set aside
// for why, or adds to its record when it is already there.
func (s *Server) setAside(tx *store.Tx, m *mail.Message, key store.Digest, raw []byte, why string, deaths int) (store.SetAside, error) {
	rec, err := tx.SetAsideByKey(key)
	if errors.Is(err, store.ErrNotFound) {
		rec = store.SetAside{MessageID: m.ID, Key: key, From: m.From, Subject: s.Masked(m.Subject), Raw: raw}
	} else if err != nil {
		return rec, err
	}
	rec.Reason, rec.Deaths, rec.At, rec.Start = why, deaths, s.now(), s.start
	rec.Failures++
	if rec.Seq, err = tx.PutSetAside(rec); err != nil {
		return rec, err
	}
	return rec, nil
}

// reportSetAside tells the admins what became of a set-aside mail.
func (s *Server) reportSetAside(tx *store.Tx, rec store.SetAside, what lang.Msg) error {
	// The reason is the server's own, in English, as in the log.
	ms := []lang.Msg{
		lang.M("GuardSetAsideHead", "Number", rec.Seq, "From", rec.From, "ID", rec.MessageID, "Subject", fmt.Sprintf("%q", rec.Subject), "What", what),
		lang.Literal(":\n\n" + rec.Reason + "\n\n"),
		lang.N("GuardSetAsideTimes", rec.Failures, "Count", rec.Failures),
	}
	if rec.Deaths > 0 {
		ms = append(ms, lang.M("GuardSetAsideDeaths", "Deaths", rec.Deaths, "Weight", hangWeight))
	}
	ms = append(ms, lang.Literal(".\n"))
	if !rec.Retried {
		ms = append(ms, lang.M("GuardReplayedLater"), lang.Literal("\n"))
	}
	ms = append(ms, lang.M("GuardReplayNow", "Number", rec.Seq), lang.Literal("\n"))
	for _, a := range s.adminReaders(tx) {
		if err := s.notices.Enqueue(tx, 0, outMail{To: a.address, Subject: a.p.T("MailSubjectSetAside", "Number", rec.Seq), Text: a.p.Join(ms), Report: true, Lang: a.p.Code()}); err != nil {
			return err
		}
	}
	s.log.Warn("set-aside mail", "set_aside", rec.Seq, "id", rec.MessageID, "from", rec.From, "failures", rec.Failures, "deaths", rec.Deaths, "what", s.english().Render(what))
	return nil
}

// adminReader is an address of an admin with the admin's language.
type adminReader struct {
	address string
	p       lang.Printer
}

// adminReaders are the addresses of the admins, each with the
// language of its account.
func (s *Server) adminReaders(tx *store.Tx) []adminReader {
	var out []adminReader
	for _, id := range s.cfg.Admins {
		if u, err := tx.User(id); err == nil && !u.Closed {
			for _, a := range u.Addresses {
				out = append(out, adminReader{address: a, p: s.printerOf(u)})
			}
		}
	}
	return out
}

// StartUp is called once at each start of the daemon, before any mail
// is taken in: it counts the start, records the replays of set-aside
// mails that died in the process before (and tells the admins), and
// replays once, by itself, every mail set aside at an earlier start
// that was not replayed so yet.
func (s *Server) StartUp(ctx context.Context) error {
	var due []uint64
	var recorded []uint64
	err := s.cfg.Store.Update(func(tx *store.Tx) error {
		due, recorded = nil, nil
		n, _ := strconv.Atoi(tx.Meta(metaStarts))
		n++
		if err := tx.PutMeta(metaStarts, strconv.Itoa(n)); err != nil {
			return err
		}
		s.start = n
		for _, d := range s.tries.died() {
			recorded = append(recorded, d.Seq)
			rec, err := tx.SetAsideMail(d.Seq)
			if errors.Is(err, store.ErrNotFound) {
				continue
			} else if err != nil {
				return err
			}
			rec.Reason = "the daemon died or hung while replaying it"
			rec.Deaths += d.N
			rec.Failures++
			rec.At, rec.Start, rec.Retried = s.now(), n, true
			if _, err := tx.PutSetAside(rec); err != nil {
				return err
			}
			if err := s.reportSetAside(tx, rec, lang.M("GuardWhatKilledAgain")); err != nil {
				return err
			}
		}
		recs, err := tx.SetAsideMails()
		if err != nil {
			return err
		}
		for _, r := range recs {
			if !r.Retried && r.Start < n {
				due = append(due, r.Seq)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("start: %w", err)
	}
	for _, seq := range recorded {
		s.tries.recorded(seq)
	}
	for _, seq := range due {
		if ctx.Err() != nil {
			return nil
		}
		if _, err := s.Replay(ctx, seq, true); err != nil {
			s.log.Error("replay of a set-aside mail", "set_aside", seq, "error", err)
		}
	}
	return nil
}

// Replay handles set-aside mail seq again, alone, as if it came now
// (auto: the one replay at a later start, noted before it runs). A
// mail that is handled leaves the set-aside mails and the admins get
// its outcome; one that fails again is set aside again.
func (s *Server) Replay(ctx context.Context, seq uint64, auto bool) (Outcome, error) {
	var rec store.SetAside
	err := s.cfg.Store.Update(func(tx *store.Tx) (err error) {
		if rec, err = tx.SetAsideMail(seq); err != nil || !auto {
			return err
		}
		rec.Retried = true
		_, err = tx.PutSetAside(rec)
		return err
	})
	if err != nil {
		return Outcome{}, fmt.Errorf("replay set-aside mail %d: %w", seq, err)
	}
	handled, failed := lang.M("GuardWhatHandledAdmin"), lang.M("GuardWhatFailedAdmin")
	if auto {
		handled, failed = lang.M("GuardWhatHandledStart"), lang.M("GuardWhatFailedStart")
	}
	m := readMail(rec.Raw)
	var out Outcome
	var after []func()
	err = s.cfg.Store.Update(func(tx *store.Tx) (err error) {
		hctx, _, release := s.hold(ctx, []string{m.ID}, seq)
		defer func() { release(err == nil) }()
		if err := tx.ForgetProcessed(rec.Key); err != nil {
			return err
		}
		if out, after, err = s.apply(hctx, tx, m, 1); err != nil {
			return err
		}
		if out.Duplicate {
			return fmt.Errorf("the mail is recorded as processed under a key other than %x", rec.Key[:8])
		}
		if err := tx.DeleteSetAside(seq); err != nil {
			return err
		}
		rec.Reason = "outcome: " + out.String()
		return s.reportSetAside(tx, rec, handled)
	})
	var bug *brokenError
	if errors.As(err, &bug) {
		s.log.Error("replay of a set-aside mail", "set_aside", seq, "id", m.ID, "error", err)
		out, after = Outcome{ID: m.ID, From: m.From, Ignored: "internal error"}, nil
		err = s.cfg.Store.Update(func(tx *store.Tx) error {
			now := s.now()
			if err := tx.MarkProcessed(rec.Key, store.Processed{At: now, Keep: keepFrom(m, now), Outcome: "internal error"}); err != nil {
				return err
			}
			again, err := s.setAside(tx, m, rec.Key, rec.Raw, bug.Error(), 0)
			if err != nil {
				return err
			}
			return s.reportSetAside(tx, again, failed)
		})
	}
	if err != nil {
		return out, fmt.Errorf("replay set-aside mail %d: %w", seq, err)
	}
	for _, f := range after {
		f()
	}
	s.log.Info("set-aside mail replayed", "set_aside", seq, "id", m.ID, "from", m.From, "outcome", out.String(), "queued", out.Queued)
	return out, nil
}

// Exactly once, with a table that does not grow for ever.
//
// A mail handled is recorded under its Key (pbm/mail): a digest of
// its Message-ID, its sender and what it says, so that a copy of it
// delivered again (the intake died between the commit and the
// acknowledgement, the MTA retried) is a duplicate, while another mail
// that carries an old Message-ID is read for what it is.
//
// The record is dropped once it is older than the window
// (Config.DedupeWindow), counted from the mail's date or from when it
// was first seen, whichever is later. A copy that comes back after
// that is itself dated longer ago than the window and is refused as
// stale (unfit), so no record can expire while a copy of its mail
// could still be applied. A mail dated more than maxSkew ahead is
// refused too: its record would outlive the window by as much. A mail
// without any date (no Date field and no Received field, which every
// MTA adds: RFC 5321 section 4.4) is kept for good.
const (
	defaultDedupeWindow = 30 * 24 * time.Hour
	maxSkew             = 24 * time.Hour
	// expireEach is how many old records, of each table, are dropped
	// with each mail handled: more than each mail adds, so the tables
	// shrink back after a burst.
	expireEach = 4
)

// seen reports whether the mail was handled before: under its key, or
// under its Message-ID alone in a store written before keys.
func seen(tx *store.Tx, m *mail.Message) (bool, error) {
	if _, done, err := tx.Processed(m.Key); err != nil || done {
		return done, err
	}
	_, done, err := tx.Processed(store.IDDigest(m.ID))
	return done, err
}

// keepFrom is the time the record of m counts its window from; zero
// keeps it for good.
func keepFrom(m *mail.Message, now time.Time) time.Time {
	switch {
	case m.Date.IsZero():
		return time.Time{}
	case m.Date.After(now):
		return m.Date
	}
	return now
}

// expire drops the oldest records past their window, and the rate
// counters past their hour.
func (s *Server) expire(tx *store.Tx, now time.Time) error {
	if _, err := tx.ExpireProcessed(now.Add(-s.cfg.DedupeWindow), expireEach); err != nil {
		return err
	}
	_, err := tx.ExpireRates(now.Add(-account.RateWindow), expireEach)
	return err
}

// unfit tells why a mail is refused before its commands are read, or
// nothing: it could not be read, or its date is out of the window.
func (s *Server) unfit(m *mail.Message, now time.Time) []lang.Msg {
	switch {
	case m.Unread != "":
		// Why is the parser's, in English.
		return []lang.Msg{lang.M("GuardUnread", "Why", trimLine(m.Unread))}
	case !m.Date.IsZero() && now.Sub(m.Date) > s.cfg.DedupeWindow:
		days := int(s.cfg.DedupeWindow / (24 * time.Hour))
		return []lang.Msg{lang.N("GuardStale", days, "Date", m.Date.UTC(), "Days", days)}
	case m.Date.After(now.Add(maxSkew)):
		return []lang.Msg{lang.M("GuardAhead", "Date", m.Date.UTC(), "Now", now.UTC())}
	}
	return nil
}
