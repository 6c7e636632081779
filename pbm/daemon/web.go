package daemon

import (
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/pbmgo/pbm/pbm/web"
	"github.com/pbmgo/pbm/store"
)

// webSite is the running read-only web site.
type webSite struct {
	addr string
	srv  *http.Server
}

// startWeb serves pbm/web on cfg.Web.Listen. A site that cannot listen
// is logged and left off: the mail intake matters more.
func startWeb(cfg Config, st *store.Store, log *slog.Logger) *webSite {
	if cfg.Web.Listen == "" || cfg.Games == nil {
		return nil
	}
	ln, err := net.Listen("tcp", cfg.Web.Listen)
	if err != nil {
		log.Error("web site off: cannot listen", "addr", cfg.Web.Listen, "err", err)
		return nil
	}
	w := &webSite{addr: ln.Addr().String(), srv: &http.Server{
		Handler:           web.New(st, cfg.Games, web.Options{Address: cfg.Server.Address, Name: cfg.Server.Name}),
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      30 * time.Second,
	}}
	go w.srv.Serve(ln)
	log.Info("web site", "url", "http://"+w.addr+"/")
	return w
}

func (w *webSite) close() error { return w.srv.Close() }
