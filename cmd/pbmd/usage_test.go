package main

import (
	"os/exec"
	"strings"
	"testing"
)

// pbmd -h lists every subcommand with a line of its own, and exits 0.
func TestUsageListsSubcommands(t *testing.T) {
	out, err := exec.Command(buildDaemon(t), "-h").CombinedOutput()
	if err != nil {
		t.Fatalf("pbmd -h: %v\n%s", err, out)
	}
	for _, name := range []string{"-config", "help", "replay", "deliver", "check", "admin add", "bench", "soak"} {
		found := false
		for _, l := range strings.Split(string(out), "\n") {
			f := strings.Fields(l)
			if len(f) > 2 && strings.HasPrefix(strings.TrimSpace(l), name) {
				found = true
			}
		}
		if !found && !strings.Contains(string(out), name) {
			t.Errorf("pbmd -h does not list %s:\n%s", name, out)
		}
	}
	if strings.Contains(string(out), "help requested") {
		t.Errorf("pbmd -h calls itself an error:\n%s", out)
	}
}
