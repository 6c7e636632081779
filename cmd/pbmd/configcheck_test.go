package main

import (
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Each bad value, from the file or the environment, is refused by the
// real configuration loading with an error naming its key and what it
// expects; the same file without it loads.
func TestConfigRefusesBadValues(t *testing.T) {
	for _, c := range []struct {
		name, yaml string
		env        []string // key=value
		key, want  string
	}{
		{"bare mailtimeout", "mailtimeout: 30\n", nil, "mailtimeout", "a duration with a unit, such as 30s"},
		{"bare dedupe", "dedupe: 720\n", nil, "dedupe", "720 is a bare number"},
		{"bare dedupe from env", "", []string{"PBM_DEDUPE=720"}, "dedupe", "720 is a bare number"},
		{"bare float", "clock:\n  tick: 1.5\n", nil, "clock.tick", "bare number"},
		{"bare retry", "retry: [1m, 300]\n", nil, "retry", "300 is a bare number"},
		{"bare retry from env", "", []string{"PBM_RETRY=1m,5"}, "retry", "5 is a bare number"},
		{"imap.poll 1ns", "imap:\n  poll: 1ns\n", nil, "imap.poll", "at least 100ms"},
		{"smtp.poll 0", "smtp:\n  poll: 0s\n", nil, "smtp.poll", "at least 100ms"},
		{"negative tick", "clock:\n  tick: -1h\n", nil, "clock.tick", "at least 1s"},
		{"short dedupe", "dedupe: 10m\n", nil, "dedupe", "at least 1h0m0s"},
		{"short mailtimeout", "mailtimeout: 10ms\n", nil, "mailtimeout", "at least 1s"},
		{"zero backoff", "backoff: 0s\n", nil, "backoff", "at least 10ms"},
		{"short retry", "retry: [1ms]\n", nil, "retry", "at least 100ms"},
		{"short web.idletimeout", "web:\n  idletimeout: 1ms\n", nil, "web.idletimeout", "or 0 for the default"},
		{"negative lmtp.idletimeout", "lmtp:\n  idletimeout: -5m\n", nil, "lmtp.idletimeout", "at least 1s"},
		{"zero ratelimit", "ratelimit: 0\n", nil, "ratelimit", "at least 1"},
		{"negative ratelimit", "ratelimit: -5\n", nil, "ratelimit", "-5 is too small"},
		{"zero nag", "clock:\n  nag: 0\n", nil, "clock.nag", "at least 1"},
		{"negative forfeit", "clock:\n  forfeit: -1\n", nil, "clock.forfeit", "at least 1"},
		{"zero vacation", "", []string{"PBM_CLOCK_VACATION=0"}, "clock.vacation", "at least 1"},
		{"zero confirm", "clock:\n  confirm: 0\n", nil, "clock.confirm", "at least 1"},
		{"tiny maxsize", "lmtp:\n  maxsize: 10\n", nil, "lmtp.maxsize", "at least 1024"},
		{"negative web.maxconnections", "web:\n  maxconnections: -1\n", nil, "web.maxconnections", "0 to derive it"},
		{"negative lmtp.maxconnections", "lmtp:\n  maxconnections: -3\n", nil, "lmtp.maxconnections", "at least 0"},
		{"port 0", "imap:\n  port: 0\n", nil, "imap.port", "1 to 65535"},
		{"port too big", "smtp:\n  port: 70000\n", nil, "smtp.port", "1 to 65535"},
		{"tls", "smtp:\n  tls: ssl\n", nil, "smtp.tls", "none, starttls or tls"},
		{"address with CRLF", "", []string{"PBM_SERVER_ADDRESS=pbm@example.test\r\nBcc: all@example.test"}, "server.address", "control character"},
		{"address no address", "server:\n  address: not an address\n", nil, "server.address", "is not a mail address"},
		{"address with a name", "server:\n  address: PBM <pbm@example.test>\n", nil, "server.address", "one address such as"},
		{"name with LF", "", []string{"PBM_SERVER_NAME=PBM\nBcc: x@y"}, "server.name", "control character"},
		{"language", "server:\n  language: fr\n", nil, "server.language", "want one of en"},
		{"web.listen no port", "web:\n  listen: localhost\n", nil, "web.listen", "want host:port"},
		{"web.listen bad port", "web:\n  listen: 127.0.0.1:99999\n", nil, "web.listen", "0 to 65535"},
		{"web.url", "web:\n  url: games.example.org\n", nil, "web.url", "absolute address"},
		{"empty data", "data: \"\"\n", nil, "data", "path of the database file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "pbm.yaml")
			if err := os.WriteFile(path, []byte(c.yaml), 0o600); err != nil {
				t.Fatal(err)
			}
			for _, kv := range c.env {
				k, v, _ := strings.Cut(kv, "=")
				t.Setenv(k, v)
			}
			_, err := loadConfig(path, true)
			if err == nil || !strings.Contains(err.Error(), c.key+": ") || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error naming %s and saying %q", err, c.key, c.want)
			}
		})
	}
	// The values a test or an operator may rightly use load.
	path := filepath.Join(t.TempDir(), "pbm.yaml")
	os.WriteFile(path, []byte("mailtimeout: 1s\ndedupe: 1h\nretry: [100ms, 1s]\nbackoff: 10ms\nimap:\n  poll: 100ms\n"+
		"web:\n  idletimeout: 0\n  maxconnections: 0\n  listen: \"[::1]:0\"\n  url: https://games.example.org/\nlmtp:\n  idletimeout: 0s\n  maxsize: 1024\n"), 0o600)
	if _, err := loadConfig(path, true); err != nil {
		t.Errorf("good values refused: %v", err)
	}
}

