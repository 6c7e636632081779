package tournament

import (
	"errors"

	"github.com/pbmgo/pbm/pbm/lang"
)

// Refusal is a tournament rule's refusal as a message of the catalogue
// (pbm/lang), so that the core writes it in the reader's language;
// Error is its English text.
type Refusal struct{ Msg lang.Msg }

func (r *Refusal) Error() string { return lang.English().Render(r.Msg) }

func refuse(id string, kv ...any) error { return &Refusal{lang.M(id, kv...)} }

func refuseN(id string, n int, kv ...any) error { return &Refusal{lang.N(id, n, kv...)} }

// Why is err as a message: a Refusal's own message, any other error
// as its text.
func Why(err error) lang.Msg {
	var r *Refusal
	if errors.As(err, &r) {
		return r.Msg
	}
	return lang.Literal(err.Error())
}
