package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/pbmgo/pbm/pbm"
	"github.com/pbmgo/pbm/pbm/daemon"
	"github.com/pbmgo/pbm/store"
)

// printHelp prints the command reference, generated from the command
// table, without starting anything.
func printHelp(cfg daemon.Config) error {
	dir, err := os.MkdirTemp("", "pbmd-help")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	st, err := store.Open(store.Config{Path: filepath.Join(dir, "help.db")})
	if err != nil {
		return err
	}
	defer st.Close()
	s, err := pbm.New(pbm.Config{Store: st, Games: cfg.Games, Address: cfg.Server.Address, Name: cfg.Server.Name})
	if err != nil {
		return err
	}
	text, err := s.HelpText()
	if err != nil {
		return err
	}
	fmt.Print(text)
	fmt.Print(commandLine)
	return nil
}

// commandLine is the reference of pbmd itself, after the mail
// commands.
const commandLine = `
The pbmd command:
  pbmd [-config pbm.yaml]              run the daemon
  pbmd [-config pbm.yaml] help         this reference
  pbmd replay <record>                 play back a game record
  pbmd [-config pbm.yaml] deliver [sender] < mail
      hand one mail to the running daemon over its LMTP socket
      (lmtp.listen), for "|pbmd deliver" in /etc/aliases, .forward,
      procmail or Postfix's pipe(8). Exit 0 once the daemon committed
      the mail; 75 (EX_TEMPFAIL, the MTA retries) when the daemon is
      down or answers 4xx; 65 (EX_DATAERR) when it refuses the mail as
      unreadable or too big; 69 (EX_UNAVAILABLE) on other refusals.
  pbmd [-config pbm.yaml] check
      run bbolt's consistency check on the database file (data), with
      the daemon stopped; exit 0 when it is sound, 1 when damaged, with
      the way to restore a backup.
`
