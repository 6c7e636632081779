package guard

import (
	"strings"
	"testing"
	"time"

	"github.com/pbmgo/pbm/pbm/lang"
	"github.com/pbmgo/pbm/pbm/storetest"
	"github.com/pbmgo/pbm/store"
)

// TestSetAsideList: the list counts the set-aside mails and gives each
// its number, sender, subject and reason, put through the trimmer.
func TestSetAsideList(t *testing.T) {
	st := storetest.Open(t)
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	upper := func(s string) string { return strings.ToUpper(s) }
	text := func() string {
		var b strings.Builder
		st.View(func(tx *store.Tx) error {
			ms, err := SetAsideList(tx, upper)
			if err != nil {
				t.Fatal(err)
			}
			b.WriteString(lang.English().Join(ms))
			return nil
		})
		return b.String()
	}
	if got := text(); !strings.HasPrefix(got, "0 set-aside mails:") {
		t.Errorf("empty list %q", got)
	}
	for i, subj := range []string{"list", "show"} {
		m := message(t, subj+"@client.test", "")
		err := st.Update(func(tx *store.Tx) error {
			_, err := SetAside(tx, store.SetAside{MessageID: m.ID, Key: m.Key, From: m.From, Subject: subj, Raw: []byte("x"), Reason: "panic", At: now.Add(time.Duration(i) * time.Hour), Start: 1})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	got := text()
	for _, want := range []string{"2 set-aside mails:\n", "     1  ", "     2  ", `subject "LIST"`, `subject "SHOW"`, "set aside 1 times: PANIC"} {
		if !strings.Contains(got, want) {
			t.Errorf("list lacks %q:\n%s", want, got)
		}
	}
}
