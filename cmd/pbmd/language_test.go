package main

import (
	"os"
	"path/filepath"
	"testing"
)

// server.language is read from the file and the environment, "en" by
// default.
func TestConfigServerLanguage(t *testing.T) {
	cfg, err := loadConfig(filepath.Join(t.TempDir(), "none.yaml"), false)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Server.Language != "en" {
		t.Errorf("default server.language %q", cfg.Server.Language)
	}
	path := filepath.Join(t.TempDir(), "pbm.yaml")
	os.WriteFile(path, []byte("server:\n  language: hu\n"), 0o600)
	if cfg, err = loadConfig(path, true); err != nil || cfg.Server.Language != "hu" {
		t.Errorf("server.language from the file: %q, %v", cfg.Server.Language, err)
	}
	t.Setenv("PBM_SERVER_LANGUAGE", "cs")
	if cfg, err = loadConfig(path, true); err != nil || cfg.Server.Language != "cs" {
		t.Errorf("server.language from the environment: %q, %v", cfg.Server.Language, err)
	}
}
