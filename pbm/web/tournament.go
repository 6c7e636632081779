package web

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// A game's tournaments and seekers: /<game>/tournaments (every
// tournament of the game, paged: the open ones, then the running, then
// the finished, each newest first), /<game>/tournament/<name> (one
// tournament: its settings and state, the standings, the crosstable of
// a round robin, the rounds with their pairings and a link to every
// board), and the players seeking a game, on the game's page and its
// standings as pbmserv listed them. The name is in lower case in the
// URL, as tournament names are compared without case. Each shows what
// "<game> tournament show" and "<game> standings" mail: userids,
// results and the commands to mail, never an address or a password.

// TournamentPath is the path of a tournament's page.
func TournamentPath(game, name string) string {
	return "/" + url.PathEscape(strings.ToLower(game)) + "/tournament/" + url.PathEscape(strings.ToLower(name))
}

// tournamentsOf reads the documents of a game's tournaments.
func tournamentsOf(tx *store.Tx, game string) ([]tournament.Tournament, error) {
	docs, err := tx.Tournaments(game)
	if err != nil {
		return nil, err
	}
	out := make([]tournament.Tournament, 0, len(docs))
	for _, doc := range docs {
		var t tournament.Tournament
		if err := json.Unmarshal(doc, &t); err != nil {
			return nil, fmt.Errorf("tournaments of %s: %w", game, err)
		}
		out = append(out, t)
	}
	return out, nil
}

// stage orders tournaments in a list: open, running, finished.
func stage(t *tournament.Tournament) int {
	switch {
	case t.Over:
		return 2
	case t.Started:
		return 1
	}
	return 0
}

// firstBoard is the number of a tournament's first board, 0 before it
// has one: boards are numbered in the order they start, so a larger
// one is a newer tournament.
func firstBoard(t *tournament.Tournament) int {
	for _, rd := range t.Played {
		for _, p := range rd.Pairings {
			if p.Board != 0 {
				return p.Board
			}
		}
	}
	return 0
}

// sortTournaments puts the open ones first, then the running, then
// the finished; newest first within each (by the day announced, then
// by the first board for documents that do not keep the day), then by
// name.
func sortTournaments(ts []tournament.Tournament) {
	slices.SortStableFunc(ts, func(a, b tournament.Tournament) int {
		return cmp.Or(cmp.Compare(stage(&a), stage(&b)), b.Created.Compare(a.Created),
			cmp.Compare(firstBoard(&b), firstBoard(&a)), cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)))
	})
}

// tournamentRow is one tournament in a list.
type tournamentRow struct {
	Name, Path, Summary, State string
	Entrants                   int
}

// stateOf says where a tournament stands, as "<game> tournaments"
// does.
func stateOf(pr lang.Printer, t *tournament.Tournament) string {
	switch {
	case t.Over && t.Winner != "":
		return pr.T("WebStateWon", "Winner", t.Winner)
	case t.Over:
		return pr.T("WebStateEnded")
	case t.Started:
		return pr.T("WebStateRunning", "N", t.Current()+1)
	}
	return pr.T("WebStateOpen")
}

// tournamentListing is one page of a list of tournaments.
type tournamentListing = paged[tournamentRow]

// tournamentPage is page (from 1) of the sorted tournaments, size a
// page, linked at path; a page past the end is false.
func tournamentPage(pr lang.Printer, ts []tournament.Tournament, page, size int, path string) (tournamentListing, bool) {
	return pageList(ts, page, size, path, func(t *tournament.Tournament) (tournamentRow, bool) {
		return tournamentRow{Name: t.Name, Path: TournamentPath(t.Game, t.Name),
			Summary: summaryOf(pr, t), State: stateOf(pr, t), Entrants: len(t.Entrants)}, true
	})
}

// person is a userid and the path of the player's page, "" when the
// player has none yet (no board and no rating): the site links no page
// that is not there.
type person struct{ ID, Link string }

// people links players to their pages, asking the store once for each.
type people struct {
	tx    *store.Tx
	games *engine.Registry
	seen  map[string]string
}

func (s *Site) people(tx *store.Tx) *people {
	return &people{tx: tx, games: s.games, seen: map[string]string{}}
}

