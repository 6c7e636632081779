package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"strings"

	"github.com/spf13/viper"

	"github.com/pbmgo/pbm/pbm/daemon"
)

// defaults holds every configuration key with its default, but claim:
// a map whose keys are userids, empty by default, read from the
// environment by loadConfig itself (PBM_CLAIM). Every key
// is set here, so that viper binds each one to its environment
// variable PBM_<SECTION>_<KEY>: viper's AutomaticEnv only finds keys
// it knows (spf13/viper#761).
var defaults = map[string]any{
	"data":                "pbm.db",
	"backup":              ".",
	"admins":              []string{},
	"ratelimit":           60,
	"messagelimit":        40,
	"mailtimeout":         "30s",
	"dedupe":              "720h",
	"retry":               []string{"1m", "5m", "15m", "30m", "1h", "2h", "4h"},
	"backoff":             "1s",
	"clock.nag":           7,
	"clock.forfeit":       21,
	"clock.vacation":      30,
	"clock.tick":          "1h",
	"clock.confirm":       3,
	"server.address":      "pbm@localhost",
	"server.name":         "PBM Server",
	"server.language":     "en",
	"imap.host":           "",
	"imap.port":           993,
	"imap.tls":            "tls",
	"imap.username":       "",
	"imap.password":       "",
	"imap.mailbox":        "INBOX",
	"imap.processed":      "Processed",
	"imap.poll":           "5m",
	"imap.cafile":         "",
	"smtp.host":           "",
	"smtp.port":           587,
	"smtp.tls":            "starttls",
	"smtp.username":       "",
	"smtp.password":       "",
	"smtp.helo":           "",
	"smtp.poll":           "30s",
	"smtp.cafile":         "",
	"lmtp.listen":         "",
	"lmtp.maxsize":        10485760,
	"lmtp.maxconnections": 0,
	"lmtp.idletimeout":    "5m",
	"web.listen":          "127.0.0.1:8080",
	"web.url":             "",
	"web.maxconnections":  0,
	"web.idletimeout":     "1m",
	"log.level":           "info",
	"token.key":           "",
	"mail.authservid":     "",
	"tournament.open":     25,
	"tournament.computer": 2,
	"embedded.imap":       "127.0.0.1:1143",
	"embedded.smtp":       "127.0.0.1:2525",
	"embedded.password":   "pbm",
}

// loadConfig reads the YAML file at path (a missing file is fine when
// the path was not given explicitly) and the PBM_* environment.
func loadConfig(path string, explicit bool) (daemon.Config, error) {
	v := viper.New()
	for k, val := range defaults {
		v.SetDefault(k, val)
	}
	v.SetEnvPrefix("PBM")
	v.SetEnvKeyReplacer(strings.NewReplacer(".", "_"))
	v.AutomaticEnv()
	// A variable set empty sets its key empty ("PBM_WEB_LISTEN=" runs
	// no web site), as an empty value in the file does; without this
	// viper would take an empty variable for an unset one and keep the
	// default.
	v.AllowEmptyEnv(true)
	v.SetConfigFile(path)
	v.SetConfigType("yaml")
	var cfg daemon.Config
	if env := os.Getenv("PBM_CLAIM"); env != "" {
		// From the environment the claim addresses are pairs
		// "userid=address", apart by spaces or commas.
		claim := map[string][]string{}
		for _, pair := range strings.FieldsFunc(env, func(r rune) bool { return r == ',' || r == ' ' }) {
			id, addr, ok := strings.Cut(pair, "=")
			if !ok || id == "" || addr == "" {
				return cfg, fmt.Errorf("PBM_CLAIM: %q is not userid=address", pair)
			}
			claim[strings.ToLower(id)] = append(claim[strings.ToLower(id)], addr)
		}
		v.Set("claim", claim)
	}
	if err := v.ReadInConfig(); err != nil {
		var notFound viper.ConfigFileNotFoundError
		if explicit || !(errors.As(err, &notFound) || errors.Is(err, fs.ErrNotExist)) {
			return cfg, fmt.Errorf("config %s: %w", path, err)
		}
	}
	if err := bareDurations(v); err != nil {
		return cfg, fmt.Errorf("config %s: %w", path, err)
	}
	if err := v.UnmarshalExact(&cfg); err != nil {
		return cfg, fmt.Errorf("config %s: %w", path, err)
	}
	// From the environment a list is one string: "root alice" or
	// "root,alice".
	var admins []string
	for _, a := range cfg.Admins {
		admins = append(admins, strings.FieldsFunc(a, func(r rune) bool { return r == ',' || r == ' ' })...)
	}
	cfg.Admins = admins
	if _, err := logLevel(cfg.Log.Level); err != nil {
		return cfg, fmt.Errorf("config %s: %w", path, err)
	}
	if cfg.SMTP.Host == "" {
		cfg.SMTP.Host = cfg.IMAP.Host
	}
	if cfg.SMTP.Helo == "" && daemon.CheckAddress(cfg.Server.Address) == nil {
		_, domain, _ := strings.Cut(cfg.Server.Address, "@")
		cfg.SMTP.Helo = domain
	}
	if err := daemon.CheckConfig(cfg); err != nil {
		return cfg, fmt.Errorf("config %s: %w", path, err)
	}
	return cfg, nil
}

// logLevel reads log.level: debug, info, warn or error (any case).
func logLevel(s string) (slog.Level, error) {
	switch l := strings.ToLower(strings.TrimSpace(s)); l {
	case "debug", "info", "warn", "error":
		var level slog.Level
		return level, level.UnmarshalText([]byte(l))
	case "":
		return slog.LevelInfo, nil
	}
	return 0, fmt.Errorf("log.level %q: want debug, info, warn or error", s)
}

// newLogger is the daemon's log: one text line per event on w, at
// log.level and above.
func newLogger(cfg daemon.Config, w io.Writer) (*slog.Logger, error) {
	level, err := logLevel(cfg.Log.Level)
	if err != nil {
		return nil, err
	}
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: level})), nil
}
