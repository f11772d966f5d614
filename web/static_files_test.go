package web_test

import (
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/baton-dev/baton/static"
	"github.com/baton-dev/baton/web/webtest"
)

// TestStaticFilesCacheCompressAndAnswerHEAD: a page links its styles and
// scripts by content-hashed URL; such a URL may be cached for a year, any
// other revalidates (304 on its ETag or Last-Modified); text goes gzipped
// to a browser that accepts it; HEAD answers like GET without a body.
func TestStaticFilesCacheCompressAndAnswerHEAD(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		b := a.SignIn("ada")
		doc, _ := b.Get("/sessions")
		css := doc.Find(`link[rel=stylesheet][href^="/static/css/baton.css"]`).AttrOr("href", "")
		if css != static.URL("css/baton.css") || !strings.Contains(css, "?v=") {
			t.Fatalf("stylesheet linked as %q, want its hashed URL", css)
		}
		if doc.Find(`script[src^="/static/vendor/htmx.min.js?v="]`).Length() != 1 {
			t.Error("htmx is not linked by its hashed URL")
		}
		do := func(method, path string, header map[string]string) *http.Response {
			req, _ := http.NewRequest(method, a.Srv.URL+path, nil)
			for k, v := range header {
				req.Header.Set(k, v)
			}
			// The transport would add and undo gzip itself; ask explicitly.
			resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { resp.Body.Close() })
			return resp
		}
		hashed := do("GET", css, map[string]string{"Accept-Encoding": "gzip, br"})
		if hashed.StatusCode != 200 || hashed.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" ||
			hashed.Header.Get("Content-Encoding") != "gzip" || !strings.HasPrefix(hashed.Header.Get("Content-Type"), "text/css") {
			t.Fatalf("hashed css: %d, %v", hashed.StatusCode, hashed.Header)
		}
		zr, err := gzip.NewReader(hashed.Body)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(zr)
		if !strings.Contains(string(body), "--color-text") {
			t.Error("gzipped body is not the stylesheet")
		}
		plain := do("GET", "/static/css/baton.css", nil)
		etag, modified := plain.Header.Get("ETag"), plain.Header.Get("Last-Modified")
		if plain.StatusCode != 200 || plain.Header.Get("Cache-Control") != "public, no-cache" || etag == "" || modified == "" || plain.Header.Get("Content-Encoding") != "" {
			t.Fatalf("unversioned css: %d, %v", plain.StatusCode, plain.Header)
		}
		if r := do("GET", "/static/css/baton.css", map[string]string{"If-None-Match": etag}); r.StatusCode != http.StatusNotModified {
			t.Errorf("If-None-Match = %d, want 304", r.StatusCode)
		}
		if r := do("GET", "/static/css/baton.css", map[string]string{"If-Modified-Since": modified}); r.StatusCode != http.StatusNotModified {
			t.Errorf("If-Modified-Since = %d, want 304", r.StatusCode)
		}
		head := do("HEAD", "/static/vendor/htmx.min.js", nil)
		if head.StatusCode != 200 || head.Header.Get("ETag") == "" || !strings.Contains(head.Header.Get("Content-Type"), "javascript") {
			t.Errorf("HEAD = %d, %v", head.StatusCode, head.Header)
		}
		if n, _ := io.Copy(io.Discard, head.Body); n != 0 {
			t.Errorf("HEAD sent %d bytes of body", n)
		}
		if r := do("HEAD", "/static/chroma.css", nil); r.StatusCode != 200 || r.Header.Get("ETag") == "" {
			t.Errorf("HEAD chroma.css = %d", r.StatusCode)
		}
		if r := do("GET", "/static/css/nope.css", nil); r.StatusCode != 404 {
			t.Errorf("missing file = %d", r.StatusCode)
		}
	})
}
