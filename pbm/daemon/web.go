package daemon

import (
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"golang.org/x/net/netutil"

	"github.com/pbmgo/pbm/pbm/web"
	"github.com/pbmgo/pbm/store"
)

// DefaultWebIdleTimeout is how long a keep-alive connection to the web
// site may wait for its next request when web.idletimeout is zero.
const DefaultWebIdleTimeout = time.Minute

// webSite is the running read-only web site.
type webSite struct {
	addr string
	srv  *http.Server
	shed *shedder
}

// startWeb serves pbm/web on cfg.Web.Listen with at most maxConns
// connections open at once. A site that cannot listen stops the start,
// naming web.listen: the operator asked for it (empty leaves it off).
//
// Every connection holds a file descriptor, so none may be held for
// ever: a request must arrive whole within ReadTimeout (the site takes
// no request body), its answer go out within WriteTimeout, and a
// keep-alive connection is closed after IdleTimeout without a request.
// Past maxConns the listener accepts no more (netutil.LimitListener):
// a new connection waits in the kernel's listen backlog, holding no
// descriptor of the process, until one closes; and while the site is
// full, idle connections are closed at once to make room (shedder).
func startWeb(cfg Config, st *store.Store, maxConns int, log *slog.Logger) (*webSite, error) {
	if cfg.Web.Listen == "" || cfg.Games == nil {
		return nil, nil
	}
	ln, err := net.Listen("tcp", cfg.Web.Listen)
	if err != nil {
		return nil, fmt.Errorf("daemon: web.listen %q: the web site cannot listen: %w; set another host:port, or empty for no web site", cfg.Web.Listen, err)
	}
	idle := cfg.Web.IdleTimeout
	if idle <= 0 {
		idle = DefaultWebIdleTimeout
	}
	w := &webSite{addr: ln.Addr().String(), srv: &http.Server{
		Handler:           web.New(st, cfg.Games, web.Options{Address: cfg.Server.Address, Name: cfg.Server.Name, Now: cfg.Now}),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       idle,
		// The site reads a path and a few headers (If-None-Match):
		// 32 KiB is plenty, where the default would let each
		// connection hold 1 MiB of header.
		MaxHeaderBytes: 32 << 10,
		ErrorLog:       slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}}
	w.shed = &shedder{srv: w.srv, max: maxConns, log: log}
	w.srv.ConnState = w.shed.connState
	go w.srv.Serve(w.shed.listen(netutil.LimitListener(ln, maxConns)))
	log.Info("web site", "url", "http://"+w.addr+"/", "max_connections", maxConns, "idle_timeout", idle)
	return w, nil
}

func (w *webSite) close() error { return w.srv.Close() }

// shedder turns keep-alive off while the site holds its cap of
// connections: idle ones are closed at once (http.Server's
// SetKeepAlivesEnabled(false) closes the idle connections, and those
// that have sent no request for 5 seconds), and each answer closes its
// connection, so that a reader waiting in the backlog gets in soon
// rather than after IdleTimeout. Keep-alive comes back once half the
// cap is free. It counts the connections itself, as its listener
// accepts them and as they close: the server's ConnState reports a
// close only after the next connection may have been accepted.
type shedder struct {
	srv *http.Server
	max int
	log *slog.Logger

	// counts has its own lock: SetKeepAlivesEnabled, called under
	// mu, closes connections, which count themselves.
	counts struct {
		sync.Mutex
		open, peak int
	}
	mu       sync.Mutex
	shedding bool
	warned   time.Time
}

// listen wraps ln so that the shedder counts its connections.
func (s *shedder) listen(ln net.Listener) net.Listener { return countedListener{ln, s} }

type countedListener struct {
	net.Listener
	s *shedder
}

func (l countedListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	n := &l.s.counts
	n.Lock()
	n.open++
	n.peak = max(n.peak, n.open)
	n.Unlock()
	return &countedConn{Conn: c, s: l.s}, nil
}

type countedConn struct {
	net.Conn
	s    *shedder
	once sync.Once
}

func (c *countedConn) Close() error {
	c.once.Do(func() {
		c.s.counts.Lock()
		c.s.counts.open--
		c.s.counts.Unlock()
	})
	return c.Conn.Close()
}

func (s *shedder) connState(_ net.Conn, state http.ConnState) {
	s.mu.Lock()
	defer s.mu.Unlock()
	open, _ := s.openPeak()
	switch state {
	case http.StateNew:
		if open < s.max {
			return
		}
		// Each new connection at the cap closes whatever fell idle
		// since: the listener lets the next one in as each closes.
		// Under s.mu, so that an enable cannot overtake it; the
		// closes it makes count themselves in their own goroutines.
		s.srv.SetKeepAlivesEnabled(false)
		if !s.shedding {
			s.shedding = true
			if time.Since(s.warned) > time.Minute {
				s.warned = time.Now()
				s.log.Warn("web site at its connection cap: idle connections closed and keep-alive off until half are free",
					"max_connections", s.max)
			}
		}
	case http.StateClosed, http.StateHijacked:
		if s.shedding && open <= s.max/2 {
			s.shedding = false
			s.srv.SetKeepAlivesEnabled(true)
		}
	}
}

// openPeak is the connections open now and the most open at once.
func (s *shedder) openPeak() (open, peak int) {
	s.counts.Lock()
	defer s.counts.Unlock()
	return s.counts.open, s.counts.peak
}
