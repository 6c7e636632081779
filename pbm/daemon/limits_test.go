package daemon

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"
)

// TestShareDescriptors: the caps leave a reserve for the mail at every
// limit, a configured cap is taken up to the reserve and lowered past
// it.
func TestShareDescriptors(t *testing.T) {
	for _, c := range []struct {
		limit, web, lmtp int
		lmtpOn           bool
		want             connCaps
	}{
		{1024, 0, 0, true, connCaps{Limit: 1024, Reserve: 256, Web: 672, LMTP: 96}},
		{2048, 0, 0, true, connCaps{Limit: 2048, Reserve: 512, Web: 1436, LMTP: 100}},
		{2048, 0, 0, false, connCaps{Limit: 2048, Reserve: 512, Web: 1536}},
		{1 << 20, 0, 0, true, connCaps{Limit: 1 << 20, Reserve: 1024, Web: 4096, LMTP: 100}},
		{256, 0, 0, true, connCaps{Limit: 256, Reserve: 64, Web: 168, LMTP: 24}},
		{40, 0, 0, true, connCaps{Limit: 40, Reserve: 20, Web: 18, LMTP: 2}},
		// Configured: taken as it is within the budget, lowered past it.
		{2048, 300, 20, true, connCaps{Limit: 2048, Reserve: 512, Web: 300, LMTP: 20}},
		{2048, 5000, 2000, true, connCaps{Limit: 2048, Reserve: 512, Web: 768, LMTP: 768}},
		{1 << 20, 20000, 0, false, connCaps{Limit: 1 << 20, Reserve: 1024, Web: 20000}},
	} {
		got := shareDescriptors(c.limit, c.web, c.lmtp, c.lmtpOn, quiet())
		if got != c.want {
			t.Errorf("limit %d, web %d, lmtp %d (on %v): %+v, want %+v", c.limit, c.web, c.lmtp, c.lmtpOn, got, c.want)
		}
		if got.Web+got.LMTP+got.Reserve > got.Limit {
			t.Errorf("limit %d: %+v takes more than the limit", c.limit, got)
		}
	}
	if l := fileLimit(); l < 64 {
		t.Errorf("file limit %d", l)
	}
}

// TestWebCrowdAtTheCap holds five times the web site's cap of
// keep-alive connections, each idle after one page: the site never
// has more than its cap open, each of the crowd is answered in turn
// (the site closes idle ones while full), and a fresh visitor is
// served; mail is answered meanwhile.
func TestWebCrowdAtTheCap(t *testing.T) {
	cfg := testConfig(t)
	cfg.Web.Listen = "127.0.0.1:0"
	cfg.Web.MaxConnections = 20
	d, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	h := &harness{t: t, mail: d.Local, d: d, cfg: cfg}
	addr := d.web.addr

	const crowd = 100
	var wg sync.WaitGroup
	answered := make(chan error, crowd)
	stop := make(chan struct{})
	for range crowd {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		wg.Add(1)
		go func() {
			defer wg.Done()
			conn.SetDeadline(time.Now().Add(5 * time.Minute))
			fmt.Fprintf(conn, "GET / HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
			r, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err == nil {
				r.Body.Close()
				if r.StatusCode != 200 {
					err = fmt.Errorf("status %s", r.Status)
				}
			}
			answered <- err
			<-stop // held open, idle, until the server closes it or the test ends
		}()
	}
	for range crowd {
		if err := <-answered; err != nil {
			t.Fatalf("a connection of the crowd: %v", err)
		}
	}
	// A fresh visitor, with the crowd still holding what it holds.
	r, err := (&http.Client{Timeout: time.Minute}).Get("http://" + addr + "/")
	if err != nil {
		t.Fatalf("a fresh visitor: %v", err)
	}
	r.Body.Close()
	h.signup("alice")
	open, peak := d.web.shed.openPeak()
	if peak > cfg.Web.MaxConnections {
		t.Errorf("%d connections open at once, cap %d", peak, cfg.Web.MaxConnections)
	}
	t.Logf("cap %d, a crowd of %d: peak %d open, %d open now", cfg.Web.MaxConnections, crowd, peak, open)
	close(stop)
	wg.Wait()
}

// TestWebIdleTimeout: a keep-alive connection to the web site that
// asks nothing more is closed after web.idletimeout, and one that
// never sends its request after the read timeouts.
func TestWebIdleTimeout(t *testing.T) {
	cfg := testConfig(t)
	cfg.Web.Listen = "127.0.0.1:0"
	cfg.Web.IdleTimeout = 300 * time.Millisecond
	d, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	conn, err := net.Dial("tcp", d.web.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(time.Minute))
	fmt.Fprintf(conn, "GET / HTTP/1.1\r\nHost: %s\r\n\r\n", d.web.addr)
	br := bufio.NewReader(conn)
	r, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, r.Body)
	r.Body.Close()
	if r.Close {
		t.Fatal("the site closes the connection after one page: no keep-alive")
	}
	idle := time.Now()
	if _, err := br.ReadByte(); err == nil {
		t.Fatal("the site sent more than its answer")
	}
	if since := time.Since(idle); since < cfg.Web.IdleTimeout/2 {
		t.Errorf("the idle connection was closed after %v, idle timeout %v", since, cfg.Web.IdleTimeout)
	}
	if open, _ := d.web.shed.openPeak(); open != 0 {
		t.Errorf("%d connections open after the idle one was closed", open)
	}
}
