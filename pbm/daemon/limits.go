package daemon

import (
	"log/slog"
	"math"
	"syscall"
)

// The descriptor budget. Every open connection of the web site and of
// LMTP holds one file descriptor of the process; so do the store, the
// IMAP intake, each delivery of the outbox, the embedded mail servers,
// the key file and the log. Were the site allowed every descriptor,
// a crowd of idle browsers would make the mail fail (accept, dial and
// open all return EMFILE). So the site and LMTP each get a cap taken
// from the process's limit, and a reserve is kept beyond both that
// only the mail path uses.
const (
	// minReserve and maxReserve bound the descriptors kept for the
	// mail path: a quarter of the limit between the two.
	minReserve = 64
	maxReserve = 1024
	// defaultMaxWeb is the web site's cap on a host with descriptors
	// to spare: each connection costs memory too (about 17 KB idle,
	// more while a page is drawn), and a play-by-email site has few
	// readers at once.
	defaultMaxWeb = 4096
	// defaultMaxLMTP is LMTP's cap: the local MTA opens a handful of
	// connections (Postfix's default_destination_concurrency_limit
	// is 20), and one beyond the cap waits in the listen backlog.
	defaultMaxLMTP = 100
)

// connCaps is how the descriptors are shared out.
type connCaps struct {
	Limit   int // the process's RLIMIT_NOFILE (soft)
	Reserve int // kept for the store, the intake, the outbox and the rest
	Web     int // open connections of the web site at most
	LMTP    int // open LMTP connections at most
}

// fileLimit is the process's soft limit on open files. Go raises the
// soft limit to the hard one for itself at start (syscall's init,
// since Go 1.19), so this is what the process may really open; a hard
// limit set low (systemd's LimitNOFILE=, prlimit) is respected.
func fileLimit() int {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil || lim.Cur == 0 {
		return 1024 // the usual default when it cannot be read
	}
	if lim.Cur > math.MaxInt32 { // RLIM_INFINITY or close to it
		return math.MaxInt32
	}
	return int(lim.Cur)
}

// shareDescriptors derives the caps from the descriptor limit: a
// reserve of a quarter of the limit (between minReserve and
// maxReserve) for the mail path, LMTP's cap from the rest (an eighth
// of it, defaultMaxLMTP at most) when LMTP listens, and the web site's
// from what is left (defaultMaxWeb at most). A cap configured (web or
// lmtp above zero) replaces the derived one but is lowered, with a
// warning, where it would eat into the reserve.
func shareDescriptors(limit, web, lmtp int, lmtpOn bool, log *slog.Logger) connCaps {
	c := connCaps{Limit: limit}
	c.Reserve = min(max(limit/4, minReserve), maxReserve)
	budget := limit - c.Reserve
	if budget < 2 {
		// A limit under about 66: half for the connections, half
		// for the rest.
		c.Reserve = limit / 2
		budget = max(limit-c.Reserve, 2)
	}
	if lmtpOn {
		c.LMTP = min(max(budget/8, 1), defaultMaxLMTP)
		if lmtp > 0 {
			c.LMTP = lmtp
			if most := max(budget/2, 1); lmtp > most {
				c.LMTP = most
				log.Warn("lmtp.maxconnections lowered to keep descriptors for the mail and the web site; raise the process's file limit (LimitNOFILE=) to allow more",
					"configured", lmtp, "cap", most, "file_limit", limit)
			}
		}
	}
	left := max(budget-c.LMTP, 1)
	c.Web = min(left, defaultMaxWeb)
	if web > 0 {
		c.Web = web
		if web > left {
			c.Web = left
			log.Warn("web.maxconnections lowered to keep descriptors for the mail; raise the process's file limit (LimitNOFILE=) to allow more",
				"configured", web, "cap", left, "file_limit", limit)
		}
	}
	return c
}
