package web_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/baton-dev/baton/web"
	"github.com/baton-dev/baton/web/webtest"
)

// smallSendBuffers accepts connections with a small kernel send buffer, so
// an answer the client does not read stalls the server's write after a
// few kilobytes rather than after megabytes.
type smallSendBuffers struct{ net.Listener }

func (l smallSendBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetWriteBuffer(4096)
	}
	return c, err
}

// stalledDownload sends GET path with b's cookies on a connection with a
// small receive window, reads the answer's status line (the handler is
// writing) and then never reads again. The connection closes with the test.
func stalledDownload(t *testing.T, base string, b *webtest.Browser, path string) {
	t.Helper()
	u, _ := url.Parse(base)
	d := net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
		return rc.Control(func(fd uintptr) {
			_ = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096)
		})
	}}
	conn, err := d.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	var cookies []string
	for _, c := range b.Client.Jar.Cookies(u) {
		cookies = append(cookies, c.Name+"="+c.Value)
	}
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\n\r\n", path, u.Host, strings.Join(cookies, "; "))
	_ = conn.SetReadDeadline(time.Now().Add(60 * time.Second)) // hang guard
	line, err := bufio.NewReaderSize(conn, 16).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "HTTP/1.1 200") {
		t.Fatalf("%s: %q %v", path, line, err)
	}
}

// Downloads whose client never reads hold no page slot: with four slots,
// four such downloads of ada's frames and annotations leave bob's
// /sessions and ada's own answering (they waited for the write timeout).
// Against the real server socket, with the exports far larger than the
// connections' buffers.
func TestSlowReadersDoNotHoldPageSlots(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		ctx := context.Background()
		var batch []*baton.Frame
		caption := strings.Repeat("a long caption ", 60)
		for i := range 1500 {
			fr, err := frames.Parse([]byte(fmt.Sprintf(`{"id":"slow-%04d","timestamp":"2026-02-03T10:05:00Z","branch":"main",`+
				`"module_scope":["web"],"summary_caption":%q,"reference_point":"r","status_snapshot":{"next_action":"n"}}`, i, caption)))
			if err != nil {
				t.Fatal(err)
			}
			batch = append(batch, fr)
		}
		if _, err := a.St.CreateFrames(ctx, a.Ada.ID, batch); err != nil {
			t.Fatal(err)
		}
		// And annotations for the review exports, as large.
		var sess baton.Session
		if code := a.API(a.AdaToken, "POST", "/api/v1/sessions", `{"title":"annotated"}`, &sess); code != http.StatusCreated {
			t.Fatalf("session = %d", code)
		}
		var notes []*baton.Annotation
		for range 1200 {
			notes = append(notes, &baton.Annotation{Kind: baton.AnnotationComment, Note: caption})
		}
		if err := a.St.AddAnnotations(ctx, a.Ada.ID, sess.ID, 0, notes); err != nil {
			t.Fatal(err)
		}
		a.Srv.Close()
		ts := httptest.NewUnstartedServer(webtest.Server(a.St,
			slog.New(slog.NewTextHandler(io.Discard, nil)), web.Config{MaxUploadBytes: 1 << 20, PageSlots: 4}))
		ts.Listener = smallSendBuffers{ts.Listener}
		ts.Start()
		t.Cleanup(ts.Close)
		a.Srv = ts

		ada, bob := a.SignIn("ada"), a.SignIn("bob")
		for _, path := range []string{"/frames/export.ndjson", "/review/export.csv", "/review/export.json", "/frames/export.json"} {
			stalledDownload(t, ts.URL, ada, path)
		}
		for name, b := range map[string]*webtest.Browser{"bob": bob, "ada": ada} {
			ctx, cancel := context.WithTimeout(ctx, 60*time.Second) // hang guard only
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, ts.URL+"/sessions", nil)
			resp, err := b.Client.Do(req)
			cancel()
			if err != nil {
				t.Fatalf("%s's /sessions got no answer while four downloads stalled: %v", name, err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Errorf("%s's /sessions: %d", name, resp.StatusCode)
			}
		}
	})
}
