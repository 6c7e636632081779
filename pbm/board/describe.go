package board

import (
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/engine/picture"
	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// Describe says in words what the picture p of board b after its
// first upto moves shows, in pr's language: the position's title, and
// per seat its colour, letter and player, then each cell that holds a
// piece, and the key of the shaded cells. It is the text equivalent
// of the picture on the web site and in board mails.
func Describe(pr lang.Printer, g engine.Game, b store.Board, p picture.Picture, upto int) (title, desc string) {
	game := p.Game
	if game == "" {
		game = g.Title()
	}
	title = pr.T("WebPictureTitle", "Game", game, "Number", b.Number, "Upto", upto)
	seat := func(i int) string {
		if i < 0 || i >= len(p.Seats) {
			return pr.T("WebNeutral")
		}
		s := p.Seats[i]
		who := s.Colour
		if s.ColourMsg != nil && pr.Code() != lang.Default {
			who = pr.Render(Message(s.ColourMsg))
		}
		if s.Letter != "" {
			who += " " + s.Letter
		}
		if s.Player != "" {
			who += " (" + s.Player + ")"
		}
		return who
	}
	var d []string
	if p.Status != "" {
		d = append(d, strings.TrimSuffix(p.Status, ".")+".")
	}
	for i, st := range p.Seats {
		line := pr.T("WebSeat", "N", strconv.Itoa(i+1), "Who", seat(i))
		if st.Note != "" {
			line += ", " + st.Note
		}
		if st.Out {
			line += pr.T("WebSeatOut")
		}
		if i == p.ToMove {
			line += pr.T("WebSeatToMove")
		}
		d = append(d, line+".")
	}
	if p.Last != "" {
		d = append(d, pr.T("WebLastMove", "Move", p.Last))
	}
	occupied := 0
	for _, c := range p.Cells {
		if len(c.Pieces) == 0 {
			continue
		}
		occupied++
		var what []string
		for _, pc := range c.Pieces {
			what = append(what, pieceWords(pr, g.Name(), pc, seat))
		}
		name := c.Name
		if name == "" {
			name = pr.T("WebACell")
		}
		line := name
		if c.Terrain != "" {
			line += " (" + terrainWord(pr, c.Terrain) + ")"
		}
		d = append(d, line+": "+strings.Join(what, " "+pr.T("WebAnd")+" ")+".")
	}
	if occupied == 0 {
		d = append(d, pr.T("WebNoPieces"))
	}
	// What the shaded cells stand for, as the picture's key says.
	if len(p.Key) > 0 {
		var keys []string
		for _, k := range p.Key {
			keys = append(keys, k.Name)
		}
		d = append(d, pr.T("PictureKeyLine", "Keys", strings.Join(keys, "; ")))
	}
	return title, strings.Join(d, " ")
}

// terrainWords are the messages that name the terrains of cells.
var terrainWords = map[picture.Terrain]string{
	picture.Entry: "WebTerrainEntry", picture.Middle: "WebTerrainMiddle", picture.Blocked: "WebTerrainBlocked",
	picture.Sand: "WebTerrainSand", picture.Chasm: "WebTerrainChasm", picture.Reg: "WebTerrainReg",
	picture.Ravine: "WebTerrainRavine", picture.Mountain: "WebTerrainMountain", picture.Capital: "WebTerrainCapital",
}

// terrainWord names a cell's terrain in the reader's language; a
// terrain without a message by its id.
func terrainWord(pr lang.Printer, t picture.Terrain) string {
	if id, ok := terrainWords[t]; ok {
		return pr.T(id)
	}
	return string(t)
}

// pieceWords names one piece or stack, in the words of the game's rule
// book (gameT).
func pieceWords(pr lang.Printer, game string, pc picture.Piece, seat func(int) string) string {
	kind := pc.Kind
	if kind == "" {
		kind = picture.Man
	}
	var w string
	switch {
	case pc.Kind == picture.Building:
		w = pr.T("WebBuilding", "Who", seat(pc.Seat), "Level", pc.Count)
	case pc.Count > 1 && len(pc.Layers) > 0:
		var layers []string
		for _, l := range pc.Layers {
			layers = append(layers, seat(l))
		}
		w = gameT(pr, game, "WebStackLayers", "Who", seat(pc.Seat), "Count", pc.Count, "Layers", strings.Join(layers, ", "))
	case pc.Count > 1:
		w = gameT(pr, game, "WebStackOf", "Who", seat(pc.Seat), "Count", pc.Count, "Kind", pieceKind(pr, game, kind, true))
	default:
		w = pr.T("WebPiece", "Who", seat(pc.Seat), "Kind", pieceKind(pr, game, kind, false))
	}
	if pc.Frozen {
		w += pr.T("WebFrozen")
	}
	return w
}

// pieceKind names a kind of piece, one or (many) several.
func pieceKind(pr lang.Printer, game string, k picture.Kind, many bool) string {
	id := map[picture.Kind]string{picture.Man: "WebKindMan", picture.Leader: "WebKindLeader", picture.Emperor: "WebKindEmperor", picture.Building: "WebKindBuilding"}[k]
	if id == "" {
		return string(k)
	}
	if many {
		id += "s"
	}
	return gameT(pr, game, id)
}

// gameT writes the message id as the game names it: the message id
// followed by the game's name ("WebKindManEko", a disc), when the
// catalogue has one; else id itself.
func gameT(pr lang.Printer, game string, id string, kv ...any) string {
	if game != "" {
		own := id + strings.ToUpper(game[:1]) + game[1:]
		if w := pr.T(own, kv...); w != own {
			return w
		}
	}
	return pr.T(id, kv...)
}
