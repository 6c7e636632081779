package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/pbmgo/pbm/pbm/daemon"
	"github.com/pbmgo/pbm/store"
)

// check runs the database check of "pbmd check" and prints its report.
// A file that is no database at all (missing, empty, or without
// bbolt's header) is said to be so, rather than reported as damaged.
func check(cfg daemon.Config, w io.Writer) error {
	if err := looksLikeBolt(cfg.Data); err != nil {
		return err
	}
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

// boltMagic is the magic number of a bbolt meta page, the first
// field after the 16-byte page header (bbolt's internal common.Meta),
// in the byte order of the host that wrote it.
const boltMagic = 0xED0CDAED

// looksLikeBolt says what is wrong with a file that cannot be a bbolt
// database: missing, a directory, empty, or neither of its two meta
// pages (the first two pages, of its page size) carrying the magic
// number. A damaged database keeps at least one of them and is left to
// store.Check.
func looksLikeBolt(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("check %s: no such file (data: names the database file)", path)
	}
	if err != nil {
		return fmt.Errorf("check %s: %w", path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("check %s: %w", path, err)
	}
	switch {
	case fi.IsDir():
		return fmt.Errorf("check %s: a directory, not a database file", path)
	case fi.Size() == 0:
		return fmt.Errorf("check %s: empty file, not a bbolt database", path)
	}
	head := make([]byte, 20)
	if _, err := f.ReadAt(head, 0); err == nil && isMagic(head[16:20]) {
		return nil
	}
	// The second meta page starts at the page size, which the first
	// page records; without it, try the usual sizes.
	for _, size := range []int64{4096, 8192, 16384, 65536} {
		if _, err := f.ReadAt(head, size); err == nil && isMagic(head[16:20]) {
			return nil
		}
	}
	return fmt.Errorf("check %s: not a bbolt database (no bbolt header in its first pages)", path)
}

func isMagic(b []byte) bool {
	return binary.LittleEndian.Uint32(b) == boltMagic || binary.BigEndian.Uint32(b) == boltMagic
}
