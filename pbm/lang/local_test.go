package lang

import "testing"

func TestLocal(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	code := "hu"
	l := c.Local(&code)
	if got := l.For("").Code(); got != "hu" {
		t.Errorf("For(\"\") speaks %q, want the local hu", got)
	}
	if got := l.For("de").Code(); got != "de" {
		t.Errorf("For(\"de\") speaks %q, want de", got)
	}
	if got := l.For("xx").Code(); got != Default {
		t.Errorf("For(\"xx\") speaks %q, want %q", got, Default)
	}
	code = "nl"
	if got := l.For("").Code(); got != "nl" {
		t.Errorf("For(\"\") after a change of the local language speaks %q, want nl", got)
	}
	if got := l.English().Code(); got != Default {
		t.Errorf("English speaks %q, want %q", got, Default)
	}
}
