package command

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// games stands for the registry of the server: nim and hexatri.
func games(w string) (string, bool) {
	switch strings.ToLower(w) {
	case "nim":
		return "nim", true
	case "hexatri":
		return "hexatri", true
	}
	return "", false
}

func isGame(w string) bool { _, ok := games(w); return ok }

func TestNearest(t *testing.T) {
	cands := []string{"help", "list", "signup", "signoff", "move", "hexemergo", "show"}
	for _, c := range []struct{ word, want string }{
		{"hlep", "help"}, {"HELP", ""}, {"moove", "move"}, {"hexemergoo", "hexemergo"},
		{"lsit", "list"}, {"signp", "signup"}, {"xyzzy", ""}, {"mo", ""}, {"sho", "show"},
		{"signo", ""}, // as near to signup as to signoff: no guess
	} {
		if got := Nearest(c.word, cands); got != c.want {
			t.Errorf("Nearest(%q) = %q, want %q", c.word, got, c.want)
		}
	}
}

// TestSuggest: an unknown first word gets the nearest global command,
// game, or game command (with "<game>" before it).
func TestSuggest(t *testing.T) {
	for word, want := range map[string]string{
		"hlep":  "help",
		"nimm":  "nim",
		"moove": "<game> move",
		"qmove": "<game> queue",
		"xyzzy": "",
		"sigup": "signup",
	} {
		if got := Suggest(word, []string{"nim", "hexatri"}); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", word, got, want)
		}
	}
}

// TestLookup: names, aliases and unique prefixes of three letters or
// more; an unknown word is an *UnknownError with its suggestion, a
// prefix of several an *AmbiguousError.
func TestLookup(t *testing.T) {
	for word, want := range map[string]string{"chall": "challenge", "MVOE": "move", "ratings": "standings", "qmove": "queue"} {
		if name, _, err := Game().Lookup(word); err != nil || name != want {
			t.Errorf("Lookup(%q) = %q, %v; want %q", word, name, err, want)
		}
	}
	var unknown *UnknownError
	if _, _, err := Game().Lookup("moove"); !errors.As(err, &unknown) || unknown.Suggestion != "move" {
		t.Errorf("Lookup(moove): %v, want unknown with suggestion move", err)
	}
	var amb *AmbiguousError
	if _, _, err := Game().Lookup("sub"); !errors.As(err, &amb) || !reflect.DeepEqual(amb.Found, []string{"submit", "subscribe"}) {
		t.Errorf("Lookup(sub): %v, want ambiguous submit, subscribe", err)
	}
}

// TestParse: a line is parsed into its command words and arguments;
// each way of being no command is its own error.
func TestParse(t *testing.T) {
	l, err := Parse(strings.Fields("NIM chall alice pw alice bob"), games)
	if err != nil || l.Game != "nim" || !reflect.DeepEqual(l.Name, []string{"nim", "challenge"}) ||
		!reflect.DeepEqual(l.Args, []string{"alice", "pw", "alice", "bob"}) || l.Cmd.Key != "<game> challenge" || l.Words() != "challenge" {
		t.Errorf("Parse(nim chall ...) = %+v, %v", l, err)
	}
	if l, err := Parse(strings.Fields("admin root pw setpassword bob x"), games); err != nil || l.Words() != "setpassword" || l.Cmd.Auth != Admin {
		t.Errorf("Parse(admin ...) = %+v, %v", l, err)
	}
	if l, err := Parse(strings.Fields("change password alice old new"), games); err != nil || l.Cmd.Key != "change password" || l.Cmd.Auth != User {
		t.Errorf("Parse(change password ...) = %+v, %v", l, err)
	}
	for line, want := range map[string]any{
		"nim":                   &GameWhatError{},
		"change":                &WhatError{},
		"users":                 &AdminOnlyError{},
		"nim move 101 alice pw": &UsageError{},
		"xyzzy":                 &WordError{},
		"nim xyzzy":             &WordError{},
	} {
		_, err := Parse(strings.Fields(line), games)
		target := reflect.New(reflect.TypeOf(want)).Interface()
		if !errors.As(err, target) {
			t.Errorf("Parse(%q): %v, want %T", line, err, want)
		}
	}
	if l, err := Parse(strings.Fields("nim move 101 alice pw"), games); l.Cmd == nil || err == nil {
		t.Errorf("a usage error keeps its command: %+v, %v", l, err)
	}
	if _, err := Parse(nil, games); err == nil {
		t.Error("an empty line parsed")
	}
}

// TestCredential: the userid and password a line gives, none for a
// signup or a command without a password.
func TestCredential(t *testing.T) {
	for line, want := range map[string]string{
		"nim move 101 alice pw take1":           "alice pw",
		"change password alice old new":         "alice old",
		"admin root rootpw users":               "root rootpw",
		"nim tournament join spring alice pw":   "alice pw",
		"signup carol pw":                       "",
		"nim show 101":                          "",
		"nim challenge alice pw alice computer": "alice pw",
	} {
		l, err := Parse(strings.Fields(line), games)
		if err != nil {
			t.Fatalf("Parse(%q): %v", line, err)
		}
		u, p, ok := l.Credential()
		if got := strings.TrimSpace(u + " " + p); got != want || ok != (want != "") {
			t.Errorf("Credential(%q) = %q %v, want %q", line, got, ok, want)
		}
	}
}

