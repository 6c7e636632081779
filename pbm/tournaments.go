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

// Tournaments by mail: the commands of "<game> tournament ...", and
// the joints where a tournament meets its boards.
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
		return nil, refuseMsg(lang.M("TournNone", "Title", c.game.Title(), "Name", quotedWord(name), "Game", c.game.Name()))
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
		return refuseMsg(lang.M("TournBadName", "Name", quotedWord(name)))
	}
	if _, err := c.tx.Tournament(c.game.Name(), name); err == nil {
		return refuseMsg(lang.M("TournExists", "Title", c.game.Title(), "Name", name))
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	format, ok := tournament.ParseFormat(c.args[3])
	if !ok {
		return refuseMsg(lang.M("TournBadFormat", "Arg", quotedWord(c.args[3]), "Formats", formatNames()))
	}
	t := &tournament.Tournament{Game: c.game.Name(), Name: name, Organiser: u.ID, Format: format, Seats: 2, Created: s.now(),
		Options: map[string]string{"-nag": strconv.Itoa(tournamentNagDays), "-forfeit": strconv.Itoa(tournamentForfeitDays)}}
	number := func(a, val string, lo, hi int) (int, error) {
		n, err := strconv.Atoi(val)
		if err != nil || n < lo || n > hi {
			return 0, refuseMsg(lang.M("TournNumber", "Arg", trimLine(a), "Lo", lo, "Hi", hi))
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
				return refuseMsg(lang.M("TournDay", "Arg", trimLine(a)))
			}
			t.StartOn = day
		default:
			if !strings.HasPrefix(a, "-") {
				return refuseMsg(lang.M("TournUsage", "Game", c.game.Name(), "Arg", quotedWord(a)))
			}
			if err := c.option(a, t.Options); err != nil {
				return err
			}
		}
	}
	if err := board.CheckBank(t.Options); err != nil {
		return refuseMsg(why(err))
	}
	if err := t.Check(); err != nil {
		return refuseMsg(lang.M("TournInvalid", "Why", err.Error()))
	}
	if lo, hi := c.game.Players(); t.Seats < lo || t.Seats > hi {
		return refuseMsg(lang.N("TournSeats", t.Seats, "Title", c.game.Title(), "Range", playerRange(lo, hi), "N", t.Seats))
	}
	if err := c.saveTournament(t); err != nil {
		return err
	}
	c.sec.say(lang.M("TournAnnounced", "Title", c.game.Title(), "Name", name, "Settings", describeMsg(t), "Who", u.ID,
		"Join", c.game.Name()+" tournament join "+name+" <userid> <password>"))
	return nil
}

func formatNames() string {
	var names []string
	for _, f := range tournament.Formats {
		names = append(names, string(f))
	}
	return strings.Join(names, ", ")
}

// describeMsg is describe in the reader's language; the format's
// name, the day and the options are written as they are given.
func describeMsg(t *tournament.Tournament) lang.Msg {
	parts := []lang.Msg{lang.Literal(string(t.Format)), lang.N("TournSeatsN", t.Seats, "N", t.Seats)}
	if t.Rounds > 0 {
		parts = append(parts, lang.N("TournRoundsN", t.Rounds, "N", t.Rounds))
	}
	if t.Double {
		parts = append(parts, lang.M("TournDouble"))
	}
	if t.Size > 0 {
		parts = append(parts, lang.N("TournStartsAt", t.Size, "N", t.Size))
	}
	if !t.StartOn.IsZero() {
		parts = append(parts, lang.M("TournStartsOn", "Day", t.StartOn.Format("2006-01-02")))
	}
	for _, w := range board.OptionWords(t.Options) {
		parts = append(parts, lang.Literal(w))
	}
	out := parts[0]
	for _, p := range parts[1:] {
		out = lang.M("PlayJoinComma", "A", out, "B", p)
	}
	return out
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
			return refuseMsg(lang.M("TournOnlyComputer", "Arg", quotedWord(c.args[3])))
		}
		if !c.organises(t, u) {
			return refuseMsg(lang.M("TournOrganiserComputer", "Name", t.Name, "Who", t.Organiser))
		}
		who = id
	}
	rating, err := board.RatingOf(c.tx, c.game.Name(), who)
	if err != nil {
		return err
	}
	if err := t.Join(who, int(rating)); err != nil {
		return refuseMsg(lang.M("TournCannotJoin", "Who", who, "Name", t.Name, "Why", err.Error()))
	}
	said := []lang.Msg{lang.N("TournJoined", len(t.Entrants), "Who", who, "Title", c.game.Title(), "Name", t.Name, "N", len(t.Entrants))}
	if t.Ready() {
		if err := c.startTournament(t); err != nil {
			return err
		}
		said = append(said, lang.M("TournJoinStarted"))
	}
	c.sec.say(said...)
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
		return refuseMsg(lang.M("TournCannotLeave", "Who", u.ID, "Name", t.Name, "Why", err.Error()))
	}
	c.sec.say(lang.N("TournLeft", len(t.Entrants), "Who", u.ID, "Title", c.game.Title(), "Name", t.Name, "N", len(t.Entrants)))
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
		return refuseMsg(lang.M("TournOrganiserStart", "Name", t.Name, "Who", t.Organiser))
	}
	if err := c.startTournament(t); err != nil {
		return err
	}
	c.sec.say(lang.N("TournStarted", len(t.Entrants), "Title", c.game.Title(), "Name", t.Name, "N", len(t.Entrants)))
	return c.saveTournament(t)
}

