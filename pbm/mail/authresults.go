package mail

import (
	"errors"
	"fmt"
	"strings"

	"golang.org/x/net/publicsuffix"
)

// Authentication-Results (RFC 8601): what the operator's MTA found of
// a mail's sender (SPF, DKIM, DMARC), stamped on the mail as it came
// in. pbm reads only the fields that carry the authserv-id of the
// operator's MTA, which that MTA removes from incoming mail before it
// stamps its own (RFC 8601 section 5): a field with any other id is
// anyone's word and is ignored, whatever it says.
//
// The field is read by the grammar of RFC 8601 section 2.2, comments
// included: OpenDKIM writes "dkim=pass (1024-bit key; secure)
// header.d=...", a semicolon inside a comment, which a reader that
// splits the field at each semicolon gets wrong (go-msgauth's authres
// does, and loses header.d), hence this reader.

// Verdict is what the operator's MTA found of the domain of a mail's
// From.
type Verdict int

const (
	// Unknown: no verdict under the configured authserv-id, or one
	// that proves neither way (or no authserv-id is configured).
	Unknown Verdict = iota
	// Verified: dmarc=pass for the From's domain, or, with no DMARC
	// verdict, a dkim=pass or spf=pass aligned with it.
	Verified
	// Failed: dmarc=fail for the From's domain, or every SPF, DKIM
	// and DMARC result given is a fail.
	Failed
)

func (v Verdict) String() string {
	switch v {
	case Verified:
		return "verified"
	case Failed:
		return "failed"
	}
	return "unknown"
}

// Bounds on what is read of a mail's Authentication-Results fields.
const (
	// MaxAuthFields is how many fields are kept, the topmost.
	MaxAuthFields = 20
	maxAuthBytes  = 8 << 10 // of one field
	maxResults    = 50      // resinfos of one field
)

// AuthResults is one Authentication-Results field (RFC 8601 section
// 2.2).
type AuthResults struct {
	// ServID is the authserv-id (section 2.5), as written.
	ServID string
	// Results are the resinfos in order; none for the "none" form.
	Results []AuthResult
}

// AuthResult is one resinfo: "method=result reason=... ptype.property=value...".
type AuthResult struct {
	// Method and Result are lower case; the method's version, if
	// any, is dropped.
	Method, Result string
	Reason         string
	// Props maps "ptype.property" (lower case) to its value, without
	// quotes; the first of a repeated property stands.
	Props map[string]string
}

// ParseAuthResults reads the value of one Authentication-Results field
// (RFC 8601 section 2.2). An error says where the field breaks the
// grammar; ServID is set when the authserv-id could be read.
func ParseAuthResults(v string) (AuthResults, error) {
	var ar AuthResults
	if len(v) > maxAuthBytes {
		return ar, fmt.Errorf("authentication-results: field of %d bytes, more than %d", len(v), maxAuthBytes)
	}
	p := &arParser{s: v}
	if err := p.cfws(); err != nil {
		return ar, err
	}
	id, err := p.value()
	if err != nil {
		return ar, fmt.Errorf("authentication-results: authserv-id: %w", err)
	}
	ar.ServID = id
	if err := p.cfws(); err != nil {
		return ar, err
	}
	// authres-version = 1*DIGIT [CFWS]: this is version 1 (section
	// 2.2); a field of another version is not understood.
	if d := p.digits(); d != "" {
		if strings.TrimLeft(d, "0") != "1" {
			return ar, fmt.Errorf("authentication-results: version %s", d)
		}
		if err := p.cfws(); err != nil {
			return ar, err
		}
	}
	for n := 0; ; n++ {
		if p.end() {
			return ar, nil
		}
		if !p.take(';') {
			return ar, p.errorf("want ';'")
		}
		if err := p.cfws(); err != nil {
			return ar, err
		}
		if p.end() {
			return ar, nil // a trailing ';', as some MTAs write
		}
		if n >= maxResults {
			return ar, p.errorf("more than %d results", maxResults)
		}
		r, none, err := p.resinfo()
		if err != nil {
			return ar, err
		}
		if none {
			// no-result = [CFWS] ";" [CFWS] "none": nothing was
			// checked; it stands alone.
			if n > 0 || !p.end() {
				return ar, p.errorf("\"none\" with other results")
			}
			return ar, nil
		}
		ar.Results = append(ar.Results, r)
	}
}

