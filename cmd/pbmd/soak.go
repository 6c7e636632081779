package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm"
	"github.com/pbmgo/pbm/store"
)

// runSoak is "pbmd soak": it hands the core many mails that leave no
// lasting data of their own (help, unknown commands, wrong passwords,
// copies of mails already handled), each from one of many senders and
// under a clock that runs on, delivers what the core queues, runs the
// clock's tick, and prints the daemon's heap and the store's size by
// bucket as the mails go by: what grows with the mail handled and
// what stays flat once the dedupe window and the rate window are past.
func runSoak(args []string, games *engine.Registry, w io.Writer) error {
	fs := flag.NewFlagSet("soak", flag.ContinueOnError)
	n := fs.Int("n", 100000, "mails")
	every := fs.Int("every", 10000, "print the figures every this many mails")
	senders := fs.Int("senders", 2000, "sender addresses")
	step := fs.Duration("step", 3*time.Minute, "the clock runs on by this much a mail")
	window := fs.Duration("window", 30*24*time.Hour, "the dedupe window (server.dedupewindow); a very long one keeps every record, as the store did before records expired")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := checkSoak(*n, *every, *senders, *step, *window); err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "pbm-soak-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "pbm.db")
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	open := func() (*store.Store, *pbm.Server, error) {
		st, err := store.Open(store.Config{Path: path})
		if err != nil {
			return nil, nil, err
		}
		s, err := pbm.New(pbm.Config{Store: st, Games: games, Address: "pbm@soak.test", BcryptCost: bcrypt.MinCost,
			DedupeWindow: *window, Now: func() time.Time { return clock },
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			st.Close()
			return nil, nil, err
		}
		return st, s, nil
	}
	st, s, err := open()
	if err != nil {
		return err
	}
	ctx := context.Background()
	if _, err := s.Handle(ctx, soakMail("owner@soak.test", "signup owner pw-owner", "owner", clock)); err != nil {
		return err
	}
	fmt.Fprintf(w, "%8s %10s %12s %10s %10s %10s %10s %10s\n", "mails", "heap", "store", "processed", "rates", "sent", "outbox", "days")
	start := clock
	for i := 1; i <= *n; i++ {
		from := fmt.Sprintf("p%d@soak.test", i%*senders)
		var subject string
		switch i % 4 {
		case 0:
			subject = "help"
		case 1:
			subject = "sigunp me"
		case 2:
			subject = "pictures owner wrong-password off"
		case 3:
			subject = "list"
		}
		raw := soakMail(from, subject, fmt.Sprint(i), clock)
		if _, err := s.Handle(ctx, raw); err != nil {
			return fmt.Errorf("soak: mail %d: %w", i, err)
		}
		if i%10 == 0 {
			// A copy of a mail handled before: recognised, not applied.
			if _, err := s.Handle(ctx, raw); err != nil {
				return fmt.Errorf("soak: copy of mail %d: %w", i, err)
			}
		}
		clock = clock.Add(*step)
		if i%1000 == 0 {
			if err := st.Update(func(tx *store.Tx) error {
				ms, err := tx.Outbox()
				if err != nil {
					return err
				}
				for _, m := range ms {
					if err := tx.Delivered(m.Seq); err != nil {
						return err
					}
				}
				return nil
			}); err != nil {
				return err
			}
			if _, err := s.Tick(ctx); err != nil {
				return err
			}
		}
		if i%*every == 0 || i == *n {
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			st.Close()
			r, err := store.Check(path)
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "%8d %9.1fM %11.1fM %10d %10d %10d %10d %10.1f\n", i, float64(ms.HeapInuse)/(1<<20), float64(r.Size)/(1<<20),
				r.Keys["processed"], r.Keys["rates"], r.Keys["sent"], r.Keys["outbox"], clock.Sub(start).Hours()/24)
			if st, s, err = open(); err != nil {
				return err
			}
		}
	}
	return st.Close()
}

// soakMail is a mail of the soak, dated now.
func soakMail(from, subject, id string, now time.Time) []byte {
	return []byte(fmt.Sprintf("From: %s\r\nTo: pbm@soak.test\r\nSubject: %s\r\nMessage-ID: <soak.%s@soak.test>\r\nDate: %s\r\n\r\n\r\n",
		from, subject, id, now.Format(time.RFC1123Z)))
}
