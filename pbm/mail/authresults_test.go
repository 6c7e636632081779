package mail

import (
	"reflect"
	"strings"
	"testing"
)

// Fields as real milters and MTAs write them.
var (
	// A mail of the linux-kernel list as stamped by
	// smtp.subspace.kernel.org, a Postfix host with the OpenDKIM and
	// OpenDMARC milters (From: j@jannau.net, 23 Aug 2025, as archived
	// with its full header by lfdr.de): OpenDKIM's field, a field of
	// ARC, then OpenDMARC's DMARC and SPF fields, each its own field,
	// in this order from the top (a Received field lies between the
	// first and the second).
	kernelOpenDKIM = "smtp.subspace.kernel.org;\r\n\tdkim=pass (2048-bit key) header.d=jannau.net header.i=@jannau.net header.b=\"fHpnSRRC\";\r\n\tdkim=pass (2048-bit key) header.d=messagingengine.com header.i=@messagingengine.com header.b=\"cezUg/Po\""
	kernelARC      = "smtp.subspace.kernel.org; arc=none smtp.client-ip=202.12.124.146"
	kernelDMARC    = "smtp.subspace.kernel.org; dmarc=none (p=none dis=none) header.from=jannau.net"
	kernelSPF      = "smtp.subspace.kernel.org; spf=pass smtp.mailfrom=jannau.net"

	// OpenDKIM with OpenDMARC as a user of Postfix posted them
	// (pastebin.com/MzrFhKfP): a semicolon inside OpenDKIM's comment
	// "(1024-bit key; secure)", header.b quoted with '/' and '+' in
	// it, and OpenDKIM's own dkim-atps method.
	pastebinDMARC = "smtp.example.com; dmarc=pass (p=none dis=none) header.from=domain.com"
	pastebinSPF   = "smtp.example.com; spf=fail smtp.mailfrom=bartek@domain.com"
	pastebinDKIM  = "smtp.example.com;\r\n\tdkim=pass (1024-bit key; secure) header.d=smtp.domain.com header.i=@smtp.domain.com header.b=\"mj+deT/Q\";\r\n\tdkim-atps=neutral"

	// OpenDMARC's format string (opendmarc/opendmarc.c of
	// trusteddomainproject/OpenDMARC): "%s%s%s; dmarc=%s (p=%s
	// dis=%s) header.from=%s", the authserv-id followed by "/" and the
	// job id when AuthservIDWithJobID is set (the test
	// opendmarc/tests/t-verify-authservid-jobid), and its permerror
	// form "%s; dmarc=permerror header.from=%s".
	openDMARCFail      = "mx.games.test/4AbC12Def; dmarc=fail (p=reject dis=reject) header.from=example.org"
	openDMARCPermerror = "mx.games.test; dmarc=permerror header.from=example.org"
	// OpenDMARC's own SPF check (the test
	// opendmarc/tests/t-verify-self-spf.lua looks for "spf=fail" and
	// "smtp.mailfrom=trusteddomain.org").
	openDMARCSelfSPF = "mx.games.test; spf=fail smtp.mailfrom=trusteddomain.org"

	// rspamd's milter_headers (lualib/lua_auth_results.lua of
	// rspamd/rspamd, gen_auth_results): one field, the results joined
	// by ";\n" under a milter, a dmarc pass with "(policy=...)" before
	// header.from, a dmarc fail with a quoted reason and the policy
	// comment after header.from, spf with smtp.mailfrom the whole
	// address, and auth=pass for the MTA's own authenticated users.
	rspamdPass = "mx.games.test;\n\tdkim=pass header.d=example.org;\n\tspf=pass smtp.mailfrom=alice@example.org;\n\tdmarc=pass (policy=reject) header.from=example.org"
	rspamdFail = "mx.games.test;\n\tdkim=fail header.d=example.org;\n\tspf=fail smtp.mailfrom=alice@example.org;\n\tdmarc=fail reason=\"No valid SPF, No valid DKIM\" header.from=example.org (policy=reject)"
	rspamdAuth = "mx.games.test;\n\tauth=pass smtp.auth=alice smtp.mailfrom=alice@example.org"
)

