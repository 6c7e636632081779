package main

import (
	"fmt"
	"io"

	"github.com/pbmgo/pbm/pbm/daemon"
	"github.com/pbmgo/pbm/store"
)

// check runs the database check of "pbmd check" and prints its report.
func check(cfg daemon.Config, w io.Writer) error {
	r, err := store.Check(cfg.Data)
	if err != nil {
		return err
	}
	fmt.Fprint(w, r)
	if !r.OK() {
		return fmt.Errorf("%s is damaged", cfg.Data)
	}
	return nil
}