// TestMaskWords: the secrets the table declares are masked, and a line
// that is no command is cut to its first two words.
func TestMaskWords(t *testing.T) {
	for in, want := range map[string]string{
		"nim move 101 alice apple take1#3":        "nim move 101 alice ******** take1#3",
		"change password alice old new":           "change password alice ******** ********",
		"admin root rootpw setpassword bob newpw": "admin root ******** setpassword bob ********",
		"admin root rootpw frobnicate bob newpw":  "admin root ******** frobnicate ******** ********",
		"NIM chall alice apple alice bob":         "NIM chall alice ******** alice bob",
		"nimm move 101 alice apple take1":         "nimm move ...",
		"list":                                    "list",
		"signup carol":                            "signup carol",
		"signup carol -lang=hu pw":                "signup carol -lang=hu ********",
		"nim tournament join alice pw spring":     "nim tournament join alice ******** ********",
		"nim move alice pw take1":                 "nim move ******** ******** ********",
		"nim if 101 alice pw take1 take2":         "nim if 101 alice ******** ******** ********",
	} {
		if got := MaskWords(strings.Fields(in), isGame); got != want {
			t.Errorf("MaskWords(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTable: every command that runs has a key, a help message and an
// authentication that fits its usage.
func TestTable(t *testing.T) {
	keys := Keys()
	if len(keys) < 50 || !slices.Contains(keys, "<game> tournament join") || !slices.Contains(keys, "admin retry") || !slices.Contains(keys, "change password") {
		t.Fatalf("Keys() = %v", keys)
	}
	var walk func(set Set)
	walk = func(set Set) {
		for _, n := range set.Names() {
			c := set[n]
			if c.Children != nil {
				walk(c.Children)
				continue
			}
			if c.HelpID == "" || c.Help == "" {
				t.Errorf("%s: no help", c.Key)
			}
			switch c.Auth {
			case User:
				if !strings.HasPrefix(c.Usage, "<userid> ") || c.Secrets[0] != 1 {
					t.Errorf("%s: a user's command whose usage is %q", c.Key, c.Usage)
				}
			case Player, BoardUser:
				if !strings.HasPrefix(c.Usage, "<board> <userid> <password>") {
					t.Errorf("%s: a player's command whose usage is %q", c.Key, c.Usage)
				}
			case Entrant:
				if !c.UserFirst || !strings.HasPrefix(c.Usage, "<name> <userid> <password>") {
					t.Errorf("%s: an entrant's command whose usage is %q", c.Key, c.Usage)
				}
			}
			if len(c.Secrets) > 0 && c.Auth == None && c.Key != "signup" && !c.Admin {
				t.Errorf("%s takes a password but declares no authentication", c.Key)
			}
		}
	}
	walk(Global())
	walk(Game())
}

// FuzzParse: parsing never panics, and a command parsed has its
// arguments from the line.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"nim move 101 alice pw take1", "change", "admin root pw setpassword bob x", "nim", "", "chall", "nim tournament join a b c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		words := strings.Fields(line)
		l, err := Parse(words, games)
		if err == nil && (l.Cmd == nil || len(l.Args) < l.Cmd.MinArgs || len(l.Name)+len(l.Args) != len(words)) {
			t.Fatalf("Parse(%q) = %+v", line, l)
		}
		l.Credential()
		l.Words()
	})
}

// FuzzMask: the masked line never holds a word the table declares
// secret (of three letters or more, and not also a word of the line
// that is none), whichever way the line parses.
func FuzzMask(f *testing.F) {
	for _, s := range []string{"nim move 101 alice apple take1", "change password alice old new", "admin root rootpw setpassword bob newpw",
		"signup carol secret -lang=hu", "signup carol -lang=hu secret", "nim tournament join alice secret spring", "nim if 101 alice secret take1 take2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		words := strings.Fields(line)
		out := MaskWords(words, isGame)
		l, err := Parse(words, games)
		if l.Cmd == nil {
			if err == nil {
				t.Fatalf("Parse(%q): no command and no error", line)
			}
			return
		}
		args := l.Args
		if opts := UsageOptions(l.Cmd.Usage); len(opts) > 0 {
			// Options may stand anywhere and are no secret: the secrets
			// are counted among the other words.
			args = nil
			for _, w := range l.Args {
				if !IsOption(w, opts) {
					args = append(args, w)
				}
			}
		}
		secrets := append([]int(nil), l.Cmd.Secrets...)
		if l.Cmd.UserFirst {
			secrets = append(secrets, 1)
		}
		if l.Cmd.Auth == Admin && len(l.Args) > 2 {
			if _, ac, err := Global().Only(true).Lookup(l.Args[2]); err == nil {
				for _, i := range ac.Secrets {
					secrets = append(secrets, 3+i)
				}
			}
		}
		for _, i := range secrets {
			if i >= len(args) {
				continue
			}
			secret := args[i]
			if len(secret) < 3 || secret == Mask {
				continue
			}
			others := -1 // the secret itself
			for _, w := range words {
				if w == secret {
					others++
				}
			}
			got := 0
			for _, w := range strings.Fields(out) {
				if w == secret {
					got++
				}
			}
			if got > others {
				t.Fatalf("MaskWords(%q) = %q shows the secret %q", line, out, secret)
			}
		}
	})
}
