package store

import (
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

func TestProcessedExpiresAfterItsWindow(t *testing.T) {
	st, _ := open(t)
	day := 24 * time.Hour
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	key := func(i int) Digest { return sha256.Sum256([]byte(fmt.Sprint(i))) }
	err := st.Update(func(tx *Tx) error {
		for i := 0; i < 10; i++ {
			if err := tx.MarkProcessed(key(i), Processed{At: t0, Keep: t0.Add(time.Duration(i) * day), Outcome: "1 commands"}); err != nil {
				return err
			}
		}
		// Undated: kept for good.
		return tx.MarkProcessed(key(99), Processed{At: t0, Outcome: "1 commands"})
	})
	if err != nil {
		t.Fatal(err)
	}
	st.Update(func(tx *Tx) error {
		// Entries 0..4 count from before day 5.
		n, err := tx.ExpireProcessed(t0.Add(5*day), 3)
		if err != nil || n != 3 {
			t.Errorf("first expiry removed %d, %v; want 3 (the bound)", n, err)
		}
		n, err = tx.ExpireProcessed(t0.Add(5*day), 100)
		if err != nil || n != 2 {
			t.Errorf("second expiry removed %d, %v; want 2", n, err)
		}
		for i := 0; i < 10; i++ {
			_, ok, err := tx.Processed(key(i))
			if err != nil || ok != (i >= 5) {
				t.Errorf("entry %d present %v (%v) after expiry", i, ok, err)
			}
		}
		if p, ok, _ := tx.Processed(key(5)); !ok || p.Outcome != "1 commands" || !p.At.Equal(t0) || !p.Keep.Equal(t0.Add(5*day)) {
			t.Errorf("entry 5 reads %+v", p)
		}
		if n, _ := tx.ExpireProcessed(t0.Add(10000*day), 100); n != 5 {
			t.Errorf("late expiry removed %d, want 5", n)
		}
		if _, ok, _ := tx.Processed(key(99)); !ok {
			t.Error("an undated entry expired")
		}
		if c := tx.ProcessedCount(); c != 1 {
			t.Errorf("count %d, want 1", c)
		}
		return nil
	})
}

func TestProcessedEntryIsSmall(t *testing.T) {
	v := encodeProcessed(Processed{At: time.Now(), Keep: time.Now(), Outcome: "ignored: " + string(make([]byte, 300))})
	if len(v) > 16+maxOutcome {
		t.Errorf("value of %d bytes", len(v))
	}
}

func TestRatesExpire(t *testing.T) {
	st, _ := open(t)
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	st.Update(func(tx *Tx) error {
		for i := 0; i < 5; i++ {
			if err := tx.PutRate(fmt.Sprintf("s%d@x.test", i), Rate{Start: t0.Add(time.Duration(i) * time.Hour), Count: 1}); err != nil {
				t.Fatal(err)
			}
		}
		// A new window for s0 moves it in the index.
		if err := tx.PutRate("S0@x.test", Rate{Start: t0.Add(10 * time.Hour), Count: 1}); err != nil {
			t.Fatal(err)
		}
		if tx.RateCount() != 5 {
			t.Errorf("rate count %d, want 5", tx.RateCount())
		}
		n, err := tx.ExpireRates(t0.Add(3*time.Hour), 100)
		if err != nil || n != 2 {
			t.Errorf("expired %d, %v; want 2 (s1, s2)", n, err)
		}
		for i, want := range []bool{true, false, false, true, true} {
			r, _ := tx.Rate(fmt.Sprintf("s%d@x.test", i))
			if (r.Count == 1) != want {
				t.Errorf("s%d present %v, want %v", i, r.Count == 1, want)
			}
		}
		if tx.RateCount() != 3 {
			t.Errorf("rate count %d, want 3", tx.RateCount())
		}
		return nil
	})
}

// A store written with Message-IDs as keys and JSON values is brought
// to digests once, keeping every entry under IDDigest.
func TestProcessedMigrates(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbm.db")
	st, err := Open(Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	err = db.Update(func(tx *bolt.Tx) error {
		for i := 0; i < 3; i++ {
			v := fmt.Sprintf(`{"at":%q,"from":"bob@players.test","outcome":"1 commands"}`, at.Format(time.RFC3339))
			if err := tx.Bucket(bProcessed).Put([]byte(fmt.Sprintf("m%d@client.test", i)), []byte(v)); err != nil {
				return err
			}
		}
		if err := tx.Bucket(bRates).Put([]byte("bob@players.test"), []byte(`{"start":"2026-03-01T00:00:00Z","count":2}`)); err != nil {
			return err
		}
		tx.Bucket(bMeta).Delete([]byte(processedV2))
		tx.Bucket(bMeta).Delete([]byte(ratesV2))
		(&Tx{tx: tx}).addCount(countProcessed, 3)
		return nil
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 2; round++ { // the second open changes nothing
		st, err = Open(Config{Path: path})
		if err != nil {
			t.Fatal(err)
		}
		st.View(func(tx *Tx) error {
			for i := 0; i < 3; i++ {
				p, ok, err := tx.Processed(IDDigest(fmt.Sprintf("m%d@client.test", i)))
				if !ok || err != nil || !p.At.Equal(at) || !p.Keep.Equal(at) || p.Outcome != "1 commands" {
					t.Errorf("round %d: m%d migrated as %+v, %v, %v", round, i, p, ok, err)
				}
			}
			if tx.ProcessedCount() != 3 || tx.RateCount() != 1-round { // round 0 expires the rate
				t.Errorf("round %d: counts %d processed, %d rates", round, tx.ProcessedCount(), tx.RateCount())
			}
			return nil
		})
		st.Update(func(tx *Tx) error {
			if n, _ := tx.ExpireRates(at.Add(time.Hour), 10); n != 1 && round == 0 {
				t.Errorf("migrated rate not indexed: expired %d", n)
			}
			return nil
		})
		st.Close()
	}
}
