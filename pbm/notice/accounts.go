package notice

import (
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// Accounts is the list of every account, as "admin users" answers:
// their count, then a line each with the userid, the addresses,
// whether it is closed and the day it was opened.
func Accounts(tx *store.Tx) ([]lang.Msg, error) {
	users, err := tx.Users()
	if err != nil {
		return nil, fmt.Errorf("list of the accounts: %w", err)
	}
	ms := []lang.Msg{lang.N("AdminAccounts", len(users), "Count", len(users)), lang.Literal("\n")}
	for _, u := range users {
		ms = append(ms, lang.Literal(fmt.Sprintf("  %-20s %s", u.ID, strings.Join(u.Addresses, " "))))
		if u.Closed {
			ms = append(ms, lang.M("AdminClosed"))
		}
		ms = append(ms, lang.M("AdminSince", "Date", u.Created.UTC().Format("2006-01-02")), lang.Literal("\n"))
	}
	return ms, nil
}
