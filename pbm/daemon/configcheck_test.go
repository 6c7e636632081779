package daemon

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Start refuses what the host cannot give and an address that is not
// one, naming the key, and makes no database file on the way.
func TestStartRefusesABadHostOrAddress(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	for _, c := range []struct {
		name string
		set  func(*Config)
		want string
	}{
		{"data in a missing directory", func(c *Config) { c.Data = filepath.Join(t.TempDir(), "missing", "pbm.db") }, "data: directory "},
		{"backup not a directory", func(c *Config) {
			f := filepath.Join(t.TempDir(), "file")
			os.WriteFile(f, nil, 0o600)
			c.BackupDir = f
		}, "backup: "},
		{"address with CRLF", func(c *Config) { c.Server.Address = "pbm@localhost\r\nBcc: all@example.test" }, "server.address: "},
		{"address with a name", func(c *Config) { c.Server.Address = "PBM <pbm@localhost>" }, "server.address: "},
		{"web.listen taken", func(c *Config) { c.Web.Listen = busy.Addr().String() }, "web.listen"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := testConfig(t)
			c.set(&cfg)
			d, err := Start(context.Background(), cfg)
			if err == nil {
				d.Close()
				t.Fatal("started")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error naming %q", err, c.want)
			}
			if c.name == "data in a missing directory" {
				if _, err := os.Stat(filepath.Dir(cfg.Data)); !os.IsNotExist(err) {
					t.Errorf("the directory was made: %v", err)
				}
			}
		})
	}
	// The same configuration with the site on a free port starts.
	cfg := testConfig(t)
	cfg.Web.Listen = "127.0.0.1:0"
	d, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
}
