package pbm

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// digestMax bounds the boards one digest lists.
const digestMax = 50

// cmdDigest: "digest <userid> <password> daily|weekly|off": a mail at
// a quiet hour of the player's zone (account.DigestHour) listing the
// boards where the player is to move, the most urgent first.
func (s *Server) cmdDigest(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	mode, ok := account.DigestMode(c.args[2])
	if !ok {
		return refuseMsg(lang.M("DigestUnknown", "Arg", quotedWord(c.args[2])))
	}
	loc := account.Location(u, localZone())
	old := u.DigestNext
	u.Digest, u.DigestNext = mode, account.NextDigest(mode, loc, s.now())
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	if err := c.tx.SetDigestDue(u.ID, old, u.DigestNext); err != nil {
		return err
	}
	if mode == "" {
		c.sec.say(lang.M("DigestOff", "User", u.ID))
		return nil
	}
	c.sec.say(lang.M("DigestSet"+strings.ToUpper(mode[:1])+mode[1:], "User", u.ID, "Next", u.DigestNext))
	return nil
}

// digestUnit sends one account's digest, when it is due, and sets the
// next.
func digestUnit(s *Server, id string, now time.Time) tickUnit {
	return tickUnit{
		key:  "digest/" + strings.ToLower(id),
		what: lang.M("TickWhatAccount", "User", id),
		tell: []string{id},
		run: func(c *call) error {
			u, err := c.tx.User(id)
			if errors.Is(err, store.ErrNotFound) {
				return nil
			}
			if err != nil {
				return err
			}
			if u.Closed || u.Digest == "" || u.DigestNext.IsZero() || u.DigestNext.After(now) {
				return nil
			}
			if err := c.digest(u, now); err != nil {
				return err
			}
			old := u.DigestNext
			u.DigestNext = account.NextDigest(u.Digest, account.Location(u, localZone()), now)
			if err := c.tx.PutUser(u); err != nil {
				return err
			}
			return c.tx.SetDigestDue(u.ID, old, u.DigestNext)
		},
		hold: func(tx *store.Tx, until time.Time) error {
			u, err := tx.User(id)
			if err != nil || u.DigestNext.IsZero() {
				return err
			}
			old := u.DigestNext
			u.DigestNext = until
			if err := tx.PutUser(u); err != nil {
				return err
			}
			return tx.SetDigestDue(u.ID, old, until)
		},
	}
}

// waitingFor lists the boards where u is to move, the most urgent
// first (board.WaitingFor).
func waitingFor(s *Server, tx *store.Tx, u store.User, now time.Time) ([]board.Waiting, error) {
	return board.WaitingFor(tx, s.current, u, s.clockOf, now, digestMax)
}

// digest mails u the boards where u is to move, the most urgent
// first; nothing when nothing waits.
func (c *call) digest(u store.User, now time.Time) error {
	waiting, err := waitingFor(c.s, c.tx, u, now)
	if err != nil || len(waiting) == 0 {
		return err
	}
	loc := account.Location(u, localZone())
	return c.tellUserIn(u.ID, func(p lang.Printer) string {
		return p.N("MailSubjectDigest", len(waiting), "N", len(waiting))
	}, func(p lang.Printer) string {
		var b strings.Builder
		b.WriteString(p.N("DigestHead", len(waiting), "N", len(waiting), "User", u.ID))
		for _, w := range waiting {
			b.WriteString("\n\n" + digestEntry(p, w, u.ID, loc, now))
		}
		return b.String()
	})
}

// digestEntry is one board of a digest: the game and board, the
// opponents, the last move, the time left and the command to move.
func digestEntry(p lang.Printer, w board.Waiting, who string, loc *time.Location, now time.Time) string {
	g, b := w.Game, w.Board
	last := p.T("DigestNoMove")
	if w.Last != nil {
		mv := w.Last.Move
		if w.Last.Kind != "" {
			mv = "(" + w.Last.Kind + ")"
		}
		last = p.T("DigestLast", "Move", mv, "Who", board.SeatName(b, w.Last.Seat), "When", w.Last.At.In(loc))
	}
	return p.T("DigestBoard", "Title", g.Title(), "Number", b.Number, "Opponents", strings.Join(w.Opponents, ", "), "Last", last,
		"Left", durationIn(p, w.Deadline.Sub(now)), "When", w.Deadline.In(loc)) + "\n  " +
		fmt.Sprintf("%s move %d %s <password> <move>#%d", g.Name(), b.Number, who, len(b.Log)+1)
}
