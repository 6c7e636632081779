package daemon

import (
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/pbmgo/pbm/pbm/lang"
)

// The rules of the configuration's values. The operator's file is not
// taken on trust: a value out of its range is refused by name, with
// what the key expects, rather than defaulted or clamped in silence.
// Zero means "the default" only where config.example.yaml says so
// (web.maxconnections, lmtp.maxconnections, web.idletimeout,
// lmtp.idletimeout).

// DurationRule is the least value of a duration key; zeroOK when 0
// stands for a documented default.
type DurationRule struct {
	key    string
	min    time.Duration
	zeroOK bool
	get    func(*Config) time.Duration
}

// DurationKeys are the configuration's durations with their minimum.
// A duration is written with a unit (30s, 5m, 720h); a bare number is
// refused by the reader of the file (cmd/pbmd), as it would be read as
// nanoseconds.
var DurationKeys = []DurationRule{
	{"mailtimeout", time.Second, false, func(c *Config) time.Duration { return c.MailTimeout }},
	{"dedupe", time.Hour, false, func(c *Config) time.Duration { return c.Dedupe }},
	{"backoff", 10 * time.Millisecond, false, func(c *Config) time.Duration { return c.Backoff }},
	{"clock.tick", time.Second, false, func(c *Config) time.Duration { return c.Clock.Tick }},
	{"imap.poll", 100 * time.Millisecond, false, func(c *Config) time.Duration { return c.IMAP.Poll }},
	{"smtp.poll", 100 * time.Millisecond, false, func(c *Config) time.Duration { return c.SMTP.Poll }},
	{"lmtp.idletimeout", time.Second, true, func(c *Config) time.Duration { return c.LMTP.IdleTimeout }},
	{"web.idletimeout", time.Second, true, func(c *Config) time.Duration { return c.Web.IdleTimeout }},
}

// MinRetry is the least wait of retry's list.
const MinRetry = 100 * time.Millisecond

// MinMaxSize is the least lmtp.maxsize: a mail's header alone takes
// some hundreds of bytes.
const MinMaxSize = 1024

// CheckConfig refuses every value of cfg out of its range, naming each
// key and what it expects; nil when all are good. It looks at the
// values only, not at the host (CheckHost).
func CheckConfig(cfg Config) error {
	var errs []error
	bad := func(key, format string, a ...any) {
		errs = append(errs, fmt.Errorf("%s: "+format, append([]any{key}, a...)...))
	}
	for _, d := range DurationKeys {
		v := d.get(&cfg)
		if v == 0 && d.zeroOK {
			continue
		}
		if v < d.min {
			zero := ""
			if d.zeroOK {
				zero = ", or 0 for the default"
			}
			bad(d.key, "%s is too short: want a duration with a unit, at least %s (such as %s)%s", v, d.min, example(d.min), zero)
		}
	}
	for i, v := range cfg.Retry {
		if v < MinRetry {
			bad("retry", "wait %d, %s, is too short: want durations with a unit, each at least %s (such as 1m)", i+1, v, MinRetry)
		}
	}
	for _, n := range []struct {
		key    string
		v, min int64
		what   string
	}{
		{"ratelimit", int64(cfg.RateLimit), 1, "mails an hour"},
		{"clock.nag", int64(cfg.Clock.Nag), 1, "days"},
		{"clock.forfeit", int64(cfg.Clock.Forfeit), 1, "days"},
		{"clock.vacation", int64(cfg.Clock.Vacation), 1, "days a year"},
		{"clock.confirm", int64(cfg.Clock.Confirm), 1, "days"},
		{"lmtp.maxsize", cfg.LMTP.MaxSize, MinMaxSize, "bytes"},
		{"lmtp.maxconnections", int64(cfg.LMTP.MaxConnections), 0, "connections, 0 to derive it from the file limit"},
		{"web.maxconnections", int64(cfg.Web.MaxConnections), 0, "connections, 0 to derive it from the file limit"},
	} {
		if n.v < n.min {
			bad(n.key, "%d is too small: want a whole number of %s, at least %d", n.v, n.what, n.min)
		}
	}
	for _, p := range []struct {
		key string
		v   int
	}{{"imap.port", cfg.IMAP.Port}, {"smtp.port", cfg.SMTP.Port}} {
		if p.v < 1 || p.v > 65535 {
			bad(p.key, "%d is not a port: want 1 to 65535", p.v)
		}
	}
	for _, t := range []struct{ key, v string }{{"imap.tls", cfg.IMAP.TLS}, {"smtp.tls", cfg.SMTP.TLS}} {
		switch t.v {
		case "none", "starttls", "tls":
		default:
			bad(t.key, "%q: want none, starttls or tls", t.v)
		}
	}
	if err := CheckAddress(cfg.Server.Address); err != nil {
		bad("server.address", "%v", err)
	}
	if _, ok := lang.Match(cfg.Server.Language); !ok {
		bad("server.language", "%q: want one of %s", cfg.Server.Language, strings.Join(lang.Codes, ", "))
	}
	if cfg.Data == "" {
		bad("data", "empty: want the path of the database file")
	}
	if cfg.Web.Listen != "" {
		if err := checkHostPort(cfg.Web.Listen); err != nil {
			bad("web.listen", "%q: %v; want host:port (such as 127.0.0.1:8080), or empty for no web site", cfg.Web.Listen, err)
		}
	}
	if cfg.Web.URL != "" {
		if u, err := url.Parse(cfg.Web.URL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("web.url", "%q: want the site's absolute address, such as https://games.example.org/", cfg.Web.URL)
		}
	}
	// Values written into mail headers, the SMTP dialogue or the IMAP
	// commands hold no control character (a CR or LF would start a
	// new header line or command). A secret is named, never shown.
	for _, s := range []struct {
		key, v string
		secret bool
	}{
		{"server.name", cfg.Server.Name, false}, {"smtp.helo", cfg.SMTP.Helo, false},
		{"imap.host", cfg.IMAP.Host, false}, {"smtp.host", cfg.SMTP.Host, false},
		{"imap.username", cfg.IMAP.Username, false}, {"smtp.username", cfg.SMTP.Username, false},
		{"imap.mailbox", cfg.IMAP.Mailbox, false}, {"imap.processed", cfg.IMAP.Processed, false},
		{"imap.password", cfg.IMAP.Password, true}, {"smtp.password", cfg.SMTP.Password, true},
		{"embedded.password", cfg.Embedded.Password, true},
	} {
		if i := strings.IndexFunc(s.v, isControl); i >= 0 {
			if s.secret {
				bad(s.key, "holds a control character (such as a line break)")
			} else {
				bad(s.key, "%q holds a control character (such as a line break)", s.v)
			}
		}
	}
	return errors.Join(errs...)
}

