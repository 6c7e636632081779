package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/pbmgo/pbm/pbm"
	"github.com/pbmgo/pbm/pbm/daemon"
	"github.com/pbmgo/pbm/store"
)

// adminCommand runs "pbmd admin add <userid> <address>...": the
// operator's way to claim an admin userid of the configuration. The
// password is the first line of in (typed, or piped so that it stays
// out of the shell's history and the process list); the account is
// written into the store, which the running daemon holds locked, so
// the daemon must be stopped.
func adminCommand(cfg daemon.Config, args []string, in io.Reader, out io.Writer) error {
	if len(args) < 3 || args[0] != "add" {
		return errors.New("usage: pbmd [-config pbm.yaml] admin add <userid> <address>... (the password is read from stdin)")
	}
	id, addrs := args[1], args[2:]
	fmt.Fprintf(out, "Password for %s (one line): ", id)
	line, err := bufio.NewReader(in).ReadString('\n')
	if err != nil && !(errors.Is(err, io.EOF) && line != "") {
		return fmt.Errorf("admin add: read the password from stdin: %w", err)
	}
	fmt.Fprintln(out)
	pw := strings.TrimRight(line, "\r\n")
	st, err := store.Open(store.Config{Path: cfg.Data})
	if err != nil {
		return fmt.Errorf("admin add: %w (is the daemon running? stop it first)", err)
	}
	defer st.Close()
	srv, err := pbm.New(pbm.Config{
		Store: st, Games: cfg.Games, Address: cfg.Server.Address, Name: cfg.Server.Name,
		Admins: cfg.Admins, BcryptCost: cfg.BcryptCost, Logger: cfg.Logger,
	})
	if err != nil {
		return err
	}
	existed, err := srv.CreateAdmin(id, pw, addrs)
	if err != nil {
		return fmt.Errorf("admin add: %w", err)
	}
	verb := "created"
	if existed {
		verb = "rewritten (new password and addresses)"
	}
	fmt.Fprintf(out, "The admin account %s is %s; its mail goes to %s.\n", id, verb, strings.ToLower(strings.Join(addrs, ", ")))
	return nil
}
