package picture

import "testing"

// Every colour word of the palette is a message whose English is the
// word; a word the palette lacks has none.
func TestColourWord(t *testing.T) {
	for w := range Palette {
		m := ColourWord(w)
		if m == nil || m.Error() != w || m.Code != "PictureColour"+w {
			t.Errorf("%s: %+v", w, m)
		}
	}
	if m := ColourWord("Mauve"); m != nil {
		t.Errorf("Mauve: %+v", m)
	}
}