// resinfo reads "method[/version] = result [reason=value] *propspec"
// after its ";"; none reports the no-result form.
func (p *arParser) resinfo() (r AuthResult, none bool, err error) {
	method := p.keyword()
	if method == "" {
		return r, false, p.errorf("want a method")
	}
	if err := p.cfws(); err != nil {
		return r, false, err
	}
	if strings.EqualFold(method, "none") && (p.end() || p.peek() == ';') {
		return r, true, nil
	}
	if p.take('/') {
		if err := p.cfws(); err != nil {
			return r, false, err
		}
		if p.digits() == "" {
			return r, false, p.errorf("want a method version")
		}
		if err := p.cfws(); err != nil {
			return r, false, err
		}
	}
	if !p.take('=') {
		return r, false, p.errorf("want '=' after %q", method)
	}
	if err := p.cfws(); err != nil {
		return r, false, err
	}
	result := p.keyword()
	if result == "" {
		return r, false, p.errorf("want the result of %q", method)
	}
	r.Method, r.Result = strings.ToLower(method), strings.ToLower(result)
	for {
		if err := p.cfws(); err != nil {
			return r, false, err
		}
		if p.end() || p.peek() == ';' {
			return r, false, nil
		}
		k := p.keyword()
		if k == "" {
			return r, false, p.errorf("want a property")
		}
		if err := p.cfws(); err != nil {
			return r, false, err
		}
		if strings.EqualFold(k, "reason") && p.peek() == '=' {
			p.take('=')
			if err := p.cfws(); err != nil {
				return r, false, err
			}
			if r.Reason, err = p.value(); err != nil {
				return r, false, err
			}
			continue
		}
		// propspec = ptype [CFWS] "." [CFWS] property [CFWS] "=" pvalue
		if !p.take('.') {
			return r, false, p.errorf("want '.' after %q", k)
		}
		if err := p.cfws(); err != nil {
			return r, false, err
		}
		prop := p.keyword()
		if prop == "" {
			return r, false, p.errorf("want a property after %q", k+".")
		}
		if err := p.cfws(); err != nil {
			return r, false, err
		}
		if !p.take('=') {
			return r, false, p.errorf("want '=' after %q", k+"."+prop)
		}
		if err := p.cfws(); err != nil {
			return r, false, err
		}
		v, err := p.value()
		if err != nil {
			return r, false, err
		}
		key := strings.ToLower(k + "." + prop)
		if r.Props == nil {
			r.Props = map[string]string{}
		}
		if _, ok := r.Props[key]; !ok {
			r.Props[key] = v
		}
	}
}

// arParser reads a field value from left to right.
type arParser struct {
	s string
	i int
}

func (p *arParser) end() bool { return p.i >= len(p.s) }

func (p *arParser) peek() byte {
	if p.end() {
		return 0
	}
	return p.s[p.i]
}

func (p *arParser) take(c byte) bool {
	if p.peek() == c && !p.end() {
		p.i++
		return true
	}
	return false
}

func (p *arParser) errorf(format string, args ...any) error {
	return fmt.Errorf("authentication-results: at byte %d: %s", p.i, fmt.Sprintf(format, args...))
}

// cfws skips folding white space and comments (RFC 5322 section
// 3.2.2): nested parentheses, and quoted-pairs inside them.
func (p *arParser) cfws() error {
	for !p.end() {
		switch c := p.s[p.i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			p.i++
		case c == '(':
			depth := 0
			for ; !p.end(); p.i++ {
				switch p.s[p.i] {
				case '\\':
					p.i++
				case '(':
					depth++
				case ')':
					depth--
				}
				if depth == 0 {
					break
				}
			}
			if depth != 0 || p.end() {
				return p.errorf("unterminated comment")
			}
			p.i++
		default:
			return nil
		}
	}
	return nil
}

// keyword reads an ldh-str (RFC 5321 section 4.1.2): the methods,
// results, ptypes and properties of RFC 8601 section 2.2.
func (p *arParser) keyword() string {
	start := p.i
	for !p.end() {
		c := p.s[p.i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' {
			p.i++
			continue
		}
		break
	}
	return p.s[start:p.i]
}

func (p *arParser) digits() string {
	start := p.i
	for !p.end() && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
	}
	return p.s[start:p.i]
}

// value reads a quoted-string, or else a run of characters up to white
// space, a comment or ';'. That is wider than RFC 2045's token (which
// excludes '/', '@' and '='): the authserv-id "host/jobid" that
// OpenDKIM and OpenDMARC write with AuthservIDWithJobID, addresses
// ("user@domain", section 2.2's pvalue) and the base64 of header.b
// are read whole.
func (p *arParser) value() (string, error) {
	if p.take('"') {
		var b strings.Builder
		for !p.end() {
			c := p.s[p.i]
			p.i++
			switch c {
			case '"':
				return b.String(), nil
			case '\\':
				if p.end() {
					return "", p.errorf("unterminated quoted-string")
				}
				b.WriteByte(p.s[p.i])
				p.i++
			default:
				b.WriteByte(c)
			}
		}
		return "", p.errorf("unterminated quoted-string")
	}
	start := p.i
	for !p.end() {
		c := p.s[p.i]
		if c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ';' || c == '(' || c == ')' || c == '"' || c < 0x20 || c == 0x7f {
			break
		}
		p.i++
	}
	if p.i == start {
		return "", p.errorf("want a value")
	}
	return p.s[start:p.i], nil
}

