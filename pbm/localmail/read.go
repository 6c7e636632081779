package localmail

import (
	"fmt"
	"sort"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// fetchAll logs in over IMAP and returns every message of mailbox in UID
// order, without changing flags (EXAMINE, BODY.PEEK[]).
func fetchAll(addr, user, password, mailbox string) ([][]byte, error) {
	c, err := imapclient.DialInsecure(addr, nil)
	if err != nil {
		return nil, fmt.Errorf("localmail: dial %s: %w", addr, err)
	}
	defer c.Close()
	if err := c.Login(user, password).Wait(); err != nil {
		return nil, fmt.Errorf("localmail: login %s: %w", user, err)
	}
	sel, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return nil, fmt.Errorf("localmail: examine %s: %w", mailbox, err)
	}
	if sel.NumMessages == 0 {
		c.Logout().Wait()
		return nil, nil
	}
	body := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(imap.SeqSet{{Start: 1, Stop: 0}}, &imap.FetchOptions{
		UID:         true,
		BodySection: []*imap.FetchItemBodySection{body},
	}).Collect()
	if err != nil {
		return nil, fmt.Errorf("localmail: fetch %s: %w", mailbox, err)
	}
	sort.Slice(msgs, func(i, j int) bool { return msgs[i].UID < msgs[j].UID })
	out := make([][]byte, 0, len(msgs))
	for _, m := range msgs {
		out = append(out, m.FindBodySection(body))
	}
	c.Logout().Wait()
	return out, nil
}
