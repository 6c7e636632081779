// Package board is a board's life: starting it, replaying it from its
// seed and log, whose turn it is and how it ended, declines, clocks
// and vacations, turns of several actions, the record of a game and
// the rating arithmetic; and the queries over many boards that follow
// from those rules: the boards a list shows, the history of finished
// games, the standings; and who follows a board, moves made ahead of
// their turn (queued, submitted, conditional), the options of a
// challenge, the computer's seat and the boards that wait for it. It
// works on the store's records and the engines' states and returns
// what happened (Change), or what was found, as data; an operation
// that changes the store takes its transaction, applies the rule and
// writes the records itself, so the core writes no board record by
// hand.
//
// It may import the engines, the store, pbm/lang and pbm/computer (the
// computer's levels); it knows nothing of mail, templates, MIME,
// accounts or tournaments: the core (package pbm) turns what happened
// into mails.
package board

import (
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// Replay rebuilds a board's position after its first upto log entries
// (all of them when upto < 0) by replaying the log from the seed,
// starting from the cached position of cache when there is one (cache
// may be nil).
func Replay(games *engine.Registry, cache *Positions, b store.Board, upto int) (engine.Game, engine.State, error) {
	g, ok := games.Lookup(b.Game)
	if !ok {
		return nil, nil, fmt.Errorf("board %s %d: game not offered here", b.Game, b.Number)
	}
	log := b.Log
	if upto >= 0 && upto < len(log) {
		log = log[:upto]
	}
	st, done := cache.Start(b, log)
	if st == nil {
		var err error
		if st, err = g.New(len(b.Players), b.GameOptions(), b.Seed); err != nil {
			return nil, nil, fmt.Errorf("board %s %d: new: %w", b.Game, b.Number, err)
		}
	}
	var err error
	for i := done; i < len(log); i++ {
		e := log[i]
		switch e.Kind {
		case "":
			_, err = st.Play(e.Move)
		case "resign", "forfeit", "decline":
			err = st.Resign(e.Seat)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("board %s %d: replay of entry %d (%s %s): %w", b.Game, b.Number, i+1, e.Kind, e.Move, err)
		}
	}
	if len(log) == len(b.Log) {
		cache.Put(b, log, st)
	}
	return g, st, nil
}

func SeatOf(b store.Board, id string) int {
	for i, p := range b.Players {
		if strings.EqualFold(p, id) {
			return i
		}
	}
	return -1
}

// ToMove is the userid whose turn it is, or "" when the game is over.
func ToMove(b store.Board, st engine.State) string {
	if b.Over {
		return ""
	}
	if t := st.ToMove(); t >= 0 && t < len(b.Players) {
		return b.Players[t]
	}
	return ""
}

// Outcome is how the board stands: the engine's result, unless the
// players agreed a draw or an admin aborted the game.
func Outcome(b store.Board, st engine.State) engine.Result {
	if b.Aborted {
		return engine.Result{Over: true, Reason: "aborted by an admin"}
	}
	if n := len(b.Log); n > 0 && b.Log[n-1].Kind == "draw" {
		return engine.Result{Over: true, Reason: "draw agreed"}
	}
	if Removed(b, st) {
		return engine.Result{Over: true, Reason: "challenge declined"}
	}
	return st.Result()
}

// Status is the line that says whose turn it is or how it ended, in
// English (the board's stored outcome, the answers not yet written
// from the catalogue).
func Status(b store.Board, st engine.State) string { return StatusIn(lang.English(), b, st) }

// coreReasons are the reasons of an end the core gives (Outcome), by
// their message in the catalogue; an engine's own reason is its
// message (engine.Result.Why), or its English when it has none.
var coreReasons = map[string]string{
	"aborted by an admin": "ReasonAborted",
	"draw agreed":         "ReasonDrawAgreed",
	"challenge declined":  "ReasonDeclined",
}

// StatusIn is the line that says whose turn it is or how the game
// ended, written by p.
func StatusIn(p lang.Printer, b store.Board, st engine.State) string {
	return p.Render(StatusMsg(b, st))
}

// StatusMsg is StatusIn as a message, to be written later in the
// reader's language.
func StatusMsg(b store.Board, st engine.State) lang.Msg {
	if b.Aborted {
		return lang.M("StatusAborted")
	}
	if Removed(b, st) {
		return lang.M("StatusDeclined", "Who", Decliner(b))
	}
	res := Outcome(b, st)
	if !res.Over {
		return lang.M("StatusTurn", "Who", ToMove(b, st))
	}
	reason := ReasonMsg(res)
	if res.Draw() {
		if res.Reason == "" {
			return lang.M("StatusTie")
		}
		return lang.M("StatusTieWhy", "Reason", reason)
	}
	var w []string
	for _, seat := range res.Winners {
		if seat >= 0 && seat < len(b.Players) {
			w = append(w, b.Players[seat])
		}
	}
	if res.Reason == "" {
		return lang.M("StatusWon", "Winners", AndList(w))
	}
	return lang.M("StatusWonWhy", "Winners", AndList(w), "Reason", reason)
}

// ReasonMsg is how a game ended as a message: the core's reasons and
// the engine's (Result.Why) from the catalogue, another as the engine
// wrote it.
func ReasonMsg(res engine.Result) lang.Msg {
	if id, ok := coreReasons[res.Reason]; ok {
		return lang.M(id)
	}
	if res.Why != nil {
		return Message(res.Why)
	}
	return lang.Literal(res.Reason)
}

// AndList is names joined by the language's "and".
func AndList(names []string) lang.Msg {
	if len(names) == 0 {
		return lang.Literal("")
	}
	out := lang.Literal(names[0])
	for _, n := range names[1:] {
		out = lang.M("PlayJoinAnd", "A", out, "And", lang.M("And"), "B", n)
	}
	return out
}

// Message is an engine's refusal (or reason) as a message of the
// catalogue, the refusals among its data converted first.
func Message(r *engine.Refusal) lang.Msg {
	if r == nil {
		return lang.Literal("")
	}
	data := make(map[string]any, len(r.Args))
	for k, v := range r.Args {
		var in *engine.Refusal
		if e, ok := v.(error); ok && errors.As(e, &in) {
			data[k] = Message(in)
		} else {
			data[k] = v
		}
	}
	return lang.Msg{ID: r.Code, Data: data, Count: r.Count}
}

// Settle records the end of the game on the board when it is over.
func Settle(b *store.Board, st engine.State) {
	if Outcome(*b, st).Over {
		b.Over = true
		b.Outcome = Status(*b, st)
		b.Result = Keep(StatusMsg(*b, st))
	}
}

// InGame lists the seats that have not resigned or forfeited.
func InGame(b store.Board) []int {
	out := []int{}
	for i := range b.Players {
		out = append(out, i)
	}
	for _, e := range b.Log {
		if e.Kind == "resign" || e.Kind == "forfeit" || e.Kind == "decline" {
			for k, s := range out {
				if s == e.Seat {
					out = append(out[:k], out[k+1:]...)
					break
				}
			}
		}
	}
	return out
}

func ContainsSeat(list []int, s int) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// OptionWords are a board's options (a challenge's, a seek's or a
// tournament's) as a command writes them, sorted by name: "-size=4",
// "-invasion", and a server option as "--nag=3".
func OptionWords(opts map[string]string) []string {
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		w := "-" + k
		if v := opts[k]; v != "" {
			w += "=" + v
		}
		out = append(out, w)
	}
	return out
}

// Path is the path of a board's page on the web site.
func Path(game string, number int) string {
	return "/" + url.PathEscape(game) + "/" + strconv.Itoa(number)
}
