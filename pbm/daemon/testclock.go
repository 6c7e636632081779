package daemon

import (
	"log/slog"

	"github.com/pbmgo/pbm/pbm/testclock"
)

// withTestClock is the one place the daemon's time is set: the
// caller's Now, else the wall clock moved by PBM_TEST_CLOCK when it is
// set (a test setting: pbm/testclock), else nil (the wall clock). The
// test clock returned is reloaded at every tick of the clocks.
func withTestClock(cfg *Config, log *slog.Logger) (*testclock.Clock, error) {
	if cfg.Now != nil {
		return nil, nil
	}
	tc, err := testclock.FromEnv()
	if err != nil || tc == nil {
		return nil, err
	}
	log.Warn(testclock.Env+" is set: the server's time is the wall clock moved by the duration in its file, re-read at every tick; a test setting, never for production",
		"offset", tc.Offset())
	cfg.Now = tc.Now
	return tc, nil
}

// reloadTestClock reads the test clock's offset again before a tick.
func (d *Daemon) reloadTestClock() {
	if d.testClock == nil {
		return
	}
	before := d.testClock.Offset()
	if err := d.testClock.Reload(); err != nil {
		d.log.Error("test clock", "error", err)
	} else if after := d.testClock.Offset(); after != before {
		d.log.Info("test clock moved", "offset", after)
	}
}
