package pbm

import (
	"fmt"
	"maps"
	"math"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/store"
)

// Seeking a game, as pbmserv's seek list: "<game> seek <userid>
// <password> [<n>] [-option...]" asks for n boards (1 unless given; 0
// withdraws) with these options against anyone. When another seek of
// the game has the same options and both players' limits allow a board,
// it is started at once, against the nearest rating (the older seek on
// a tie), the older seeker moving first; each seek's count goes down
// by one.

// cmdSeek handles "<game> seek".
func (s *Server) cmdSeek(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	count := 1
	opts := map[string]string{}
	for i, a := range c.args[2:] {
		if n, err := strconv.Atoi(a); err == nil && i == 0 {
			if n < 0 || n > 20 {
				return refuse("A seek asks for 0 to 20 boards, not %d.", n)
			}
			count = n
			continue
		}
		if !strings.HasPrefix(a, "-") {
			return refuse("Usage: %s seek <userid> <password> [<n>] [-option...]: %q is not an option.", c.game.Name(), trimLine(a))
		}
		if err := c.option(a, opts); err != nil {
			return err
		}
	}
	seek := store.Seek{Game: c.game.Name(), User: u.ID, Count: count, Options: opts, Created: s.now()}
	if len(opts) == 0 {
		seek.Options = nil
	}
	if count == 0 {
		if err := c.tx.PutSeek(seek); err != nil {
			return err
		}
		c.sec.Text = fmt.Sprintf("Your %s seek is withdrawn.", c.game.Title())
		return nil
	}
	var started []string
	for seek.Count > 0 {
		other, ok, err := c.matchSeek(seek)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		b, _, err := c.startBoard([]string{other.User, u.ID}, maps.Clone(opts), func(*store.Board) {},
			fmt.Sprintf("Started from the seek list: %s and %s both asked for a game.", other.User, u.ID), "", "")
		if err != nil {
			return err
		}
		other.Count--
		seek.Count--
		if err := c.tx.PutSeek(other); err != nil {
			return err
		}
		started = append(started, fmt.Sprintf("board %d against %s", b.Number, other.User))
	}
	if err := c.tx.PutSeek(seek); err != nil {
		return err
	}
	text := fmt.Sprintf("You seek %d %s boards (%s).", count, c.game.Title(), optionsLine(opts))
	if len(started) > 0 {
		text += " Started: " + strings.Join(started, ", ") + "."
	}
	if seek.Count > 0 {
		text += fmt.Sprintf(" Still seeking %d; \"%s seek %s <password> 0\" withdraws.", seek.Count, c.game.Name(), u.ID)
	}
	c.sec.Text = text
	return nil
}

// optionsLine writes a seek's options.
func optionsLine(opts map[string]string) string {
	if len(opts) == 0 {
		return "no options"
	}
	var parts []string
	for _, k := range sortedKeys(opts) {
		name := k
		if strings.HasPrefix(k, "-") {
			name = "-" + k // a server option, "--nag"
		}
		if v := opts[k]; v != "" {
			parts = append(parts, "-"+name+"="+v)
		} else {
			parts = append(parts, "-"+name)
		}
	}
	return strings.Join(parts, " ")
}

// matchSeek finds the seek that seek is matched with: same options,
// another player, both players' limits allowing one more board; the
// nearest rating first, the older seek on a tie.
func (c *call) matchSeek(seek store.Seek) (store.Seek, bool, error) {
	seeks, err := c.tx.Seeks(seek.Game)
	if err != nil {
		return store.Seek{}, false, err
	}
	mine, err := c.ratingOf(seek.User)
	if err != nil {
		return store.Seek{}, false, err
	}
	var best store.Seek
	found := false
	bestGap := math.Inf(1)
	for _, o := range seeks {
		if strings.EqualFold(o.User, seek.User) || o.Count <= 0 || !maps.Equal(o.Options, seek.Options) {
			continue
		}
		if u, err := c.tx.User(o.User); err != nil || u.Closed {
			continue
		}
		if err := c.checkLimits([]string{o.User, seek.User}, ""); err != nil {
			continue
		}
		r, err := c.ratingOf(o.User)
		if err != nil {
			return store.Seek{}, false, err
		}
		if gap := math.Abs(r - mine); gap < bestGap {
			best, bestGap, found = o, gap, true
		}
	}
	return best, found, nil
}

// ratingOf is a player's rating in the call's game, the start rating
// when he has none.
func (c *call) ratingOf(id string) (float64, error) {
	r, found, err := c.tx.Rating(c.game.Name(), id)
	if err != nil || !found {
		return board.StartRating, err
	}
	return r.Rating, nil
}

// seekLines lists the game's seekers for the standings.
func (c *call) seekLines() ([]string, error) {
	seeks, err := c.tx.Seeks(c.game.Name())
	if err != nil {
		return nil, err
	}
	var out []string
	for _, sk := range seeks {
		out = append(out, fmt.Sprintf("  %-20s %d boards, %s", sk.User, sk.Count, optionsLine(sk.Options)))
	}
	return out, nil
}

// OptionsLine writes the options of a seek (or of a tournament's
// boards) as the mails do: "-alternate --nag=1", "no options" when
// there are none.
func OptionsLine(opts map[string]string) string { return optionsLine(opts) }
