package pbm

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/board"
	"github.com/pbmgo/pbm/pbm/killpoint"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/limit"
	"github.com/pbmgo/pbm/pbm/mail"
	"github.com/pbmgo/pbm/pbm/notice"
	"github.com/pbmgo/pbm/pbm/tournament"
	"github.com/pbmgo/pbm/pbm/tournplay"
	"github.com/pbmgo/pbm/store"
)

// Tournaments by mail: the commands of "<game> tournament ...", and
// the joints where a tournament meets its boards.
// The rules (settings, pairing, points, tie-breaks, limits, the steps
// that advance a tournament) and its writes are package tournament's,
// and where they meet the game's boards package tournplay's;
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
		return nil, refuseMsg(lang.M("TournNone", "Title", g.Title(), "Name", mail.Quoted(name), "Game", g.Name()))
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

// setupCheck is the game's check of a board's seats and options
// (tournplay.GameSetup).
func setupCheck(g engine.Game) tournament.SetupCheck {
	return tournplay.GameSetup(g)
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
		return refuseMsg(lang.M("TournBadName", "Name", mail.Quoted(name)))
	}
	if ok, err := tournament.Exists(c.tx, c.game.Name(), name); err != nil {
		return err
	} else if ok {
		return refuseMsg(lang.M("TournExists", "Title", c.game.Title(), "Name", name))
	}
	format, ok := tournament.ParseFormat(c.args[3])
	if !ok {
		return refuseMsg(lang.M("TournBadFormat", "Arg", mail.Quoted(c.args[3]), "Formats", formatNames()))
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
			return refuseMsg(lang.M("TournUsage", "Game", c.game.Name(), "Arg", mail.Quoted(a)))
		}
		if err := option(c.game, a, t.Options); err != nil {
			return err
		}
	}
	if err := board.CheckBank(t.Options); err != nil {
		return refuseMsg(why(err))
	}
	if err := tournplay.CheckNew(t, c.game, s.now()); err != nil {
		return tournamentRefusal(err)
	}
	if err := tournament.Save(c.tx, t); err != nil {
		return err
	}
	c.sec.say(lang.M("TournAnnounced", "Title", c.game.Title(), "Name", name, "Settings", tournplay.Describe(t), "Who", u.ID,
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

// userFirstOrder puts the args of "<userid> <password> <name> [...]"
// into the usage's order "<name> <userid> <password> [...]" when they
// read only that way (a user, then a tournament of the game, in the
// third place); and echoes the line with its password masked where it
// stands. A line that reads both ways or neither is echoed with both
// places the password may stand in masked.
func userFirstOrder(c *call) {
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

// cmdTournamentJoin: "<game> tournament join <name> <userid> <password>
// [computer[:level]]"; the organiser may enter the computer.
func cmdTournamentJoin(c *call) error {
	t, u := c.tournament, c.user
	who := u.ID
	if len(c.args) > 3 {
		id, _, ok := computerID(c.args[3])
		if !ok {
			return refuseMsg(lang.M("TournOnlyComputer", "Arg", mail.Quoted(c.args[3])))
		}
		who = id
	}
	if err := tournplay.Enter(c.tx, t, u.ID, who, c.s.cfg.IsAdmin(u.ID), gameNames(c.s.cfg.Games), c.s.cfg.Tournaments); err != nil {
		return tournamentRefusal(err)
	}
	said := []lang.Msg{lang.N("TournJoined", len(t.Entrants), "Who", who, "Title", c.game.Title(), "Name", t.Name, "N", len(t.Entrants))}
	if t.Ready() {
		if err := startTournament(c.unit, c.game, t); err != nil {
			return err
		}
		said = append(said, lang.M("TournJoinStarted"))
	}
	c.sec.say(said...)
	return tournament.Save(c.tx, t)
}

// entrantIDs are the userids of t's entrants (Tournament.IDs).
func entrantIDs(t *tournament.Tournament) []string { return t.IDs() }

// cmdTournamentLeave: "<game> tournament leave <name> <userid>
// <password>", before the start.
func cmdTournamentLeave(c *call) error {
	t, u := c.tournament, c.user
	if err := tournament.Quit(t, u.ID); err != nil {
		return tournamentRefusal(err)
	}
	c.sec.say(lang.N("TournLeft", len(t.Entrants), "Who", u.ID, "Title", c.game.Title(), "Name", t.Name, "N", len(t.Entrants)))
	return tournament.Save(c.tx, t)
}

// cmdTournamentStart: "<game> tournament start <name> <userid>
// <password>", by the organiser or an admin.
func cmdTournamentStart(c *call) error {
	t, u := c.tournament, c.user
	if err := tournament.CheckStarter(t, u.ID, c.s.cfg.IsAdmin(u.ID)); err != nil {
		return tournamentRefusal(err)
	}
	if err := startTournament(c.unit, c.game, t); err != nil {
		return err
	}
	c.sec.say(lang.N("TournStarted", len(t.Entrants), "Title", c.game.Title(), "Name", t.Name, "N", len(t.Entrants)))
	return tournament.Save(c.tx, t)
}

// startTournament seeds and pairs the first round (tournament.Begin)
// and plays it. The caller saves t.
func startTournament(u *unit, g engine.Game, t *tournament.Tournament) error {
	step, err := tournament.Begin(u.tx, t, setupCheck(g))
	if err != nil {
		return tournamentRefusal(err)
	}
	return playStep(u, g, t, step)
}

// playStep does what a step of tournament t asks: it starts the
// round's boards through startBoard and mails every entrant its
// pairings and the standings, or the final table, or why the
// tournament halted.
func playStep(u *unit, g engine.Game, t *tournament.Tournament, step tournament.Step) error {
	if h := step.Halted; h != nil {
		return haltTournament(u, g, t, h)
	}
	if step.Over {
		text := append([]lang.Msg{lang.M("TournEnded", "Title", g.Title(), "Name", t.Name, "Who", t.Winner), lang.Literal("\n\n")}, tournplay.Report(t)...)
		return tellEntrants(u, t, lang.M("TournSubjectFinal", "Title", g.Title(), "Name", t.Name), text, true)
	}
	if step.Round == 0 {
		return nil
	}
	round := step.Round
	for _, p := range step.Boards {
		seats := lang.Literal(p.Seats[0])
		for _, s := range p.Seats[1:] {
			seats = lang.M("TournAgainst", "A", seats, "B", s)
		}
		event := lang.M("TournRoundBoard", "Name", t.Name, "Round", round, "Seats", seats)
		if p.Replay {
			event = lang.M("TournRoundReplay", "Name", t.Name, "Round", round, "Seats", seats)
		}
		b, _, err := startBoard(u, g, p.Seats, p.Options, func(b *store.Board) { b.Tournament, b.Round = t.Name, round }, event, "", "")
		if err != nil {
			return fmt.Errorf("tournament %s round %d: %w", t.Name, round, err)
		}
		tournament.Started(u.tx, t, p, b.Number)
	}
	text := append([]lang.Msg{lang.M("TournRound", "Title", g.Title(), "Name", t.Name, "Round", round), lang.Literal("\n\n")}, tournplay.Report(t)...)
	return tellEntrants(u, t, lang.M("TournSubjectRound", "Title", g.Title(), "Name", t.Name, "Round", round), text, false)
}

// tellEntrants mails every human entrant (and, with watchers, every
// user who watches every board of the game).
func tellEntrants(u *unit, t *tournament.Tournament, subject lang.Msg, text []lang.Msg, watchers bool) error {
	told := map[string]bool{}
	ids := entrantIDs(t)
	if watchers {
		users, err := u.tx.SubscribersOfAll(t.Game)
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
		if err := tell(u, notice.Notice{User: id, Subject: subject,
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
func tournamentBoardOver(u *unit, g engine.Game, b store.Board, st engine.State) error {
	if b.Tournament == "" {
		return nil
	}
	t, err := tournament.RecordBoard(u.tx, g.Name(), b.Tournament, b.Number, board.Outcome(b, st), len(b.Players), b.Aborted)
	if errors.Is(err, store.ErrNotFound) {
		return refuseMsg(lang.M("TournNone", "Title", g.Title(), "Name", mail.Quoted(b.Tournament), "Game", g.Name()))
	}
	if err != nil {
		return err
	}
	if err := advanceTournament(u, g, t); err != nil {
		return err
	}
	return tournament.Save(u.tx, t)
}

// advanceTournament plays the steps that follow a board's end
// (Tournament.Next): a knockout replay started at once, the next round
// once the current one is done, or the end.
func advanceTournament(u *unit, g engine.Game, t *tournament.Tournament) error {
	for {
		step, err := t.Next(setupCheck(g))
		if err != nil {
			return err
		}
		if step.Paired > 0 {
			// The next round is paired (or the event ended) and
			// nothing of it is committed yet.
			killpoint.At("tournament-round", step.Paired)
		}
		if err := playStep(u, g, t, step); err != nil {
			return err
		}
		if step.Paired == 0 || step.Over || !t.RoundDone() {
			return nil
		}
		// A round of byes only (its other entrants withdrew): no
		// board will end it, so the next is paired now.
	}
}

// cmdTournamentShow: "<game> tournament show <name>".
func cmdTournamentShow(c *call) error {
	t, err := loadTournament(c.tx, c.game, c.args[0])
	if err != nil {
		return err
	}
	c.sec.say(tournplay.Report(t)...)
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
	var ts []*tournament.Tournament
	for _, doc := range docs[page.From:page.To] {
		t, err := tournament.Decode(doc)
		if err != nil {
			return fmt.Errorf("tournaments of %s: %w", c.game.Name(), err)
		}
		ts = append(ts, t)
	}
	said := tournplay.Index(c.game.Title(), ts)
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
		return refuseMsg(lang.M("TournNoGame", "Arg", mail.Quoted(c.args[1])))
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
			if err := commit(c.unit, &b, g, st, change{Said: said}); err != nil {
				return err
			}
		}
		text := append([]lang.Msg{lang.M("TournAbortedMail"), lang.Literal("\n\n")}, tournplay.Report(t)...)
		if err := tellEntrants(c.unit, t, lang.M("TournSubjectAborted", "Title", g.Title(), "Name", t.Name), text, false); err != nil {
			return err
		}
		c.sec.say(lang.M("TournAborted", "Title", g.Title(), "Name", t.Name))
	case "replace":
		if len(c.args) < 5 {
			return refuseMsg(lang.M("RefuseUsage", "Usage", "admin <userid> <password> tournament replace <game> <name> <player> <substitute>"))
		}
		id, err := tournament.Substitute(c.tx, t, c.args[3], c.args[4])
		var refused *tournament.Refusal
		switch {
		case errors.Is(err, tournament.ErrNoPlayer):
			return refuseMsg(lang.M("TournNotAPlayer", "Arg", mail.Quoted(c.args[4])))
		case errors.As(err, &refused):
			return refuseMsg(lang.M("TournCannotReplace", "Who", trimLine(c.args[3]), "Name", t.Name, "Why", tournament.Why(err)))
		case err != nil:
			return err
		}
		c.sec.say(lang.M("TournReplaced", "Who", id, "Old", trimLine(c.args[3]), "Title", g.Title(), "Name", t.Name))
		return nil
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

func isComputer(id string) bool { _, _, ok := computerID(id); return ok }

// withdrawEverywhere takes a player who signs off out of every
// tournament that has not ended (tournament.WithdrawEverywhere).
func withdrawEverywhere(c *call, id string) error {
	return tournament.WithdrawEverywhere(c.tx, gameNames(c.s.cfg.Games), id)
}

// haltTournament tells the entrants and the log that t ended where it
// stood because the game refuses a board that its next round needs
// (h). The caller saves t.
func haltTournament(u *unit, g engine.Game, t *tournament.Tournament, h *tournament.Halted) error {
	err := h.Err
	var setup *board.SetupError
	if errors.As(err, &setup) {
		err = setup.Err
	}
	u.s.log.Warn("tournament halted: a board of its next round cannot start", "game", t.Game, "tournament", t.Name, "seats", h.Seats, "error", err)
	text := append([]lang.Msg{lang.M("TournHalted", "Title", g.Title(), "Seats", h.Seats, "Why", why(err)), lang.Literal("\n\n")}, tournplay.Report(t)...)
	return tellEntrants(u, t, lang.M("TournSubjectHalted", "Title", g.Title(), "Name", t.Name), text, false)
}
