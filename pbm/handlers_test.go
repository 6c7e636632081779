package pbm

import (
	"slices"
	"testing"

	cmdtab "github.com/pbmgo/pbm/pbm/command"
)

// TestEveryCommandHasAHandler: the command table of package command and
// the core's handlers name the same commands, each once.
func TestEveryCommandHasAHandler(t *testing.T) {
	keys := cmdtab.Keys()
	for _, k := range keys {
		if handlers[k] == nil {
			t.Errorf("the command %q has no handler", k)
		}
	}
	for k := range handlers {
		if !slices.Contains(keys, k) {
			t.Errorf("the handler of %q has no command in the table", k)
		}
	}
}
