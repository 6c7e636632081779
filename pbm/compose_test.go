package pbm

import (
	"strings"
	"testing"
)

// The HTML part of a reply shows the text as text: markup a player
// wrote comes back escaped, never as markup.
func TestHTMLPartEscapesText(t *testing.T) {
	f := newFixture(t)
	r := f.only(f.send("mallory@players.test", `<script>alert("x&y")</script> 'q'`, ""), "mallory@players.test")
	if !strings.Contains(r.Text, `<script>alert("x&y")</script>`) {
		t.Fatalf("the reply does not echo the line:\n%s", r.Text)
	}
	if strings.Contains(r.HTML, "<script") || strings.Contains(r.HTML, `"x&y"`) {
		t.Errorf("markup unescaped in the HTML part:\n%s", r.HTML)
	}
	if !strings.Contains(r.HTML, "&lt;script&gt;alert(&#34;x&amp;y&#34;)&lt;/script&gt;") {
		t.Errorf("the line is not in the HTML part, escaped:\n%s", r.HTML)
	}
}
