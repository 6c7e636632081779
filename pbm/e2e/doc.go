// Package e2e proves the server end to end against a real IMAP server,
// and under faults.
//
// The tests start Debian's Dovecot 2.3 in the foreground on free
// loopback ports (a plain listener that offers STARTTLS, and an
// implicit-TLS listener), with a test CA and a server certificate
// generated in Go, a static passdb (every user, one password) and
// maildirs in a temporary directory. An SMTP relay in the test binary
// (go-smtp) delivers every mail it accepts into the recipient's Dovecot
// mailbox by IMAP APPEND: players submit their commands through it into
// the daemon's mailbox, and the daemon sends its replies through it
// into the players' mailboxes, which the players read over IMAP.
//
// Every test runs the real pbmd binary, built once per run and
// configured only through PBM_* variables; the SMTP and disk fault
// tests shorten its retry waits (PBM_RETRY, PBM_BACKOFF). While the
// daemon runs its store is locked (bbolt's exclusive flock), so the
// tests read it after stopping the daemon with SIGTERM.
//
// Without Dovecot installed the tests are skipped with a message, unless
// PBM_E2E_DOVECOT=1 (as in CI), where a missing Dovecot is a failure.
// .ci/dovecot.sh installs it. With -short the long tests are skipped.
//
// Every test logs its figures, and the package ends with one summary
// line: "e2e: mails N, kills K, outages O, moves lost 0, doubled 0,
// replies missing 0".
package e2e
