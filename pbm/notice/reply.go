package notice

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/pbmgo/pbm/store"
)

// Reply addresses. Each mail to a player about a board (the board
// after a change, the answer to a command on it, a reminder, a chat)
// carries a Reply-To address on the server's address with a
// subaddress (RFC 5233): "pbm+<game>.<board>.<n>.<token>@domain",
// where n is the number of moves on the board the mail showed. The
// token is an HMAC under the server's key (Config.TokenKey), over the
// board, n, the userid, the address the mail went to and the account's
// password hash. It cannot be guessed, works only from that address,
// and dies with a password change. The older form without n,
// "pbm+<game>.<board>.<token>", is still read.

// TokenKeyMeta is the name under which a store without
// Config.TokenKey keeps its token key (and older daemons kept theirs).
const TokenKeyMeta = "token-secret"

// Secret returns the server's token key: Config.TokenKey, or one kept
// in the store, made on first use.
func (w *Writer) Secret(tx *store.Tx) ([]byte, error) {
	if w.cfg.TokenKey != nil {
		return w.cfg.TokenKey, nil
	}
	if v := tx.Meta(TokenKeyMeta); v != "" {
		return hex.DecodeString(v)
	}
	k := make([]byte, 32)
	rand.Read(k)
	return k, tx.PutMeta(TokenKeyMeta, hex.EncodeToString(k))
}

// Token is the MAC of a reply address; at < 0 is the older form
// without the position.
func Token(key []byte, game string, board, at int, u store.User, addr string) string {
	m := hmac.New(sha256.New, key)
	fmt.Fprintf(m, "%s\x00%d\x00%s\x00%s\x00", strings.ToLower(game), board, strings.ToLower(u.ID), strings.ToLower(addr))
	m.Write(u.Hash)
	if at >= 0 {
		fmt.Fprintf(m, "\x00%d", at)
	}
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(m.Sum(nil)[:15]))
}

// ReplyAddress is the Reply-To of a player's mail about a board as it
// stands now.
func (w *Writer) ReplyAddress(tx *store.Tx, b store.Board, u store.User, addr string) (string, error) {
	key, err := w.Secret(tx)
	if err != nil {
		return "", err
	}
	at := len(b.Log)
	return w.Subaddress(fmt.Sprintf("%s.%d.%d.%s", b.Game, b.Number, at, Token(key, b.Game, b.Number, at, u, addr))), nil
}

// BoardReplyTo is the Reply-To of a mail to addr about board b: a
// reply address when addr is the address of one of the board's
// players and the game runs, else "".
func (w *Writer) BoardReplyTo(tx *store.Tx, b store.Board, addr string) (string, error) {
	if b.Over || addr == "" {
		return "", nil
	}
	for _, p := range b.Players {
		u, err := tx.User(p)
		if err != nil || u.Closed || !slices.ContainsFunc(u.Addresses, func(a string) bool { return strings.EqualFold(a, addr) }) {
			continue
		}
		return w.ReplyAddress(tx, b, u, strings.ToLower(addr))
	}
	return "", nil
}
