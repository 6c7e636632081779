package pbm

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/killpoint"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/store"
)

// Tournaments by mail: the commands of "<game> tournament ..." and
// "<game> seek", and the joints where a tournament meets its boards.
// The pairing, the points and the tie-breaks are package tournament's;
// here a round's pairings become boards (startBoard, as a challenge),
// a finished board's result becomes points in the transaction that
// ends it (tournamentBoardOver, called by commit), and a completed
// round pairs the next one in that same transaction, so that a kill
// at any point never pairs a round twice or loses one.

// Tournament boards keep pbmserv's tournament clocks unless the
// tournament says otherwise.
const (
	tournamentNagDays     = 1
	tournamentForfeitDays = 7
)

func (c *call) loadTournament(name string) (*tournament.Tournament, error) {
	doc, err := c.tx.Tournament(c.game.Name(), name)
	if errors.Is(err, store.ErrNotFound) {
		return nil, refuse("There is no %s tournament %q; \"%s tournaments\" lists them.", c.game.Title(), trimLine(name), c.game.Name())
	}
	if err != nil {
		return nil, err
	}
	var t tournament.Tournament
	if err := json.Unmarshal(doc, &t); err != nil {
		return nil, fmt.Errorf("tournament %s/%s: %w", c.game.Name(), name, err)
	}
	return &t, nil
}

func (c *call) saveTournament(t *tournament.Tournament) error {
	doc, err := json.Marshal(t)
	if err != nil {
		return fmt.Errorf("tournament %s/%s: %w", t.Game, t.Name, err)
	}
	return c.tx.PutTournament(t.Game, t.Name, doc)
}

