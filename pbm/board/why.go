package board

import (
	"errors"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/lang"
)

// Why is the reason of a refused board as a message: the bank's
// refusal of a challenge's options (BankError) or the engine's refusal
// (engine.Refusal, written by Message) in the reader's language, any
// other error as its text; of a SetupError (CheckSetup), the text of
// the engine's error it holds.
func Why(err error) lang.Msg {
	var setup *SetupError
	if errors.As(err, &setup) {
		err = setup.Err
	}
	var bank *BankError
	if errors.As(err, &bank) {
		return bank.Msg
	}
	var r *engine.Refusal
	if errors.As(err, &r) {
		return Message(r)
	}
	return lang.Literal(err.Error())
}
