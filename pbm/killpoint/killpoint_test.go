package killpoint

import (
	"os"
	"path/filepath"
	"testing"
)

// TestKilledAt: a point counts as killed at once the kill log holds a
// line for it, and only then; the first-time rule ("point=p!") rests
// on it.
func TestKilledAt(t *testing.T) {
	old := path
	defer func() { path = old }()
	path = filepath.Join(t.TempDir(), "kills.log")
	if killedAt("tournament-round") {
		t.Fatal("no kill log yet, yet a kill is recorded")
	}
	if err := os.WriteFile(path, []byte("ack 3\ntournament-rounds 2\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if killedAt("tournament-round") {
		t.Error("a kill at another point counted for tournament-round")
	}
	if !killedAt("ack") {
		t.Error("the kill at ack not found")
	}
	path = ""
	if killedAt("ack") {
		t.Error("without a kill log, no kill can be known")
	}
}
