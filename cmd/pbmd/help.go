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
	return nil
}
