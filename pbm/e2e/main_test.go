package e2e

import (
	"fmt"
	"os"
	"sync"
	"testing"
)

// figures are what a test proved, added up for the summary line.
type figures struct {
	mails, moves, kills, outages int
	lost, doubled, missing       int
}

var (
	totalMu sync.Mutex
	total   figures
	tests   int
)

func record(f figures) {
	totalMu.Lock()
	defer totalMu.Unlock()
	tests++
	total.mails += f.mails
	total.moves += f.moves
	total.kills += f.kills
	total.outages += f.outages
	total.lost += f.lost
	total.doubled += f.doubled
	total.missing += f.missing
}

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	if tests > 0 {
		fmt.Printf("e2e: mails %d, game moves %d, kills %d, outages %d, moves lost %d, doubled %d, replies missing %d\n",
			total.mails, total.moves, total.kills, total.outages, total.lost, total.doubled, total.missing)
	}
	os.Exit(code)
}
