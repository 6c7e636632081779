package pbm

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/pbmgo/pbm/store"
)

// Move by reply. Each player's board mail carries a Reply-To address
// on the server's address with a subaddress (RFC 5233):
// "pbm+<game>.<board>.<token>@domain". The token is an HMAC under a
// secret kept in the store, over the board, the userid, the address
// the mail went to and the account's password hash. It cannot be
// guessed, works only from that address, and dies with a password
// change; the game's end revokes it as well.

// secret returns the server's token key, made on first use.
func (s *Server) secret(tx *store.Tx) ([]byte, error) {
	if v := tx.Meta("token-secret"); v != "" {
		return hex.DecodeString(v)
	}
	k := make([]byte, 32)
	rand.Read(k)
	return k, tx.PutMeta("token-secret", hex.EncodeToString(k))
}

func token(key []byte, game string, board int, u store.User, addr string) string {
	m := hmac.New(sha256.New, key)
	fmt.Fprintf(m, "%s\x00%d\x00%s\x00%s\x00", strings.ToLower(game), board, strings.ToLower(u.ID), strings.ToLower(addr))
	m.Write(u.Hash)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(m.Sum(nil)[:15]))
}

// replyAddress is the Reply-To of a player's board mail.
func (s *Server) replyAddress(tx *store.Tx, b store.Board, u store.User, addr string) (string, error) {
	key, err := s.secret(tx)
	if err != nil {
		return "", err
	}
	local, domain, _ := strings.Cut(s.cfg.Address, "@")
	return fmt.Sprintf("%s+%s.%d.%s@%s", local, b.Game, b.Number, token(key, b.Game, b.Number, u, addr), domain), nil
}

// replyToken finds a move-by-reply address among the recipients of a
// mail and returns the board and the player it stands for, when the
// token is valid for the sender. ok is false when the mail was not
// sent to such an address; err is a refusal when it was but the token
// does not hold.
func (r *run) replyToken() (game string, board int, user string, ok bool, err error) {
	local, domain, _ := strings.Cut(r.s.cfg.Address, "@")
	for _, to := range r.msg.To {
		l, d, _ := strings.Cut(strings.ToLower(to), "@")
		base, sub, plus := strings.Cut(l, "+")
		if !plus || base != local || d != domain {
			continue
		}
		parts := strings.Split(sub, ".")
		if len(parts) != 3 {
			continue
		}
		g, ok := r.s.cfg.Games.Lookup(parts[0])
		n, nerr := strconv.Atoi(parts[1])
		if !ok || nerr != nil {
			continue
		}
		b, berr := r.tx.Board(g.Name(), n)
		if berr != nil {
			return "", 0, "", true, refuse("The reply address names a board that does not exist.")
		}
		if b.Over {
			return "", 0, "", true, &Refusal{Board: n, Text: fmt.Sprintf("%s board %d has ended; its reply address no longer plays moves.", g.Title(), n)}
		}
		key, kerr := r.s.secret(r.tx)
		if kerr != nil {
			return "", 0, "", true, kerr
		}
		for _, p := range b.Players {
			u, uerr := r.tx.User(p)
			if uerr != nil || u.Closed || !contains(u.Addresses, r.msg.From) {
				continue
			}
			if hmac.Equal([]byte(token(key, g.Name(), n, u, r.msg.From)), []byte(parts[2])) {
				return g.Name(), n, u.ID, true, nil
			}
		}
		return "", 0, "", true, &Refusal{Board: n, Text: "This reply address is not valid for " + r.msg.From +
			" (it is bound to the player's address and ends with a password change). Use the move command with your password."}
	}
	return "", 0, "", false, nil
}

// replyMoves reads the moves of a reply to a board mail: the first
// line of the body that is not quoted, when it is not a command. The
// rest of the body is the comment.
func (r *run) replyMoves() (moves []string, comment string, ok bool) {
	body := bodyLines(r.msg.Body)
	for i, l := range body {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if r.s.isCommand(l) {
			return nil, "", false
		}
		f := strings.Fields(l)
		if len(f) > 20 {
			return nil, "", false
		}
		return f, commentText(body[i+1:]), true
	}
	return nil, "", false
}
