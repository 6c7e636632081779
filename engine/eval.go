package engine

// Evaluator is an optional interface of a State: a quick estimate of
// how each seat stands, for a computer player that cuts its play-outs
// short. It is never used to decide the game.
type Evaluator interface {
	// Evaluate returns one value per seat in [0, 1], higher for a
	// seat better placed to win (or, in a game for one, to score
	// high). The values of a two-player game should add up to about
	// 1. It must not change the state.
	Evaluate() []float64
}

// Candidates is an optional interface of a State whose Legal list
// leaves out legal moves (Ekö's forced marches): Candidates lists the
// few of those a computer player should consider besides Legal's, the
// ones that decide the game (Ekö's: the marches that win at once). A
// computer tries them before Legal's moves. Play must accept every
// one of them; none is in Legal.
type Candidates interface {
	Candidates() []string
}

// PlayoutDepth is an optional interface of a State with an Evaluator:
// the most random moves a computer player should play after a new node
// of its search before it asks the evaluation. A game whose random moves
// say less than its evaluation (most of Hexatri's single actions are
// aimless) returns a small number, even 0: the search is then a
// best-first search on the evaluation. It is advice: a player that
// thinks longer may play out further (the computer's hard level does).
type PlayoutDepth interface {
	PlayoutDepth() int
}

// RandomPlay is an optional interface of a State: PlayRandom plays one
// legal move of the seat to move, chosen with intn (which returns a
// uniform integer in [0, n)), without listing every legal move as text
// and parsing the one chosen. It is for a computer player's play-outs
// in games whose Legal list is long. The move must be one Play accepts
// and leave the state exactly as Play of that move would; it need not
// be drawn uniformly from Legal. Nothing happens when the game is over.
type RandomPlay interface {
	PlayRandom(intn func(n int) int)
}