// errNoDomain: the From has no domain to judge.
var errNoDomain = errors.New("no domain")

// Judge is the verdict on the From address from of the
// Authentication-Results fields given (their values, topmost first,
// as Message.AuthResults keeps them), reading only those whose
// authserv-id is servID (compared without case; "servID/jobid" is
// servID's too). It is Unknown when servID is empty.
//
// Each method's results are taken from the topmost field of servID
// that reports that method: rspamd writes all of them in one field,
// OpenDKIM and OpenDMARC one field each, and a field of servID lower
// down that the MTA should have removed (RFC 8601 section 5) does not
// override what the topmost says. A field of servID that breaks the
// grammar makes the verdict Unknown.
//
// Verified: dmarc=pass for the From's domain (a dmarc result whose
// header.from names another domain is not about this mail's From);
// or, when there is no DMARC verdict (no dmarc result, or none,
// temperror, permerror), a dkim=pass whose header.d (else the domain
// of header.i) is aligned with the From's domain, or an spf=pass
// whose smtp.mailfrom domain is. Failed: dmarc=fail for the From's
// domain, or every spf, dkim and dmarc result present is "fail"
// (softfail, neutral and the errors are not a fail). Anything else is
// Unknown.
func Judge(fields []string, servID, from string) Verdict {
	if servID == "" {
		return Unknown
	}
	fromDomain, err := domainOf(from)
	if err != nil {
		return Unknown
	}
	taken := map[string][]AuthResult{}
	for _, f := range fields {
		ar, err := ParseAuthResults(f)
		if !sameServID(ar.ServID, servID) {
			continue
		}
		if err != nil {
			return Unknown
		}
		here := map[string]bool{}
		for _, r := range ar.Results {
			if _, earlier := taken[r.Method]; earlier && !here[r.Method] {
				continue
			}
			here[r.Method] = true
			taken[r.Method] = append(taken[r.Method], r)
		}
	}
	dmarcPass := false
	for _, r := range taken["dmarc"] {
		if hf, ok := r.Props["header.from"]; ok && !strings.EqualFold(strings.TrimSuffix(hf, "."), fromDomain) {
			continue
		}
		switch r.Result {
		case "fail":
			return Failed
		case "pass":
			dmarcPass = true
		}
	}
	if dmarcPass {
		return Verified
	}
	for _, r := range taken["dkim"] {
		if r.Result != "pass" {
			continue
		}
		d := r.Props["header.d"]
		if d == "" {
			d = r.Props["header.i"]
		}
		if aligned(d, fromDomain) {
			return Verified
		}
	}
	for _, r := range taken["spf"] {
		if r.Result == "pass" && aligned(r.Props["smtp.mailfrom"], fromDomain) {
			return Verified
		}
	}
	n, failed := 0, 0
	for _, m := range []string{"spf", "dkim", "dmarc"} {
		for _, r := range taken[m] {
			n++
			if r.Result == "fail" {
				failed++
			}
		}
	}
	if n > 0 && failed == n {
		return Failed
	}
	return Unknown
}

// sameServID reports whether the authserv-id of a field is want (RFC
// 8601 section 2.5: a domain name, compared without case), or want
// with a "/jobid" after it, as OpenDKIM and OpenDMARC write it when
// AuthservIDWithJobID is set.
func sameServID(got, want string) bool {
	if got == "" {
		return false
	}
	if strings.EqualFold(got, want) {
		return true
	}
	head, _, ok := strings.Cut(got, "/")
	return ok && strings.EqualFold(head, want)
}

// domainOf is the domain of an address ("user@domain", "@domain") or
// a domain name, lower case, without a final dot.
func domainOf(s string) (string, error) {
	if i := strings.LastIndexByte(s, '@'); i >= 0 {
		s = s[i+1:]
	}
	s = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), ".")
	if s == "" || strings.ContainsAny(s, " \t@") {
		return "", errNoDomain
	}
	return s, nil
}

// aligned reports whether the domain of an authenticated identifier
// (a DKIM d= or i=, an SPF MAIL FROM) is aligned with the From's
// domain in DMARC's relaxed mode (RFC 7489 section 3.1, 3.1.1 and
// 3.1.2): both have the same Organizational Domain, which is found
// (section 3.2) as the public suffix of the domain plus one label, by
// the Public Suffix List compiled into golang.org/x/net/publicsuffix.
// So "mail.example.org" is aligned with "example.org" and with
// "games.example.org", but "example.co.uk" is not with "other.co.uk",
// and a signature of a public suffix itself ("co.uk", "com") is
// aligned with nothing but that very name.
func aligned(id, fromDomain string) bool {
	d, err := domainOf(id)
	if err != nil {
		return false
	}
	if d == fromDomain {
		return true
	}
	a, errA := publicsuffix.EffectiveTLDPlusOne(d)
	b, errB := publicsuffix.EffectiveTLDPlusOne(fromDomain)
	return errA == nil && errB == nil && a == b
}
