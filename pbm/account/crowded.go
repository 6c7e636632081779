package account

import "github.com/pbmgo/pbm/store"

// CrowdedAt is the first of addrs that has max open accounts already
// (a closed account does not count), and false when none has: a
// signup giving these addresses is refused (Config.MaxAccounts).
func CrowdedAt(tx *store.Tx, addrs []string, max int) (string, bool, error) {
	for _, a := range addrs {
		users, err := tx.UsersAt(a)
		if err != nil {
			return "", false, err
		}
		n := 0
		for _, u := range users {
			if !u.Closed {
				n++
			}
		}
		if n >= max {
			return a, true, nil
		}
	}
	return "", false, nil
}
