package pbm

import (
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/store"
)

// watchersOf adds to a new board the users who subscribe to every
// board of its game, from the store's index of them.
func (c *call) watchersOf(b *store.Board) error {
	users, err := c.tx.SubscribersOfAll(b.Game)
	if err != nil {
		return err
	}
	for _, u := range users {
		if !u.Closed && contains(u.SubscribeAll, b.Game) && board.SeatOf(*b, u.ID) < 0 {
			b.Subscribers = append(b.Subscribers, u.ID)
		}
	}
	return nil
}

// cmdSubscribe and cmdUnsubscribe: "<game> subscribe <userid>
// <password> <board>...|all". With "all" the user also follows every
// later board of the game.
func (s *Server) cmdSubscribe(c *call) error   { return c.watch(true) }
func (s *Server) cmdUnsubscribe(c *call) error { return c.watch(false) }

func (c *call) watch(on bool) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	var done, failed []string
	for _, arg := range c.args[2:] {
		if strings.EqualFold(arg, "all") {
			u.SubscribeAll = toggle(u.SubscribeAll, c.game.Name(), on)
			if err := c.tx.PutUser(u); err != nil {
				return err
			}
			boards, err := c.tx.Boards(c.game.Name())
			if err != nil {
				return err
			}
			for _, b := range boards {
				if !b.Over && board.SeatOf(b, u.ID) < 0 {
					b.Subscribers = toggle(b.Subscribers, u.ID, on)
					if err := c.tx.PutBoard(b); err != nil {
						return err
					}
				}
			}
			done = append(done, "all")
			continue
		}
		n, _, err := boardArg(c.game, arg)
		if err != nil {
			failed = append(failed, trimLine(arg)+" (not a board number)")
			continue
		}
		b, err := c.tx.Board(c.game.Name(), n)
		if err != nil {
			failed = append(failed, fmt.Sprintf("%d (no such board)", n))
			continue
		}
		if board.SeatOf(b, u.ID) >= 0 {
			failed = append(failed, fmt.Sprintf("%d (you play it)", n))
			continue
		}
		b.Subscribers = toggle(b.Subscribers, u.ID, on)
		if err := c.tx.PutBoard(b); err != nil {
			return err
		}
		done = append(done, fmt.Sprint(n))
	}
	verb := "Subscribed to"
	if !on {
		verb = "Unsubscribed from"
	}
	c.sec.Text = fmt.Sprintf("%s %s boards: %s.", verb, c.game.Title(), orNone(done))
	if len(failed) > 0 {
		c.sec.Text += " Failed: " + strings.Join(failed, ", ") + "."
	}
	c.sec.subject = "Subscription summary"
	return nil
}

// cmdNotify: "<game> notify <userid> <password> [<board>...]": the
// result only, of the boards named, or of every board of the game
// (toggled) when none is named.
func (s *Server) cmdNotify(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	if len(c.args) == 2 {
		on := !contains(u.NotifyAll, c.game.Name())
		u.NotifyAll = toggle(u.NotifyAll, c.game.Name(), on)
		if err := c.tx.PutUser(u); err != nil {
			return err
		}
		state := "started"
		if !on {
			state = "cancelled"
		}
		c.sec.Text = fmt.Sprintf("%s notification %s: you hear the result of every %s game.", c.game.Title(), state, c.game.Title())
		if !on {
			c.sec.Text = fmt.Sprintf("%s notification cancelled.", c.game.Title())
		}
		return nil
	}
	var done []string
	for _, arg := range c.args[2:] {
		b, _, err := c.boardOf(arg)
		if err != nil {
			return err
		}
		n := b.Number
		b.Notify = toggle(b.Notify, u.ID, true)
		if err := c.tx.PutBoard(b); err != nil {
			return err
		}
		done = append(done, fmt.Sprint(n))
	}
	c.sec.Text = fmt.Sprintf("You will hear the result of %s boards %s.", c.game.Title(), strings.Join(done, ", "))
	return nil
}

// toggle adds or removes s from a list, without duplicates.
func toggle(list []string, s string, on bool) []string {
	var out []string
	for _, x := range list {
		if !strings.EqualFold(x, s) {
			out = append(out, x)
		}
	}
	if on {
		out = append(out, s)
	}
	return out
}

func orNone(list []string) string {
	if len(list) == 0 {
		return "none"
	}
	return strings.Join(list, ", ")
}
