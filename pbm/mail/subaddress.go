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

// Subaddress is the address base with the detail sub,
// "local+sub@domain" (RFC 5233 section 1).
func Subaddress(base, sub string) string {
	local, domain, _ := strings.Cut(base, "@")
	return local + "+" + sub + "@" + domain
}

// Detail finds a subaddress of base (RFC 5233 section 1) whose detail
// starts with tag and a dot among recipients, compared without regard
// to case, and returns the rest of its detail, in lower case. base is
// in lower case.
func Detail(base string, recipients []string, tag string) (string, bool) {
	local, domain, _ := strings.Cut(base, "@")
	for _, to := range recipients {
		l, d, _ := strings.Cut(strings.ToLower(to), "@")
		b, sub, plus := strings.Cut(l, "+")
		if !plus || b != local || d != domain {
			continue
		}
		if rest, ok := strings.CutPrefix(sub, tag+"."); ok {
			return rest, true
		}
	}
	return "", false
}
