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
	"github.com/pbmgo/pbm/pbm/limit"
	"github.com/pbmgo/pbm/pbm/notice"
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
func cmdTournamentNew(c *call) error {
	s := c.s
	u, err := c.auth(c.args[0], c.args[1])
	if err != nil {
		return err
	}
	if err := c.checkOrganiser(u.ID); err != nil {
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
	if err := c.checkTournament(t); err != nil {
		return err
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
	c.userFirstOrder()
	t, err := c.loadTournament(c.args[0])
	if err != nil {
		return nil, store.User{}, err
	}
	u, err := c.auth(c.args[1], c.args[2])
	return t, u, err
}

// userFirstOrder puts the args of "<userid> <password> <name> [...]"
// into the usage's order "<name> <userid> <password> [...]" when they
// read only that way (a user, then a tournament of the game, in the
// third place); and echoes the line with its password masked where it
// stands. A line that reads both ways or neither is echoed with both
// places the password may stand in masked.
func (c *call) userFirstOrder() {
	if len(c.args) < 3 {
		return
	}
	given := c.args
	nameFirst := c.isTournament(given[0]) && c.isUser(given[1])
	userFirst := c.isUser(given[0]) && c.isTournament(given[2])
	secrets := []int{1, 2}
	switch {
	case nameFirst && !userFirst:
		secrets = []int{2}
	case userFirst && !nameFirst:
		c.args = append([]string{given[2], given[0], given[1]}, given[3:]...)
		secrets = []int{1}
	}
	words := append(append([]string(nil), c.name...), given...)
	c.sec.Command = trimLine(maskLine(words, len(c.name), secrets))
}

// isUser reports whether an account of that userid exists.
func (c *call) isUser(id string) bool {
	_, err := c.tx.User(id)
	return err == nil
}

// isTournament reports whether the game has a tournament of that name.
func (c *call) isTournament(name string) bool {
	_, err := c.tx.Tournament(c.game.Name(), name)
	return err == nil
}

func (c *call) organises(t *tournament.Tournament, u store.User) bool {
	return strings.EqualFold(t.Organiser, u.ID) || c.s.isAdmin(u.ID)
}

// cmdTournamentJoin: "<game> tournament join <name> <userid> <password>
// [computer[:level]]"; the organiser may enter the computer.
func cmdTournamentJoin(c *call) error {
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
		return refuseMsg(lang.M("TournCannotJoin", "Who", who, "Name", t.Name, "Why", tournament.Why(err)))
	}
	if who != u.ID {
		if err := c.checkComputerBoards(t); err != nil {
			return err
		}
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
func cmdTournamentLeave(c *call) error {
	t, u, err := c.tournamentAs()
	if err != nil {
		return err
	}
	if err := t.Leave(u.ID); err != nil {
		return refuseMsg(lang.M("TournCannotLeave", "Who", u.ID, "Name", t.Name, "Why", tournament.Why(err)))
	}
	c.sec.say(lang.N("TournLeft", len(t.Entrants), "Who", u.ID, "Title", c.game.Title(), "Name", t.Name, "N", len(t.Entrants)))
	return c.saveTournament(t)
}

// cmdTournamentStart: "<game> tournament start <name> <userid>
// <password>", by the organiser or an admin.
func cmdTournamentStart(c *call) error {
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
		return refuseMsg(lang.M("TournCannotStart", "Name", t.Name, "Why", tournament.Why(err)))
	}
	if err := c.checkMailBoards(t); err != nil {
		return err
	}
	return c.playRound(t)
}

// playRound starts the boards the current round still needs and
// mails every entrant its pairings and the standings.
func (c *call) playRound(t *tournament.Tournament) error {
	if t.Over {
		// Closed is closed: an aborted tournament mails no round.
		return nil
	}
	// Every board of the round must start, or none: a board the game
	// refuses (a tournament announced before its options were checked
	// for every number of seats) would refuse the move or forfeit that
	// ended the round before it, so the tournament ends here instead.
	for _, ri := range t.Pending() {
		p := t.Played[ri[0]].Pairings[ri[1]]
		if err := board.CheckSetup(c.game, len(p.Seats), t.Options); err != nil {
			return c.haltTournament(t, len(p.Seats), err)
		}
	}
	round := t.Current() + 1
	// The round's boards have mails of their own; the answer to the
	// command that started them plays on none of them (its Reply-To,
	// replyBoard), only on the board the command itself was about.
	about := c.sec.board
	defer func() { c.sec.board = about }()
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
		c.tx.Tally(tallyTournamentBoards, 1)
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
		if err := tell(c.run, notice.Notice{User: id, Subject: subject,
			Body: text}); err != nil {
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
	if err := c.playRound(t); err != nil {
		return err
	}
	if t.RoundDone() {
		// A round of byes only (its other entrants withdrew): no
		// board will end it, so the next is paired now.
		return c.advanceTournament(t)
	}
	return nil
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
		fmt.Fprintf(&b, "%-4d %-20s %6s", st.Rank, st.ID, tournament.FormatPoints(st.Points))
		for _, v := range st.TieBreaks {
			fmt.Fprintf(&b, " %8s", tournament.FormatPoints(v))
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
					scores = append(scores, tournament.FormatPoints(v))
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

// cmdTournamentShow: "<game> tournament show <name>".
func cmdTournamentShow(c *call) error {
	t, err := c.loadTournament(c.args[0])
	if err != nil {
		return err
	}
	c.sec.say(tournamentMsgs(t)...)
	return nil
}

// cmdTournaments: "<game> tournaments": open, running and finished.
func cmdTournaments(c *call) error {
	args, n, err := pageArg(c.args)
	if err != nil {
		return err
	}
	docs, err := c.tx.Tournaments(c.game.Name())
	if err != nil {
		return err
	}
	page, ok := limit.PageOf(n, len(docs), limit.PageSize)
	if !ok {
		return refuseMsg(lang.M("ListNoPage", "Page", n, "Pages", page.Pages))
	}
	var open, running, done []lang.Msg
	for _, doc := range docs[page.From:page.To] {
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
	said = append(said, c.pageFooter(page, args)...)
	c.sec.say(said...)
	return nil
}

// adminTournament: "admin <userid> <password> tournament abort <game>
// <name>" ends a tournament where it stands and aborts its running
// boards; "... replace <game> <name> <player> <substitute>" puts a player in the
// place of one who left the server, in the boards not yet started.
func adminTournament(c *call) error {
	s := c.s
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
			return refuseMsg(lang.M("TournCannotReplace", "Who", trimLine(c.args[3]), "Name", t.Name, "Why", tournament.Why(err)))
		}
		c.sec.say(lang.M("TournReplaced", "Who", nu.ID, "Old", trimLine(c.args[3]), "Title", g.Title(), "Name", t.Name))
	default:
		return refuseMsg(lang.M("RefuseUsage", "Usage", "admin <userid> <password> tournament abort|replace <game> <name> [<player> <substitute>]"))
	}
	return c.saveTournament(t)
}

// The checks that keep a tournament able to run to its end and within
// what one organiser may ask of the server: its settings and boards
// when it is announced, the organiser's unfinished tournaments and
// computer boards, and the withdrawal of a player who signs off. The
// rules themselves are package tournament's and board's; here they
// meet the store and the configured limits.

// TournamentLimits bound what one organiser's tournaments ask of the
// server (pbmd's tournament.open and tournament.computer); a field of
// zero or less takes its default.
type TournamentLimits struct {
	// Open is the most tournaments that have not ended one player may
	// organise (admins are not bound); default 25.
	Open int
	// ComputerBoards is the most boards at once, over one organiser's
	// unfinished tournaments, at which every seat is the computer;
	// default 2. Such boards cost the computer's thinking and no
	// player is waiting for them.
	ComputerBoards int
}

const (
	defaultOpenTournaments = 25
	defaultComputerBoards  = 2
)

func (l TournamentLimits) open() int {
	if l.Open <= 0 {
		return defaultOpenTournaments
	}
	return l.Open
}

func (l TournamentLimits) computerBoards() int {
	if l.ComputerBoards <= 0 {
		return defaultComputerBoards
	}
	return l.ComputerBoards
}

// checkTournament refuses a tournament that could not run to its end:
// settings its format does not take, a --start day gone by, or a
// board it can reach (any number of seats, pools down to a final of
// two) that the game would not start with its options. A board that
// could not start would leave the board before it unable to end.
func (c *call) checkTournament(t *tournament.Tournament) error {
	if err := t.CheckAnnounced(); err != nil {
		return refuseMsg(lang.M("TournInvalid", "Why", tournament.Why(err)))
	}
	if !t.StartOn.IsZero() {
		now := c.s.now().UTC()
		if t.StartOn.Before(time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)) {
			return refuseMsg(lang.M("TournStartPast", "Day", t.StartOn.Format("2006-01-02")))
		}
	}
	lo, hi := c.game.Players()
	for _, n := range t.ReachableSeats() {
		if n < lo || n > hi {
			return refuseMsg(lang.N("TournSeats", n, "Title", c.game.Title(), "Range", playerRange(lo, hi), "N", n))
		}
		if err := board.CheckSetup(c.game, n, t.Options); err != nil {
			var setup *board.SetupError
			if errors.As(err, &setup) {
				err = setup.Err
			}
			return refuseMsg(lang.M("TournBoardOptions", "Seats", n, "Title", c.game.Title(), "Why", why(err)))
		}
	}
	return nil
}

// checkSeekOptions refuses a seek whose options the game would not
// start a board of two with: it would match and then fail.
func (c *call) checkSeekOptions(opts map[string]string) error {
	if lo, _ := c.game.Players(); lo > 2 {
		return nil
	}
	if err := board.CheckSetup(c.game, 2, opts); err != nil {
		var setup *board.SetupError
		if errors.As(err, &setup) {
			err = setup.Err
		}
		return refuseMsg(lang.M("SeekBadOptions", "Title", c.game.Title(), "Why", why(err)))
	}
	return nil
}

// unfinishedTournaments lists the tournaments of every game that have
// not ended and that keep returns true for.
func (c *call) unfinishedTournaments(keep func(t *tournament.Tournament) bool) ([]*tournament.Tournament, error) {
	var out []*tournament.Tournament
	for _, g := range c.s.cfg.Games.Games() {
		docs, err := c.tx.Tournaments(g.Name())
		if err != nil {
			return nil, err
		}
		for _, doc := range docs {
			t := new(tournament.Tournament)
			if err := json.Unmarshal(doc, t); err != nil {
				return nil, fmt.Errorf("tournaments of %s: %w", g.Name(), err)
			}
			if !t.Over && keep(t) {
				out = append(out, t)
			}
		}
	}
	return out, nil
}

// checkOrganiser refuses a new tournament to a player who organises
// as many unfinished ones as TournamentLimits.Open allows.
func (c *call) checkOrganiser(who string) error {
	if c.s.isAdmin(who) {
		return nil
	}
	mine, err := c.unfinishedTournaments(func(t *tournament.Tournament) bool { return strings.EqualFold(t.Organiser, who) })
	if err != nil {
		return err
	}
	if limit := c.s.cfg.Tournaments.open(); len(mine) >= limit {
		return refuseMsg(lang.N("TournOpenLimit", len(mine), "Who", who, "N", len(mine)))
	}
	return nil
}

func isComputer(id string) bool { _, _, ok := computerID(id); return ok }

// checkComputerBoards refuses the computer's entry into t (already
// joined to t, not yet saved) when the organiser's unfinished
// tournaments would then hold more boards of the computer against
// itself at once than TournamentLimits.ComputerBoards.
func (c *call) checkComputerBoards(t *tournament.Tournament) error {
	others, err := c.unfinishedTournaments(func(o *tournament.Tournament) bool {
		return strings.EqualFold(o.Organiser, t.Organiser) && !(strings.EqualFold(o.Game, t.Game) && strings.EqualFold(o.Name, t.Name))
	})
	if err != nil {
		return err
	}
	have := t.ComputerBoards(isComputer)
	for _, o := range others {
		have += o.ComputerBoards(isComputer)
	}
	if limit := c.s.cfg.Tournaments.computerBoards(); have > limit {
		return refuseMsg(lang.N("TournComputerLimit", limit, "Name", t.Name, "Who", t.Organiser, "Have", have, "N", limit))
	}
	return nil
}

// withdrawEverywhere takes a player who signs off out of every
// tournament that has not ended: out of the entrants of those not yet
// started, and out of the later rounds of the running ones. The caller
// then resigns the player's running boards, so that the round those
// boards complete is paired without the player.
func (c *call) withdrawEverywhere(id string) error {
	ts, err := c.unfinishedTournaments(func(t *tournament.Tournament) bool {
		for _, e := range t.Entrants {
			if strings.EqualFold(e.ID, id) && !e.Withdrawn {
				return true
			}
		}
		return false
	})
	if err != nil {
		return err
	}
	for _, t := range ts {
		t.Withdraw(id)
		if err := c.saveTournament(t); err != nil {
			return err
		}
	}
	return nil
}

// tallyTournamentBoards counts, per write transaction (store.Tx.Tally),
// the tournament boards begun in it: by starts, and by the rounds that
// moves and forfeits completed. playRound counts them.
const tallyTournamentBoards = "tournament boards"

// checkMailBoards refuses the start of tournament t (paired, nothing
// written yet) when the transaction, which may hold a group of mails,
// already began so many tournament boards that t's would take it past
// tournament.MaxBoardsAtOnce: a transaction stays short however many
// starts its mails hold. The first tournament boards of a transaction
// always go.
func (c *call) checkMailBoards(t *tournament.Tournament) error {
	boards := len(t.Pending())
	if began := c.tx.Tally(tallyTournamentBoards, 0); began > 0 && began+boards > tournament.MaxBoardsAtOnce {
		return refuseMsg(lang.N("TournMailBoards", began, "Name", t.Name, "Boards", boards, "N", began, "Max", tournament.MaxBoardsAtOnce))
	}
	return nil
}

// haltTournament ends t where it stands because the game refuses a
// board of seats players that its next round needs (err), and tells
// the entrants and the log. The caller saves t.
func (c *call) haltTournament(t *tournament.Tournament, seats int, err error) error {
	var setup *board.SetupError
	if errors.As(err, &setup) {
		err = setup.Err
	}
	c.s.log.Warn("tournament halted: a board of its next round cannot start", "game", t.Game, "tournament", t.Name, "seats", seats, "error", err)
	t.Halt()
	text := append([]lang.Msg{lang.M("TournHalted", "Title", c.game.Title(), "Seats", seats, "Why", why(err)), lang.Literal("\n\n")}, tournamentMsgs(t)...)
	return c.tellEntrants(t, lang.M("TournSubjectHalted", "Title", c.game.Title(), "Name", t.Name), text, false)
}
