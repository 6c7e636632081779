package pbm

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/credential"
	"github.com/pbmgo/pbm/pbm/guard"
	"github.com/pbmgo/pbm/pbm/killpoint"
	"github.com/pbmgo/pbm/pbm/limit"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/notice"
	"github.com/pbmgo/pbm/store"
)

// The group commit: a batch of mails handled in one transaction
// (HandleBatch), cut into groups (groupEnd) whose passwords are
// verified ahead on every core (prefetchCredentials).

// MaxBatch bounds the mails of one group commit.
const MaxBatch = 64

// errBatch abandons a group commit: one of its mails failed.
var errBatch = errors.New("a mail of the batch failed")

// HandleBatch handles mails in arrival order with one transaction, one
// fsync, for the lot: the group commit. Each mail is still all or
// nothing. When any mail of the batch fails (an error, a panic, the
// guard's deadline), the whole transaction is rolled back and every
// mail is handled again alone with Handle, in order, so that the
// failing one is set aside or left for later exactly as Handle does,
// and the mails before it commit. errs[i] is Handle's error for mail i;
// after the first mail with an error, the later ones are not handled
// and carry an error too, so that the intake keeps them, in order, for
// later. A group holds at most MaxBatch mails, and no more new
// password hashes (signups, password changes) than one mail may make
// (groupEnd): those are made inside the transaction.
func (s *Server) HandleBatch(ctx context.Context, raws [][]byte) []error {
	// commit handles the mails of one group in one transaction; it
	// reports whether it committed, every mail of it finished. A group
	// that holds a mail the guard suspects (the daemon died with it in
	// hand) is not tried: it is handed over one mail at a time, so that
	// the one that kills the daemon is alone in hand at the next death
	// and only it is charged (guard.Mark.Load).
	commit := func(msgs []*mail.Message) bool {
		ids := make([]string, len(msgs))
		for i, m := range msgs {
			ids[i] = m.ID
		}
		if s.tries.Marked(ids) {
			return false
		}
		var pairs []credential.Pair
		s.cfg.Store.View(func(tx *store.Tx) error {
			pairs = credentialsOf(tx, s.cfg, lineReader(s).Mail, msgs)
			return nil
		})
		prefetchCredentials(s.creds, pairs)
		// The guard's mark holds every mail of the batch from here to the
		// end of the transaction, and its bound covers the batch.
		bctx, _, release := s.tries.Guard(ctx, ids, 0, s.cfg.MailTimeout, s.cfg.OnHang)
		outs := make([]Outcome, len(msgs))
		afters := make([][]func(), len(msgs))
		err := s.cfg.Store.Update(func(tx *store.Tx) error {
			later := s.notices.Later()
			lctx := notice.WithLater(bctx, later)
			for i, m := range msgs {
				var aerr error
				if outs[i], afters[i], aerr = s.apply(lctx, tx, m, 1); aerr != nil {
					return errBatch
				}
			}
			if err := later.Queue(tx); err != nil {
				return errBatch
			}
			// Every mail of the batch applied, nothing committed.
			killpoint.At("group-commit", len(msgs))
			return nil
		})
		// Committed, every mail is finished; rolled back, they are handled
		// alone (handleAlone), each under its own mark.
		release(err == nil)
		if err != nil {
			if !errors.Is(err, errBatch) {
				s.log.Warn("group commit failed; handling the mails one by one", "mails", len(msgs), "error", err)
			}
			return false
		}
		for i, m := range msgs {
			for _, f := range afters[i] {
				f()
			}
			s.log.Info("mail", "id", m.ID, "from", m.From, "subject", lineReader(s).Masked(m.Subject), "outcome", outs[i].String(), "queued", outs[i].Queued, "batch", len(msgs))
		}
		return true
	}
	errs := make([]error, len(raws))
	for start, end := 0, 0; start < len(raws); start = end {
		end = groupEnd(s.cfg, lineReader(s).Mail, raws, start)
		msgs := readMails(raws[start:end])
		if len(msgs) > 1 && commit(msgs) {
			continue
		}
		if !handleAlone(ctx, s.Handle, raws[start:end], msgs, errs[start:end]) {
			for i := end; i < len(raws); i++ {
				errs[i] = fmt.Errorf("handle mail: not handled after an earlier mail failed")
			}
			break
		}
	}
	return errs
}

// handleAlone handles the mails of a group one by one with handle, in
// order; it reports whether every one was handled. After the first
// that fails, the later ones are not handled and carry an error.
func handleAlone(ctx context.Context, handle func(context.Context, []byte) (Outcome, error), raws [][]byte, msgs []*mail.Message, errs []error) bool {
	for i, raw := range raws {
		if _, errs[i] = handle(ctx, raw); errs[i] != nil {
			for j := i + 1; j < len(raws); j++ {
				errs[j] = fmt.Errorf("handle mail %s: not handled after an earlier mail failed", msgs[j].ID)
			}
			return false
		}
	}
	return true
}

