package pbm

import (
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
)

// cmdDaysOff: "daysoff <userid> <password> <days>|none", days as
// sat,sun: no clock of the player runs on those days of the player's
// time zone (board.Spent).
func (s *Server) cmdDaysOff(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	days, ok := board.ParseDaysOff(c.args[2])
	if !ok {
		return refuseMsg(lang.M("DaysOffUsage", "Arg", quotedWord(c.args[2]), "Max", board.MaxDaysOff))
	}
	u.DaysOff = days
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	if len(days) == 0 {
		c.sec.say(lang.M("DaysOffNone", "User", u.ID))
		return nil
	}
	c.sec.say(lang.M("DaysOffSet", "User", u.ID, "Days", board.DaysOffText(days), "Zone", board.Zone(u).String()))
	return nil
}
