package board

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/store"
)

// A finished board keeps its outcome twice: in English (Outcome, as
// it has always been kept, for logs and old readers) and as the
// message it was written from (Result), which is written in each
// reader's language. A board that ended before Result was kept has its
// English read back into the message (OutcomeMsg).

// Keep is a message as the store keeps it: its id, its numbers and
// its messages as they are, any other datum as its English text.
func Keep(m lang.Msg) *store.Message {
	out := &store.Message{}
	keep(out, m)
	return out
}

// keep adds m to the parts of out and returns its number.
func keep(out *store.Message, m lang.Msg) int {
	i := len(out.Parts)
	out.Parts = append(out.Parts, store.MessagePart{})
	if m.ID == "" {
		out.Parts[i].Text = lang.English().Render(m)
		return i
	}
	part := store.MessagePart{ID: m.ID}
	if n, ok := number(m.Count); ok {
		part.Count = &n
	}
	if len(m.Data) > 0 {
		part.Data = make(map[string]store.Value, len(m.Data))
		for k, v := range m.Data {
			switch v := v.(type) {
			case lang.Msg:
				part.Data[k] = store.Value{Part: keep(out, v)}
			case string:
				part.Data[k] = store.Value{Text: v}
			default:
				if n, ok := number(v); ok {
					part.Data[k] = store.Value{Number: &n}
				} else {
					part.Data[k] = store.Value{Text: fmt.Sprint(v)}
				}
			}
		}
	}
	out.Parts[i] = part
	return i
}

// number is an integer datum.
func number(v any) (int, bool) {
	if v == nil {
		return 0, false
	}
	r := reflect.ValueOf(v)
	switch r.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return int(r.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return int(r.Uint()), true
	}
	return 0, false
}

// Kept is a message kept by the store as a message to write; a part
// that is missing, or that refers to itself or an earlier part, is
// written as nothing.
func Kept(m *store.Message) lang.Msg {
	if m == nil {
		return lang.Literal("")
	}
	return kept(m, 0)
}

func kept(m *store.Message, i int) lang.Msg {
	if i < 0 || i >= len(m.Parts) {
		return lang.Literal("")
	}
	p := m.Parts[i]
	if p.ID == "" {
		return lang.Literal(p.Text)
	}
	out := lang.Msg{ID: p.ID, Data: make(map[string]any, len(p.Data))}
	if p.Count != nil {
		out.Count = *p.Count
	}
	for k, v := range p.Data {
		switch {
		case v.Part > i:
			out.Data[k] = kept(m, v.Part)
		case v.Part != 0:
			out.Data[k] = ""
		case v.Number != nil:
			out.Data[k] = *v.Number
		default:
			out.Data[k] = v.Text
		}
	}
	return out
}

// OutcomeMsg is a finished board's outcome as a message, without
// replaying the board: the message kept with it when its English is
// the outcome's; else the English read back into the message it was
// written from; an outcome not recognised stays as stored.
func OutcomeMsg(b store.Board) lang.Msg {
	if b.Result != nil {
		if m := Kept(b.Result); lang.English().Render(m) == b.Outcome {
			return m
		}
	}
	out := b.Outcome
	reasonOf := func(r string) lang.Msg {
		if id, ok := coreReasons[r]; ok {
			return lang.M(id)
		}
		return lang.Literal(r)
	}
	en := lang.English()
	var m lang.Msg
	switch {
	case b.Aborted:
		m = lang.M("StatusAborted")
	case out == en.T("StatusDeclined", "Who", Decliner(b)):
		m = lang.M("StatusDeclined", "Who", Decliner(b))
	case out == en.T("StatusTie"):
		m = lang.M("StatusTie")
	case strings.HasPrefix(out, "Game was a tie (") && strings.HasSuffix(out, ")."):
		m = lang.M("StatusTieWhy", "Reason", reasonOf(strings.TrimSuffix(strings.TrimPrefix(out, "Game was a tie ("), ").")))
	case strings.HasPrefix(out, "Game won by ") && strings.HasSuffix(out, "."):
		rest := strings.TrimSuffix(strings.TrimPrefix(out, "Game won by "), ".")
		winners, reason, why := strings.Cut(rest, " (")
		if why {
			m = lang.M("StatusWonWhy", "Winners", AndList(strings.Split(winners, " and ")), "Reason", reasonOf(strings.TrimSuffix(reason, ")")))
		} else {
			m = lang.M("StatusWon", "Winners", AndList(strings.Split(winners, " and ")))
		}
	default:
		return lang.Literal(out)
	}
	if en.Render(m) != out {
		return lang.Literal(out)
	}
	return m
}
