package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/spf13/viper"
)

func TestConfigExampleIsTheDefaults(t *testing.T) {
	cfg, err := loadConfig("../../config.example.yaml", true)
	if err != nil {
		t.Fatal(err)
	}
	def, err := loadConfig(filepath.Join(t.TempDir(), "absent.yaml"), false)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(cfg, def) {
		t.Errorf("config.example.yaml differs from the defaults:\n%+v\n%+v", cfg, def)
	}
	// Every key of the example has a default, so that its PBM_*
	// variable is bound (viper finds only keys it knows).
	v := viper.New()
	v.SetConfigFile("../../config.example.yaml")
	if err := v.ReadInConfig(); err != nil {
		t.Fatal(err)
	}
	for _, k := range v.AllKeys() {
		if _, ok := defaults[k]; !ok {
			t.Errorf("key %s has no default: PBM_%s would be ignored", k, strings.ToUpper(strings.ReplaceAll(k, ".", "_")))
		}
	}
	if len(v.AllKeys()) != len(defaults) {
		t.Errorf("config.example.yaml has %d keys, the defaults %d", len(v.AllKeys()), len(defaults))
	}
	if len(cfg.Retry) != 7 || cfg.Retry[6] != 4*time.Hour || cfg.Backoff != time.Second {
		t.Errorf("retry defaults: %v %v", cfg.Retry, cfg.Backoff)
	}
	if cfg.IMAP.Poll != 5*time.Minute || cfg.Embedded.IMAP != "127.0.0.1:1143" || cfg.Embedded.Password != "pbm" {
		t.Errorf("defaults: %+v", cfg)
	}
}

func TestConfigEnvironmentOverridesEveryKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbm.yaml")
	os.WriteFile(path, []byte("imap:\n  host: file.example\n  port: 143\n"), 0o600)
	t.Setenv("PBM_IMAP_HOST", "env.example")
	t.Setenv("PBM_IMAP_PASSWORD", "from-env") // a key in neither file nor env binding
	t.Setenv("PBM_SMTP_PASSWORD", "smtp-secret")
	t.Setenv("PBM_IMAP_POLL", "90s")
	t.Setenv("PBM_ADMINS", "root alice")
	t.Setenv("PBM_EMBEDDED_PASSWORD", "other")
	t.Setenv("PBM_RETRY", "100ms,1s")
	t.Setenv("PBM_BACKOFF", "50ms")
	t.Setenv("PBM_RATELIMIT", "5")
	t.Setenv("PBM_MESSAGELIMIT", "7")
	t.Setenv("PBM_CLOCK_FORFEIT", "30")
	cfg, err := loadConfig(path, true)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.IMAP.Host != "env.example" || cfg.IMAP.Port != 143 || cfg.IMAP.Password != "from-env" ||
		cfg.SMTP.Password != "smtp-secret" || cfg.IMAP.Poll != 90*time.Second ||
		len(cfg.Admins) != 2 || cfg.Admins[1] != "alice" || cfg.Embedded.Password != "other" {
		t.Errorf("environment not applied: %+v", cfg)
	}
	if len(cfg.Retry) != 2 || cfg.Retry[0] != 100*time.Millisecond || cfg.Retry[1] != time.Second || cfg.Backoff != 50*time.Millisecond {
		t.Errorf("retry %v backoff %v", cfg.Retry, cfg.Backoff)
	}
	if cfg.RateLimit != 5 || cfg.MessageLimit != 7 || cfg.Clock.Forfeit != 30 || cfg.Clock.Nag != 7 {
		t.Errorf("ratelimit %d clock %+v", cfg.RateLimit, cfg.Clock)
	}
	if cfg.SMTP.Host != "env.example" {
		t.Errorf("smtp.host should follow imap.host: %q", cfg.SMTP.Host)
	}
}

