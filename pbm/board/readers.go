package board

import (
	"strings"

	"github.com/pbmgo/pbm/store"
)

// Readers are who reads what the user from writes on board b (a chat):
// its players and subscribers, each once, in that order, without from
// and without the computer, which reads nothing.
func Readers(b store.Board, from string) []string {
	var out []string
	for _, id := range append(append([]string(nil), b.Players...), b.Subscribers...) {
		if _, _, bot := ComputerID(id); bot || strings.EqualFold(id, from) || containsFold(out, id) {
			continue
		}
		out = append(out, id)
	}
	return out
}
