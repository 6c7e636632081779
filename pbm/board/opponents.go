package board

import (
	"strings"

	"github.com/pbmgo/pbm/store"
)

// OpponentsOf lists, once each and in the order of the boards, the
// other players of the running boards where id holds a seat: the
// people told when id goes away.
func OpponentsOf(tx *store.Tx, id string) ([]string, error) {
	boards, err := tx.BoardsOf(id, "")
	if err != nil {
		return nil, err
	}
	var out []string
	seen := map[string]bool{}
	for _, b := range boards {
		if b.Over || SeatOf(b, id) < 0 {
			continue
		}
		for _, p := range b.Players {
			if strings.EqualFold(p, id) || seen[strings.ToLower(p)] {
				continue
			}
			seen[strings.ToLower(p)] = true
			out = append(out, p)
		}
	}
	return out, nil
}