// CheckHost refuses what the host cannot give: the directory of the
// database file (data) or of the backups (backup) missing, rather than
// a new empty database made or a backup failing weeks later.
func CheckHost(cfg Config) error {
	var errs []error
	for _, d := range []struct{ key, dir string }{{"data", filepath.Dir(cfg.Data)}, {"backup", cfg.BackupDir}} {
		if d.dir == "" {
			continue
		}
		fi, err := os.Stat(d.dir)
		switch {
		case err != nil:
			errs = append(errs, fmt.Errorf("%s: directory %s: %w; want an existing directory", d.key, d.dir, err))
		case !fi.IsDir():
			errs = append(errs, fmt.Errorf("%s: %s is not a directory", d.key, d.dir))
		}
	}
	return errors.Join(errs...)
}

// CheckAddress refuses an address that is not one plain addr-spec
// (RFC 5322 section 3.4.1): no display name, no angle brackets, no
// control character.
func CheckAddress(a string) error {
	if strings.IndexFunc(a, isControl) >= 0 {
		return fmt.Errorf("%q holds a control character (such as a line break); want a mail address such as pbm@games.example.org", a)
	}
	p, err := mail.ParseAddress(a)
	if err != nil || p.Name != "" || p.Address != a {
		return fmt.Errorf("%q is not a mail address: want one address such as pbm@games.example.org", a)
	}
	return nil
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f }

// checkHostPort reads host:port, the port a number (0 for any free
// one).
func checkHostPort(s string) error {
	_, port, err := net.SplitHostPort(s)
	if err != nil {
		return err
	}
	if n, err := strconv.ParseUint(port, 10, 16); err != nil || (port != strconv.FormatUint(n, 10)) {
		return fmt.Errorf("port %q is not a number from 0 to 65535", port)
	}
	return nil
}

// Key is the duration's configuration key.
func (d DurationRule) Key() string { return d.key }

// example is a duration at or above min written as an operator would.
func example(min time.Duration) string {
	switch {
	case min <= 100*time.Millisecond:
		return "500ms"
	case min <= time.Second:
		return "30s"
	default:
		return "24h"
	}
}