// startTournament seeds and pairs the first round and starts its
// boards. The caller saves t.
func (c *call) startTournament(t *tournament.Tournament) error {
	if err := t.Start(); err != nil {
		return refuseMsg(lang.M("TournCannotStart", "Name", t.Name, "Why", err.Error()))
	}
	return c.playRound(t)
}

// playRound starts the boards the current round still needs and
// mails every entrant its pairings and the standings.
func (c *call) playRound(t *tournament.Tournament) error {
	round := t.Current() + 1
	for _, ri := range t.Pending() {
		p := t.Played[ri[0]].Pairings[ri[1]]
		seats := lang.Literal(p.Seats[0])
		for _, s := range p.Seats[1:] {
			seats = lang.M("TournAgainst", "A", seats, "B", s)
		}
		event := lang.M("TournRoundBoard", "Name", t.Name, "Round", round, "Seats", seats)
		if p.Replay {
			event = lang.M("TournRoundReplay", "Name", t.Name, "Round", round, "Seats", seats)
		}
		b, _, err := c.startBoard(p.Seats, maps.Clone(t.Options), func(b *store.Board) { b.Tournament, b.Round = t.Name, round }, event, "", "")
		if err != nil {
			return fmt.Errorf("tournament %s round %d: %w", t.Name, round, err)
		}
		t.SetBoard(ri[0], ri[1], b.Number)
	}
	text := append([]lang.Msg{lang.M("TournRound", "Title", c.game.Title(), "Name", t.Name, "Round", round), lang.Literal("\n\n")}, tournamentMsgs(t)...)
	return c.tellEntrants(t, lang.M("TournSubjectRound", "Title", c.game.Title(), "Name", t.Name, "Round", round), text, false)
}

// tellEntrants mails every human entrant (and, with watchers, every
// user who watches every board of the game).
func (c *call) tellEntrants(t *tournament.Tournament, subject lang.Msg, text []lang.Msg, watchers bool) error {
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
		if err := c.tellUserIn(id, func(p lang.Printer) string { return p.Render(subject) },
			func(p lang.Printer) string { return p.Join(text) }); err != nil {
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
		text := append([]lang.Msg{lang.M("TournEnded", "Title", c.game.Title(), "Name", t.Name, "Who", t.Winner), lang.Literal("\n\n")}, tournamentMsgs(t)...)
		return c.tellEntrants(t, lang.M("TournSubjectFinal", "Title", c.game.Title(), "Name", t.Name), text, true)
	}
	return c.playRound(t)
}

// tournamentMsgs is the standings table and the rounds with their
// boards, to be written in the reader's language.
func tournamentMsgs(t *tournament.Tournament) []lang.Msg {
	out := []lang.Msg{lang.M("TournHead", "Name", t.Name, "Settings", describeMsg(t), "Who", t.Organiser)}
	switch {
	case t.Over:
		out = append(out, lang.M("TournWonBy", "Who", t.Winner))
	case t.Started:
		out = append(out, lang.M("TournRunning", "Round", t.Current()+1))
	default:
		return append(out, lang.N("TournOpen", len(t.Entrants), "N", len(t.Entrants), "Entrants", strings.Join(entrantIDs(t), ", ")), lang.Literal("\n"))
	}
	out = append(out, lang.Literal("\n\n"), lang.M("TournColumns"))
	var b strings.Builder
	for _, n := range t.TieBreakNames() {
		fmt.Fprintf(&b, " %8s", n)
	}
	out = append(out, lang.Literal(b.String()), lang.M("TournColumnBoards"), lang.Literal("\n"))
	b.Reset()
	for _, st := range t.Standings() {
		fmt.Fprintf(&b, "%-4d %-20s %6s", st.Rank, st.ID, half(st.Points))
		for _, v := range st.TieBreaks {
			fmt.Fprintf(&b, " %8s", half(v))
		}
		fmt.Fprintf(&b, " %6d\n", st.Played)
	}
	out = append(out, lang.Literal(b.String()))
	for r, rd := range t.Played {
		out = append(out, lang.Literal("\n"), lang.M("TournRoundHead", "Round", r+1), lang.Literal("\n"))
		for _, p := range rd.Pairings {
			switch {
			case p.Bye():
				out = append(out, lang.M("TournBye", "Who", p.Seats[0]))
			case p.Done:
				var scores []string
				for _, v := range p.Points {
					scores = append(scores, half(v))
				}
				out = append(out, lang.M("TournPairingDone", "Number", p.Board, "Seats", strings.Join(p.Seats, " - "), "Score", strings.Join(scores, "-")))
			default:
				out = append(out, lang.M("TournPairingRunning", "Number", p.Board, "Seats", strings.Join(p.Seats, " - ")))
			}
			out = append(out, lang.Literal("\n"))
		}
	}
	return out
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
	c.sec.say(tournamentMsgs(t)...)
	return nil
}

