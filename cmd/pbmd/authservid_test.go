package main

import (
	"os"
	"path/filepath"
	"testing"
)

// mail.authservid is read from the file and from PBM_MAIL_AUTHSERVID,
// and is empty by default.
func TestConfigAuthServID(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbm.yaml")
	if err := os.WriteFile(path, []byte("mail:\n  authservid: mx.file.example\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := loadConfig(path, true)
	if err != nil || cfg.Mail.AuthServID != "mx.file.example" {
		t.Errorf("from the file: %q, %v", cfg.Mail.AuthServID, err)
	}
	t.Setenv("PBM_MAIL_AUTHSERVID", "mx.env.example")
	cfg, err = loadConfig(path, true)
	if err != nil || cfg.Mail.AuthServID != "mx.env.example" {
		t.Errorf("from the environment: %q, %v", cfg.Mail.AuthServID, err)
	}
	t.Setenv("PBM_MAIL_AUTHSERVID", "")
	cfg, err = loadConfig(filepath.Join(t.TempDir(), "absent.yaml"), false)
	if err != nil || cfg.Mail.AuthServID != "" {
		t.Errorf("the default: %q, %v", cfg.Mail.AuthServID, err)
	}
}
