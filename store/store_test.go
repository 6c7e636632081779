package store

import (
	"errors"
	"path/filepath"
	"testing"
	"time"
)

func open(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "pbm.db")
	s, err := Open(Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

func TestUpdateIsAllOrNothing(t *testing.T) {
	s, _ := open(t)
	boom := errors.New("boom")
	err := s.Update(func(tx *Tx) error {
		if err := tx.PutUser(User{ID: "Alice"}); err != nil {
			return err
		}
		if _, err := tx.Enqueue(Mail{To: "a@x.test"}); err != nil {
			return err
		}
		if err := tx.MarkProcessed(IDDigest("m1"), Processed{Outcome: "ok"}); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatal(err)
	}
	s.View(func(tx *Tx) error {
		if _, err := tx.User("alice"); !errors.Is(err, ErrNotFound) {
			t.Errorf("user kept after rollback: %v", err)
		}
		if tx.OutboxLen() != 0 {
			t.Error("mail kept after rollback")
		}
		if _, done, _ := tx.Processed(IDDigest("m1")); done {
			t.Error("processed mark kept after rollback")
		}
		return nil
	})
}

func TestUsersBoardsCounters(t *testing.T) {
	s, _ := open(t)
	err := s.Update(func(tx *Tx) error {
		tx.PutUser(User{ID: "Bob", Addresses: []string{"b@x.test"}})
		tx.PutUser(User{ID: "alice"})
		for i := 0; i < 3; i++ {
			n, err := tx.NextBoardNumber("nim")
			if err != nil {
				return err
			}
			if n != 101+i {
				t.Errorf("board number %d, want %d", n, 101+i)
			}
			tx.PutBoard(Board{Game: "nim", Number: n, Log: []Entry{{Seat: 0, Move: "take1"}}})
		}
		if n, _ := tx.NextBoardNumber("other"); n != 101 {
			t.Errorf("other game starts at %d", n)
		}
		return tx.PutBoard(Board{Game: "other", Number: 101})
	})
	if err != nil {
		t.Fatal(err)
	}
	s.View(func(tx *Tx) error {
		u, err := tx.User("BOB")
		if err != nil || u.ID != "Bob" || u.Addresses[0] != "b@x.test" {
			t.Errorf("user by other case: %+v %v", u, err)
		}
		users, _ := tx.Users()
		if len(users) != 2 || users[0].ID != "alice" {
			t.Errorf("users %+v", users)
		}
		nim, _ := tx.Boards("nim")
		all, _ := tx.Boards("")
		if len(nim) != 3 || len(all) != 4 || nim[2].Number != 103 || nim[0].Log[0].Move != "take1" {
			t.Errorf("boards: %d nim, %d all", len(nim), len(all))
		}
		return nil
	})
}

func TestOutboxLifecycle(t *testing.T) {
	s, _ := open(t)
	var a, b, c uint64
	s.Update(func(tx *Tx) error {
		a, _ = tx.Enqueue(Mail{To: "a@x.test", MessageID: "id-a"})
		b, _ = tx.Enqueue(Mail{To: "b@x.test"})
		c, _ = tx.Enqueue(Mail{To: "c@x.test"})
		return nil
	})
	next := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	err := s.Update(func(tx *Tx) error {
		if err := tx.Delivered(a); err != nil {
			return err
		}
		if err := tx.Defer(b, next, "451 later"); err != nil {
			return err
		}
		m, err := tx.Fail(c, "550 no such user")
		if err != nil || m.To != "c@x.test" || m.Attempts != 1 {
			t.Errorf("fail: %+v %v", m, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	s.View(func(tx *Tx) error {
		out, _ := tx.Outbox()
		if len(out) != 1 || out[0].Seq != b || out[0].Attempts != 1 || !out[0].NextTry.Equal(next) || out[0].LastError != "451 later" {
			t.Errorf("outbox %+v", out)
		}
		failed, _ := tx.FailedMail()
		if len(failed) != 1 || failed[0].LastError != "550 no such user" {
			t.Errorf("failed %+v", failed)
		}
		if err := tx.Defer(a, next, "x"); !errors.Is(err, ErrNotFound) {
			t.Errorf("defer of a delivered mail: %v", err)
		}
		return nil
	})
}

func TestSecondOpenFailsFastAndBackup(t *testing.T) {
	s, path := open(t)
	s.Update(func(tx *Tx) error { return tx.PutUser(User{ID: "alice"}) })
	if _, err := Open(Config{Path: path, Timeout: 100 * time.Millisecond}); err == nil {
		t.Fatal("a second open of a locked database succeeded")
	}
	bk := filepath.Join(t.TempDir(), "copy.db")
	if n, err := s.Backup(bk); err != nil || n == 0 {
		t.Fatalf("backup: %d %v", n, err)
	}
	c, err := Open(Config{Path: bk})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.View(func(tx *Tx) error {
		if _, err := tx.User("alice"); err != nil {
			t.Errorf("backup lacks alice: %v", err)
		}
		return nil
	})
}
