package board

import (
	"bufio"
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
)

// EntryOf is who played the entry e of board b, or unknown when its
// seat is not one of the board's, and what was played: the move, or the
// kind of an entry that is not a move in brackets ("(resign)").
func EntryOf(b store.Board, e store.Entry, unknown string) (who, move string) {
	who, move = unknown, e.Move
	if e.Seat >= 0 && e.Seat < len(b.Players) {
		who = b.Players[e.Seat]
	}
	if e.Kind != "" {
		move = "(" + e.Kind + ")"
	}
	return who, move
}

// Record renders a board as a record.
func Record(b store.Board) string {
	var w strings.Builder
	fmt.Fprintf(&w, "[Game %q]\n[Board \"%d\"]\n[Seed \"%d\"]\n[Players %q]\n", b.Game, b.Number, b.Seed, strings.Join(b.Players, " "))
	opts := b.GameOptions()
	var keys []string
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&w, "[Option %q]\n", k+"="+opts[k])
	}
	if b.Over {
		fmt.Fprintf(&w, "[Result %q]\n", b.Outcome)
	}
	w.WriteString("\n")
	for i, e := range b.Log {
		who, mv := EntryOf(b, e, "-")
		fmt.Fprintf(&w, "%d %s %s %s\n", i+1, who, mv, e.At.UTC().Format(time.RFC3339))
	}
	return w.String()
}

// ParseRecord reads a record back into a board. The text may be the
// record alone or the body of the mail it came in, with the echo of the command and "OK:" above the record and the
// signature below it. Lines quoted with ">" (a forwarded record) are
// read without the marks. Before the Game tag everything is skipped;
// the record ends at the signature line "-- " or at the end.
func ParseRecord(text []byte) (store.Board, error) {
	var b store.Board
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(nil, 1<<20)
	line := 0
	started := false
	for sc.Scan() {
		line++
		raw := strings.TrimRight(sc.Text(), "\r")
		l := unquoteLine(raw)
		if started && (raw == "-- " || l == "--" || l == "-- ") {
			break // the signature
		}
		if !started {
			if !strings.HasPrefix(l, "[Game ") {
				continue // the header, the echo of the command
			}
			started = true
		}
		if l == "" {
			continue
		}
		if strings.HasPrefix(l, "[") {
			key, val, ok := strings.Cut(strings.Trim(l, "[]"), " ")
			v, err := strconv.Unquote(strings.TrimSpace(val))
			if !ok || err != nil {
				return b, fmt.Errorf("record line %d: bad tag %q", line, l)
			}
			switch key {
			case "Game":
				b.Game = v
			case "Board":
				b.Number, err = strconv.Atoi(v)
			case "Seed":
				b.Seed, err = strconv.ParseUint(v, 10, 64)
			case "Players":
				b.Players = strings.Fields(v)
			case "Option":
				k, ov, _ := strings.Cut(v, "=")
				if b.Options == nil {
					b.Options = map[string]string{}
				}
				b.Options[k] = ov
			}
			if err != nil {
				return b, fmt.Errorf("record line %d: %w", line, err)
			}
			continue
		}
		f := strings.Fields(l)
		if len(f) < 3 {
			return b, fmt.Errorf("record line %d: want <n> <userid> <move> [<time>]", line)
		}
		if n, err := strconv.Atoi(f[0]); err != nil || n != len(b.Log)+1 {
			return b, fmt.Errorf("record line %d: move %s where move %d was expected", line, f[0], len(b.Log)+1)
		}
		e := store.Entry{Seat: SeatOf(b, f[1]), Move: f[2]}
		if e.Seat < 0 && f[1] != "-" {
			return b, fmt.Errorf("record line %d: %s is not a player", line, f[1])
		}
		if strings.HasPrefix(f[2], "(") {
			e.Kind, e.Move = strings.Trim(f[2], "()"), ""
		}
		if len(f) > 3 {
			e.At, _ = time.Parse(time.RFC3339, f[3])
		}
		b.Log = append(b.Log, e)
	}
	if b.Game == "" || len(b.Players) == 0 {
		return b, fmt.Errorf("record: no Game or Players tag")
	}
	return b, nil
}

// unquoteLine is a line without its quote marks (">", "> > ") and the
// spaces around it.
func unquoteLine(l string) string {
	l = strings.TrimSpace(l)
	for strings.HasPrefix(l, ">") {
		l = strings.TrimSpace(l[1:])
	}
	return l
}

// ReplayRecord plays a record through its game and returns the final
// board text and status.
func ReplayRecord(games *engine.Registry, text []byte) (string, error) {
	b, err := ParseRecord(text)
	if err != nil {
		return "", err
	}
	g, st, err := Replay(games, nil, b, -1)
	if err != nil {
		return "", err
	}
	var d strings.Builder
	st.Board(&d, b.Players)
	return fmt.Sprintf("%s board %d after %d moves: %s\n\n%s", g.Title(), b.Number, len(b.Log), Status(b, st), d.String()), nil
}
