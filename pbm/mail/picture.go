package mail

import (
	"encoding/base64"
	"io"
)

// Picture is a PNG image in the base64 of a MIME body: lines of 76
// characters joined by CRLF (RFC 2045 section 6.8). The picture of a
// move is encoded once and its lines shared by every mail that shows
// it; a Picture is read-only once made.
type Picture struct {
	png, lines []byte
}

// base64Line is the most characters of a line of base64 (RFC 2045
// section 6.8), a multiple of four.
const base64Line = 76

// NewPicture encodes png for mail.
func NewPicture(png []byte) *Picture {
	n := base64.StdEncoding.EncodedLen(len(png))
	lines := make([]byte, 0, n+2*(n/base64Line))
	raw := base64Line / 4 * 3 // bytes a line
	var buf [base64Line]byte
	for i := 0; i < len(png); i += raw {
		if i > 0 {
			lines = append(lines, '\r', '\n')
		}
		chunk := png[i:min(i+raw, len(png))]
		k := base64.StdEncoding.EncodedLen(len(chunk))
		base64.StdEncoding.Encode(buf[:k], chunk)
		lines = append(lines, buf[:k]...)
	}
	return &Picture{png: png, lines: lines}
}

// PNG is the picture's PNG file.
func (p *Picture) PNG() []byte { return p.png }

// Len is the length of the picture's base64 lines.
func (p *Picture) Len() int { return len(p.lines) }

// Lines are the picture's base64 lines, as a mail carries them; the
// caller must not change them. Nil for no picture.
func (p *Picture) Lines() []byte {
	if p == nil {
		return nil
	}
	return p.lines
}

// WriteLines writes the picture's base64 lines to w, as a mail carries
// them.
func WriteLines(w io.Writer, p *Picture) error {
	_, err := w.Write(p.lines)
	return err
}
