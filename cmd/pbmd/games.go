package main

import (
	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/eko"
	"github.com/pbmgo/pbm/engine/esagek"
	"github.com/pbmgo/pbm/engine/hexatri"
	"github.com/pbmgo/pbm/engine/hexemergo"
)

// games are the games this server offers.
func games() []engine.Game {
	return []engine.Game{hexemergo.Game{}, esagek.Game{}, hexatri.Game{}, eko.Game{}}
}
