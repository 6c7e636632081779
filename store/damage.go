package store

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// DamagedError reports a database file that bbolt cannot read: a page
// whose contents are not what the pages pointing at it say. bbolt
// panics on such a page; the store turns the panic into this error.
type DamagedError struct {
	Path   string
	Reason string // bbolt's own words
}

func (e *DamagedError) Error() string {
	return fmt.Sprintf("store: the database file %s is damaged (%s). "+
		"To restore a backup: stop pbmd, move %s aside, copy the newest backup "+
		"(pbm-backup-<time>.db in the backup directory, written by the admin command backup) "+
		"to %s, and start pbmd again. \"pbmd check\" lists what is damaged",
		e.Path, e.Reason, e.Path, e.Path)
}

// openBolt opens the file with bolt.Open and runs first (the first
// transaction) on it. An existing file is first checked read-only with
// bbolt's consistency check: bbolt panics on a damaged page, and a
// panic inside bolt.Open leaves the file mapped and locked, so the
// damage is found before the file is opened for writing, where it
// becomes a DamagedError. A panic that still happens here is
// recovered the same way.
func openBolt(path string, opts *bolt.Options, first func(*bolt.DB) error) (db *bolt.DB, err error) {
	if fi, err := os.Stat(path); err == nil && fi.Size() > 0 && !opts.ReadOnly {
		r, err := check(path, opts.Timeout)
		if err != nil {
			return nil, err
		}
		if !r.OK() {
			reason := r.Problems[0]
			if n := len(r.Problems) + r.More - 1; n > 0 {
				reason += fmt.Sprintf(", and %d more problems", n)
			}
			return nil, &DamagedError{Path: path, Reason: reason}
		}
	}
	defer func() {
		if p := recover(); p != nil {
			if db != nil {
				func() {
					defer func() { recover() }()
					db.Close()
				}()
			}
			db, err = nil, &DamagedError{Path: path, Reason: fmt.Sprint(p)}
		}
	}()
	db, err = bolt.Open(path, 0o600, opts)
	if err != nil {
		if errors.Is(err, bolt.ErrInvalid) || errors.Is(err, bolt.ErrChecksum) || errors.Is(err, bolt.ErrVersionMismatch) {
			return nil, &DamagedError{Path: path, Reason: err.Error()}
		}
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	if first != nil {
		if err := first(db); err != nil {
			db.Close()
			return nil, err
		}
	}
	return db, nil
}

// guard runs one transaction of s; a panic inside it (bbolt's on a
// damaged page met while the daemon runs, or a bug) becomes an error
// instead of ending the process. bbolt rolls the transaction back as
// the panic passes, so the database stays usable.
func (s *Store) guard(tx func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("store: a transaction on %s panicked: %v (if this repeats, the file may be damaged: stop pbmd and run pbmd check)", s.db.Path(), p)
		}
	}()
	return tx()
}

// Path is the database file's path.
func (s *Store) Path() string { return s.db.Path() }

// CheckReport is what Check found.
type CheckReport struct {
	Path     string
	Size     int64          // bytes
	Keys     map[string]int // records per bucket
	Bytes    map[string]int // bytes of the pages in use per bucket
	Problems []string       // bbolt's consistency errors, at most maxProblems
	More     int            // problems beyond those listed
}

const maxProblems = 100

// OK reports whether the file passed the check.
func (r *CheckReport) OK() bool { return len(r.Problems) == 0 }

func (r *CheckReport) String() string {
	s := fmt.Sprintf("%s: %d bytes\n", r.Path, r.Size)
	names := make([]string, 0, len(r.Keys))
	for k := range r.Keys {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		s += fmt.Sprintf("  %-22s %8d records %10d bytes\n", k, r.Keys[k], r.Bytes[k])
	}
	if r.OK() {
		return s + "consistent: every page is reachable once, keys are in order\n"
	}
	for _, p := range r.Problems {
		s += "  damaged: " + p + "\n"
	}
	if r.More > 0 {
		s += fmt.Sprintf("  and %d more problems\n", r.More)
	}
	return s + (&DamagedError{Path: r.Path, Reason: fmt.Sprintf("%d problems", len(r.Problems)+r.More)}).Error() + "\n"
}

// Check opens the file read-only and runs bbolt's consistency check
// (Tx.Check: every page reachable exactly once or free, no page
// beyond the end, keys in order in every page). It never writes, and
// needs the daemon stopped (the daemon holds the file's lock). An
// error means the check could not run; damage found is in the report.
func Check(path string) (*CheckReport, error) {
	r, err := check(path, 2*time.Second)
	if errors.Is(err, bolt.ErrTimeout) {
		return nil, fmt.Errorf("store: check %s: the file is locked: stop pbmd first, or check a copy of a backup", path)
	}
	return r, err
}

// check runs the consistency check of Check, waiting at most timeout
// for the file's lock.
func check(path string, timeout time.Duration) (*CheckReport, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("store: check: %w", err)
	}
	r := &CheckReport{Path: path, Size: fi.Size(), Keys: map[string]int{}, Bytes: map[string]int{}}
	// A read-only open reads the meta pages only (bbolt loads the
	// freelist of a read-only file in Tx.Check), so it reports damage
	// as an error, never a panic.
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: timeout})
	switch {
	case errors.Is(err, bolt.ErrInvalid) || errors.Is(err, bolt.ErrChecksum) || errors.Is(err, bolt.ErrVersionMismatch):
		r.Problems = []string{err.Error()}
		return r, nil
	case errors.Is(err, bolt.ErrTimeout):
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	case err != nil:
		return nil, fmt.Errorf("store: check %s: %w", path, err)
	}
	defer func() {
		defer func() { recover() }()
		db.Close()
	}()
	err = db.View(func(tx *bolt.Tx) error {
		// Tx.Check runs in a goroutine of its own and reports a panic
		// on a damaged page as one more error.
		for e := range tx.Check() {
			if len(r.Problems) < maxProblems {
				// "panic: invalid freelist page ...": bbolt's words
				// for a page it could not follow.
				r.Problems = append(r.Problems, strings.TrimPrefix(e.Error(), "panic: "))
			} else {
				r.More++
			}
		}
		if !r.OK() {
			return nil
		}
		defer func() {
			if p := recover(); p != nil {
				r.Problems = append(r.Problems, fmt.Sprint(p))
			}
		}()
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
			st := b.Stats()
			r.Keys[string(name)] = st.KeyN
			r.Bytes[string(name)] = st.BranchInuse + st.LeafInuse + st.InlineBucketInuse
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("store: check %s: %w", path, err)
	}
	return r, nil
}
