// Package testclock is the wall clock moved on by an offset that a
// test writes into a file: PBM_TEST_CLOCK names the file, which holds
// a Go duration ("36h", "-2h30m"). It lets a test drive the daemon's
// clocks (reminders, forfeits, time banks, digests) from outside the
// process. It is a test setting, never for production: it may not be
// used for anything but the time the server reads.
//
// The offset is read when the clock is made and again at each Reload
// (the daemon reloads it at every tick of its clocks); Now never reads
// the file.
package testclock

import (
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"time"
)

// Env is the environment variable that names the offset's file.
const Env = "PBM_TEST_CLOCK"

// Clock is the wall clock plus the offset last read from its file.
type Clock struct {
	path   string
	offset atomic.Int64
}

// FromEnv is the clock PBM_TEST_CLOCK names, nil when it is unset or
// empty. A file that cannot be read or holds no duration is an error.
func FromEnv() (*Clock, error) {
	path := os.Getenv(Env)
	if path == "" {
		return nil, nil
	}
	c := &Clock{path: path}
	if err := c.Reload(); err != nil {
		return nil, err
	}
	return c, nil
}

// New is the clock whose offset is in the file at path.
func New(path string) (*Clock, error) {
	c := &Clock{path: path}
	if err := c.Reload(); err != nil {
		return nil, err
	}
	return c, nil
}

// Reload reads the offset again. An empty file is no offset. On an
// error the offset read before stays.
func (c *Clock) Reload() error {
	data, err := os.ReadFile(c.path)
	if err != nil {
		return fmt.Errorf("%s: %w", Env, err)
	}
	s := strings.TrimSpace(string(data))
	var d time.Duration
	if s != "" {
		if d, err = time.ParseDuration(s); err != nil {
			return fmt.Errorf("%s: %s holds %q, not a Go duration such as 36h: %w", Env, c.path, s, err)
		}
	}
	c.offset.Store(int64(d))
	return nil
}

// Offset is the offset last read.
func (c *Clock) Offset() time.Duration { return time.Duration(c.offset.Load()) }

// Now is the wall clock plus the offset.
func (c *Clock) Now() time.Time { return time.Now().Add(c.Offset()) }