// readMails parses the mails of a group (readMail).
func readMails(raws [][]byte) []*mail.Message {
	msgs := make([]*mail.Message, len(raws))
	for i, raw := range raws {
		msgs[i] = readMail(raw)
	}
	return msgs
}

// prefetchCredentials verifies the passwords the mails of a batch give,
// on every core at once, before the batch's one transaction checks
// them in order on one. A password is verified in full only the first
// time the daemon sees it (package credential), but after a restart
// every player is seen for the first time, and a backlog of such mails
// would otherwise pay a full bcrypt each, one after another. Only
// mails that will be read are looked at: not automatic mails, not mails
// already handled. A sender past the rate limit is looked at too: its
// passwords are checked to tell whether the limit holds its mail
// (rateLimit). pairs are the passwords (credentialsOf), creds the
// cache they are verified into.
func prefetchCredentials(creds *credential.Cache, pairs []credential.Pair) {
	if len(pairs) < 2 {
		return // one alone is verified in the transaction as soon
	}
	onEveryCore(pairs, func(p credential.Pair) { creds.Prefetch(p.User, p.Password, p.Hash) })
}

// credentialsOf lists the userid and password pairs the commands of
// msgs give for existing accounts, each pair once (cfg: the games and
// the bounds of a mail; lines: the command lines of a mail).
func credentialsOf(tx *store.Tx, cfg Config, lines func(*mail.Message) ([]string, string), msgs []*mail.Message) []credential.Pair {
	var out []credential.Pair
	for _, m := range msgs {
		if m.Automatic != "" || m.From == "" {
			continue
		}
		if done, err := guard.Seen(tx, m); err != nil || done {
			continue
		}
		ls, _ := lines(m)
		pairs := 0
		for _, line := range ls[:min(len(ls), cfg.MaxCommands)] {
			if pairs >= cfg.MaxPasswordWork {
				break // no more are checked for this mail (gate)
			}
			if len(line) > cfg.MaxLineBytes {
				continue // refused unread (longLine)
			}
			user, password, ok := credentialOf(cfg.Games, strings.Fields(line))
			if !ok {
				continue
			}
			u, err := tx.User(user)
			if err != nil || u.Closed {
				continue
			}
			p := credential.Pair{User: u.ID, Password: password, Hash: u.Hash}
			if !slices.ContainsFunc(out, func(q credential.Pair) bool {
				return strings.EqualFold(q.User, p.User) && q.Password == p.Password
			}) {
				out = append(out, p)
				pairs++
			}
		}
	}
	return out
}

// credentialOf is the userid and password a command line gives: the
// first secret word of its command and the word before it, when that
// word is not a secret too.
func credentialOf(reg *engine.Registry, words []string) (user, password string, ok bool) {
	if len(words) == 0 {
		return "", "", false
	}
	l, err := parseLine(reg, words)
	if err != nil {
		return "", "", false
	}
	return l.Credential()
}

// onEveryCore calls f for each item, as many at once as there are
// cores, and returns when every call has returned.
func onEveryCore[T any](items []T, f func(T)) {
	work := make(chan T)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(items)) {
		wg.Go(func() {
			for it := range work {
				f(it)
			}
		})
	}
	for _, it := range items {
		work <- it
	}
	close(work)
	wg.Wait()
}

// groupEnd is where the group commit that starts at raws[start] ends:
// after MaxBatch mails, or before the mail that would take the group
// past what one mail may do of the costly work (limit.Group). cfg
// holds the bounds and the games, lines reads the command lines of a
// mail.
func groupEnd(cfg Config, lines func(*mail.Message) ([]string, string), raws [][]byte, start int) int {
	var group limit.Group
	for i := start; i < len(raws) && i < start+MaxBatch; i++ {
		ls, _ := lines(readMail(raws[i]))
		var names []string
		for _, line := range ls[:min(len(ls), cfg.MaxCommands)] {
			if len(line) > cfg.MaxLineBytes {
				continue
			}
			p, err := parseLine(cfg.Games, strings.Fields(line))
			if err != nil || p.Cmd == nil {
				continue
			}
			names = append(names, p.Words())
		}
		if !group.Add(limitsOf(cfg), names) {
			return i
		}
	}
	return min(len(raws), start+MaxBatch)
}

// limitsOf is the bounds of one mail of cfg (package limit).
func limitsOf(cfg Config) limit.Config {
	return limit.Config{Lists: cfg.MaxLists, Signups: cfg.MaxSignups, PasswordWork: cfg.MaxPasswordWork}
}
