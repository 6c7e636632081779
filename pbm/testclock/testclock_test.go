package testclock

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestOffsetFromFileReloaded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "clock")
	if err := os.WriteFile(path, []byte("36h\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv(Env, path)
	c, err := FromEnv()
	if err != nil || c == nil {
		t.Fatalf("FromEnv: %v, %v", c, err)
	}
	if got := c.Now().Sub(time.Now()); got < 36*time.Hour-time.Minute || got > 36*time.Hour+time.Minute {
		t.Errorf("Now is %v ahead, want 36h", got)
	}
	// Written again: Now follows only after a Reload.
	os.WriteFile(path, []byte("-2h30m"), 0o600)
	if c.Offset() != 36*time.Hour {
		t.Errorf("offset %v before the reload", c.Offset())
	}
	if err := c.Reload(); err != nil || c.Offset() != -150*time.Minute {
		t.Errorf("after the reload: %v, %v", c.Offset(), err)
	}
	// A bad file is an error and keeps the offset.
	os.WriteFile(path, []byte("tomorrow"), 0o600)
	if err := c.Reload(); err == nil || c.Offset() != -150*time.Minute {
		t.Errorf("bad file: %v, offset %v", err, c.Offset())
	}
	os.WriteFile(path, nil, 0o600)
	if err := c.Reload(); err != nil || c.Offset() != 0 {
		t.Errorf("empty file: %v, offset %v", err, c.Offset())
	}
}

func TestUnsetAndMissing(t *testing.T) {
	t.Setenv(Env, "")
	if c, err := FromEnv(); c != nil || err != nil {
		t.Errorf("unset: %v, %v", c, err)
	}
	t.Setenv(Env, filepath.Join(t.TempDir(), "none"))
	if _, err := FromEnv(); err == nil {
		t.Error("a missing file is no error")
	}
}
