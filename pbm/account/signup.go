package account

import (
	"errors"
	"fmt"
	netmail "net/mail"
	"regexp"
	"strings"
	"time"

	"github.com/pbmgo/pbm/store"
)

// The rules of an account's name, password and addresses, and the
// operations that open an account and change them (protocol.md,
// Accounts). Each checks in the order the refusals are told, writes
// the account when all hold, and returns a typed error the core turns
// into its refusal.

// useridPattern: 2-20 letters, digits, '_' and '-'.
var useridPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{2,20}$`)

// reserved are words that cannot be userids: they would read as
// selectors or keywords in commands; "computer" is the computer
// player's name.
var reserved = map[string]bool{
	"all": true, "active": true, "inactive": true, "next": true, "new": true,
	"admin": true, "help": true, "none": true, "nobody": true,
	"computer": true,
}

// LooksLikeUserid reports whether a word has the form of a userid,
// reserved words included: a command's word that may name an account.
func LooksLikeUserid(w string) bool { return useridPattern.MatchString(w) }

// ValidUserid reports whether id may name a new account: the form of a
// userid and no reserved word.
func ValidUserid(id string) bool {
	return useridPattern.MatchString(id) && !reserved[strings.ToLower(id)]
}

// MaxPassword is the longest password, in bytes: bcrypt reads no more.
const MaxPassword = 72

// The refusals of a password.
var (
	ErrPasswordEmpty = errors.New("the password is empty")
	ErrPasswordLong  = fmt.Errorf("the password is longer than %d bytes", MaxPassword)
)

// CheckPassword is the rule of a new password.
func CheckPassword(pw string) error {
	switch {
	case pw == "":
		return ErrPasswordEmpty
	case len(pw) > MaxPassword:
		return ErrPasswordLong
	}
	return nil
}

// MaxAddresses is the most addresses, confirmed and pending together,
// one account has.
const MaxAddresses = 5

// ErrMaxAddresses refuses more addresses than MaxAddresses in one
// command.
var ErrMaxAddresses = fmt.Errorf("more than %d addresses", MaxAddresses)

// AddressError refuses a word that is no mail address.
type AddressError struct{ Word string }

func (e *AddressError) Error() string { return fmt.Sprintf("%q is not a mail address", e.Word) }

// fits reports whether an account with have addresses may take more:
// the one place the cap is applied.
func fits(have, more int) bool { return have+more <= MaxAddresses }

// ParseAddresses checks delivery addresses (RFC 5322 section 3.4.1
// addr-spec) and returns them in lower case.
func ParseAddresses(words []string) ([]string, error) {
	var out []string
	for _, w := range words {
		a, err := netmail.ParseAddress(w)
		if err != nil || strings.ContainsAny(a.Address, "\r\n\t <>\"") || !strings.Contains(a.Address, "@") {
			return nil, &AddressError{Word: w}
		}
		out = append(out, strings.ToLower(a.Address))
	}
	if !fits(0, len(out)) {
		return nil, ErrMaxAddresses
	}
	return out, nil
}

// Sender is who asks for addresses: the mail's From, whether the
// operator's MTA found that From forged, and when.
type Sender struct {
	From   string
	Forged bool
	Now    time.Time
}

// SetAddresses gives the account the addresses want, replacing the
// ones it has when replace is set and adding to them otherwise. An
// address the account has confirmed stays confirmed; the sender's own
// is confirmed at once unless ownPending (and never when forged: not
// even a confirmation goes to it); any other is pending. It returns
// the addresses newly pending, for their confirmation mails.
func SetAddresses(u *store.User, want []string, replace, ownPending bool, by Sender) []store.PendingAddress {
	var addrs []string
	var pend []store.PendingAddress
	if !replace {
		addrs, pend = append(addrs, u.Addresses...), append(pend, u.Pending...)
	}
	var fresh []store.PendingAddress
	for _, a := range want {
		switch {
		case containsFold(addrs, a):
		case by.Forged && strings.EqualFold(a, by.From) && !containsFold(u.Addresses, a):
		case containsFold(u.Addresses, a), strings.EqualFold(a, by.From) && !ownPending:
			addrs = append(addrs, a)
			pend = DropPending(pend, a)
		case PendingIndex(pend, a) >= 0:
		case PendingIndex(u.Pending, a) >= 0:
			// Asked for before: its one confirmation mail went out.
			pend = append(pend, u.Pending[PendingIndex(u.Pending, a)])
		default:
			p := store.PendingAddress{Address: a, Since: by.Now, By: by.From}
			pend = append(pend, p)
			fresh = append(fresh, p)
		}
	}
	u.Addresses, u.Pending = addrs, pend
	return fresh
}

// The refusals of a signup.
var (
	ErrBadUserid     = errors.New("not a userid: use 2-20 letters, digits, '_' or '-', and not a keyword")
	ErrGameName      = errors.New("the userid is the name of a game")
	ErrTaken         = errors.New("the userid is taken")
	ErrPasswordWords = errors.New("the password has more than one word")
	ErrAdminClaim    = errors.New("the admin userid is not claimed from an address the configuration lists for it")
)

// Signup is what a signup asks for.
type Signup struct {
	ID, Password string
	// Cost is bcrypt's cost of the password's hash.
	Cost int
	// Language is the account's language code, "" for the server's.
	Language string
	// Addresses are the words after the password: none means the
	// sender's address.
	Addresses []string
	By        Sender
	// IsGame reports whether a word names a game: no userid may.
	IsGame func(string) bool
	// Claim is set for an admin userid, with the addresses the
	// configuration lists for it: the sender and every address must be
	// among them, and all of them wait for confirmation.
	Claim     bool
	ClaimFrom []string
}

// Open writes a new account as a signup asks, or refuses it. It
// returns the account and its addresses newly pending.
func Open(tx *store.Tx, s Signup) (store.User, []store.PendingAddress, error) {
	if !ValidUserid(s.ID) {
		return store.User{}, nil, ErrBadUserid
	}
	if s.IsGame != nil && s.IsGame(s.ID) {
		return store.User{}, nil, ErrGameName
	}
	if err := CheckPassword(s.Password); err != nil {
		return store.User{}, nil, err
	}
	if _, err := tx.User(s.ID); err == nil {
		return store.User{}, nil, ErrTaken
	} else if !errors.Is(err, store.ErrNotFound) {
		return store.User{}, nil, fmt.Errorf("signup %s: %w", s.ID, err)
	}
	addrs := []string{s.By.From}
	if len(s.Addresses) > 0 {
		var err error
		if addrs, err = ParseAddresses(s.Addresses); err != nil {
			if !strings.Contains(s.Addresses[0], "@") {
				// "signup alice apple pie": the third word is no
				// address, so it is likely part of the password.
				return store.User{}, nil, ErrPasswordWords
			}
			return store.User{}, nil, err
		}
	}
	if s.Claim {
		ok := containsFold(s.ClaimFrom, s.By.From)
		for _, a := range addrs {
			ok = ok && containsFold(s.ClaimFrom, a)
		}
		if !ok {
			return store.User{}, nil, ErrAdminClaim
		}
	}
	h, err := Hash(s.Password, s.Cost)
	if err != nil {
		return store.User{}, nil, err
	}
	u := store.User{ID: s.ID, Hash: h, Created: s.By.Now, Language: s.Language}
	fresh := SetAddresses(&u, addrs, true, s.Claim, s.By)
	if err := tx.PutUser(u); err != nil {
		return store.User{}, nil, fmt.Errorf("signup %s: %w", s.ID, err)
	}
	return u, fresh, nil
}

// SetPassword gives the account a new password, when the rule of
// passwords allows it.
func SetPassword(tx *store.Tx, u store.User, pw string, cost int) (store.User, error) {
	if err := CheckPassword(pw); err != nil {
		return u, err
	}
	h, err := Hash(pw, cost)
	if err != nil {
		return u, err
	}
	u.Hash = h
	return u, put(tx, u)
}

// ChangeAddresses replaces the account's addresses by the ones the
// words name. It returns the account and its addresses newly pending.
func ChangeAddresses(tx *store.Tx, u store.User, words []string, by Sender) (store.User, []store.PendingAddress, error) {
	addrs, err := ParseAddresses(words)
	if err != nil {
		return u, nil, err
	}
	fresh := SetAddresses(&u, addrs, true, false, by)
	return u, fresh, put(tx, u)
}

// AlreadyError refuses to add addresses the account has all of,
// confirmed or pending.
type AlreadyError struct{ Addresses []string }

func (e *AlreadyError) Error() string {
	return "the account has the addresses already: " + strings.Join(e.Addresses, ", ")
}

// FullError refuses to add addresses past MaxAddresses; Have is how
// many the account has.
type FullError struct{ Have int }

func (e *FullError) Error() string {
	return fmt.Sprintf("the account has %d addresses, at most %d are allowed", e.Have, MaxAddresses)
}

// AddAddresses adds the addresses the words name to the account. It
// returns the account, the addresses it did not have, and those newly
// pending.
func AddAddresses(tx *store.Tx, u store.User, words []string, by Sender) (store.User, []string, []store.PendingAddress, error) {
	addrs, err := ParseAddresses(words)
	if err != nil {
		return u, nil, nil, err
	}
	var added []string
	for _, a := range addrs {
		if !containsFold(u.Addresses, a) && PendingIndex(u.Pending, a) < 0 {
			added = append(added, a)
		}
	}
	if len(added) == 0 {
		return u, nil, nil, &AlreadyError{Addresses: addrs}
	}
	if n := len(u.Addresses) + len(u.Pending); !fits(n, len(added)) {
		return u, nil, nil, &FullError{Have: n}
	}
	fresh := SetAddresses(&u, added, false, false, by)
	return u, added, fresh, put(tx, u)
}

// Close closes the account (signoff): it keeps its userid, and no
// command can use it again.
func Close(tx *store.Tx, u store.User) error {
	u.Closed = true
	return put(tx, u)
}

// WriteAdmin writes an admin's account as the operator gives it on the
// host: the password's hash and addresses, all confirmed, the account
// opened again if closed, and the lock of guesses at the old password
// ended. It reports whether the account existed.
func WriteAdmin(tx *store.Tx, id string, hash []byte, addrs []string, now time.Time) (existed bool, err error) {
	u, err := tx.User(id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		u = store.User{ID: id, Created: now}
	case err != nil:
		return false, err
	default:
		existed = true
	}
	u.Hash, u.Addresses, u.Pending, u.Closed = hash, addrs, nil, false
	if err := put(tx, u); err != nil {
		return existed, err
	}
	return existed, tx.PutGuesses(u.ID, store.Guesses{})
}

// put writes an account, the error saying whose.
func put(tx *store.Tx, u store.User) error {
	if err := tx.PutUser(u); err != nil {
		return fmt.Errorf("write account %s: %w", u.ID, err)
	}
	return nil
}

// Unclaimed lists the userids among ids that have no open account
// with a confirmed address: an admin userid nobody has claimed yet.
func Unclaimed(tx *store.Tx, ids []string) ([]string, error) {
	var out []string
	for _, id := range ids {
		u, err := tx.User(id)
		if errors.Is(err, store.ErrNotFound) || (err == nil && (u.Closed || len(u.Addresses) == 0)) {
			out = append(out, id)
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("account %s: %w", id, err)
		}
	}
	return out, nil
}
