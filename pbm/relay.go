package pbm

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/store"
)

// maxRecipients bounds the users one message command reaches.
const maxRecipients = 20

// cmdMessage: "message <userid> <password> <to>...": the body of the
// mail goes to each user named (pbmserv's message), from the sender's
// userid; the addresses stay unknown to the sender.
func (s *Server) cmdMessage(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	if strings.TrimSpace(c.comment) == "" {
		return refuse("The body of the mail is the message, and it is empty.")
	}
	to := c.args[2:]
	if len(to) > maxRecipients {
		return refuse("At most %d users per message.", maxRecipients)
	}
	var sent, unknown []string
	for _, id := range to {
		r, err := c.tx.User(id)
		if errors.Is(err, store.ErrNotFound) || (err == nil && r.Closed) {
			unknown = append(unknown, trimLine(id))
			continue
		} else if err != nil {
			return err
		}
		if contains(sent, r.ID) {
			continue
		}
		if err := c.tellUser(r.ID, "pbm message from "+u.ID, u.ID+" writes:\n\n"+c.comment); err != nil {
			return err
		}
		sent = append(sent, r.ID)
	}
	if len(sent) == 0 {
		return refuse("No message was sent: %s not a player here.", strings.Join(unknown, ", "))
	}
	c.sec.Text = fmt.Sprintf("Your message went to %s.", strings.Join(sent, ", "))
	if len(unknown) > 0 {
		c.sec.Text += fmt.Sprintf(" Not sent to %s: not a player here.", strings.Join(unknown, ", "))
	}
	return nil
}
