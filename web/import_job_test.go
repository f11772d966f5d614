package web_test

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/web"
)

// multiDocumentNDJSON is a structured file of n documents, document i
// with i+2 messages.
func multiDocumentNDJSON(n int) (string, int) {
	var lines []string
	msgs := 0
	for i := range n {
		var turns []string
		for m := range i + 2 {
			speaker := []string{"Alice", "Bob"}[m%2]
			turns = append(turns, fmt.Sprintf(`{"speaker": %q, "content": "Message %d of chat %d about lunch.", "time": "2024-01-15T12:%02d:00Z"}`, speaker, m, i, m))
			msgs++
		}
		lines = append(lines, fmt.Sprintf(`{"id": "chat_%d", "conversation": {"source": "messaging_app", "people": ["Alice", "Bob"], "user": "Alice", "conversation": [%s]}}`, i, strings.Join(turns, ", ")))
	}
	return strings.Join(lines, "\n"), msgs
}

// htmxUpload posts files to /import as htmx does.
func (b *browser) htmxUpload(files map[string]string) *goquery.Document {
	b.a.t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	_ = w.WriteField("_csrf", b.csrf)
	for name, content := range files {
		fw, _ := w.CreateFormFile("files", name)
		_, _ = fw.Write([]byte(content))
	}
	w.Close()
	req, _ := http.NewRequest("POST", b.a.srv.URL+"/import", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("HX-Request", "true")
	resp, err := b.client.Do(req)
	if err != nil {
		b.a.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		raw, _ := io.ReadAll(resp.Body)
		b.a.t.Fatalf("upload = %d: %s", resp.StatusCode, raw)
	}
	doc, _ := goquery.NewDocumentFromReader(resp.Body)
	return doc
}

// poll asks for a job as the page's htmx poll does.
func (b *browser) poll(path string) (int, *goquery.Document) {
	b.a.t.Helper()
	req, _ := http.NewRequest("GET", b.a.srv.URL+path, nil)
	req.Header.Set("HX-Request", "true")
	resp, err := b.client.Do(req)
	if err != nil {
		b.a.t.Fatal(err)
	}
	defer resp.Body.Close()
	doc, _ := goquery.NewDocumentFromReader(resp.Body)
	return resp.StatusCode, doc
}

// pollProgress asks for a job that is still running.
func (b *browser) pollProgress(path string) *goquery.Document {
	b.a.t.Helper()
	code, doc := b.poll(path)
	if code != http.StatusOK || doc.Find("section#import-results[hx-get]").Length() != 1 {
		b.a.t.Fatalf("poll = %d, want the progress region: %s", code, doc.Text())
	}
	return doc
}

// TestImportJobReportsProgressThenResults uploads a file of three
// documents through htmx, holds the import before it reads the file (the
// progress says it is reading, not "0 of 0") and after each document, and sees
// the job's progress advance in documents and messages with a rate, then
// the results; another steward's poll of the job is not found.
func TestImportJobReportsProgressThenResults(t *testing.T) {
	eachApp(t, func(t *testing.T, a *app) {
		// A server of its own, whose imports wait for the test after each document.
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		reached, release := make(chan struct{}), make(chan struct{})
		srv := web.NewServer(a.st, ingest.New(a.st), "test-secret", log, web.Config{MaxUploadBytes: 1 << 20,
			ImportStep: func() { reached <- struct{}{}; <-release }})
		var mu sync.Mutex
		now := time.Date(2026, 11, 23, 14, 0, 0, 0, time.UTC)
		srv.SetClock(func() time.Time { mu.Lock(); defer mu.Unlock(); return now })
		tick := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
		a.srv.Close()
		a.srv = httptest.NewServer(srv)
		t.Cleanup(a.srv.Close)

		ada, bob := a.signIn("ada"), a.signIn("bob")
		file, total := multiDocumentNDJSON(3) // 2 + 3 + 4 messages
		started := ada.htmxUpload(map[string]string{"chats.ndjson": file})
		region := started.Find("section#import-results[hx-get]")
		path, _ := region.Attr("hx-get")
		if trigger, _ := region.Attr("hx-trigger"); !strings.HasPrefix(path, "/import/jobs/") || trigger != "every 700ms" {
			t.Fatalf("the upload answered no polling progress region: hx-get %q, hx-trigger %q: %s", path, trigger, started.Text())
		}

		// Held before the file is read: no totals yet, and the page says
		// it is reading the file rather than "0 of 0".
		<-reached
		for _, doc := range []*goquery.Document{started, ada.pollProgress(path)} {
			if doc.Find(".import-job-reading").Length() != 1 || doc.Find(".import-job-docs, .import-job-msgs").Length() != 0 {
				t.Errorf("before the file is read, the progress shows: %q", strings.Join(strings.Fields(doc.Find("#import-results").Text()), " "))
			}
		}
		release <- struct{}{}

		progress := func() (docs, msgs, rate string) {
			t.Helper()
			doc := ada.pollProgress(path)
			if doc.Find(".import-job-reading").Length() != 0 {
				t.Errorf("the progress still says it is reading the file: %s", doc.Text())
			}
			docs = doc.Find(".import-job-docs-done").Text() + "/" + doc.Find(".import-job-docs-total").Text()
			msgs = doc.Find(".import-job-msgs-done").Text() + "/" + doc.Find(".import-job-msgs-total").Text()
			return docs, msgs, doc.Find(".import-job-rate").Text()
		}
		wantTotal := fmt.Sprint(total)
		for i, want := range []struct{ docs, msgs, rate string }{
			{"1/3", "2/" + wantTotal, "1.0"}, // 2 messages in 2 s
			{"2/3", "5/" + wantTotal, "1.2"}, // 5 in 4 s
			{"3/3", "9/" + wantTotal, "1.5"}, // 9 in 6 s
		} {
			<-reached // the import holds after document i+1
			tick(2 * time.Second)
			if docs, msgs, rate := progress(); docs != want.docs || msgs != want.msgs || rate != want.rate {
				t.Errorf("after document %d: documents %s, messages %s, rate %s msgs/s; want %s, %s, %s", i+1, docs, msgs, rate, want.docs, want.msgs, want.rate)
			}
			if code, doc := bob.poll(path); code != http.StatusNotFound || strings.Contains(doc.Text(), "chat_0") {
				t.Errorf("another steward's poll of the job = %d, want 404", code)
			}
			release <- struct{}{}
		}

		// The job finishes on its own once released; the poll then answers
		// the results, marked to be scrolled into view, and stops polling.
		var results *goquery.Document
		for range 500 {
			code, doc := ada.poll(path)
			if code != http.StatusOK {
				t.Fatalf("poll = %d", code)
			}
			if doc.Find("section#import-results[data-import-finished]").Length() == 1 {
				results = doc
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		if results == nil {
			t.Fatal("the job never answered its results")
		}
		if results.Find("section#import-results[hx-get]").Length() != 0 {
			t.Error("the results still poll")
		}
		if n := results.Find("tbody tr.import-stored").Length(); n != 3 {
			t.Errorf("%d documents stored, want 3: %s", n, results.Find("#import-results").Text())
		}
		if code, again := ada.poll(path); code != http.StatusOK || again.Find("tbody tr.import-stored").Length() != 3 {
			t.Errorf("asked again, the finished job = %d: %s", code, again.Text())
		}
		if code, _ := bob.poll(path); code != http.StatusNotFound {
			t.Errorf("another steward's poll of the finished job = %d, want 404", code)
		}
	})
}

// finishedImportJob uploads a one-document file as b through htmx, waits
// for its import job to finish, and returns the job's id.
func finishedImportJob(t *testing.T, b *browser) string {
	t.Helper()
	file, _ := multiDocumentNDJSON(1)
	path, _ := b.htmxUpload(map[string]string{"chat.ndjson": file}).Find("section#import-results[hx-get]").Attr("hx-get")
	for range 500 {
		if code, doc := b.poll(path); code == http.StatusOK && doc.Find("section#import-results[data-import-finished]").Length() == 1 {
			return strings.TrimPrefix(path, "/import/jobs/")
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the import job %s never finished", path)
	return ""
}