// A secret with a control character is refused by name, and its value
// is never shown.
func TestConfigNeverShowsASecret(t *testing.T) {
	t.Setenv("PBM_SMTP_PASSWORD", "hunter2\r\nQUIT")
	_, err := loadConfig(filepath.Join(t.TempDir(), "none.yaml"), false)
	if err == nil || !strings.Contains(err.Error(), "smtp.password: holds a control character") || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("got %v", err)
	}
}

// All problems are named at once.
func TestConfigNamesEveryBadKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbm.yaml")
	os.WriteFile(path, []byte("ratelimit: -1\nclock:\n  nag: 0\nimap:\n  poll: 1ns\n"), 0o600)
	_, err := loadConfig(path, true)
	for _, k := range []string{"ratelimit: ", "clock.nag: ", "imap.poll: "} {
		if err == nil || !strings.Contains(err.Error(), k) {
			t.Errorf("%s not named: %v", k, err)
		}
	}
}

// The daemon binary refuses to start on a bad value, exiting 1 with a
// message naming the key; bench, soak and check refuse their bad
// arguments and files the same way, never with a panic.
func TestConfigRefusedByTheDaemon(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the daemon")
	}
	bin := buildDaemon(t)
	dir := t.TempDir()
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	empty := write("empty.db", "")
	junk := write("junk.db", strings.Repeat("not a database\n", 2000))
	for _, c := range []struct {
		name string
		args []string
		env  []string
		want string
	}{
		{"bare mailtimeout", []string{"-config", write("bare.yaml", "mailtimeout: 30\n")}, nil, "mailtimeout: 30 is a bare number: want a duration with a unit, such as 30s"},
		{"imap.poll 1ns", []string{"-config", write("poll.yaml", "imap:\n  poll: 1ns\n")}, nil, "imap.poll: 1ns is too short"},
		{"zero ratelimit", nil, []string{"PBM_RATELIMIT=0"}, "ratelimit: 0 is too small"},
		{"data in a missing directory", nil, []string{"PBM_DATA=" + filepath.Join(dir, "missing", "pbm.db")}, "data: directory " + filepath.Join(dir, "missing")},
		{"web.listen taken", nil, []string{"PBM_WEB_LISTEN=" + busy.Addr().String()}, "web.listen \"" + busy.Addr().String() + "\": the web site cannot listen"},
		{"web.listen not host:port", nil, []string{"PBM_WEB_LISTEN=8080"}, "web.listen: \"8080\""},
		{"server.address with CRLF", nil, []string{"PBM_SERVER_ADDRESS=pbm@localhost\r\nBcc: all@example.test"}, "server.address: "},
		{"bench -n 0", []string{"bench", "-n", "0"}, nil, "bench: -n 0: want a whole number, at least 1"},
		{"soak -n -5", []string{"soak", "-n", "-5"}, nil, "soak: -n -5: want a whole number, at least 1"},
		{"check an empty file", []string{"check"}, []string{"PBM_DATA=" + empty}, "empty file, not a bbolt database"},
		{"check a text file", []string{"check"}, []string{"PBM_DATA=" + junk}, "not a bbolt database"},
		{"check no file", []string{"check"}, []string{"PBM_DATA=" + filepath.Join(dir, "absent.db")}, "no such file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin, c.args...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "PBM_DATA="+filepath.Join(t.TempDir(), "pbm.db"), "PBM_LMTP_LISTEN=", "PBM_WEB_LISTEN=",
				"PBM_EMBEDDED_IMAP=127.0.0.1:0", "PBM_EMBEDDED_SMTP=127.0.0.1:0")
			cmd.Env = append(cmd.Env, c.env...)
			out, err := cmd.CombinedOutput()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 1 {
				t.Fatalf("exit %v, want status 1:\n%s", err, out)
			}
			if !strings.Contains(string(out), c.want) || strings.Contains(string(out), "panic") || strings.Contains(string(out), "\nBcc:") || strings.Contains(string(out), "smtp.helo") {
				t.Errorf("the message does not say %q:\n%s", c.want, out)
			}
		})
	}
}
