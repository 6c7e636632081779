package mail

import "strings"

// IsSubaddress reports whether addr is the address base or a
// subaddress of it, "local+detail@domain" (RFC 5233 section 1), with
// the domain compared without regard to case. base is in lower case.
func IsSubaddress(addr, base string) bool {
	addr = strings.ToLower(addr)
	if addr == base {
		return true
	}
	local, domain, _ := strings.Cut(addr, "@")
	ourLocal, ourDomain, _ := strings.Cut(base, "@")
	b, _, plus := strings.Cut(local, "+")
	return plus && domain == ourDomain && b == ourLocal
}