// cmdTournaments: "<game> tournaments": open, running and finished.
func (s *Server) cmdTournaments(c *call) error {
	docs, err := c.tx.Tournaments(c.game.Name())
	if err != nil {
		return err
	}
	var open, running, done []lang.Msg
	for _, doc := range docs {
		var t tournament.Tournament
		if err := json.Unmarshal(doc, &t); err != nil {
			return fmt.Errorf("tournaments of %s: %w", c.game.Name(), err)
		}
		line := lang.N("TournLine", len(t.Entrants), "Name", fmt.Sprintf("%-20s", t.Name), "Settings", describeMsg(&t), "N", len(t.Entrants))
		switch {
		case t.Over:
			done = append(done, lang.M("TournLineWon", "Line", line, "Who", t.Winner))
		case t.Started:
			running = append(running, lang.M("TournLineRound", "Line", line, "Round", t.Current()+1))
		default:
			open = append(open, line)
		}
	}
	var said []lang.Msg
	for i, part := range []struct {
		id    string
		lines []lang.Msg
	}{{"TournListOpen", open}, {"TournListRunning", running}, {"TournListFinished", done}} {
		if i > 0 {
			said = append(said, lang.Literal("\n"))
		}
		said = append(said, lang.M(part.id, "Title", c.game.Title(), "N", len(part.lines)))
		for _, l := range part.lines {
			said = append(said, lang.Literal("\n"), l)
		}
	}
	c.sec.say(said...)
	return nil
}

// adminTournament: "admin <userid> <password> tournament abort <game>
// <name>" ends a tournament where it stands and aborts its running
// boards; "... replace <game> <name> <player> <substitute>" puts a player in the
// place of one who left the server, in the boards not yet started.
func (s *Server) adminTournament(c *call) error {
	g, ok := s.cfg.Games.Lookup(c.args[1])
	if !ok {
		return refuseMsg(lang.M("TournNoGame", "Arg", quotedWord(c.args[1])))
	}
	c.game = g
	t, err := c.loadTournament(c.args[2])
	if err != nil {
		return err
	}
	switch strings.ToLower(c.args[0]) {
	case "abort":
		if t.Over {
			return refuseMsg(lang.M("TournAlreadyEnded", "Name", t.Name))
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
				said := []lang.Msg{lang.M("TournAbortedBoard", "Name", t.Name)}
				if err := c.commit(&b, g, st, change{Event: lang.English().Join(said), Said: said}); err != nil {
					return err
				}
			}
		}
		text := append([]lang.Msg{lang.M("TournAbortedMail"), lang.Literal("\n\n")}, tournamentMsgs(t)...)
		if err := c.tellEntrants(t, lang.M("TournSubjectAborted", "Title", g.Title(), "Name", t.Name), text, false); err != nil {
			return err
		}
		c.sec.say(lang.M("TournAborted", "Title", g.Title(), "Name", t.Name))
	case "replace":
		if len(c.args) < 5 {
			return refuseMsg(lang.M("RefuseUsage", "Usage", "admin <userid> <password> tournament replace <game> <name> <player> <substitute>"))
		}
		nu, err := c.tx.User(c.args[4])
		if err != nil {
			return refuseMsg(lang.M("TournNotAPlayer", "Arg", quotedWord(c.args[4])))
		}
		if err := t.Replace(c.args[3], nu.ID); err != nil {
			return refuseMsg(lang.M("TournCannotReplace", "Who", trimLine(c.args[3]), "Name", t.Name, "Why", err.Error()))
		}
		c.sec.say(lang.M("TournReplaced", "Who", nu.ID, "Old", trimLine(c.args[3]), "Title", g.Title(), "Name", t.Name))
	default:
		return refuseMsg(lang.M("RefuseUsage", "Usage", "admin <userid> <password> tournament abort|replace <game> <name> [<player> <substitute>]"))
	}
	return c.saveTournament(t)
}

// FormatPoints writes points as the tournament mails do: 1½, not 1.5.
func FormatPoints(v float64) string { return half(v) }
