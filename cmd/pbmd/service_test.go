package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestServiceUnit checks the systemd unit kept beside the daemon: a
// dedicated user, its state directory, a restart on failure and the
// sandbox; and, where systemd-analyze is installed, that systemd
// accepts it (the binary's path replaced by one that exists here).
func TestServiceUnit(t *testing.T) {
	b, err := os.ReadFile("pbmd.service")
	if err != nil {
		t.Fatal(err)
	}
	unit := string(b)
	for _, want := range []string{
		"\nUser=pbm\n", "\nStateDirectory=pbm\n", "\nRestart=on-failure\n",
		"\nExecStart=/usr/local/bin/pbmd -config /etc/pbm/pbm.yaml\n",
		"\nNoNewPrivileges=yes\n", "\nProtectSystem=strict\n", "\nProtectHome=yes\n",
		"\nPrivateTmp=yes\n", "\nCapabilityBoundingSet=\n", "\nStandardOutput=journal\n", "\nStandardError=journal\n",
	} {
		if !strings.Contains(unit, want) {
			t.Errorf("pbmd.service lacks %q", strings.TrimSpace(want))
		}
	}
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Log("systemd-analyze is not installed: the unit is not verified")
		return
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "pbmd.service")
	if err := os.WriteFile(path, []byte(strings.ReplaceAll(unit, "/usr/local/bin/pbmd", self)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(analyze, "verify", path).CombinedOutput()
	if err != nil || strings.Contains(string(out), "pbmd.service") {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
}