func TestParseAuthResults(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     AuthResults
	}{
		{"OpenDKIM, two signatures", kernelOpenDKIM, AuthResults{ServID: "smtp.subspace.kernel.org", Results: []AuthResult{
			{Method: "dkim", Result: "pass", Props: map[string]string{"header.d": "jannau.net", "header.i": "@jannau.net", "header.b": "fHpnSRRC"}},
			{Method: "dkim", Result: "pass", Props: map[string]string{"header.d": "messagingengine.com", "header.i": "@messagingengine.com", "header.b": "cezUg/Po"}},
		}}},
		{"OpenDMARC dmarc=none", kernelDMARC, AuthResults{ServID: "smtp.subspace.kernel.org", Results: []AuthResult{
			{Method: "dmarc", Result: "none", Props: map[string]string{"header.from": "jannau.net"}},
		}}},
		{"OpenDKIM's semicolon in a comment", pastebinDKIM, AuthResults{ServID: "smtp.example.com", Results: []AuthResult{
			{Method: "dkim", Result: "pass", Props: map[string]string{"header.d": "smtp.domain.com", "header.i": "@smtp.domain.com", "header.b": "mj+deT/Q"}},
			{Method: "dkim-atps", Result: "neutral"},
		}}},
		{"OpenDMARC with job id", openDMARCFail, AuthResults{ServID: "mx.games.test/4AbC12Def", Results: []AuthResult{
			{Method: "dmarc", Result: "fail", Props: map[string]string{"header.from": "example.org"}},
		}}},
		{"rspamd fail", rspamdFail, AuthResults{ServID: "mx.games.test", Results: []AuthResult{
			{Method: "dkim", Result: "fail", Props: map[string]string{"header.d": "example.org"}},
			{Method: "spf", Result: "fail", Props: map[string]string{"smtp.mailfrom": "alice@example.org"}},
			{Method: "dmarc", Result: "fail", Reason: "No valid SPF, No valid DKIM", Props: map[string]string{"header.from": "example.org"}},
		}}},
		{"rspamd auth", rspamdAuth, AuthResults{ServID: "mx.games.test", Results: []AuthResult{
			{Method: "auth", Result: "pass", Props: map[string]string{"smtp.auth": "alice", "smtp.mailfrom": "alice@example.org"}},
		}}},
		// RFC 8601 section 2.2 and the examples of its appendix B.
		{"none form", "example.org 1; none", AuthResults{ServID: "example.org"}},
		{"no results at all", "example.org", AuthResults{ServID: "example.org"}},
		{"version, method version, comments everywhere", "(c) example.com (x) 1 (y); (z) spf/1 (v) = (w) pass (p) smtp (q) . (r) mailfrom (s) = (t) sender@example.net (u);",
			AuthResults{ServID: "example.com", Results: []AuthResult{{Method: "spf", Result: "pass", Props: map[string]string{"smtp.mailfrom": "sender@example.net"}}}}},
		{"nested comment with quoted pair", `example.com; dkim=pass (good (really\) ; yes)) header.i=@mail-router.example.net`,
			AuthResults{ServID: "example.com", Results: []AuthResult{{Method: "dkim", Result: "pass", Props: map[string]string{"header.i": "@mail-router.example.net"}}}}},
		{"quoted authserv-id and value", `"example.com"; dmarc=PASS header.from="Example.ORG"`,
			AuthResults{ServID: "example.com", Results: []AuthResult{{Method: "dmarc", Result: "pass", Props: map[string]string{"header.from": "Example.ORG"}}}}},
		{"repeated property: the first stands", "example.com; spf=pass smtp.mailfrom=a.example smtp.mailfrom=b.example",
			AuthResults{ServID: "example.com", Results: []AuthResult{{Method: "spf", Result: "pass", Props: map[string]string{"smtp.mailfrom": "a.example"}}}}},
	} {
		got, err := ParseAuthResults(c.in)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got, c.want)
		}
	}
}