// of is the person of id; it is what the player route finds: a board
// of the player, or a rating.
func (p *people) of(id string) (person, error) {
	key := strings.ToLower(id)
	if link, ok := p.seen[key]; ok {
		return person{id, link}, nil
	}
	link := ""
	bs, err := p.tx.BoardsOf(id, "")
	if err != nil {
		return person{}, err
	}
	if len(bs) > 0 {
		link = PlayerPath(id)
	}
	for _, g := range p.games.Games() {
		if link != "" {
			break
		}
		_, found, err := p.tx.Rating(g.Name(), id)
		if err != nil {
			return person{}, err
		}
		if found {
			link = PlayerPath(id)
		}
	}
	if link == "" {
		// An entrant without a board or a rating yet has a page
		// listing the tournaments entered.
		ts, err := entered(p.tx, p.games, id)
		if err != nil {
			return person{}, err
		}
		if len(ts) > 0 {
			link = PlayerPath(id)
		}
	}
	p.seen[key] = link
	return person{id, link}, nil
}

// all is the persons of ids.
func (p *people) all(ids []string) ([]person, error) {
	out := make([]person, 0, len(ids))
	for _, id := range ids {
		who, err := p.of(id)
		if err != nil {
			return nil, err
		}
		out = append(out, who)
	}
	return out, nil
}

// seekRow is one player seeking games.
type seekRow struct {
	Who     person
	Count   int
	Options string
	Limit   string
}

// seekers lists a game's seeks, oldest first, with each seeker's limit
// for the game (the wording of "<game> limit").
func (s *Site) seekers(pr lang.Printer, tx *store.Tx, game string) ([]seekRow, error) {
	seeks, err := tx.Seeks(game)
	if err != nil {
		return nil, err
	}
	ps := s.people(tx)
	var out []seekRow
	for _, sk := range seeks {
		u, err := tx.User(sk.User)
		if errors.Is(err, store.ErrNotFound) {
			u = store.User{}
		} else if err != nil {
			return nil, err
		}
		who, err := ps.of(sk.User)
		if err != nil {
			return nil, err
		}
		out = append(out, seekRow{Who: who, Count: sk.Count, Options: optionsLine(pr, sk.Options), Limit: limitText(pr, u, game)})
	}
	return out, nil
}

// seekCommand is the mail command to seek games of g, its arguments
// named in the reader's language.
func seekCommand(pr lang.Printer, g engine.Game) string {
	return g.Name() + " seek <" + pr.T("WebArgUserid") + "> <" + pr.T("WebArgPassword") + "> [<" + pr.T("WebArgN") + ">] [-" + pr.T("WebArgOption") + "...]"
}

// tournamentList is every tournament of a game, a page at a time.
func (s *Site) tournamentList(w http.ResponseWriter, r *http.Request, g engine.Game) {
	page, ok := s.pageParam(w, r)
	if !ok {
		return
	}
	var v struct {
		Name, Title, Address string
		List                 tournamentListing
	}
	pr := printer(r)
	v.Name, v.Title, v.Address = g.Name(), g.Title(), s.opts.Address
	found := true
	err := s.store.View(func(tx *store.Tx) error {
		ts, err := tournamentsOf(tx, g.Name())
		sortTournaments(ts)
		v.List, found = tournamentPage(pr, ts, page, pageSize, "/"+g.Name()+"/tournaments")
		return err
	})
	if err == nil && !found {
		s.notFound(w, r, pr.T("WebErrNoListPage", "Page", page, "Pages", v.List.Pages))
		return
	}
	s.page(w, r, err, cacheRevalidate, "tournaments", pr.T("WebTournamentsTitle", "Game", g.Title(), "Page", page), v)
}

// standingRow is one line of a tournament's table.
type standingRow struct {
	Rank        int
	Who         person
	Points      string
	TieBreaks   []string
	Played, Bye int
}

// tieBreak is a tie-break as the mail names it, and in full.
type tieBreak struct{ Name, Full string }

var tieBreakWords = map[string]string{
	"SB":       "WebTieSB",
	"Buchholz": "WebTieBuchholz",
	"Median":   "WebTieMedian",
}

// crossCell is one cell of the crosstable: the boards a row's entrant
// shared with a column's.
type crossCell struct {
	Self    bool
	Results []crossResult
}

