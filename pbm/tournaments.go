package pbm

import (
	"errors"
	"fmt"
	"strings"
	"time"

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
// The rules (settings, pairing, points, tie-breaks, limits, the steps
// that advance a tournament) and its writes are package tournament's;
// here the boards a step asks for are started (playStep, through
// startBoard, as a challenge), a finished board's result is recorded
// in the transaction that ends it (tournamentBoardOver, called by
// commit), and a completed round pairs the next one in that same
// transaction, so that a kill at any point never pairs a round twice
// or loses one; the entrants are told in their languages.

// loadTournament reads tournament name of game g, refusing a name
// it does not have.
func loadTournament(tx *store.Tx, g engine.Game, name string) (*tournament.Tournament, error) {
	t, err := tournament.Load(tx, g.Name(), name)
	if errors.Is(err, store.ErrNotFound) {
		return nil, refuseMsg(lang.M("TournNone", "Title", g.Title(), "Name", quotedWord(name), "Game", g.Name()))
	}
	return t, err
}

// tournamentRefusal answers a refusal of package tournament's rules
// with its message; any other error stays as it is.
func tournamentRefusal(err error) error {
	var r *tournament.Refusal
	if errors.As(err, &r) {
		return refuseMsg(r.Msg)
	}
	return err
}

// gameNames are the names of the games of a registry.
func gameNames(games *engine.Registry) []string {
	var names []string
	for _, g := range games.Games() {
		names = append(names, g.Name())
	}
	return names
}

// setupCheck is the game's check of a board's seats and options.
func setupCheck(g engine.Game) tournament.SetupCheck {
	return func(seats int, opts map[string]string) error { return board.CheckSetup(g, seats, opts) }
}

// setupWhy is the game's own reason in a refusal of board.CheckSetup.
func setupWhy(err error) lang.Msg {
	var setup *board.SetupError
	if errors.As(err, &setup) {
		err = setup.Err
	}
	return why(err)
}

// cmdTournamentNew: "<game> tournament new <userid> <password> <name>
// <format> [-option...] [--nag=] [--forfeit=] [--total=] [--size=]
// [--rounds=] [--seats=] [--start=YYYY-MM-DD] [--double]".
func cmdTournamentNew(c *call) error {
	s := c.s
	u := c.user
	if !s.cfg.IsAdmin(u.ID) {
		if err := tournament.CheckOrganiser(c.tx, gameNames(s.cfg.Games), s.cfg.Tournaments, u.ID); err != nil {
			return tournamentRefusal(err)
		}
	}
	name := c.args[2]
	if !tournament.ValidName(name) {
		return refuseMsg(lang.M("TournBadName", "Name", quotedWord(name)))
	}
	if ok, err := tournament.Exists(c.tx, c.game.Name(), name); err != nil {
		return err
	} else if ok {
		return refuseMsg(lang.M("TournExists", "Title", c.game.Title(), "Name", name))
	}
	format, ok := tournament.ParseFormat(c.args[3])
	if !ok {
		return refuseMsg(lang.M("TournBadFormat", "Arg", quotedWord(c.args[3]), "Formats", formatNames()))
	}
	t := tournament.Announce(c.game.Name(), name, u.ID, format, s.now())
	for _, a := range c.args[4:] {
		set, err := t.Set(a)
		var rng *tournament.RangeError
		switch {
		case errors.As(err, &rng):
			return refuseMsg(lang.M("TournNumber", "Arg", trimLine(a), "Lo", rng.Lo, "Hi", rng.Hi))
		case err != nil:
			return refuseMsg(lang.M("TournDay", "Arg", trimLine(a)))
		case set:
			continue
		}
		if !strings.HasPrefix(a, "-") {
			return refuseMsg(lang.M("TournUsage", "Game", c.game.Name(), "Arg", quotedWord(a)))
		}
		if err := option(c.game, a, t.Options); err != nil {
			return err
		}
	}
	if err := board.CheckBank(t.Options); err != nil {
		return refuseMsg(why(err))
	}
	if err := checkTournament(t, c.game, s.now()); err != nil {
		return err
	}
	if err := tournament.Save(c.tx, t); err != nil {
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
	nameFirst := isTournament(c.tx, c.game.Name(), given[0]) && isUser(c.tx, given[1])
	userFirst := isUser(c.tx, given[0]) && isTournament(c.tx, c.game.Name(), given[2])
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
func isUser(tx *store.Tx, id string) bool {
	_, err := tx.User(id)
	return err == nil
}

// isTournament reports whether the game has a tournament of that name.
func isTournament(tx *store.Tx, game, name string) bool {
	_, err := tx.Tournament(game, name)
	return err == nil
}

// organises reports whether u may run tournament t: its organiser or an
// admin (cfg's admins).
func organises(cfg Config, t *tournament.Tournament, u store.User) bool {
	return strings.EqualFold(t.Organiser, u.ID) || cfg.IsAdmin(u.ID)
}

// cmdTournamentJoin: "<game> tournament join <name> <userid> <password>
// [computer[:level]]"; the organiser may enter the computer.
func cmdTournamentJoin(c *call) error {
	t, u := c.tournament, c.user
	who := u.ID
	if len(c.args) > 3 {
		id, _, ok := computerID(c.args[3])
		if !ok {
			return refuseMsg(lang.M("TournOnlyComputer", "Arg", quotedWord(c.args[3])))
		}
		if !organises(c.s.cfg, t, u) {
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
		if err := tournament.CheckComputerBoards(c.tx, gameNames(c.s.cfg.Games), c.s.cfg.Tournaments, t, isComputer); err != nil {
			return tournamentRefusal(err)
		}
	}
	said := []lang.Msg{lang.N("TournJoined", len(t.Entrants), "Who", who, "Title", c.game.Title(), "Name", t.Name, "N", len(t.Entrants))}
	if t.Ready() {
		if err := startTournament(c, t); err != nil {
			return err
		}
		said = append(said, lang.M("TournJoinStarted"))
	}
	c.sec.say(said...)
	return tournament.Save(c.tx, t)
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
	t, u := c.tournament, c.user
	if err := t.Leave(u.ID); err != nil {
		return refuseMsg(lang.M("TournCannotLeave", "Who", u.ID, "Name", t.Name, "Why", tournament.Why(err)))
	}
	c.sec.say(lang.N("TournLeft", len(t.Entrants), "Who", u.ID, "Title", c.game.Title(), "Name", t.Name, "N", len(t.Entrants)))
	return tournament.Save(c.tx, t)
}

// cmdTournamentStart: "<game> tournament start <name> <userid>
// <password>", by the organiser or an admin.
func cmdTournamentStart(c *call) error {
	t, u := c.tournament, c.user
	if !organises(c.s.cfg, t, u) {
		return refuseMsg(lang.M("TournOrganiserStart", "Name", t.Name, "Who", t.Organiser))
	}
	if err := startTournament(c, t); err != nil {
		return err
	}
	c.sec.say(lang.N("TournStarted", len(t.Entrants), "Title", c.game.Title(), "Name", t.Name, "N", len(t.Entrants)))
	return tournament.Save(c.tx, t)
}

// startTournament seeds and pairs the first round (tournament.Begin)
// and plays it. The caller saves t.
func startTournament(c *call, t *tournament.Tournament) error {
	step, err := tournament.Begin(c.tx, t, setupCheck(c.game))
	if err != nil {
		return tournamentRefusal(err)
	}
	return playStep(c, t, step)
}

// playStep does what a step of tournament t asks: it starts the
// round's boards through startBoard and mails every entrant its
// pairings and the standings, or the final table, or why the
// tournament halted.
func playStep(c *call, t *tournament.Tournament, step tournament.Step) error {
	if h := step.Halted; h != nil {
		return haltTournament(c, t, h)
	}
	if step.Over {
		text := append([]lang.Msg{lang.M("TournEnded", "Title", c.game.Title(), "Name", t.Name, "Who", t.Winner), lang.Literal("\n\n")}, tournamentMsgs(t)...)
		return tellEntrants(c, t, lang.M("TournSubjectFinal", "Title", c.game.Title(), "Name", t.Name), text, true)
	}
	if step.Round == 0 {
		return nil
	}
	round := step.Round
	// The round's boards have mails of their own; the answer to the
	// command that started them plays on none of them (its Reply-To,
	// replyBoard), only on the board the command itself was about.
	about := c.sec.board
	defer func() { c.sec.board = about }()
	for _, p := range step.Boards {
		seats := lang.Literal(p.Seats[0])
		for _, s := range p.Seats[1:] {
			seats = lang.M("TournAgainst", "A", seats, "B", s)
		}
		event := lang.M("TournRoundBoard", "Name", t.Name, "Round", round, "Seats", seats)
		if p.Replay {
			event = lang.M("TournRoundReplay", "Name", t.Name, "Round", round, "Seats", seats)
		}
		b, _, err := startBoard(c, p.Seats, p.Options, func(b *store.Board) { b.Tournament, b.Round = t.Name, round }, event, "", "")
		if err != nil {
			return fmt.Errorf("tournament %s round %d: %w", t.Name, round, err)
		}
		tournament.Started(c.tx, t, p, b.Number)
	}
	text := append([]lang.Msg{lang.M("TournRound", "Title", c.game.Title(), "Name", t.Name, "Round", round), lang.Literal("\n\n")}, tournamentMsgs(t)...)
	return tellEntrants(c, t, lang.M("TournSubjectRound", "Title", c.game.Title(), "Name", t.Name, "Round", round), text, false)
}

// tellEntrants mails every human entrant (and, with watchers, every
// user who watches every board of the game).
func tellEntrants(c *call, t *tournament.Tournament, subject lang.Msg, text []lang.Msg, watchers bool) error {
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
// board (tournament.RecordBoard), and when its round is complete pairs
// and starts the next round, or ends the tournament with the final
// table to every entrant and watcher: all in the transaction that
// ended the board.
func tournamentBoardOver(c *call, b store.Board, st engine.State) error {
	if b.Tournament == "" {
		return nil
	}
	saved := c.game
	defer func() { c.game = saved }()
	if g, ok := c.s.cfg.Games.Lookup(b.Game); ok {
		c.game = g
	}
	t, err := tournament.RecordBoard(c.tx, c.game.Name(), b.Tournament, b.Number, board.Outcome(b, st), len(b.Players), b.Aborted)
	if errors.Is(err, store.ErrNotFound) {
		return refuseMsg(lang.M("TournNone", "Title", c.game.Title(), "Name", quotedWord(b.Tournament), "Game", c.game.Name()))
	}
	if err != nil {
		return err
	}
	if err := advanceTournament(c, t); err != nil {
		return err
	}
	return tournament.Save(c.tx, t)
}

// advanceTournament plays the steps that follow a board's end
// (Tournament.Next): a knockout replay started at once, the next round
// once the current one is done, or the end.
func advanceTournament(c *call, t *tournament.Tournament) error {
	for {
		step, err := t.Next(setupCheck(c.game))
		if err != nil {
			return err
		}
		if step.Paired > 0 {
			// The next round is paired (or the event ended) and
			// nothing of it is committed yet.
			killpoint.At("tournament-round", step.Paired)
		}
		if err := playStep(c, t, step); err != nil {
			return err
		}
		if step.Paired == 0 || step.Over || !t.RoundDone() {
			return nil
		}
		// A round of byes only (its other entrants withdrew): no
		// board will end it, so the next is paired now.
	}
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
	t, err := loadTournament(c.tx, c.game, c.args[0])
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
		t, err := tournament.Decode(doc)
		if err != nil {
			return fmt.Errorf("tournaments of %s: %w", c.game.Name(), err)
		}
		line := lang.N("TournLine", len(t.Entrants), "Name", fmt.Sprintf("%-20s", t.Name), "Settings", describeMsg(t), "N", len(t.Entrants))
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
	said = append(said, pageFooter(c.name, page, args)...)
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
	t, err := loadTournament(c.tx, g, c.args[2])
	if err != nil {
		return err
	}
	switch strings.ToLower(c.args[0]) {
	case "abort":
		running, err := t.Abort()
		if err != nil {
			return tournamentRefusal(err)
		}
		for _, n := range running {
			b, err := c.tx.Board(g.Name(), n)
			if err != nil {
				return err
			}
			if b.Over {
				continue
			}
			_, st, err := s.boards.Replay(b, -1)
			if err != nil {
				return err
			}
			b.Aborted = true
			b.Tournament = ""
			said := []lang.Msg{lang.M("TournAbortedBoard", "Name", t.Name)}
			if err := commit(c, &b, g, st, change{Said: said}); err != nil {
				return err
			}
		}
		text := append([]lang.Msg{lang.M("TournAbortedMail"), lang.Literal("\n\n")}, tournamentMsgs(t)...)
		if err := tellEntrants(c, t, lang.M("TournSubjectAborted", "Title", g.Title(), "Name", t.Name), text, false); err != nil {
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
	return tournament.Save(c.tx, t)
}

// The checks that keep a tournament able to run to its end and within
// what one organiser may ask of the server. The rules themselves are
// package tournament's and board's; here they meet the game and the
// configured limits.

// TournamentLimits bound what one organiser's tournaments ask of the
// server (tournament.Limits).
type TournamentLimits = tournament.Limits

// checkTournament refuses a tournament of game g that could not run to
// its end: settings its format does not take, a --start day gone by
// (now), or a board it can reach that the game would not start with
// its options (Tournament.CheckBoards).
func checkTournament(t *tournament.Tournament, g engine.Game, now time.Time) error {
	if err := t.CheckAnnounced(); err != nil {
		return refuseMsg(lang.M("TournInvalid", "Why", tournament.Why(err)))
	}
	if err := t.CheckStartDay(now); err != nil {
		return tournamentRefusal(err)
	}
	lo, hi := g.Players()
	err := t.CheckBoards(lo, hi, setupCheck(g))
	var seats *tournament.SeatsError
	if errors.As(err, &seats) {
		return refuseMsg(lang.N("TournSeats", seats.N, "Title", g.Title(), "Range", board.PlayerRange(lo, hi), "N", seats.N))
	}
	var setup *tournament.SetupError
	if errors.As(err, &setup) {
		return refuseMsg(lang.M("TournBoardOptions", "Seats", setup.Seats, "Title", g.Title(), "Why", setupWhy(setup.Err)))
	}
	return err
}

// checkSeekOptions refuses a seek of game g whose options the game
// would not start a board of two with: it would match and then fail.
func checkSeekOptions(g engine.Game, opts map[string]string) error {
	if lo, _ := g.Players(); lo > 2 {
		return nil
	}
	if err := board.CheckSetup(g, 2, opts); err != nil {
		return refuseMsg(lang.M("SeekBadOptions", "Title", g.Title(), "Why", setupWhy(err)))
	}
	return nil
}

func isComputer(id string) bool { _, _, ok := computerID(id); return ok }

// withdrawEverywhere takes a player who signs off out of every
// tournament that has not ended (tournament.WithdrawEverywhere).
func withdrawEverywhere(c *call, id string) error {
	return tournament.WithdrawEverywhere(c.tx, gameNames(c.s.cfg.Games), id)
}

// haltTournament tells the entrants and the log that t ended where it
// stood because the game refuses a board that its next round needs
// (h). The caller saves t.
func haltTournament(c *call, t *tournament.Tournament, h *tournament.Halted) error {
	err := h.Err
	var setup *board.SetupError
	if errors.As(err, &setup) {
		err = setup.Err
	}
	c.s.log.Warn("tournament halted: a board of its next round cannot start", "game", t.Game, "tournament", t.Name, "seats", h.Seats, "error", err)
	text := append([]lang.Msg{lang.M("TournHalted", "Title", c.game.Title(), "Seats", h.Seats, "Why", why(err)), lang.Literal("\n\n")}, tournamentMsgs(t)...)
	return tellEntrants(c, t, lang.M("TournSubjectHalted", "Title", c.game.Title(), "Name", t.Name), text, false)
}