func TestParseAuthResultsRefuses(t *testing.T) {
	for _, in := range []string{
		"",
		"   ",
		"example.com 2; spf=pass",             // a version this is not
		"example.com; spf",                    // no result
		"example.com; spf=",                   // empty result
		"example.com; spf=pass smtp",          // ptype without property
		"example.com; spf=pass smtp.mailfrom", // property without value
		"example.com; spf=pass (unterminated",
		"example.com; spf=pass smtp.mailfrom=\"unterminated",
		"example.com; none; spf=pass", // none stands alone
		"example.com; spf=pass; none",
		"example.com spf=pass", // no ';'
		"example.com; spf/x=pass",
		"example.com; spf=pass smtp.mailfrom=a@b.example junk",
		"example.com; " + strings.Repeat("x", maxAuthBytes),
		"example.com" + strings.Repeat("; dkim=pass", maxResults+1),
	} {
		if ar, err := ParseAuthResults(in); err == nil {
			t.Errorf("%q read as %+v", in, ar)
		}
	}
	// The authserv-id is known even when what follows breaks.
	if ar, err := ParseAuthResults("mx.games.test; dmarc=pass header.from"); err == nil || ar.ServID != "mx.games.test" {
		t.Errorf("broken field: %+v, %v", ar, err)
	}
}

