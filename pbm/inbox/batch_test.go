package inbox

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

// TestBatches: mails in hand are fetched and handled as batches in
// arrival order; an oversize one is moved to Rejected without the
// handler; a mail that fails is retried and holds back the ones after
// it; each mail the handler accepted is acknowledged once, to
// Processed.
func TestBatches(t *testing.T) {
	s := startLocal(t)
	var want []string
	for i := range 10 {
		id := fmt.Sprintf("m%d@x", i)
		size := 0
		if i == 4 {
			size = 2000
		} else {
			want = append(want, id)
		}
		if err := s.Deliver(serverAddr, mail(id, size)); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	var ok, calls []string
	var sizes []int
	failures := 0
	handler := func(_ context.Context, raws [][]byte) []error {
		mu.Lock()
		defer mu.Unlock()
		sizes = append(sizes, len(raws))
		errs := make([]error, len(raws))
		for i, raw := range raws {
			id := msgID(raw)
			calls = append(calls, id)
			if id == "m6@x" && failures < 2 {
				failures++
				for j := i; j < len(raws); j++ {
					errs[j] = errors.New("database busy")
				}
				return errs
			}
			ok = append(ok, id)
		}
		return errs
	}
	cfg := localConfig(s, nil)
	cfg.BatchHandler = handler
	cfg.MaxSize = 500
	cfg.Poll = 20 * time.Millisecond
	run(t, cfg)
	waitFor(t, "every mail acknowledged", func() bool {
		return countIn(t, s, DefaultProcessed)() == 9 && countIn(t, s, DefaultRejected)() == 1 && countIn(t, s, "INBOX")() == 0
	})
	mu.Lock()
	defer mu.Unlock()
	if !slices.Equal(ok, want) {
		t.Errorf("accepted %v, want %v in order, each once", ok, want)
	}
	if slices.Contains(calls, "m4@x") {
		t.Error("the oversize mail reached the handler")
	}
	if sizes[0] != 9 {
		t.Errorf("first batch had %d mails, want the 9 in hand (batches %v)", sizes[0], sizes)
	}
	processed, err := s.Messages(serverAddr, DefaultProcessed)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, raw := range processed {
		got = append(got, msgID(raw))
	}
	if !slices.Equal(got, want) {
		t.Errorf("Processed holds %v, want %v", got, want)
	}
}
