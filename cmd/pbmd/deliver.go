package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/pbmgo/pbm/pbm/daemon"
	"github.com/pbmgo/pbm/pbm/lmtp"
)

// Exit codes of "pbmd deliver", from sysexits.h, as MTAs read them:
// Postfix's local(8) and pipe(8), Exim's pipe transport, procmail and
// sendmail all keep the mail and retry on EX_TEMPFAIL, and return it
// to its sender on the others.
const (
	exOK          = 0
	exDataErr     = 65 // the mail itself is refused: unreadable, too big
	exUnavailable = 69 // refused for good for another reason
	exTempFail    = 75 // try again later: the daemon is down or said 4xx
)

// deliverTimeout bounds one hand-over; MTAs give a pipe command
// longer (Postfix: command_time_limit, 1000 s).
const deliverTimeout = 2 * time.Minute

// deliver reads one mail from in and hands it to the running daemon
// over its LMTP socket (lmtp.listen), for "|pbmd deliver" in
// /etc/aliases, .forward, procmail or Postfix's pipe(8). It exits 0
// only once the daemon committed the mail. The envelope sender is the
// argument, or $SENDER (set by Postfix's local(8)), or none.
func deliver(cfg daemon.Config, args []string, in io.Reader, stderr io.Writer) int {
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "pbmd deliver: "+format+"\n", a...)
		return code
	}
	if len(args) > 1 {
		// The command line is the operator's, not the mail's: keep it.
		return fail(exTempFail, "usage: pbmd deliver [sender] < mail")
	}
	sender := os.Getenv("SENDER")
	if len(args) == 1 {
		sender = args[0]
	}
	if cfg.LMTP.Listen == "" {
		// The operator's mistake: the MTA keeps the mail until the
		// configuration names the socket.
		return fail(exTempFail, "lmtp.listen is not set in the configuration: no daemon to hand the mail to")
	}
	raw, err := io.ReadAll(io.LimitReader(in, maxSize(cfg)+1))
	if err != nil {
		return fail(exTempFail, "reading the mail: %v", err)
	}
	if int64(len(raw)) > maxSize(cfg) {
		return fail(exDataErr, "the mail is larger than %d bytes (lmtp.maxsize)", maxSize(cfg))
	}
	raw = mboxFrom(raw)
	if len(bytes.TrimSpace(raw)) == 0 {
		return fail(exDataErr, "the mail is empty")
	}
	err = lmtp.Deliver(cfg.LMTP.Listen, sender, cfg.Server.Address, raw, deliverTimeout)
	var ref *lmtp.Refusal
	switch {
	case err == nil:
		return exOK
	case errors.As(err, &ref) && ref.Temporary():
		return fail(exTempFail, "the daemon answered %v", ref)
	case errors.As(err, &ref) && (ref.Enhanced[1] == 6 || ref.Code == 552):
		// 5.6.x: the content; 552: the size (RFC 3463, RFC 5321).
		return fail(exDataErr, "the daemon refused the mail: %v", ref)
	case errors.As(err, &ref):
		return fail(exUnavailable, "the daemon refused the mail: %v", ref)
	default:
		// No answer: the daemon is down, or died before answering. A
		// mail it did commit is recognised when it comes again.
		return fail(exTempFail, "the daemon is not reachable at %s: %v", cfg.LMTP.Listen, err)
	}
}

// deliverConfigError reports a configuration that cannot be read
// (missing, unreadable, not YAML, a bad value): the operator's to fix,
// so the MTA keeps the mail (EX_TEMPFAIL) and delivers it once fixed.
func deliverConfigError(err error, stderr io.Writer) int {
	fmt.Fprintf(stderr, "pbmd deliver: %v (the mail is kept for a later try)\n", err)
	return exTempFail
}

func maxSize(cfg daemon.Config) int64 {
	if cfg.LMTP.MaxSize > 0 {
		return cfg.LMTP.MaxSize
	}
	return lmtp.DefaultMaxSize
}

// mboxFrom drops the "From sender date" line that local(8) and
// pipe(8) with flags=F put before the header (it is no header field:
// RFC 4155).
func mboxFrom(raw []byte) []byte {
	if !bytes.HasPrefix(raw, []byte("From ")) {
		return raw
	}
	if i := bytes.IndexByte(raw, '\n'); i >= 0 {
		return raw[i+1:]
	}
	return nil
}
