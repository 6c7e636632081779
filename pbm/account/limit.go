package account

import (
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/store"
)

// SetLimit sets a user's limit for a game; a negative limit is none.
func SetLimit(u *store.User, game string, n int) {
	game = strings.ToLower(game)
	if n < 0 {
		delete(u.Limits, game)
		if len(u.Limits) == 0 {
			u.Limits = nil
		}
		return
	}
	if u.Limits == nil {
		u.Limits = map[string]int{}
	}
	u.Limits[game] = n
}

// LimitOf returns a user's limit for a game, and whether there is one.
func LimitOf(u store.User, game string) (int, bool) {
	n, ok := u.Limits[strings.ToLower(game)]
	return n, ok
}

func LimitText(u store.User, game string) string {
	n, ok := LimitOf(u, game)
	switch {
	case !ok:
		return "no limit"
	case n == 0:
		return "every challenge rejected"
	}
	return fmt.Sprintf("at most %d running boards", n)
}
