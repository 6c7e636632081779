package pbm

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/board"
)

// Limits follow pbmserv's limit, accept and reject: a player bounds
// the running boards of a game others may challenge him to, or refuses
// challenges to it altogether. The challenger's own limit does not
// stop his challenge: sending it is consent.

// maxLimit is the largest limit one can set; above it means none.
const maxLimit = 1000

// cmdLimit: "<game> limit <userid> <password> [<n>|0|reject|accept|all|inf]";
// with no value it tells the limit and the running boards.
func (s *Server) cmdLimit(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	if len(c.args) == 2 {
		running, err := c.running(u.ID)
		if err != nil {
			return err
		}
		c.sec.Text = fmt.Sprintf("%s limit status for %s: %s; %d running.", c.game.Title(), u.ID, account.LimitText(u, c.game.Name()), running)
		return nil
	}
	old := account.LimitText(u, c.game.Name())
	switch v := strings.ToLower(c.args[2]); v {
	case "reject", "none":
		account.SetLimit(&u, c.game.Name(), 0)
	case "accept", "all", "inf", "unlimited":
		account.SetLimit(&u, c.game.Name(), -1)
	default:
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return refuse("A limit is a number of boards (0 refuses every challenge), or reject, or accept.")
		}
		if n > maxLimit {
			n = -1
		}
		account.SetLimit(&u, c.game.Name(), n)
	}
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	c.sec.Text = fmt.Sprintf("%s challenges now limited for %s: was %s, now %s.", c.game.Title(), u.ID, old, account.LimitText(u, c.game.Name()))
	c.sec.subject = c.game.Title() + " challenges now limited"
	return nil
}

// cmdAcceptAll and cmdRejectAll: "<game> acceptall|rejectall <userid>
// <password>", pbmserv's per-game accept and reject, named apart from
// the draw votes.
func (s *Server) cmdAcceptAll(c *call) error { return c.allChallenges(-1, "accepted") }
func (s *Server) cmdRejectAll(c *call) error { return c.allChallenges(0, "rejected") }

func (c *call) allChallenges(limit int, word string) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	account.SetLimit(&u, c.game.Name(), limit)
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	c.sec.Text = fmt.Sprintf("%s challenges to %s are now %s.", c.game.Title(), u.ID, word)
	c.sec.subject = fmt.Sprintf("%s challenges now %s", c.game.Title(), word)
	return nil
}

// running counts the running boards of the call's game a user plays.
func (c *call) running(id string) (int, error) {
	boards, err := c.tx.BoardsOf(id, c.game.Name())
	if err != nil {
		return 0, err
	}
	n := 0
	for _, b := range boards {
		if !b.Over && board.SeatOf(b, id) >= 0 {
			n++
		}
	}
	return n, nil
}

// checkLimits refuses a challenge when a player other than the
// challenger rejects challenges to the game or is at his limit; the
// refusal names each of them, as pbmserv's "Invalid challenge" does.
func (c *call) checkLimits(players []string, challenger string) error {
	var problems []string
	for _, id := range players {
		if strings.EqualFold(id, challenger) {
			continue
		}
		u, err := c.tx.User(id)
		if err != nil {
			continue // the challenge checks the accounts
		}
		n, ok := account.LimitOf(u, c.game.Name())
		if !ok {
			continue
		}
		if n == 0 {
			problems = append(problems, fmt.Sprintf("%s rejects %s challenges", u.ID, c.game.Title()))
			continue
		}
		r, err := c.running(u.ID)
		if err != nil {
			return err
		}
		if r >= n {
			problems = append(problems, fmt.Sprintf("%s is at the limit of %d running %s boards", u.ID, n, c.game.Title()))
		}
	}
	if len(problems) > 0 {
		return refuse("Invalid challenge: %s.", strings.Join(problems, "; "))
	}
	return nil
}
