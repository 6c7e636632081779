// Package killpoint lets the kill tests end the daemon at chosen points
// of its work, where a kill from outside would land only by luck:
// inside a group commit, after a batch's commit before its
// acknowledgement, between the UID STORE and the UID MOVE of a set.
//
// It does nothing unless the environment variable PBM_TEST_KILLPOINTS
// is set, which only tests do: "point=p,point=p..." kills the process
// with SIGKILL at each named point with probability p. Before the kill
// it appends "<point> <n>\n" to the file PBM_TEST_KILLLOG names (n is
// the number of mails at stake). PBM_TEST_KILLSEED seeds the draws.
// "point=p!" kills at the point the first time any process of the test
// reaches it (the kill log holds no kill there yet), and with
// probability p after that: a test that needs a kill at a point it
// reaches only a few times gets one whatever the draws.
//
// Mail is the other hook: under PBM_TEST_POISON it makes the
// daemon die or hang on chosen mails. Nothing here may act without its
// variable set.
package killpoint

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

var (
	load  sync.Once
	mu    sync.Mutex
	probs map[string]float64
	// first marks the points that kill the first time they are reached
	// ("point=p!").
	first map[string]bool
	rng   *rand.Rand
	path  string
)

func setup() {
	spec := os.Getenv("PBM_TEST_KILLPOINTS")
	if spec == "" {
		return
	}
	probs = map[string]float64{}
	first = map[string]bool{}
	for _, kv := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(kv), "=")
		v, once := strings.CutSuffix(v, "!")
		if p, err := strconv.ParseFloat(v, 64); err == nil && k != "" {
			probs[k] = p
			first[k] = once
		}
	}
	seed, _ := strconv.ParseUint(os.Getenv("PBM_TEST_KILLSEED"), 10, 64)
	rng = rand.New(rand.NewPCG(seed, uint64(os.Getpid())))
	path = os.Getenv("PBM_TEST_KILLLOG")
}

// At is a point where a test may kill the process; n is the number of
// mails at stake there. It returns unless the draw kills the process.
func At(point string, n int) {
	load.Do(setup)
	if probs == nil {
		return
	}
	p, ok := probs[point]
	if !ok {
		return
	}
	mu.Lock()
	hit := rng.Float64() < p || first[point] && !killedAt(point)
	mu.Unlock()
	if !hit {
		return
	}
	if path != "" {
		if f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600); err == nil {
			fmt.Fprintf(f, "%s %d\n", point, n)
			f.Close()
		}
	}
	syscall.Kill(os.Getpid(), syscall.SIGKILL)
	select {} // the signal is on its way
}

// killedAt reports whether the kill log records a kill at point: one
// by an earlier process of the same test.
func killedAt(point string) bool {
	if path == "" {
		return false
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	for _, l := range strings.Split(string(b), "\n") {
		if name, _, _ := strings.Cut(l, " "); name == point {
			return true
		}
	}
	return false
}
