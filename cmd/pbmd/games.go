package main

import "github.com/pbmgo/pbm/engine"

// games are the games this server offers.
func games() []engine.Game {
	return []engine.Game{}
}