func TestConfigRejectsUnknownKeys(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbm.yaml")
	os.WriteFile(path, []byte("imap:\n  hots: typo.example\n"), 0o600)
	if _, err := loadConfig(path, true); err == nil {
		t.Error("a misspelt key was accepted")
	}
	if _, err := loadConfig(filepath.Join(t.TempDir(), "missing.yaml"), true); err == nil {
		t.Error("a missing file given with -config was accepted")
	}
}

// TestConfigLogLevel: log.level sets the level of the daemon's log,
// from the file or PBM_LOG_LEVEL; a level not known is an error.
func TestConfigLogLevel(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbm.yaml")
	os.WriteFile(path, []byte("log:\n  level: warn\n"), 0o600)
	for _, c := range []struct {
		env               string
		debug, info, warn bool
	}{
		{"", false, false, true},
		{"debug", true, true, true},
		{"INFO", false, true, true},
		{"error", false, false, false},
	} {
		if c.env != "" {
			t.Setenv("PBM_LOG_LEVEL", c.env)
		}
		cfg, err := loadConfig(path, true)
		if err != nil {
			t.Fatal(err)
		}
		var buf strings.Builder
		log, err := newLogger(cfg, &buf)
		if err != nil {
			t.Fatal(err)
		}
		log.Debug("d-line")
		log.Info("i-line")
		log.Warn("w-line")
		log.Error("e-line")
		got := buf.String()
		for line, want := range map[string]bool{"d-line": c.debug, "i-line": c.info, "w-line": c.warn, "e-line": true} {
			if strings.Contains(got, line) != want {
				t.Errorf("level %q: %s logged %v, want %v:\n%s", cfg.Log.Level, line, !want, want, got)
			}
		}
	}
	t.Setenv("PBM_LOG_LEVEL", "verbose")
	if _, err := loadConfig(path, true); err == nil || !strings.Contains(err.Error(), "log.level") {
		t.Errorf("log.level verbose: %v, want an error naming log.level", err)
	}
}

// The addresses an admin userid may be claimed from: a map in the
// file, userid=address pairs in the environment.
func TestConfigClaim(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbm.yaml")
	os.WriteFile(path, []byte("admins: [root]\nclaim:\n  Root: [ops@example.test, ops2@example.test]\nclock:\n  confirm: 5\n"), 0o600)
	cfg, err := loadConfig(path, true)
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Claim["root"]; len(got) != 2 || got[1] != "ops2@example.test" || cfg.Clock.Confirm != 5 {
		t.Errorf("claim from the file: %v, confirm %d", cfg.Claim, cfg.Clock.Confirm)
	}
	t.Setenv("PBM_CLAIM", "root=env@example.test,alice=a@example.test root=env2@example.test")
	if cfg, err = loadConfig(path, true); err != nil {
		t.Fatal(err)
	}
	if got := cfg.Claim["root"]; len(got) != 2 || got[0] != "env@example.test" || len(cfg.Claim["alice"]) != 1 {
		t.Errorf("claim from the environment: %v", cfg.Claim)
	}
	t.Setenv("PBM_CLAIM", "root")
	if _, err := loadConfig(path, true); err == nil || !strings.Contains(err.Error(), "userid=address") {
		t.Errorf("a bad PBM_CLAIM: %v", err)
	}
	os.Unsetenv("PBM_CLAIM")
	if cfg, err = loadConfig(filepath.Join(t.TempDir(), "none.yaml"), false); err != nil || len(cfg.Claim) != 0 || cfg.Clock.Confirm != 3 {
		t.Errorf("defaults: %v %v %d", err, cfg.Claim, cfg.Clock.Confirm)
	}
}

// A variable set empty sets its key empty, as in the file: PBM_WEB_LISTEN=
// runs no web site rather than the default one.
func TestConfigEmptyVariable(t *testing.T) {
	t.Setenv("PBM_WEB_LISTEN", "")
	cfg, err := loadConfig(filepath.Join(t.TempDir(), "absent.yaml"), false)
	if err != nil || cfg.Web.Listen != "" {
		t.Errorf("PBM_WEB_LISTEN=: web.listen %q, %v", cfg.Web.Listen, err)
	}
}
