// Command pbmd is the play-by-email server daemon. With no mail server
// configured it starts its embedded IMAP and SMTP servers on loopback,
// so that "go run ./cmd/pbmd" works on a fresh machine.
//
// Usage:
//
//	pbmd [-config pbm.yaml]          run the daemon
//	pbmd -config pbm.yaml help       print the command reference
//	pbmd replay <record>             play back a game record
//	pbmd deliver [sender] < mail     hand one mail to the running daemon over LMTP
//	pbmd -config pbm.yaml check      check the database file (daemon stopped)
//	pbmd -config pbm.yaml admin add <userid> <address>...
//	                                 write an admin's account, password from stdin (daemon stopped)
//	pbmd bench [-n 2000] ...         the whole-path benchmark
//	pbmd soak [-n 100000] ...        heap and store size as mails go by
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"syscall"

	sdnotify "github.com/coreos/go-systemd/v22/daemon"

	"github.com/pbmgo/pbm/engine"
	"github.com/pbmgo/pbm/pbm/daemon"
)

// subcommands are the daemon's subcommands, one line each, for -h.
var subcommands = [][2]string{
	{"", "run the daemon (no subcommand)"},
	{"help", "print the command reference players get by mailing help"},
	{"replay <record>", "play back a game record and print the final board"},
	{"deliver [<sender>] < mail", "hand one mail to the running daemon over LMTP (for an MTA's pipe)"},
	{"check", "check the database file for damage (daemon stopped)"},
	{"admin add <userid> <address>...", "write an admin's account, password from stdin (daemon stopped)"},
	{"bench [-n 2000] ...", "the whole-path benchmark (bench -h lists its flags)"},
	{"soak [-n 100000] ...", "heap and store size as many mails go by (soak -h lists its flags)"},
}

// usage writes the flags and the subcommands.
func usage(w io.Writer) {
	fmt.Fprintf(w, "Usage: pbmd [-config <file>] [<subcommand> ...]\n\nFlags:\n")
	flag.CommandLine.PrintDefaults()
	fmt.Fprintf(w, "\nSubcommands:\n")
	for _, c := range subcommands {
		name := c[0]
		if name == "" {
			name = "(none)"
		}
		fmt.Fprintf(w, "  %-34s %s\n", name, c[1])
	}
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "pbmd:", err)
		os.Exit(1)
	}
}

func run() error {
	configPath := flag.String("config", "", "configuration file (default pbm.yaml, if present)")
	flag.CommandLine.Init(os.Args[0], flag.ContinueOnError)
	flag.CommandLine.Usage = func() { usage(flag.CommandLine.Output()) }
	if err := flag.CommandLine.Parse(os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil // -h: the usage is written
		}
		if slices.Contains(os.Args[1:], "deliver") {
			// A bad command line in an alias is the operator's
			// mistake: the MTA keeps the mail.
			os.Exit(exTempFail)
		}
		return err
	}
	path, explicit := *configPath, *configPath != ""
	if !explicit {
		path = "pbm.yaml"
	}
	cfg, err := loadConfig(path, explicit)
	if flag.Arg(0) == "deliver" {
		// An MTA runs it: every failure but the mail's own is
		// EX_TEMPFAIL, so that the MTA keeps the mail.
		if err != nil {
			os.Exit(deliverConfigError(err, os.Stderr))
		}
		os.Exit(deliver(cfg, flag.Args()[1:], os.Stdin, os.Stderr))
	}
	if err != nil {
		return err
	}
	// One log line per event on stdout, for the journal or a terminal.
	log, err := newLogger(cfg, os.Stdout)
	if err != nil {
		return err
	}
	cfg.Logger = log
	cfg.Games = engine.NewRegistry(games()...)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	switch flag.Arg(0) {
	case "help":
		return printHelp(cfg)
	case "replay":
		text, err := os.ReadFile(flag.Arg(1))
		if err != nil {
			return err
		}
		out, err := replayRecord(cfg.Games, text)
		if err != nil {
			return err
		}
		fmt.Print(out)
		return nil
	case "check":
		return check(cfg, os.Stdout)
	case "admin":
		return adminCommand(cfg, flag.Args()[1:], os.Stdin, os.Stderr)
	case "bench":
		return runBench(flag.Args()[1:], cfg.Games)
	case "soak":
		return runSoak(flag.Args()[1:], cfg.Games, os.Stdout)
	case "":
	default:
		return fmt.Errorf("unknown subcommand %q (help, replay, deliver, check, admin, bench, soak)", flag.Arg(0))
	}
	if path := os.Getenv("PBM_CPUPROFILE"); path != "" {
		stop, err := startProfile(path)
		if err != nil {
			return err
		}
		defer stop()
	}
	d, err := daemon.Start(ctx, cfg)
	if err != nil {
		return err
	}
	log.Info("pbmd started", "address", cfg.Server.Address, "data", cfg.Data, "games", len(cfg.Games.Games()))
	// Under systemd (Type=notify, pbmd.service): every intake listens
	// now, so ExecStartPost may have the MTA flush its queue
	// (sd_notify(3); without NOTIFY_SOCKET nothing is sent).
	if _, err := sdnotify.SdNotify(false, sdnotify.SdNotifyReady); err != nil {
		log.Warn("telling systemd the daemon is ready", "error", err)
	}
	<-ctx.Done()
	log.Info("pbmd stopping")
	return d.Close()
}