// validTournamentName: 2-20 letters and digits.
func validTournamentName(s string) bool {
	if n := len([]rune(s)); n < 2 || n > 20 {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// cmdTournamentNew: "<game> tournament new <userid> <password> <name>
// <format> [-option...] [--nag=] [--forfeit=] [--total=] [--size=]
// [--rounds=] [--seats=] [--start=YYYY-MM-DD] [--double]".
func (s *Server) cmdTournamentNew(c *call) error {
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	name := c.args[2]
	if !validTournamentName(name) {
		return refuse("A tournament's name is 2 to 20 letters and digits, not %q.", trimLine(name))
	}
	if _, err := c.tx.Tournament(c.game.Name(), name); err == nil {
		return refuse("There is already a %s tournament %s.", c.game.Title(), name)
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	format, ok := tournament.ParseFormat(c.args[3])
	if !ok {
		return refuse("%q is not a tournament format; formats: %s.", trimLine(c.args[3]), formatNames())
	}
	t := &tournament.Tournament{Game: c.game.Name(), Name: name, Organiser: u.ID, Format: format, Seats: 2, Created: s.now(),
		Options: map[string]string{"-nag": strconv.Itoa(tournamentNagDays), "-forfeit": strconv.Itoa(tournamentForfeitDays)}}
	number := func(a, val string, lo, hi int) (int, error) {
		n, err := strconv.Atoi(val)
		if err != nil || n < lo || n > hi {
			return 0, refuse("%s needs a number from %d to %d.", trimLine(a), lo, hi)
		}
		return n, nil
	}
	for _, a := range c.args[4:] {
		key, val, _ := strings.Cut(strings.ToLower(a), "=")
		switch key {
		case "--size":
			if t.Size, err = number(a, val, 2, 256); err != nil {
				return err
			}
		case "--rounds":
			if t.Rounds, err = number(a, val, 1, 64); err != nil {
				return err
			}
		case "--seats":
			if t.Seats, err = number(a, val, 2, 6); err != nil {
				return err
			}
		case "--double":
			t.Double = true
		case "--start":
			day, err := time.Parse("2006-01-02", val)
			if err != nil {
				return refuse("%s needs a day as YYYY-MM-DD.", trimLine(a))
			}
			t.StartOn = day
		default:
			if !strings.HasPrefix(a, "-") {
				return refuse("Usage: %s tournament new <userid> <password> <name> <format> [-option...]: %q is not an option.", c.game.Name(), trimLine(a))
			}
			if err := c.option(a, t.Options); err != nil {
				return err
			}
		}
	}
	if err := t.Check(); err != nil {
		return refuse("Invalid tournament: %v.", err)
	}
	if lo, hi := c.game.Players(); t.Seats < lo || t.Seats > hi {
		return refuse("Invalid tournament: %s is for %s players, not %d seats.", c.game.Title(), playerRange(lo, hi), t.Seats)
	}
	if err := c.saveTournament(t); err != nil {
		return err
	}
	c.sec.Text = fmt.Sprintf("%s tournament %s (%s) announced by %s. To enter: %s tournament join %s <userid> <password>",
		c.game.Title(), name, describe(t), u.ID, c.game.Name(), name)
	return nil
}

func formatNames() string {
	var names []string
	for _, f := range tournament.Formats {
		names = append(names, string(f))
	}
	return strings.Join(names, ", ")
}

// describe is one line of a tournament's settings.
func describe(t *tournament.Tournament) string {
	parts := []string{string(t.Format), fmt.Sprintf("%d seats", t.Seats)}
	if t.Rounds > 0 {
		parts = append(parts, fmt.Sprintf("%d rounds", t.Rounds))
	}
	if t.Double {
		parts = append(parts, "double")
	}
	if t.Size > 0 {
		parts = append(parts, fmt.Sprintf("starts at %d entrants", t.Size))
	}
	if !t.StartOn.IsZero() {
		parts = append(parts, "starts on "+t.StartOn.Format("2006-01-02"))
	}
	for _, k := range sortedKeys(t.Options) {
		if v := t.Options[k]; v != "" {
			parts = append(parts, fmt.Sprintf("-%s=%s", k, v))
		} else {
			parts = append(parts, "-"+k)
		}
	}
	return strings.Join(parts, ", ")
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// organises reports whether u may run tournament t: its organiser or an
// admin.
// tournamentAs loads the tournament of "<name> <userid> <password>"
// and authenticates the player, for join, leave and start.
func (c *call) tournamentAs() (*tournament.Tournament, store.User, error) {
	t, err := c.loadTournament(c.args[0])
	if err != nil {
		return nil, store.User{}, err
	}
	u, err := c.auth(c.args[1], c.args[2])
	return t, u, err
}

func (c *call) organises(t *tournament.Tournament, u store.User) bool {
	return strings.EqualFold(t.Organiser, u.ID) || c.s.isAdmin(u.ID)
}

// cmdTournamentJoin: "<game> tournament join <name> <userid> <password>
// [computer[:level]]"; the organiser may enter the computer.
func (s *Server) cmdTournamentJoin(c *call) error {
	t, u, err := c.tournamentAs()
	if err != nil {
		return err
	}
	who := u.ID
	if len(c.args) > 3 {
		id, _, ok := computerID(c.args[3])
		if !ok {
			return refuse("Only the computer can be entered by another player: computer, computer:easy, computer:normal or computer:hard, not %q.", trimLine(c.args[3]))
		}
		if !c.organises(t, u) {
			return refuse("Only the organiser of tournament %s (%s) may enter the computer.", t.Name, t.Organiser)
		}
		who = id
	}
	rating := board.StartRating
	if r, found, err := c.tx.Rating(c.game.Name(), who); err != nil {
		return err
	} else if found {
		rating = int(r.Rating)
	}
	if err := t.Join(who, rating); err != nil {
		return refuse("%s cannot join tournament %s: %v.", who, t.Name, err)
	}
	c.sec.Text = fmt.Sprintf("%s joined %s tournament %s: %d entrants.", who, c.game.Title(), t.Name, len(t.Entrants))
	if t.Ready() {
		if err := c.startTournament(t); err != nil {
			return err
		}
		c.sec.Text += " The tournament has started: the first round's boards are mailed."
	}
	return c.saveTournament(t)
}

func entrantIDs(t *tournament.Tournament) []string {
	ids := make([]string, len(t.Entrants))
	for i, e := range t.Entrants {
		ids[i] = e.ID
	}
	return ids
}

// cmdTournamentLeave: "<game> tournament leave <name> <userid>
// <password>", before the start.
func (s *Server) cmdTournamentLeave(c *call) error {
	t, u, err := c.tournamentAs()
	if err != nil {
		return err
	}
	if err := t.Leave(u.ID); err != nil {
		return refuse("%s cannot leave tournament %s: %v.", u.ID, t.Name, err)
	}
	c.sec.Text = fmt.Sprintf("%s left %s tournament %s: %d entrants.", u.ID, c.game.Title(), t.Name, len(t.Entrants))
	return c.saveTournament(t)
}

// cmdTournamentStart: "<game> tournament start <name> <userid>
// <password>", by the organiser or an admin.
func (s *Server) cmdTournamentStart(c *call) error {
	t, u, err := c.tournamentAs()
	if err != nil {
		return err
	}
	if !c.organises(t, u) {
		return refuse("Only the organiser of tournament %s (%s) or an admin may start it.", t.Name, t.Organiser)
	}
	if err := c.startTournament(t); err != nil {
		return err
	}
	c.sec.Text = fmt.Sprintf("%s tournament %s started with %d entrants.", c.game.Title(), t.Name, len(t.Entrants))
	return c.saveTournament(t)
}

// startTournament seeds and pairs the first round and starts its
// boards. The caller saves t.
func (c *call) startTournament(t *tournament.Tournament) error {
	if err := t.Start(); err != nil {
		return refuse("Tournament %s cannot start: %v.", t.Name, err)
	}
	return c.playRound(t)
}

// playRound starts the boards the current round still needs and
// mails every entrant its pairings and the standings.
func (c *call) playRound(t *tournament.Tournament) error {
	round := t.Current() + 1
	for _, ri := range t.Pending() {
		p := t.Played[ri[0]].Pairings[ri[1]]
		event := fmt.Sprintf("Tournament %s, round %d: %s.", t.Name, round, strings.Join(p.Seats, " against "))
		if p.Replay {
			event = fmt.Sprintf("Tournament %s, round %d: the drawn match is replayed with seats swapped: %s.", t.Name, round, strings.Join(p.Seats, " against "))
		}
		b, _, err := c.startBoard(p.Seats, maps.Clone(t.Options), func(b *store.Board) { b.Tournament, b.Round = t.Name, round }, lang.Literal(event), "", "")
		if err != nil {
			return fmt.Errorf("tournament %s round %d: %w", t.Name, round, err)
		}
		t.SetBoard(ri[0], ri[1], b.Number)
	}
	text := fmt.Sprintf("%s tournament %s, round %d.\n\n%s", c.game.Title(), t.Name, round, c.tournamentText(t))
	return c.tellEntrants(t, fmt.Sprintf("%s tournament %s: round %d", c.game.Title(), t.Name, round), text, false)
}

// tellEntrants mails every human entrant (and, with watchers, every
// user who watches every board of the game).
func (c *call) tellEntrants(t *tournament.Tournament, subject, text string, watchers bool) error {
	told := map[string]bool{}
	ids := entrantIDs(t)
	if watchers {
		users, err := c.tx.SubscribersOfAll(t.Game)
		if err != nil {
			return err
		}
		for _, u := range users {
			ids = append(ids, u.ID)
		}
	}
	for _, id := range ids {
		if _, _, ok := computerID(id); ok || told[strings.ToLower(id)] {
			continue
		}
		told[strings.ToLower(id)] = true
		if err := c.tellUser(id, subject, text); err != nil {
			return err
		}
	}
	return nil
}

// tournamentBoardOver records the result of a finished tournament
// board, and when its round is complete pairs and starts the next
// round, or ends the tournament with the final table to every entrant
// and watcher: all in the transaction that ended the board.
func (c *call) tournamentBoardOver(b store.Board, st engine.State) error {
	if b.Tournament == "" {
		return nil
	}
	saved := c.game
	defer func() { c.game = saved }()
	if g, ok := c.s.cfg.Games.Lookup(b.Game); ok {
		c.game = g
	}
	t, err := c.loadTournament(b.Tournament)
	if err != nil {
		return err
	}
	pts := tournament.Points(board.Outcome(b, st), len(b.Players))
	if b.Aborted {
		for i := range pts {
			pts[i] = 0.5
		}
	}
	if err := t.Record(b.Number, pts); err != nil {
		return err
	}
	if err := c.advanceTournament(t); err != nil {
		return err
	}
	return c.saveTournament(t)
}

// advanceTournament pairs the next round once the current one is done
// (a knockout replay is started at once), or ends the tournament.
func (c *call) advanceTournament(t *tournament.Tournament) error {
	if len(t.Pending()) > 0 {
		return c.playRound(t)
	}
	changed, err := t.Advance()
	if err != nil || !changed {
		return err
	}
	// The next round is paired (or the event ended) and nothing of it
	// is committed yet.
	killpoint.At("tournament-round", len(t.Played))
	if t.Over {
		text := fmt.Sprintf("%s tournament %s has ended; the winner is %s.\n\n%s", c.game.Title(), t.Name, t.Winner, c.tournamentText(t))
		return c.tellEntrants(t, fmt.Sprintf("%s tournament %s: final table", c.game.Title(), t.Name), text, true)
	}
	return c.playRound(t)
}

// tournamentText is the standings table and the rounds with their
// boards.
func (c *call) tournamentText(t *tournament.Tournament) string {
	var out strings.Builder
	fmt.Fprintf(&out, "Tournament %s: %s; organiser %s; ", t.Name, describe(t), t.Organiser)
	switch {
	case t.Over:
		fmt.Fprintf(&out, "finished, won by %s.\n", t.Winner)
	case t.Started:
		fmt.Fprintf(&out, "round %d running.\n", t.Current()+1)
	default:
		fmt.Fprintf(&out, "open, %d entrants: %s.\n", len(t.Entrants), strings.Join(entrantIDs(t), ", "))
		return out.String()
	}
	names := t.TieBreakNames()
	fmt.Fprintf(&out, "\n%-4s %-20s %6s", "Rank", "Entrant", "Points")
	for _, n := range names {
		fmt.Fprintf(&out, " %8s", n)
	}
	fmt.Fprintf(&out, " %6s\n", "Boards")
	for _, st := range t.Standings() {
		fmt.Fprintf(&out, "%-4d %-20s %6s", st.Rank, st.ID, half(st.Points))
		for _, v := range st.TieBreaks {
			fmt.Fprintf(&out, " %8s", half(v))
		}
		fmt.Fprintf(&out, " %6d\n", st.Played)
	}
	for r, rd := range t.Played {
		fmt.Fprintf(&out, "\nRound %d:\n", r+1)
		for _, p := range rd.Pairings {
			switch {
			case p.Bye():
				fmt.Fprintf(&out, "  %s has a bye (1 point)\n", p.Seats[0])
			case p.Done:
				var scores []string
				for _, v := range p.Points {
					scores = append(scores, half(v))
				}
				fmt.Fprintf(&out, "  board %d: %s: %s\n", p.Board, strings.Join(p.Seats, " - "), strings.Join(scores, "-"))
			default:
				fmt.Fprintf(&out, "  board %d: %s: running\n", p.Board, strings.Join(p.Seats, " - "))
			}
		}
	}
	return out.String()
}

// half writes points as players read them: 1½, not 1.5.
func half(v float64) string {
	whole := int(v)
	rest := v - float64(whole)
	switch {
	case rest < 0.001:
		return strconv.Itoa(whole)
	case rest > 0.499 && rest < 0.501:
		if whole == 0 {
			return "½"
		}
		return strconv.Itoa(whole) + "½"
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

// cmdTournamentShow: "<game> tournament show <name>".
func (s *Server) cmdTournamentShow(c *call) error {
	t, err := c.loadTournament(c.args[0])
	if err != nil {
		return err
	}
	c.sec.Text = c.tournamentText(t)
	return nil
}

// cmdTournaments: "<game> tournaments": open, running and finished.
func (s *Server) cmdTournaments(c *call) error {
	docs, err := c.tx.Tournaments(c.game.Name())
	if err != nil {
		return err
	}
	var open, running, done []string
	for _, doc := range docs {
		var t tournament.Tournament
		if err := json.Unmarshal(doc, &t); err != nil {
			return fmt.Errorf("tournaments of %s: %w", c.game.Name(), err)
		}
		line := fmt.Sprintf("  %-20s %s; %d entrants", t.Name, describe(&t), len(t.Entrants))
		switch {
		case t.Over:
			done = append(done, line+"; won by "+t.Winner)
		case t.Started:
			running = append(running, fmt.Sprintf("%s; round %d", line, t.Current()+1))
		default:
			open = append(open, line)
		}
	}
	var out strings.Builder
	for _, part := range []struct {
		title string
		lines []string
	}{{"Open", open}, {"Running", running}, {"Finished", done}} {
		fmt.Fprintf(&out, "%s tournaments of %s: %d\n", part.title, c.game.Title(), len(part.lines))
		for _, l := range part.lines {
			out.WriteString(l + "\n")
		}
	}
	c.sec.Text = strings.TrimRight(out.String(), "\n")
	return nil
}

// startDueTournaments starts the open tournaments whose --start day
// has come, from the clock's tick.
func (c *call) startDueTournaments(now time.Time) error {
	for _, g := range c.s.cfg.Games.Games() {
		docs, err := c.tx.Tournaments(g.Name())
		if err != nil {
			return err
		}
		for _, doc := range docs {
			var t tournament.Tournament
			if err := json.Unmarshal(doc, &t); err != nil {
				return fmt.Errorf("tournaments of %s: %w", g.Name(), err)
			}
			if t.Started || t.StartOn.IsZero() || now.Before(t.StartOn) || len(t.Entrants) < t.MinEntrants() {
				continue
			}
			c.game = g
			if err := c.startTournament(&t); err != nil {
				return err
			}
			if err := c.saveTournament(&t); err != nil {
				return err
			}
		}
	}
	return nil
}

// adminTournament: "admin <userid> <password> tournament abort <game>
// <name>" ends a tournament where it stands and aborts its running
// boards; "... replace <game> <name> <player> <substitute>" puts a player in the
// place of one who left the server, in the boards not yet started.
func (s *Server) adminTournament(c *call) error {
	g, ok := s.cfg.Games.Lookup(c.args[1])
	if !ok {
		return refuse("%q is not a game here.", trimLine(c.args[1]))
	}
	c.game = g
	t, err := c.loadTournament(c.args[2])
	if err != nil {
		return err
	}
	switch strings.ToLower(c.args[0]) {
	case "abort":
		if t.Over {
			return refuse("Tournament %s has already ended.", t.Name)
		}
		t.Over = true
		for _, rd := range t.Played {
			for _, p := range rd.Pairings {
				if p.Done || p.Board == 0 {
					continue
				}
				b, err := c.tx.Board(g.Name(), p.Board)
				if err != nil {
					return err
				}
				if b.Over {
					continue
				}
				_, st, err := s.replay(b, -1)
				if err != nil {
					return err
				}
				b.Aborted = true
				b.Tournament = ""
				if err := c.commit(&b, g, st, change{Event: "An admin aborted tournament " + t.Name + " and this board."}); err != nil {
					return err
				}
			}
		}
		if err := c.tellEntrants(t, fmt.Sprintf("%s tournament %s aborted", g.Title(), t.Name), "An admin aborted the tournament where it stood.\n\n"+c.tournamentText(t), false); err != nil {
			return err
		}
		c.sec.Text = fmt.Sprintf("%s tournament %s aborted.", g.Title(), t.Name)
	case "replace":
		if len(c.args) < 5 {
			return refuse("Usage: admin <userid> <password> tournament replace <game> <name> <player> <substitute>")
		}
		nu, err := c.tx.User(c.args[4])
		if err != nil {
			return refuse("%q is not a player here.", trimLine(c.args[4]))
		}
		if err := t.Replace(c.args[3], nu.ID); err != nil {
			return refuse("Cannot replace %s in tournament %s: %v.", trimLine(c.args[3]), t.Name, err)
		}
		c.sec.Text = fmt.Sprintf("%s takes the place of %s in %s tournament %s, in the boards not started yet.", nu.ID, trimLine(c.args[3]), g.Title(), t.Name)
	default:
		return refuse("Usage: admin <userid> <password> tournament abort|replace <game> <name> [<player> <substitute>]")
	}
	return c.saveTournament(t)
}

// TournamentSummary is the line of a tournament's settings that
// "<game> tournaments" and "<game> tournament show" give, for the web
// site to say the same.
func TournamentSummary(t *tournament.Tournament) string { return describe(t) }

// FormatPoints writes points as the tournament mails do: 1½, not 1.5.
func FormatPoints(v float64) string { return half(v) }
