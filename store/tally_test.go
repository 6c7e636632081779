package store

import "testing"

// A tally counts within its transaction and starts again in the next.
func TestTallyLivesWithTheTransaction(t *testing.T) {
	s, _ := open(t)
	if err := s.Update(func(tx *Tx) error {
		if n := tx.Tally("boards", 0); n != 0 {
			t.Errorf("fresh tally %d", n)
		}
		tx.Tally("boards", 3)
		if n := tx.Tally("boards", 2); n != 5 {
			t.Errorf("tally %d, want 5", n)
		}
		if n := tx.Tally("other", 0); n != 0 {
			t.Errorf("another kind %d, want 0", n)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.Update(func(tx *Tx) error {
		if n := tx.Tally("boards", 0); n != 0 {
			t.Errorf("next transaction's tally %d, want 0", n)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}
