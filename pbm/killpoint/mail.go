package killpoint

import (
	"os"
	"strings"
	"sync"
)

var (
	loadMail sync.Once
	poison   map[string]string // word -> action
)

// Mail is the hook on one mail, called by the core with the mail in
// hand. It does nothing unless PBM_TEST_POISON is set, which only
// tests do: "action=WORD,..." acts on every mail whose subject has
// WORD as one of its words. The actions:
//
//   - die: a Go fatal error (the unlock of an unlocked mutex), which no
//     recover catches, as a runtime crash or the OOM killer would end
//     the daemon;
//   - exit: os.Exit(3);
//   - hang: the mail never comes back (the daemon's hang report ends
//     it).
//
// Before it acts it appends "mail-<action> 1\n" to PBM_TEST_KILLLOG.
func Mail(subject string) {
	loadMail.Do(func() {
		spec := os.Getenv("PBM_TEST_POISON")
		if spec == "" {
			return
		}
		poison = map[string]string{}
		for _, kv := range strings.Split(spec, ",") {
			if action, word, ok := strings.Cut(strings.TrimSpace(kv), "="); ok && word != "" {
				poison[word] = action
			}
		}
	})
	if poison == nil {
		return
	}
	action := ""
	for _, w := range strings.Fields(subject) {
		if a, ok := poison[w]; ok {
			action = a
			break
		}
	}
	if action == "" {
		return
	}
	if log := os.Getenv("PBM_TEST_KILLLOG"); log != "" {
		if f, err := os.OpenFile(log, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600); err == nil {
			f.WriteString("mail-" + action + " 1\n")
			f.Close()
		}
	}
	switch action {
	case "die":
		var mu sync.Mutex
		mu.Unlock() // fatal error: sync: unlock of unlocked mutex
	case "exit":
		os.Exit(3)
	case "hang":
		select {}
	}
}
