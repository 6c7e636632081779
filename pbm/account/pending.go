package account

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base32"
	"fmt"
	"strings"

	"github.com/pbmgo/pbm/store"
)

// The tags of the server's subaddresses (RFC 5233) that confirm an
// address or unsubscribe it.
const (
	ConfirmTag = "confirm"
	UnsubTag   = "unsub"
)

// AddrToken is the MAC of a confirmation or unsubscribe address.
func AddrToken(key []byte, parts ...string) string {
	m := hmac.New(sha256.New, key)
	for _, p := range parts {
		fmt.Fprintf(m, "%s\x00", strings.ToLower(p))
	}
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(m.Sum(nil)[:15]))
}

func ConfirmToken(key []byte, id string, p store.PendingAddress) string {
	return AddrToken(key, ConfirmTag, id, p.Address, fmt.Sprint(p.Since.UnixNano()))
}

func PendingIndex(list []store.PendingAddress, addr string) int {
	for i, p := range list {
		if strings.EqualFold(p.Address, addr) {
			return i
		}
	}
	return -1
}

func DropPending(list []store.PendingAddress, addr string) []store.PendingAddress {
	var out []store.PendingAddress
	for _, p := range list {
		if !strings.EqualFold(p.Address, addr) {
			out = append(out, p)
		}
	}
	return out
}
