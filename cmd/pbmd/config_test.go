package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"
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
	if cfg.Data != def.Data || cfg.IMAP != def.IMAP || cfg.SMTP != def.SMTP || cfg.Embedded != def.Embedded || cfg.Server != def.Server {
		t.Errorf("config.example.yaml differs from the defaults:\n%+v\n%+v", cfg, def)
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
	cfg, err := loadConfig(path, true)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.IMAP.Host != "env.example" || cfg.IMAP.Port != 143 || cfg.IMAP.Password != "from-env" ||
		cfg.SMTP.Password != "smtp-secret" || cfg.IMAP.Poll != 90*time.Second ||
		len(cfg.Admins) != 2 || cfg.Admins[1] != "alice" || cfg.Embedded.Password != "other" {
		t.Errorf("environment not applied: %+v", cfg)
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
