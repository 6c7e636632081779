package board

import (
	"container/list"
	"maps"
	"strconv"
	"strings"
	"sync"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/store"
)

// Positions keeps the last position of recently played boards in
// memory, so that a move does not replay the whole log. The log stays
// the truth: an entry is used only when the log it was built from is
// a prefix of the board's log now (same seed, seats and options, same
// moves), and the rest of the log is played on a copy of it. A take
// back, a rolled-back transaction or a restart simply misses.
type Positions struct {
	mu   sync.Mutex
	size int
	lru  *list.List // of *position, most recent first
	by   map[string]*list.Element
}

type position struct {
	key     string
	seed    uint64
	players int
	options map[string]string
	log     []store.Entry
	state   engine.State
}

func NewPositions(size int) *Positions {
	return &Positions{size: size, lru: list.New(), by: map[string]*list.Element{}}
}

func positionKey(b store.Board) string { return strings.ToLower(b.Game) + "/" + strconv.Itoa(b.Number) }

// Start returns a copy of the cached position of b whose log is a
// prefix of log, with how many entries of log it covers; nil when
// there is none.
func (p *Positions) Start(b store.Board, log []store.Entry) (engine.State, int) {
	if p == nil {
		return nil, 0
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	el, ok := p.by[positionKey(b)]
	if !ok {
		return nil, 0
	}
	e := el.Value.(*position)
	if e.seed != b.Seed || e.players != len(b.Players) || !maps.Equal(e.options, b.Options) || len(e.log) > len(log) {
		return nil, 0
	}
	for i, x := range e.log {
		if y := log[i]; x.Seat != y.Seat || x.Kind != y.Kind || x.Move != y.Move {
			return nil, 0
		}
	}
	p.lru.MoveToFront(el)
	return e.state.Clone(), len(e.log)
}

// Put remembers a copy of st as the position after log.
func (p *Positions) Put(b store.Board, log []store.Entry, st engine.State) {
	if p == nil {
		return
	}
	e := &position{key: positionKey(b), seed: b.Seed, players: len(b.Players), options: maps.Clone(b.Options),
		log: append([]store.Entry(nil), log...), state: st.Clone()}
	p.mu.Lock()
	defer p.mu.Unlock()
	if el, ok := p.by[e.key]; ok {
		p.lru.Remove(el)
	}
	p.by[e.key] = p.lru.PushFront(e)
	for p.lru.Len() > p.size {
		old := p.lru.Remove(p.lru.Back()).(*position)
		delete(p.by, old.key)
	}
}

// Boards replays the boards of the games offered, from a cache of
// their last positions.
type Boards struct {
	games func() *engine.Registry
	cache *Positions
}

// NewBoards returns the replayer of the boards of the games offered,
// keeping the last position of up to size boards. games is the
// registry of the games offered, read at each replay.
func NewBoards(games func() *engine.Registry, size int) *Boards {
	return &Boards{games: games, cache: NewPositions(size)}
}

// Unreplayable is a board whose log no longer replays, or whose game
// is not offered: a failure that does not come and go.
type Unreplayable struct{ Err error }

func (e *Unreplayable) Error() string { return e.Err.Error() }
func (e *Unreplayable) Unwrap() error { return e.Err }

// Replay rebuilds a board's position after its first upto log entries
// (all of them when upto < 0) (Replay); its error is an
// *Unreplayable.
func (bs *Boards) Replay(b store.Board, upto int) (engine.Game, engine.State, error) {
	g, st, err := Replay(bs.games(), bs.cache, b, upto)
	if err != nil {
		return nil, nil, &Unreplayable{err}
	}
	return g, st, nil
}

// Now rebuilds a board's position now (Replay of its whole log): the
// board.Replayer of the lists.
func (bs *Boards) Now(b store.Board) (engine.Game, engine.State, error) { return bs.Replay(b, -1) }
