package store

// Message is a text kept as a message of the catalogue (package
// pbm/lang), to be written in a reader's language when it is read:
// its parts, the first the message itself; a datum that is a message
// is the number of another part. The store keeps it as data and knows
// nothing of the catalogue.
type Message struct {
	Parts []MessagePart `json:"parts"`
}

// MessagePart is one message: its id in the catalogue and its data,
// or a text written alike in every language.
type MessagePart struct {
	ID   string           `json:"id,omitempty"`
	Data map[string]Value `json:"data,omitempty"`
	// Count picks the plural form, when the message has them.
	Count *int   `json:"count,omitempty"`
	Text  string `json:"text,omitempty"`
}

// Value is one datum of a message: a text, a number, or another part
// of the message (Part, from 1).
type Value struct {
	Text   string `json:"text,omitempty"`
	Number *int   `json:"n,omitempty"`
	Part   int    `json:"part,omitempty"`
}

// Clone is a deep copy of m.
func (m *Message) Clone() *Message {
	if m == nil {
		return nil
	}
	out := &Message{Parts: make([]MessagePart, len(m.Parts))}
	for i, p := range m.Parts {
		if p.Count != nil {
			n := *p.Count
			p.Count = &n
		}
		if p.Data != nil {
			data := make(map[string]Value, len(p.Data))
			for k, v := range p.Data {
				if v.Number != nil {
					n := *v.Number
					v.Number = &n
				}
				data[k] = v
			}
			p.Data = data
		}
		out.Parts[i] = p
	}
	if m.Parts == nil {
		out.Parts = nil
	}
	return out
}
