package pbm

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The guard: no single mail holds the intake for longer than a bound.
//
// A bbolt write transaction cannot be abandoned from outside, so the
// bound is kept three ways:
//
//   - a cooperative deadline: the context of Handle expires after
//     Config.MailTimeout, and the core looks at it between commands;
//     a mail past it rolls back and is set aside like an engine panic
//     (recordBroken: recorded processed, an apology to its sender, a
//     report to the admins), and the next mail is handled;
//   - hard bounds on what a mail produces: at most MaxCommands
//     commands, and each mail's text cut at maxMailText bytes;
//   - a mark recorded before each mail (the attempt file, next to the
//     store) and cleared after it: a mail that is still marked at the
//     next start was being handled when the daemon died. A mail that
//     never reaches a command boundary is reported through
//     Config.OnHang once it has taken hangFactor times the bound; the
//     daemon then exits (a supervisor restarts it), which is safe at
//     any point, and the mark counts that hang as hangWeight deaths.
//     A mail with more than maxDeaths deaths is set aside instead of
//     handled again: three hangs, or ten deaths without a known cause
//     (a Go fatal error, the OOM killer). A kill from outside while an
//     ordinary mail is handled must not set it aside: the kill test of
//     cmd/pbmd saw three kills in a row hit the same mail.
const (
	defaultMailTimeout = 30 * time.Second
	hangFactor         = 4
	hangWeight         = 3
	maxDeaths          = 10
	maxMailText        = 512 << 10
)

// testHang, set only by tests, runs at each command of a mail with the
// mail's context: it makes one mail hang.
var testHang func(ctx context.Context, m *Message)

// attempts is the mark of the mail being handled: a small file
// holding "<count> <id>". It is written without fsync: it must outlive
// the process, not the machine.
type attempts struct {
	mu   sync.Mutex
	path string
}

// begin marks id as being handled and returns how many times it was
// begun without being ended, this time included.
func (a *attempts) begin(id string) int {
	if a == nil || a.path == "" {
		return 1
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	n := 1
	if b, err := os.ReadFile(a.path); err == nil {
		c, prev, _ := strings.Cut(strings.TrimSpace(string(b)), " ")
		if k, err := strconv.Atoi(c); err == nil && prev == id {
			n = k + 1
		}
	}
	os.WriteFile(a.path, []byte(fmt.Sprintf("%d %s\n", n, id)), 0o600)
	return n
}

// hung adds hangWeight deaths to the mark of id: the daemon is about
// to exit because id hangs.
func (a *attempts) hung(id string) {
	if a == nil || a.path == "" {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if b, err := os.ReadFile(a.path); err == nil {
		c, prev, _ := strings.Cut(strings.TrimSpace(string(b)), " ")
		if k, err := strconv.Atoi(c); err == nil && prev == id {
			os.WriteFile(a.path, []byte(fmt.Sprintf("%d %s\n", k+hangWeight, id)), 0o600)
		}
	}
}

// end clears the mark: the mail's handling ended, well or not.
func (a *attempts) end() {
	if a == nil || a.path == "" {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	os.Remove(a.path)
}

// bound starts the guard of one mail: the deadline of its context and
// the hang report. stop ends both.
func (s *Server) bound(ctx context.Context, m *Message) (context.Context, func()) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.MailTimeout)
	var hang *time.Timer
	if s.cfg.OnHang != nil {
		id := m.ID
		hang = time.AfterFunc(hangFactor*s.cfg.MailTimeout, func() {
			s.log.Error("mail hangs past its bound", "id", id, "bound", hangFactor*s.cfg.MailTimeout)
			s.tries.hung(id)
			s.cfg.OnHang(id)
		})
	}
	return ctx, func() {
		if hang != nil {
			hang.Stop()
		}
		cancel()
	}
}

// poisoned tells why a mail is set aside before it is handled: the
// daemon died or hung while handling it more than maxDeaths times (n
// is the count of its mark, this start included).
func (s *Server) poisoned(n int) error {
	if n-1 <= maxDeaths {
		return nil
	}
	return broken(fmt.Errorf("the daemon died or hung while handling this mail (count %d, a hang counts %d)", n-1, hangWeight))
}

// checkDeadline is called between the commands of a mail.
func (r *run) checkDeadline() error {
	if r.ctx == nil {
		return nil
	}
	if testHang != nil {
		testHang(r.ctx, r.msg)
	}
	if r.ctx.Err() != nil {
		return broken(fmt.Errorf("the mail took longer than %v", r.s.cfg.MailTimeout))
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
