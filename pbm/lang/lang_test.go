package lang

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/pbmgo/pbm/engine"
)

// forms are the CLDR plural forms each language needs for whole
// numbers, besides other.
var forms = map[string][]string{
	"en": {"one"}, "hu": {"one"}, "nl": {"one"}, "de": {"one"},
	"cs": {"one", "few", "many"},
}

func plurals(m *i18n.Message) map[string]string {
	out := map[string]string{}
	for k, v := range map[string]string{"zero": m.Zero, "one": m.One, "two": m.Two, "few": m.Few, "many": m.Many, "other": m.Other} {
		if v != "" {
			out[k] = v
		}
	}
	return out
}

// TestCatalogueComplete: every file parses; every message of the
// English file is in every language, in every plural form the
// language needs when it has forms, with exactly the placeholders of
// the English; no language has a message English lacks.
func TestCatalogueComplete(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	byID := func(code string) map[string]*i18n.Message {
		out := map[string]*i18n.Message{}
		for _, m := range c.Files[code].Messages {
			out[m.ID] = m
		}
		return out
	}
	en := byID("en")
	if len(en) < 40 {
		t.Fatalf("the English file has %d messages", len(en))
	}
	for _, code := range Codes {
		msgs := byID(code)
		for id, e := range en {
			m, ok := msgs[id]
			if !ok {
				t.Errorf("%s: message %s missing", code, id)
				continue
			}
			ep, mp := plurals(e), plurals(m)
			plural := len(ep) > 1
			if plural {
				for _, f := range append([]string{"other"}, forms[code]...) {
					if mp[f] == "" {
						t.Errorf("%s: %s has no plural form %s", code, id, f)
					}
				}
			} else if len(mp) != 1 || mp["other"] == "" {
				t.Errorf("%s: %s has plural forms; the English has none", code, id)
			}
			want := fields(t, id, e.Other)
			for f, text := range mp {
				if got := fields(t, id, text); !slices.Equal(got, want) {
					t.Errorf("%s: %s (%s) has placeholders %v, the English %v", code, id, f, got, want)
				}
			}
		}
		for id := range msgs {
			if en[id] == nil {
				t.Errorf("%s: message %s is not in the English file", code, id)
			}
		}
	}
}

// TestRenderNeverPanics renders every message of every language with
// no data, with wrong data, and with odd pairs; then unknown ids and
// languages. Each gives a text; none panics or shows "<no value>".
func TestRenderNeverPanics(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	var nilCat *Catalogue
	for _, code := range append(Codes, "xx", "") {
		p := c.For(code)
		for _, m := range c.Files["en"].Messages {
			for _, msg := range []Msg{
				M(m.ID), M(m.ID, "Who"), M(m.ID, 3, 4, "Who", nil),
				N(m.ID, -1), N(m.ID, 0, "Days", struct{}{}), {ID: m.ID, Count: "x"},
			} {
				got := p.Render(msg)
				if strings.Contains(got, "<no value>") {
					t.Errorf("%s %s: %q", code, m.ID, got)
				}
				if got == "" && !strings.HasPrefix(m.ID, "Board") {
					t.Errorf("%s %s: empty", code, m.ID)
				}
			}
		}
		if got := p.T("NoSuchMessage"); got != "NoSuchMessage" {
			t.Errorf("unknown id in %q: %q", code, got)
		}
		if got := nilCat.For(code).T("StatusTurn", "Who", "a"); got != "StatusTurn" {
			t.Errorf("nil catalogue: %q", got)
		}
		_ = p.Stamp(time.Time{})
		_ = p.Date(time.Date(-5, 13, 40, 0, 0, 0, 0, time.UTC))
	}
}