func TestJudge(t *testing.T) {
	const id = "mx.games.test"
	for _, c := range []struct {
		name   string
		fields []string
		servID string
		from   string
		want   Verdict
	}{
		{"kernel.org's Postfix: dmarc=none, aligned DKIM", []string{kernelOpenDKIM, kernelARC, kernelDMARC, kernelSPF}, "smtp.subspace.kernel.org", "j@jannau.net", Verified},
		{"kernel.org's stamps read under another id", []string{kernelOpenDKIM, kernelARC, kernelDMARC, kernelSPF}, id, "j@jannau.net", Unknown},
		{"kernel.org's stamps for another From", []string{kernelOpenDKIM, kernelDMARC, kernelSPF}, "smtp.subspace.kernel.org", "someone@example.org", Unknown},
		{"OpenDMARC pass, OpenDKIM in another field", []string{pastebinDMARC, pastebinSPF, pastebinDKIM}, "smtp.example.com", "bartek@domain.com", Verified},
		{"OpenDKIM alone: subdomain signature aligned (relaxed)", []string{pastebinDKIM}, "smtp.example.com", "bartek@domain.com", Verified},
		{"OpenDMARC fail with job id", []string{openDMARCFail}, id, "alice@example.org", Failed},
		{"OpenDMARC fail, authserv-id in capitals", []string{openDMARCFail}, "MX.Games.Test", "alice@example.org", Failed},
		{"OpenDMARC fail about another domain", []string{openDMARCFail}, id, "alice@example.net", Failed}, // every result present fails
		{"OpenDMARC permerror", []string{openDMARCPermerror}, id, "alice@example.org", Unknown},
		{"OpenDMARC self SPF fail alone", []string{openDMARCSelfSPF}, id, "user@trusteddomain.org", Failed},
		{"rspamd pass", []string{rspamdPass}, id, "alice@example.org", Verified},
		{"rspamd pass, From in a subdomain: its DKIM aligns", []string{rspamdPass}, id, "alice@games.example.org", Verified}, // the dmarc result is about example.org
		{"rspamd fail", []string{rspamdFail}, id, "alice@example.org", Failed},
		{"rspamd auth only", []string{rspamdAuth}, id, "alice@example.org", Unknown},
		{"no authserv-id configured", []string{rspamdFail}, "", "alice@example.org", Unknown},
		{"no fields", nil, id, "alice@example.org", Unknown},
		{"none form", []string{id + "; none"}, id, "alice@example.org", Unknown},
		{"none form on top shadows nothing it does not report", []string{id + "; none", rspamdPass}, id, "alice@example.org", Verified},
		// The topmost field of the id decides each method.
		{"topmost pass over a fail below", []string{rspamdPass, rspamdFail}, id, "alice@example.org", Verified},
		{"topmost fail over a pass below", []string{rspamdFail, rspamdPass}, id, "alice@example.org", Failed},
		{"another id's pass above ours", []string{"evil.example; dmarc=pass header.from=example.org", rspamdFail}, id, "alice@example.org", Failed},
		{"another id's fail above ours", []string{"evil.example; dmarc=fail header.from=example.org", rspamdPass}, id, "alice@example.org", Verified},
		{"a prefix of the id is not the id", []string{"mx.games.test.evil.example; dmarc=pass header.from=example.org"}, id, "alice@example.org", Unknown},
		{"id/jobid of another id", []string{"mx.games.testx/1; dmarc=pass header.from=example.org"}, id, "alice@example.org", Unknown},
		{"a broken field of ours", []string{id + "; dmarc=pass header.from", rspamdPass}, id, "alice@example.org", Unknown},
		{"a broken field of another id", []string{"evil.example; dmarc=", rspamdPass}, id, "alice@example.org", Verified},
		// DMARC decides when it has a verdict.
		{"dmarc fail over aligned dkim pass", []string{id + "; dkim=pass header.d=example.org; dmarc=fail header.from=example.org"}, id, "alice@example.org", Failed},
		{"dmarc pass over spf fail", []string{id + "; spf=fail smtp.mailfrom=example.org; dmarc=pass header.from=example.org"}, id, "alice@example.org", Verified},
		{"dmarc pass without header.from", []string{id + "; dmarc=pass"}, id, "alice@example.org", Verified},
		{"dmarc pass for another domain", []string{id + "; dmarc=pass header.from=example.net"}, id, "alice@example.org", Unknown},
		{"dmarc temperror, aligned spf", []string{id + "; dmarc=temperror header.from=example.org; spf=pass smtp.mailfrom=bounce@mail.example.org"}, id, "alice@example.org", Verified},
		// Alignment (RFC 7489 section 3.1, relaxed).
		{"dkim of another domain", []string{id + "; dkim=pass header.d=example.net"}, id, "alice@example.org", Unknown},
		{"dkim of a sibling subdomain", []string{id + "; dkim=pass header.d=a.example.org"}, id, "alice@b.example.org", Verified},
		{"dkim of a public suffix", []string{id + "; dkim=pass header.d=co.uk"}, id, "alice@example.co.uk", Unknown},
		{"dkim under the same public suffix", []string{id + "; dkim=pass header.d=other.co.uk"}, id, "alice@example.co.uk", Unknown},
		{"dkim by header.i only", []string{id + "; dkim=pass header.i=@news.example.org"}, id, "alice@example.org", Verified},
		{"dkim of a suffix-alike domain", []string{id + "; dkim=pass header.d=notexample.org"}, id, "alice@example.org", Unknown},
		{"dkim fail aligned", []string{id + "; dkim=fail header.d=example.org"}, id, "alice@example.org", Failed},
		{"spf pass of the helo", []string{id + "; spf=pass smtp.helo=mail.example.org"}, id, "alice@example.org", Unknown},
		{"spf pass by domain only", []string{id + "; spf=pass smtp.mailfrom=example.org"}, id, "alice@example.org", Verified},
		{"spf softfail", []string{id + "; spf=softfail smtp.mailfrom=example.org"}, id, "alice@example.org", Unknown},
		{"fail and neutral", []string{id + "; spf=fail smtp.mailfrom=example.org; dkim=neutral header.d=example.org"}, id, "alice@example.org", Unknown},
		{"other methods alone prove nothing", []string{id + "; iprev=fail policy.iprev=192.0.2.200; auth=fail"}, id, "alice@example.org", Unknown},
		{"no From domain", []string{rspamdPass}, id, "alice", Unknown},
		{"empty From", []string{rspamdFail}, id, "", Unknown},
	} {
		if got := Judge(c.fields, c.servID, c.from); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// The fields reach Judge topmost first, whether the mail is parsed or
// only its header scanned.
func TestAuthResultsOrder(t *testing.T) {
	raw := "Authentication-Results: mx.games.test; dmarc=fail header.from=example.org\r\n" +
		"Received: from mail.example.org by mx.games.test; Mon, 7 Dec 2026 06:00:00 +0000\r\n" +
		"Authentication-Results: mx.games.test; dmarc=pass header.from=example.org\r\n" +
		"From: alice@example.org\r\nTo: pbm@games.test\r\nSubject: list\r\nMessage-ID: <a@example.org>\r\n\r\nlist\r\n"
	want := []string{"mx.games.test; dmarc=fail header.from=example.org", "mx.games.test; dmarc=pass header.from=example.org"}
	m, err := Parse([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m.AuthResults, want) {
		t.Errorf("parsed: %q", m.AuthResults)
	}
	if v := Judge(m.AuthResults, "mx.games.test", m.From); v != Failed {
		t.Errorf("parsed: %v", v)
	}
	s := ScanHeader([]byte(raw), "test")
	if !reflect.DeepEqual(s.AuthResults, want) {
		t.Errorf("scanned: %q", s.AuthResults)
	}
	// At most MaxAuthFields are kept, the topmost.
	var b strings.Builder
	for i := 0; i < MaxAuthFields+5; i++ {
		b.WriteString("Authentication-Results: top" + strings.Repeat("x", i) + "; none\r\n")
	}
	b.WriteString("From: a@example.org\r\n\r\nx\r\n")
	for _, m := range []*Message{must(Parse([]byte(b.String()))), ScanHeader([]byte(b.String()), "test")} {
		if len(m.AuthResults) != MaxAuthFields || m.AuthResults[0] != "top; none" {
			t.Errorf("%d fields kept, first %q", len(m.AuthResults), m.AuthResults[0])
		}
	}
}

func must(m *Message, err error) *Message {
	if err != nil {
		panic(err)
	}
	return m
}

// FuzzAuthResults: any field value is read without a panic, within
// the bounds, and a field that does not name the authserv-id judges
// nothing.
func FuzzAuthResults(f *testing.F) {
	for _, s := range []string{kernelOpenDKIM, kernelARC, kernelDMARC, kernelSPF, pastebinDKIM, pastebinDMARC,
		openDMARCFail, openDMARCPermerror, openDMARCSelfSPF, rspamdPass, rspamdFail, rspamdAuth,
		"example.org 1; none", `a; b=c (d (e\) f)) g.h="i\"j"`, "a;;", "(", `"`} {
		f.Add(s, "alice@example.org")
	}
	f.Fuzz(func(t *testing.T, field, from string) {
		ar, err := ParseAuthResults(field)
		if err != nil {
			if len(ar.Results) > maxResults {
				t.Fatalf("%d results", len(ar.Results))
			}
		} else {
			for _, r := range ar.Results {
				if r.Method == "" || r.Result == "" || r.Method != strings.ToLower(r.Method) || r.Result != strings.ToLower(r.Result) {
					t.Fatalf("result %+v of %q", r, field)
				}
			}
		}
		v := Judge([]string{field, field}, ar.ServID, from)
		if v != Unknown && v != Verified && v != Failed {
			t.Fatalf("verdict %d", v)
		}
		const other = "authserv.invalid"
		if !strings.Contains(strings.ToLower(field), other) && Judge([]string{field}, other, from) != Unknown {
			t.Fatalf("a field without the id judged: %q", field)
		}
	})
}
