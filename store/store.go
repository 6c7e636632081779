// Package store keeps the server's state in one bbolt file: accounts,
// boards with their move logs, the outbox of mail to send, and the ids
// of the mails already processed. It knows nothing of game rules or of
// mail protocols; values are JSON documents of the types in this
// package.
//
// Every change happens inside Update, one bbolt transaction: what a
// mail causes commits together or not at all.
package store

import (
	"crypto/cipher"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

var (
	bUsers     = []byte("users")
	bBoards    = []byte("boards")
	bCounters  = []byte("counters")
	bOutbox    = []byte("outbox")
	bFailed    = []byte("failed")
	bProcessed = []byte("processed")
	bMeta      = []byte("meta")
	bRates     = []byte("rates")
	bRatings   = []byte("ratings")
	bWaiting   = []byte("waiting")
	buckets    = [][]byte{bUsers, bBoards, bCounters, bOutbox, bFailed, bProcessed, bMeta, bRates, bRatings, bWaiting}
)

// ErrNotFound is returned when a key is absent.
var ErrNotFound = errors.New("not found")

// Config says where the database lives.
type Config struct {
	Path string
	// Timeout bounds the wait for the file lock held by another
	// process; default 2 s, so a second daemon fails fast.
	Timeout time.Duration
	// SealKey, 32 bytes, seals the message of every mail written to
	// the outbox (encodeMail); nil writes them in base64. A sealed
	// mail reads only with the key it was sealed with.
	SealKey []byte
}

// Store is an open database.
type Store struct {
	db   *bolt.DB
	memo *memo
	seal cipher.AEAD // nil: mails unsealed
}

// Open opens or creates the database file and its buckets.
func Open(cfg Config) (*Store, error) {
	if cfg.Timeout == 0 {
		cfg.Timeout = 2 * time.Second
	}
	var seal cipher.AEAD
	if cfg.SealKey != nil {
		var err error
		if seal, err = newSeal(cfg.SealKey); err != nil {
			return nil, err
		}
	}
	if dir := filepath.Dir(cfg.Path); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
	}
	db, err := openBolt(cfg.Path, &bolt.Options{Timeout: cfg.Timeout}, func(db *bolt.DB) error {
		err := db.Update(func(tx *bolt.Tx) error {
			for _, b := range buckets {
				if _, err := tx.CreateBucketIfNotExists(b); err != nil {
					return err
				}
			}
			if err := openIndexes(tx); err != nil {
				return err
			}
			if err := openCounts(tx); err != nil {
				return err
			}
			if err := openDue(tx); err != nil {
				return err
			}
			for _, ix := range userIndexes {
				if err := ix.open(tx); err != nil {
					return err
				}
			}
			if err := openSecurity(tx); err != nil {
				return err
			}
			return openProcessed(tx)
		})
		if err != nil {
			return fmt.Errorf("store: create buckets: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &Store{db: db, memo: newMemo(memoBytes), seal: seal}, nil
}

// SetSealKey makes the store seal the message of every mail it writes
// to the outbox from now on (Config.SealKey), and read those it
// sealed; call it before the store is shared.
func (s *Store) SetSealKey(key []byte) error {
	seal, err := newSeal(key)
	if err != nil {
		return err
	}
	s.seal = seal
	return nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// Update runs fn in one read-write transaction. If fn returns an
// error nothing of it is kept.
func (s *Store) Update(fn func(*Tx) error) error {
	return s.guard(func() error {
		return s.db.Update(func(tx *bolt.Tx) error { return fn(&Tx{tx: tx, memo: s.memo, seal: s.seal}) })
	})
}

// View runs fn in a read-only transaction.
func (s *Store) View(fn func(*Tx) error) error {
	return s.guard(func() error {
		return s.db.View(func(tx *bolt.Tx) error { return fn(&Tx{tx: tx, memo: s.memo, seal: s.seal}) })
	})
}

// Backup writes a consistent copy of the database to path, through a
// temporary file renamed into place. Readers and writers go on.
func (s *Store) Backup(path string) (int64, error) {
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o600)
	if err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	var n int64
	err = s.db.View(func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(f)
		return err
	})
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return 0, fmt.Errorf("backup to %s: %w", path, err)
	}
	return n, nil
}

// WriteTo writes a consistent copy of the database to w.
func (s *Store) WriteTo(w io.Writer) (int64, error) {
	var n int64
	err := s.db.View(func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	return n, err
}

// Tx is one transaction.
type Tx struct {
	tx   *bolt.Tx
	memo *memo       // nil: every record is decoded
	seal cipher.AEAD // nil: outbox mails unsealed
	sums map[string]int
}

func (t *Tx) get(bucket []byte, key string, v any) error {
	data := t.tx.Bucket(bucket).Get([]byte(key))
	if data == nil {
		return ErrNotFound
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("store: decode %s/%s: %w", bucket, key, err)
	}
	return nil
}

func (t *Tx) put(bucket []byte, key string, v any) error {
	_, err := t.putData(bucket, key, v)
	return err
}

// putData writes v and returns the bytes written.
func (t *Tx) putData(bucket []byte, key string, v any) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("store: encode %s/%s: %w", bucket, key, err)
	}
	if err := t.tx.Bucket(bucket).Put([]byte(key), data); err != nil {
		return nil, fmt.Errorf("store: put %s/%s: %w", bucket, key, err)
	}
	return data, nil
}

// User is an account.
type User struct {
	ID        string    `json:"id"` // as the user spelled it
	Hash      []byte    `json:"hash"`
	Addresses []string  `json:"addresses"`
	Created   time.Time `json:"created"`
	Closed    bool      `json:"closed,omitempty"`
	// Vacations are the periods away: no reminders, no forfeits.
	Vacations []Vacation `json:"vacations,omitempty"`
	// SubscribeAll and NotifyAll name the games whose every new board
	// the user watches, or hears the result of.
	SubscribeAll []string `json:"subscribe_all,omitempty"`
	NotifyAll    []string `json:"notify_all,omitempty"`
	// Limits bounds, per game, the running boards the user can be
	// challenged to; 0 refuses every challenge. A game not named has
	// no limit.
	Limits map[string]int `json:"limits,omitempty"`
	// NoPictures leaves the picture of the board out of board mails.
	NoPictures bool `json:"no_pictures,omitempty"`
	// Pending are the addresses given for the account that their
	// owners have not confirmed: no mail but the confirmation goes to
	// them. Addresses holds only confirmed ones.
	Pending []PendingAddress `json:"pending,omitempty"`
	// Language is the BCP 47 code of the language the account's mail
	// is written in; "" is the server's language.
	Language string `json:"language,omitempty"`
	// TimeZone is the IANA zone the account's days and deadlines are
	// in (days off, the digest's hour, warnings); "" the server's.
	TimeZone string `json:"time_zone,omitempty"`
	// AutoVacation spends a day of the year's vacation days instead of
	// a forfeit, for every board at once.
	AutoVacation bool `json:"auto_vacation,omitempty"`
	// DaysOff are the weekdays (0 Sunday) in TimeZone on which no
	// clock of the account runs.
	DaysOff []int `json:"days_off,omitempty"`
	// LastTimeout is when the account last lost a rated game on time
	// (board.SerialTimeout).
	LastTimeout time.Time `json:"last_timeout,omitzero"`
	// Digest is "daily" or "weekly": a mail listing the boards where
	// the account is to move; "" none. DigestNext is when the next is
	// due (indexed: SetDigestDue).
	Digest     string    `json:"digest,omitempty"`
	DigestNext time.Time `json:"digest_next,omitzero"`
}

// Vacation is a period away, both days included.
type Vacation struct {
	From time.Time `json:"from"`
	To   time.Time `json:"to"`
	// Auto marks a day spent by automatic vacation instead of a
	// forfeit: From is the moment, and it lasts a day.
	Auto bool `json:"auto,omitempty"`
}

func userKey(id string) string { return strings.ToLower(id) }

// User reads an account; userids are compared without case.
func (t *Tx) User(id string) (User, error) {
	key := []byte(userKey(id))
	v := t.tx.Bucket(bUsers).Get(key)
	if v == nil {
		return User{}, ErrNotFound
	}
	return readMemo(t, bUsers, key, v, User.clone)
}

// PutUser writes an account.
func (t *Tx) PutUser(u User) error {
	var old []byte
	if v := t.tx.Bucket(bUsers).Get([]byte(userKey(u.ID))); v != nil {
		old = append([]byte(nil), v...)
	}
	if err := putMemo(t, bUsers, userKey(u.ID), u, User.clone); err != nil {
		return err
	}
	for _, ix := range userIndexes {
		if err := ix.update(t, old, u); err != nil {
			return err
		}
	}
	if err := t.indexPending(old, u); err != nil {
		return err
	}
	if old == nil {
		return t.addCount(countUsers, 1)
	}
	return nil
}

// Users lists every account in userid order.
func (t *Tx) Users() ([]User, error) {
	var out []User
	err := t.tx.Bucket(bUsers).ForEach(func(k, v []byte) error {
		var u User
		if err := json.Unmarshal(v, &u); err != nil {
			return fmt.Errorf("store: decode user %s: %w", k, err)
		}
		out = append(out, u)
		return nil
	})
	return out, err
}

// Board is one game in play or finished. The move log is the truth;
// positions are rebuilt by replaying it from the seed.
type Board struct {
	Game     string            `json:"game"`
	Number   int               `json:"number"`
	Seed     uint64            `json:"seed"`
	Players  []string          `json:"players"`
	Options  map[string]string `json:"options,omitempty"`
	Log      []Entry           `json:"log"`
	Created  time.Time         `json:"created"`
	Updated  time.Time         `json:"updated"`
	Over     bool              `json:"over,omitempty"`
	Aborted  bool              `json:"aborted,omitempty"`
	Outcome  string            `json:"outcome,omitempty"` // one line, when over
	ThreadID string            `json:"thread"`            // the Message-ID every mail of the board refers to
	// Result is Outcome as a message of the catalogue, its id and
	// data, so that it is written in each reader's language; boards
	// that ended before it was kept have none.
	Result *Message `json:"result,omitempty"`

	// Vote is the pending draw offer or take-back request, if any.
	Vote *Vote `json:"vote,omitempty"`
	// Queued holds moves players queued out of turn, by userid (lower
	// case), played when their turn comes.
	Queued map[string][]string `json:"queued,omitempty"`
	// Submitted holds a move submitted for confirmation, by userid.
	Submitted map[string]string `json:"submitted,omitempty"`
	// Subscribers get every board mail; Notify only the result.
	Subscribers []string `json:"subscribers,omitempty"`
	Notify      []string `json:"notify,omitempty"`
	// Clock: days idle before a reminder and before a forfeit, and
	// when the last reminder went out.
	NagDays     int       `json:"nag_days,omitempty"`
	ForfeitDays int       `json:"forfeit_days,omitempty"`
	LastNag     time.Time `json:"last_nag,omitempty"`
	Rated       bool      `json:"rated,omitempty"` // ratings were updated for the result
	// Due is when the clock must next look at the running board; zero
	// never. The core sets it; the store indexes running boards by it
	// (DueBoards).
	Due time.Time `json:"due,omitzero"`
	// Tournament names the tournament the board is played in, and
	// Round its round (from 1); empty for a board of its own.
	Tournament string `json:"tournament,omitempty"`
	Round      int    `json:"round,omitempty"`
	// TotalDays is each player's budget of thinking time for the whole
	// game (pbmserv's --totaltime); 0 none.
	TotalDays int `json:"total_days,omitempty"`
	// Bank is each seat's starting time bank (--total, to the minute),
	// BankAdd what a move adds to the mover's bank (--add), BankCap
	// the most a bank holds (--cap); zero Bank: none, or TotalDays
	// alone on a board stored before (board.BankOf).
	Bank    time.Duration `json:"bank,omitempty"`
	BankAdd time.Duration `json:"bank_add,omitempty"`
	BankCap time.Duration `json:"bank_cap,omitempty"`
	// SerialTimeout marks a forfeit that came within a day of an
	// earlier one of the same player: it is not rated.
	SerialTimeout bool `json:"serial_timeout,omitempty"`
	// Warned is the number of the move (len(Log)+1) whose player was
	// warned that less than a day was left; 0 none.
	Warned int `json:"warned,omitempty"`
}

// GameOptions are the options the board's game was started with, as
// its engine takes them. Boards stored before the server's own options
// (a "-nag" key for --nag) were kept in fields of their own carry them
// among Options; they are left out here.
func (b Board) GameOptions() map[string]string {
	for k := range b.Options {
		if strings.HasPrefix(k, "-") {
			out := map[string]string{}
			for k, v := range b.Options {
				if !strings.HasPrefix(k, "-") {
					out[k] = v
				}
			}
			return out
		}
	}
	return b.Options
}

// Vote is a draw offer or take-back request and who accepted it.
type Vote struct {
	Kind     string    `json:"kind"` // "draw" or "undo"
	By       int       `json:"by"`   // seat
	Accepted []int     `json:"accepted"`
	At       time.Time `json:"at"`
}

// Entry is one item of a move log.
type Entry struct {
	Seat int       `json:"seat"`
	Kind string    `json:"kind,omitempty"` // "" for a move; "resign", "forfeit", "draw"
	Move string    `json:"move,omitempty"`
	Auto bool      `json:"auto,omitempty"` // played from the queue
	At   time.Time `json:"at"`
}

func boardKey(game string, n int) string { return fmt.Sprintf("%s/%08d", strings.ToLower(game), n) }

// Board reads one board.
func (t *Tx) Board(game string, n int) (Board, error) {
	b, ok, err := t.boardAt([]byte(boardKey(game, n)))
	if err == nil && !ok {
		err = ErrNotFound
	}
	return b, err
}

// boardAt reads the board stored under key, the key an index holds;
// ok is false when the board is gone.
func (t *Tx) boardAt(key []byte) (b Board, ok bool, err error) {
	v := t.tx.Bucket(bBoards).Get(key)
	if v == nil {
		return b, false, nil
	}
	b, err = readMemo(t, bBoards, key, v, Board.Clone)
	return b, err == nil, err
}

// PutBoard writes a board.
func (t *Tx) PutBoard(b Board) error {
	key := boardKey(b.Game, b.Number)
	existed := t.tx.Bucket(bBoards).Get([]byte(key)) != nil
	if err := putMemo(t, bBoards, key, b, Board.Clone); err != nil {
		return err
	}
	if err := t.indexBoard(b); err != nil {
		return err
	}
	if err := t.countBoard(key, b.Game, b.Number, b.Updated, b.Over, existed); err != nil {
		return err
	}
	return t.indexDue(key, b.Over, b.Due)
}

// Boards lists the boards of one game, or of every game when game is
// empty, in board order.
func (t *Tx) Boards(game string) ([]Board, error) {
	var out []Board
	c := t.tx.Bucket(bBoards).Cursor()
	prefix := []byte{}
	if game != "" {
		prefix = []byte(strings.ToLower(game) + "/")
	}
	for k, v := c.Seek(prefix); k != nil && strings.HasPrefix(string(k), string(prefix)); k, v = c.Next() {
		var b Board
		if err := json.Unmarshal(v, &b); err != nil {
			return nil, fmt.Errorf("store: decode board %s: %w", k, err)
		}
		out = append(out, b)
	}
	return out, nil
}

// NextBoardNumber hands out the next board number of a game, from 101
// upwards.
func (t *Tx) NextBoardNumber(game string) (int, error) {
	b := t.tx.Bucket(bCounters)
	key := []byte("board/" + strings.ToLower(game))
	n := 101
	if v := b.Get(key); len(v) == 8 {
		n = int(binary.BigEndian.Uint64(v))
	}
	if err := b.Put(key, binary.BigEndian.AppendUint64(nil, uint64(n+1))); err != nil {
		return 0, fmt.Errorf("store: board counter: %w", err)
	}
	return n, nil
}

// Meta reads a small value by name; absent reads as empty.
func (t *Tx) Meta(name string) string { return string(t.tx.Bucket(bMeta).Get([]byte(name))) }

// DeleteMeta removes a value by name.
func (t *Tx) DeleteMeta(name string) error {
	return t.tx.Bucket(bMeta).Delete([]byte(name))
}

// PutMeta writes a small value by name.
func (t *Tx) PutMeta(name, value string) error {
	return t.tx.Bucket(bMeta).Put([]byte(name), []byte(value))
}

// Rating is a player's standing in one game.
type Rating struct {
	User   string  `json:"user"`
	Rating float64 `json:"rating"`
	Games  int     `json:"games"`
	Won    int     `json:"won"`
	Lost   int     `json:"lost"`
	Tied   int     `json:"tied"`
}

func ratingKey(game, user string) string { return strings.ToLower(game) + "/" + strings.ToLower(user) }

// Rating reads a player's rating in a game; absent reads as a new
// player's.
func (t *Tx) Rating(game, user string) (Rating, bool, error) {
	var r Rating
	err := t.get(bRatings, ratingKey(game, user), &r)
	if errors.Is(err, ErrNotFound) {
		return Rating{User: user}, false, nil
	}
	return r, err == nil, err
}

// PutRating writes a player's rating in a game.
func (t *Tx) PutRating(game string, r Rating) error {
	return t.put(bRatings, ratingKey(game, r.User), r)
}

// Ratings lists the ratings of a game.
func (t *Tx) Ratings(game string) ([]Rating, error) {
	var out []Rating
	prefix := []byte(strings.ToLower(game) + "/")
	c := t.tx.Bucket(bRatings).Cursor()
	for k, v := c.Seek(prefix); k != nil && strings.HasPrefix(string(k), string(prefix)); k, v = c.Next() {
		var r Rating
		if err := json.Unmarshal(v, &r); err != nil {
			return nil, fmt.Errorf("store: decode rating %s: %w", k, err)
		}
		out = append(out, r)
	}
	return out, nil
}