// TestTranslated: each language writes a message in its own words,
// with its plural forms.
func TestTranslated(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		code, want string
		n          int
	}{
		{"en", "3 days, 02:00", 3}, {"en", "1 days, 02:00", 1},
		{"hu", "3 nap, 02:00", 3}, {"cs", "1 den, 02:00", 1}, {"cs", "3 dny, 02:00", 3},
		{"cs", "5 dní, 02:00", 5}, {"nl", "1 dag, 02:00", 1}, {"nl", "2 dagen, 02:00", 2},
		{"de", "1 Tag, 02:00", 1}, {"de", "4 Tage, 02:00", 4},
	}
	for _, tc := range cases {
		if got := c.For(tc.code).N("Duration", tc.n, "Days", tc.n, "Clock", "02:00"); got != tc.want {
			t.Errorf("%s %d: %q, want %q", tc.code, tc.n, got, tc.want)
		}
	}
	if got := c.For("hu").T("StatusTurn", "Who", "bea"); got != "bea következik." {
		t.Errorf("hu: %q", got)
	}
	if got := c.For("en").T("StatusTurn", "Who", "bea"); got != "It is bea's turn." {
		t.Errorf("en: %q", got)
	}
}

func TestMatch(t *testing.T) {
	for in, want := range map[string]string{
		"hu": "hu", "hu-HU": "hu", "HU": "hu", "cs-CZ": "cs", "nl-BE": "nl", "de-AT": "de",
		"en-GB": "en", "EN": "en", "de_CH": "de",
	} {
		if got, ok := Match(in); !ok || got != want {
			t.Errorf("Match(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "xx", "fr", "ja-JP", "not a code", strings.Repeat("a", 100), "hu-"} {
		if got, ok := Match(in); ok {
			t.Errorf("Match(%q) = %q, want refused", in, got)
		}
	}
}

func TestDates(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 1, 5, 14, 3, 0, 0, time.UTC)
	for code, want := range map[string]string{
		"en": "Mon 5 Jan 2026 14:03 UTC",
		"hu": "2026. január 5., hétfő 14:03 UTC",
		"cs": "pondělí 5. ledna 2026 14:03 UTC",
		"nl": "maandag 5 januari 2026 14:03 UTC",
		"de": "Montag, 5. Januar 2026, 14:03 UTC",
	} {
		if got := c.For(code).Stamp(at); got != want {
			t.Errorf("%s: %q, want %q", code, got, want)
		}
	}
	if got := c.For("de").Date(at); got != "Montag, 5. Januar 2026" {
		t.Errorf("de date: %q", got)
	}
	if got := c.For("en").Date(at); got != "Mon 5 Jan 2026" {
		t.Errorf("en date: %q", got)
	}
}

func TestName(t *testing.T) {
	for code, want := range map[string]string{"hu": "magyar", "cs": "čeština", "de": "Deutsch", "nl": "Nederlands", "en": "English"} {
		if got := Name(code); got != want {
			t.Errorf("Name(%s) = %q, want %q", code, got, want)
		}
	}
}

// fields are the placeholders of a message text (engine.Placeholders).
func fields(t *testing.T, id, text string) []string {
	t.Helper()
	out, err := engine.Placeholders(text)
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	return out
}

// TestLoadParts: the catalogue is read from its part files alone, one
// concept and language each; an id in two parts of a language, or a
// language without any file, is refused at load.
func TestLoadParts(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"BoardNew", "NagIdle", "ReplyOK", "MailSubjectBoard"} {
		if got := c.For("hu").T(id, "Title", "Nim", "Number", 1); got == id || got == English().T(id, "Title", "Nim", "Number", 1) {
			t.Errorf("%s in Hungarian: %q", id, got)
		}
	}
	files := fstest.MapFS{}
	for _, code := range Codes {
		files["messages/board."+code+".toml"] = &fstest.MapFile{Data: []byte(`BoardNew = "x"` + "\n")}
		files["messages/mail."+code+".toml"] = &fstest.MapFile{Data: []byte(`MailSubjectBoard = "y"` + "\n")}
	}
	if _, err := load(files); err != nil {
		t.Errorf("parts without a general file: %v", err)
	}
	files["messages/clock.de.toml"] = &fstest.MapFile{Data: []byte(`BoardNew = "z"` + "\n")}
	if _, err := load(files); err == nil || !strings.Contains(err.Error(), "BoardNew is in both") {
		t.Errorf("an id in two parts: %v", err)
	}
	delete(files, "messages/clock.de.toml")
	delete(files, "messages/board.nl.toml")
	delete(files, "messages/mail.nl.toml")
	if _, err := load(files); err == nil {
		t.Error("a language without files loads")
	}
}
