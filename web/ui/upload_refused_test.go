package ui_test

import (
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/web/webtest"
)

// stalledUpload starts a multipart upload to /import whose first part is
// the CSRF token and whose file part never ends: the body stalls after
// its first kilobyte. It returns the answer, or nil when none came while
// the body was held open (the server waited to read it all).
func stalledUpload(t *testing.T, b *webtest.Browser, csrf string) *http.Response {
	t.Helper()
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		_ = mw.WriteField("_csrf", csrf)
		f, _ := mw.CreateFormFile("files", "big.json")
		_, _ = f.Write([]byte(strings.Repeat("x", 1024)))
		// Held open: the rest of the file never comes until the test ends.
	}()
	t.Cleanup(func() { pw.CloseWithError(io.ErrUnexpectedEOF) })
	req, _ := http.NewRequest("POST", b.A.Srv.URL+"/import", pr)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	answered := make(chan *http.Response, 1)
	go func() {
		resp, err := b.Client.Do(req)
		if err != nil {
			answered <- nil
			return
		}
		answered <- resp
	}()
	select {
	case resp := <-answered:
		return resp
	case <-time.After(20 * time.Second):
		return nil
	}
}

// An upload is refused before its body is read: without a cookie, or with
// a wrong CSRF token, /import answers 403 while the file part is still
// arriving (the whole body was parsed to temporary files first). Against
// the real server socket; nothing lands in the temporary folder.
func TestUploadRefusedBeforeItsBodyIsRead(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		for _, c := range []struct {
			name string
			b    *webtest.Browser
			csrf string
		}{
			{"no cookie, no token", a.Anonymous(), ""},
			{"signed in, wrong token", a.SignIn("ada"), "not-the-token"},
		} {
			resp := stalledUpload(t, c.b, c.csrf)
			if resp == nil {
				t.Fatalf("%s: no answer while the upload was arriving: the body is read before it is refused", c.name)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusForbidden {
				t.Errorf("%s: %d, want 403", c.name, resp.StatusCode)
			}
		}
		if left, _ := os.ReadDir(tmp); len(left) != 0 {
			t.Errorf("temporary files left: %v", left)
		}
	})
}

// With a valid token the upload is streamed with its size limit applied as
// it arrives (MaxUploadBytes is 1 MB in tests; no Content-Length to check
// in advance): a 3 MB file is refused with 400 naming the limit, and no
// part of it is written to disk.
func TestUploadLimitAppliedAsItStreams(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		ada := a.SignIn("ada")
		pr, pw := io.Pipe()
		mw := multipart.NewWriter(pw)
		go func() {
			_ = mw.WriteField("_csrf", ada.CSRF)
			f, _ := mw.CreateFormFile("files", "big.json")
			chunk := []byte(strings.Repeat("y", 64<<10))
			for range 48 {
				if _, err := f.Write(chunk); err != nil {
					break
				}
			}
			_ = mw.Close()
			_ = pw.Close()
		}()
		req, _ := http.NewRequest("POST", a.Srv.URL+"/import", pr)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		resp, err := ada.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		pw.CloseWithError(io.ErrClosedPipe)
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "1 MB") {
			t.Errorf("oversized upload = %d", resp.StatusCode)
		}
		if left, _ := os.ReadDir(tmp); len(left) != 0 {
			t.Errorf("temporary files left: %v", left)
		}
	})
}