type crossResult struct {
	Text, Link, Label string
}

type crossRow struct {
	Rank   int
	Who    person
	Points string
	Cells  []crossCell
}

// pairingRow is one pairing of a round: its board, its players in seat
// order, and its result.
type pairingRow struct {
	Board     int
	Link      string
	Seats     []person
	Bye, Done bool
	Replay    bool
	Points    string
	Outcome   lang.Msg // the board's outcome in the reader's language, once it is over
	Started   bool
}

type roundRow struct {
	N        int
	Pairings []pairingRow
}

// tournamentView is what a tournament's page shows.
type tournamentView struct {
	Name, Title          string // the game's
	Tournament, Path     string
	Format               string
	Organiser, Winner    person
	Summary, Options     string
	Clocks               []string
	Seats, Rounds, Size  int
	Double               bool
	StartOn              string
	State                string
	Open, Running, Over  bool
	Entrants             []person
	Join, Leave, Address string
	TieBreaks            []tieBreak
	Standings            []standingRow
	Byes                 bool
	CrossIDs             []person
	Cross                []crossRow
	RoundsPlayed         []roundRow
	Pools                bool // the rounds are stages
	Current              int  // the round being played, from 1
}

// formatWords names the formats in prose.
var formatWords = map[tournament.Format]string{
	tournament.RoundRobin: "WebFormatRoundRobin",
	tournament.Swiss:      "WebFormatSwiss",
	tournament.Knockout:   "WebFormatKnockout",
	tournament.Pools:      "WebFormatPools",
}

func (s *Site) tournamentRoute(w http.ResponseWriter, r *http.Request, g engine.Game, parts []string) {
	if len(parts) != 3 || parts[2] == "" {
		s.notFound(w, r, printer(r).T("WebErrTournamentPath", "Game", g.Name()))
		return
	}
	var v tournamentView
	err := s.store.View(func(tx *store.Tx) error {
		doc, err := tx.Tournament(g.Name(), parts[2])
		if err != nil {
			return err
		}
		var t tournament.Tournament
		if err := json.Unmarshal(doc, &t); err != nil {
			return fmt.Errorf("tournament %s/%s: %w", g.Name(), parts[2], err)
		}
		v, err = s.tournamentView(printer(r), tx, g, &t)
		return err
	})
	if errors.Is(err, store.ErrNotFound) {
		s.notFound(w, r, printer(r).T("WebErrNoTournament", "Title", g.Title(), "Name", strconv.Quote(parts[2]), "Game", g.Name()))
		return
	}
	s.page(w, r, err, cacheRevalidate, "tournament", printer(r).T("WebTournamentTitle", "Game", g.Title(), "Name", v.Tournament), v)
}

