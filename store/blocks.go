package store

import (
	"bytes"
	"fmt"
	"strings"
)

// bBlocks holds whose messages each account does not take: key
// "<account lower case>\x00<sender lower case>", value the sender's
// userid as the account spelled it. The bucket is created on the first
// block.
var bBlocks = []byte("blocks")

func blockKey(owner, sender string) []byte {
	return []byte(strings.ToLower(owner) + "\x00" + strings.ToLower(sender))
}

// PutBlock records that owner takes no messages from sender.
func (t *Tx) PutBlock(owner, sender string) error {
	b, err := t.bucket(bBlocks, true)
	if err != nil {
		return err
	}
	if err := b.Put(blockKey(owner, sender), []byte(sender)); err != nil {
		return fmt.Errorf("store: put block of %s by %s: %w", sender, owner, err)
	}
	return nil
}

// DeleteBlock takes sender off owner's blocks; absent is no error.
func (t *Tx) DeleteBlock(owner, sender string) error {
	b, err := t.bucket(bBlocks, false)
	if err != nil || b == nil {
		return err
	}
	if err := b.Delete(blockKey(owner, sender)); err != nil {
		return fmt.Errorf("store: delete block of %s by %s: %w", sender, owner, err)
	}
	return nil
}

// Blocked reports whether owner takes no messages from sender.
func (t *Tx) Blocked(owner, sender string) (bool, error) {
	b, err := t.bucket(bBlocks, false)
	if err != nil || b == nil {
		return false, err
	}
	return b.Get(blockKey(owner, sender)) != nil, nil
}

// Blocks lists the senders owner takes no messages from, in order of
// their lower-case userids.
func (t *Tx) Blocks(owner string) ([]string, error) {
	b, err := t.bucket(bBlocks, false)
	if err != nil || b == nil {
		return nil, err
	}
	prefix := []byte(strings.ToLower(owner) + "\x00")
	var out []string
	c := b.Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		out = append(out, string(v))
	}
	return out, nil
}
