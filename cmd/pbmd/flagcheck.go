package main

import (
	"errors"
	"fmt"
	"time"
)

// The numeric flags of bench and soak are checked before anything
// runs: a count of zero or less, a negative rate or a wait of zero is
// refused by name, rather than dividing by zero or running nothing and
// reporting success.

// atLeast is one flag's value with its least allowed.
type atLeast struct {
	flag   string
	v, min int
}

// checkCounts refuses each count below its least.
func checkCounts(cmd string, counts ...atLeast) error {
	var errs []error
	for _, c := range counts {
		if c.v < c.min {
			errs = append(errs, fmt.Errorf("%s: -%s %d: want a whole number, at least %d", cmd, c.flag, c.v, c.min))
		}
	}
	return errors.Join(errs...)
}

// checkBench refuses bench flags out of range.
func checkBench(bc benchConfig) error {
	err := checkCounts("bench",
		atLeast{"n", bc.mails, 1}, atLeast{"boards", bc.boards, 2}, atLeast{"senders", bc.senders, 1},
		atLeast{"per-process", bc.perProcess, 0})
	if bc.rate < 0 {
		err = errors.Join(err, fmt.Errorf("bench: -rate %g: want mails per second, 0 for full speed", bc.rate))
	}
	if bc.timeout <= 0 {
		err = errors.Join(err, fmt.Errorf("bench: -timeout %s: want a duration above zero, such as 2m", bc.timeout))
	}
	return err
}

// checkSoak refuses soak flags out of range.
func checkSoak(n, every, senders int, step, window time.Duration) error {
	err := checkCounts("soak", atLeast{"n", n, 1}, atLeast{"every", every, 1}, atLeast{"senders", senders, 1})
	if step < 0 {
		err = errors.Join(err, fmt.Errorf("soak: -step %s: want a duration of zero or more, such as 3m", step))
	}
	if window <= 0 {
		err = errors.Join(err, fmt.Errorf("soak: -window %s: want a duration above zero, such as 720h", window))
	}
	return err
}
