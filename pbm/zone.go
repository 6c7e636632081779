package pbm

import (
	"github.com/pbmgo/pbm/pbm/account"
	"github.com/pbmgo/pbm/pbm/lang"
)

// cmdTimezone: "timezone <userid> <password> <zone>", an IANA zone
// name (Europe/Budapest, UTC) or "server": the zone the account's
// deadlines are written in and its days are counted in.
func (s *Server) cmdTimezone(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	name, ok := account.Zone(c.args[2])
	if !ok {
		return refuseMsg(lang.M("ZoneUnknown", "Arg", quotedWord(c.args[2])))
	}
	u.TimeZone = name
	if err := c.tx.PutUser(u); err != nil {
		return err
	}
	loc := account.Location(u, nil)
	if name == "" {
		loc = account.Location(u, localZone())
		c.sec.say(lang.M("ZoneServer", "User", u.ID, "Zone", loc.String(), "Now", s.now().In(loc)))
		return nil
	}
	c.sec.say(lang.M("ZoneSet", "User", u.ID, "Zone", name, "Now", s.now().In(loc)))
	return nil
}
