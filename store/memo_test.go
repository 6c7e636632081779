package store

import (
	"errors"
	"reflect"
	"testing"
	"time"
)

// fill sets every field reachable from v to a value that is not zero:
// slices and maps with one element, pointers to filled values.
func fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			v.Set(reflect.ValueOf(time.Unix(1e9, 0).UTC()))
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i))
			}
		}
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fill(s.Index(0))
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fill(k)
		fill(e)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fill(p.Elem())
		v.Set(p)
	case reflect.String:
		v.SetString("x")
	case reflect.Int, reflect.Int64:
		v.SetInt(3)
	case reflect.Uint8, reflect.Uint64:
		v.SetUint(3)
	case reflect.Bool:
		v.SetBool(true)
	}
}

// shared reports a path at which a and b share memory: the same slice
// array, map or pointer.
func shared(a, b reflect.Value, path string) string {
	switch a.Kind() {
	case reflect.Struct:
		for i := range a.NumField() {
			if a.Type().Field(i).IsExported() {
				if p := shared(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); p != "" {
					return p
				}
			}
		}
	case reflect.Slice:
		if a.Len() > 0 && a.Pointer() == b.Pointer() {
			return path
		}
		for i := range a.Len() {
			if p := shared(a.Index(i), b.Index(i), path+"[]"); p != "" {
				return p
			}
		}
	case reflect.Map:
		if !a.IsNil() && a.Pointer() == b.Pointer() {
			return path
		}
		for _, k := range a.MapKeys() {
			if p := shared(a.MapIndex(k), b.MapIndex(k), path+"{}"); p != "" {
				return p
			}
		}
	case reflect.Pointer:
		if !a.IsNil() && a.Pointer() == b.Pointer() {
			return path
		}
		if !a.IsNil() {
			return shared(a.Elem(), b.Elem(), path+"*")
		}
	}
	return ""
}

// A copy the memo hands out shares nothing with the one it keeps, for
// every field there is now or will be: a field added to Board or User
// and left out of clone fails here.
func TestCloneSharesNothing(t *testing.T) {
	checkClone(t, Board.Clone)
	checkClone(t, User.clone)
}

// checkClone fills every field of a T and checks that clone copies it
// all and shares nothing.
func checkClone[T any](t *testing.T, clone func(T) T) {
	var v T
	fill(reflect.ValueOf(&v).Elem())
	c := clone(v)
	name := reflect.TypeFor[T]().Name()
	if !reflect.DeepEqual(v, c) {
		t.Fatalf("%s clone differs:\n%+v\n%+v", name, v, c)
	}
	if p := shared(reflect.ValueOf(v), reflect.ValueOf(c), name); p != "" {
		t.Errorf("%s clone shares %s", name, p)
	}
}

var errRollBack = errors.New("roll back")

// A board read from the memo is the board stored: changing a copy, a
// write rolled back and a write committed all show in the next read
// exactly as they are in the file.
func TestMemoServesOnlyTheStoredRecord(t *testing.T) {
	s, path := open(t)
	b := Board{Game: "nim", Number: 1, Players: []string{"a", "b"}, Queued: map[string][]string{"a": {"1"}}, Log: []Entry{{Seat: 0, Move: "1"}}}
	if err := s.Update(func(tx *Tx) error { return tx.PutBoard(b) }); err != nil {
		t.Fatal(err)
	}
	read := func(s *Store) Board {
		t.Helper()
		var got Board
		if err := s.View(func(tx *Tx) (err error) { got, err = tx.Board("nim", 1); return }); err != nil {
			t.Fatal(err)
		}
		return got
	}
	// A copy changed in place changes nothing kept.
	got := read(s)
	got.Log[0].Move = "changed"
	got.Log = append(got.Log, Entry{Move: "more"})
	got.Queued["a"][0] = "changed"
	got.Players[1] = "changed"
	if again := read(s); !reflect.DeepEqual(again, b) {
		t.Fatalf("read after changing a copy: %+v", again)
	}
	// A write rolled back is not served.
	err := s.Update(func(tx *Tx) error {
		c := b.Clone()
		c.Log = append(c.Log, Entry{Seat: 1, Move: "2"})
		if err := tx.PutBoard(c); err != nil {
			return err
		}
		if in, err := tx.Board("nim", 1); err != nil || len(in.Log) != 2 {
			t.Errorf("inside the transaction: %+v %v", in, err)
		}
		return errRollBack
	})
	if !errors.Is(err, errRollBack) {
		t.Fatal(err)
	}
	if again := read(s); !reflect.DeepEqual(again, b) {
		t.Fatalf("read after a rolled-back write: %+v", again)
	}
	// A write committed is.
	c := b.Clone()
	c.Over = true
	if err := s.Update(func(tx *Tx) error { return tx.PutBoard(c) }); err != nil {
		t.Fatal(err)
	}
	if again := read(s); !again.Over {
		t.Fatalf("read after a committed write: %+v", again)
	}
	// Another opening of the file reads the same.
	s.Close()
	s2, err := Open(Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if again := read(s2); !again.Over || len(again.Log) != 1 {
		t.Fatalf("read from a new opening: %+v", again)
	}
}

// The memo holds at most its bytes.
func TestMemoBounded(t *testing.T) {
	m := newMemo(1000)
	raw := make([]byte, 100)
	for i := range 50 {
		raw[0] = byte(i)
		m.keep(string(rune('a'+i)), raw, Board{})
	}
	if m.size > 1000 || m.lru.Len() != 10 {
		t.Fatalf("memo holds %d bytes in %d records", m.size, m.lru.Len())
	}
	if _, ok := m.lookup(string(rune('a'+49)), raw); !ok {
		t.Fatal("the last record kept is not found")
	}
	if _, ok := m.lookup(string(rune('a'+49)), raw[:99]); ok {
		t.Fatal("a record found under other bytes")
	}
}
