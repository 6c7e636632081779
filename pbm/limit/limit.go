// Package limit is the bounds on what one mail may make the server do,
// and the pages of the lists answered by mail. A valid password
// exempts the command it is given with, never the rest of its mail:
// each command is admitted on its own (Mail.Admit), by how many list
// commands, signups and bcrypt operations (password checks of distinct
// userid and password pairs, new hashes) the mail has spent.
//
// It holds counters and decisions only: it knows no store, mail,
// language or game; the core asks it before each command and writes
// its refusals. The hourly allowances kept in the store are package
// account's.
package limit

import (
	"strconv"
	"strings"
)

// Defaults of Config.
const (
	DefaultLists        = 5
	DefaultSignups      = 2
	DefaultPasswordWork = 4
)

// Config is the bounds of one mail.
type Config struct {
	// Lists bounds the list commands (IsList), Signups the signups,
	// PasswordWork the bcrypt operations.
	Lists, Signups, PasswordWork int
}

// listCommands answer with a list of many records.
var listCommands = map[string]bool{
	"games": true, "standings": true, "history": true, "tournaments": true,
	"all show": true, "list": true,
}

// hashCommands make a new bcrypt hash.
var hashCommands = map[string]bool{"signup": true, "change password": true, "setpassword": true}

// Hashes reports whether the command named makes a new password hash.
func Hashes(name string) bool { return hashCommands[name] }

// IsList reports whether the command named (its words without the
// game's name: "games", "all show") answers with a list.
func IsList(name string) bool { return listCommands[name] }

// A Bar is why a command is not admitted, or None.
type Bar int

const (
	None         Bar = iota
	Lists            // past Config.Lists list commands
	Signups          // past Config.Signups signups
	PasswordWork     // past Config.PasswordWork bcrypt operations
)

// Mail is what one mail has spent; the zero value has spent nothing.
type Mail struct {
	// Counted: the mail proved nobody and was counted once against
	// its sender's hourly allowance: its first command is paid.
	Counted bool
	lists   int
	signups int
	hashes  int
	// messaged are the players (lower case) the mail sent a message.
	messaged map[string]bool
}

// Admit decides whether the command named may run, and spends its
// share when it may. checked is the number of distinct password pairs
// the mail has checked; fresh is whether this command gives one more.
func (m *Mail) Admit(cfg Config, name string, checked int, fresh bool) Bar {
	if listCommands[name] && m.lists >= cfg.Lists {
		return Lists
	}
	if name == "signup" && m.signups >= cfg.Signups {
		return Signups
	}
	if (fresh || hashCommands[name]) && checked+m.hashes >= cfg.PasswordWork {
		return PasswordWork
	}
	if listCommands[name] {
		m.lists++
	}
	if name == "signup" {
		m.signups++
	}
	if hashCommands[name] {
		m.hashes++
	}
	return None
}

// Messaged reports whether the mail sent id a message already.
func (m *Mail) Messaged(id string) bool { return m.messaged[strings.ToLower(id)] }

// MarkMessaged records that the mail sent id a message.
func (m *Mail) MarkMessaged(id string) {
	if m.messaged == nil {
		m.messaged = map[string]bool{}
	}
	m.messaged[strings.ToLower(id)] = true
}

// PageSize is the rows of one page of a list answered by mail, as the
// web site pages its lists.
const PageSize = 100

// PageWord is how a command names a page: "page=2".
const PageWord = "page="

// A Page is one page of a list: rows [From, To) of Total.
type Page struct {
	Number, Pages  int
	From, To, Size int
}

// PageOf is page n of a list of total rows, size a page. ok is false
// when there is no such page; the empty list has one, empty, page.
func PageOf(n, total, size int) (p Page, ok bool) {
	p = Page{Number: n, Pages: max(1, (total+size-1)/size), Size: size}
	if n < 1 || n > p.Pages {
		return p, false
	}
	p.From = (n - 1) * size
	p.To = min(total, p.From+size)
	return p, true
}

// More reports whether a page follows this one.
func (p Page) More() bool { return p.Number < p.Pages }

// ParsePage takes a "page=<n>" word out of args: the page (1 when none
// is given) and the other words. bad is the word when it is no page
// number.
func ParsePage(args []string) (rest []string, page int, bad string) {
	page = 1
	for _, a := range args {
		v, ok := strings.CutPrefix(strings.ToLower(a), PageWord)
		if !ok {
			rest = append(rest, a)
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1_000_000 {
			return nil, 0, a
		}
		page = n
	}
	return rest, page, ""
}