// tournamentView reads what the page of t shows: its boards' results
// and which players have pages.
func (s *Site) tournamentView(pr lang.Printer, tx *store.Tx, g engine.Game, t *tournament.Tournament) (tournamentView, error) {
	ps := s.people(tx)
	v := tournamentView{Name: g.Name(), Title: g.Title(), Tournament: t.Name, Path: TournamentPath(g.Name(), t.Name),
		Summary: summaryOf(pr, t),
		Seats:   t.Seats, Rounds: t.Rounds, Size: t.Size, Double: t.Double, State: stateOf(pr, t),
		Open: !t.Started, Running: t.Started && !t.Over, Over: t.Over, Address: s.opts.Address,
		Pools: t.Format == tournament.Pools, Current: t.Current() + 1}
	if id := formatWords[t.Format]; id != "" {
		v.Format = pr.T(id)
	}
	var err error
	if v.Organiser, err = ps.of(t.Organiser); err != nil {
		return v, err
	}
	if t.Winner != "" {
		if v.Winner, err = ps.of(t.Winner); err != nil {
			return v, err
		}
	}
	if v.Format == "" {
		v.Format = string(t.Format)
	}
	if !t.StartOn.IsZero() {
		v.StartOn = day(pr, t.StartOn)
	}
	gameOpts := map[string]string{}
	for k, val := range t.Options {
		if !strings.HasPrefix(k, "-") {
			gameOpts[k] = val
		}
	}
	v.Options = optionsLine(pr, gameOpts)
	// A number of days, in the plural form its number takes (other
	// when it is no whole number).
	clock := func(id, n string) string {
		if k, err := strconv.Atoi(n); err == nil {
			return pr.N(id, k, "Days", n)
		}
		return pr.Render(lang.Msg{ID: id, Data: map[string]any{"Days": n}, Count: "2"})
	}
	if d, ok := t.Options["-nag"]; ok {
		v.Clocks = append(v.Clocks, clock("WebClockNag", d))
	}
	if d, ok := t.Options["-forfeit"]; ok {
		v.Clocks = append(v.Clocks, clock("WebClockForfeit", d))
	}
	if d, ok := t.Options["-total"]; ok {
		v.Clocks = append(v.Clocks, clock("WebClockTotal", d))
	}
	if !t.Started {
		ids := make([]string, len(t.Entrants))
		for i, e := range t.Entrants {
			ids[i] = e.ID
		}
		if v.Entrants, err = ps.all(ids); err != nil {
			return v, err
		}
		v.Join = fmt.Sprintf("%s tournament join %s <%s> <%s>", g.Name(), t.Name, pr.T("WebArgUserid"), pr.T("WebArgPassword"))
		v.Leave = fmt.Sprintf("%s tournament leave %s <%s> <%s>", g.Name(), t.Name, pr.T("WebArgUserid"), pr.T("WebArgPassword"))
		return v, nil
	}
	for _, n := range t.TieBreakNames() {
		full := n
		if id := tieBreakWords[n]; id != "" {
			full = pr.T(id)
		}
		v.TieBreaks = append(v.TieBreaks, tieBreak{Name: n, Full: full})
	}
	order, cells := t.Crosstable()
	for _, st := range order {
		row := standingRow{Rank: st.Rank, Points: tournament.FormatPoints(st.Points), Played: st.Played, Bye: st.Byes}
		if row.Who, err = ps.of(st.ID); err != nil {
			return v, err
		}
		for _, tb := range st.TieBreaks {
			row.TieBreaks = append(row.TieBreaks, tournament.FormatPoints(tb))
		}
		v.Byes = v.Byes || st.Byes > 0
		v.Standings = append(v.Standings, row)
	}
	if t.Format == tournament.RoundRobin {
		for i, st := range order {
			row := crossRow{Rank: st.Rank, Who: v.Standings[i].Who, Points: v.Standings[i].Points}
			v.CrossIDs = append(v.CrossIDs, row.Who)
			for j := range order {
				c := crossCell{Self: i == j}
				for _, m := range cells[i][j] {
					res := crossResult{Text: pr.T("WebNotStarted"), Label: pr.T("WebCrossNotStarted", "Who", st.ID, "Against", order[j].ID)}
					if m.Board != 0 {
						res.Link = board.Path(g.Name(), m.Board)
						res.Text = pr.T("WebUnderway")
						if m.Done {
							res.Text = tournament.FormatPoints(m.Points)
						}
						res.Label = pr.T("WebCrossBoard", "Who", st.ID, "Against", order[j].ID, "Number", m.Board, "Result", res.Text)
					}
					c.Results = append(c.Results, res)
				}
				row.Cells = append(row.Cells, c)
			}
			v.Cross = append(v.Cross, row)
		}
	}
	for r, rd := range t.Played {
		round := roundRow{N: r + 1}
		for _, p := range rd.Pairings {
			pr := pairingRow{Board: p.Board, Bye: p.Bye(), Done: p.Done, Replay: p.Replay, Started: p.Board != 0}
			if pr.Seats, err = ps.all(p.Seats); err != nil {
				return v, err
			}
			if p.Board != 0 {
				pr.Link = board.Path(g.Name(), p.Board)
				b, err := tx.Board(g.Name(), p.Board)
				if err != nil && !errors.Is(err, store.ErrNotFound) {
					return v, err
				}
				if err == nil && b.Over {
					pr.Outcome = board.OutcomeMsg(b)
				}
			}
			if p.Done && !pr.Bye {
				var pts []string
				for _, x := range p.Points {
					pts = append(pts, tournament.FormatPoints(x))
				}
				pr.Points = strings.Join(pts, " – ")
			}
			round.Pairings = append(round.Pairings, pr)
		}
		v.RoundsPlayed = append(v.RoundsPlayed, round)
	}
	return v, nil
}
