package main

import (
	"context"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestBenchRuns runs a small whole-path bench: every mode answers
// every mail (the bench fails otherwise, and fails when a move is
// refused), and the table has a row for each with the mails sent and a
// rate, the floor's relay included.
func TestBenchRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the daemon")
	}
	bin := buildDaemon(t)
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "bench", "-n", "40", "-boards", "4", "-senders", "2", "-per-process", "2", "-pictures=false")
	cmd.Dir = t.TempDir()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bench: %v\n%s", err, out)
	}
	rows := map[string][]string{}
	for _, l := range strings.Split(string(out), "\n") {
		if f := strings.Fields(l); len(f) >= 9 {
			rows[f[0]] = f
		}
	}
	for _, mode := range []string{"password", "reply", "floor"} {
		f := rows[mode]
		if f == nil {
			t.Fatalf("no %s row in\n%s", mode, out)
		}
		rate, err := strconv.ParseFloat(f[2], 64)
		if f[1] != "40" || err != nil || rate <= 0 {
			t.Errorf("%s row %q: want 40 mails at a rate", mode, f)
		}
	}
	for _, mode := range []string{"password", "reply"} {
		if r := rows[mode][8]; !strings.HasSuffix(r, "x") {
			t.Errorf("%s: ratio to the process-per-mail run %q", mode, r)
		}
	}
	t.Logf("\n%s", out)
}

// With pictures on, the bench runs the reply mails again with every
// player's pictures off on the same daemon: a text row beside the
// reply row, and the ratio of their CPU per mail.
func TestBenchTextBesidePictures(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the daemon")
	}
	bin := buildDaemon(t)
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "bench", "-n", "20", "-boards", "2", "-senders", "2", "-per-process", "0", "-floor=false")
	cmd.Dir = t.TempDir()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bench: %v\n%s", err, out)
	}
	rows := map[string][]string{}
	for _, l := range strings.Split(string(out), "\n") {
		if f := strings.Fields(l); len(f) >= 9 {
			rows[f[0]] = f
		}
	}
	for _, mode := range []string{"password", "reply", "text"} {
		if f := rows[mode]; f == nil || f[1] != "20" {
			t.Errorf("%s row %q in\n%s", mode, f, out)
		}
	}
	if !strings.Contains(string(out), "a reply mail with its picture costs") {
		t.Errorf("no ratio in\n%s", out)
	}
	if rows["floor"] != nil {
		t.Errorf("a floor row with -floor=false:\n%s", out)
	}
}

// With pictures on, the floor's relay runs twice: in mails the size of
// the text board mails and in mails the size of the picture mails, as
// the readers saw them, and the bench prints what the picture's bytes
// alone cost the mail path.
func TestBenchFloorCarriesThePicture(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the daemon")
	}
	bin := buildDaemon(t)
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "bench", "-n", "20", "-boards", "2", "-senders", "2", "-per-process", "0")
	cmd.Dir = t.TempDir()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bench: %v\n%s", err, out)
	}
	rows := map[string][]string{}
	size := map[string]int{}
	for _, l := range strings.Split(string(out), "\n") {
		if f := strings.Fields(l); len(f) >= 9 {
			rows[f[0]] = f
		}
		for _, row := range []string{"floor", "floor-pic"} {
			if rest, ok := strings.CutPrefix(l, row+": "); ok {
				_, n, _ := strings.Cut(rest, "in mails of ")
				n, _, _ = strings.Cut(n, " bytes")
				size[row], _ = strconv.Atoi(n)
			}
		}
	}
	for _, mode := range []string{"text", "floor", "floor-pic"} {
		if f := rows[mode]; f == nil || f[1] != "20" {
			t.Errorf("%s row %q in\n%s", mode, f, out)
		}
	}
	// A text board mail is a few KB; a picture adds tens of KB.
	if size["floor"] < 2000 || size["floor-pic"] < size["floor"]+10000 {
		t.Errorf("relay mail sizes %v: want a text board's, then that and a picture's\n%s", size, out)
	}
	if !strings.Contains(string(out), "carrying a picture's bytes alone costs the mail path") {
		t.Errorf("no cost of the picture's bytes in\n%s", out)
	}
}
