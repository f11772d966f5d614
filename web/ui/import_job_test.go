package ui_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/web"
	"github.com/baton-dev/baton/web/webtest"
)

// pollProgress asks for a job that is still running.
func pollProgress(b *webtest.Browser, path string) *goquery.Document {
	b.A.T.Helper()
	code, doc := b.Poll(path)
	if code != http.StatusOK || doc.Find("section#import-results[hx-get]").Length() != 1 {
		b.A.T.Fatalf("poll = %d, want the progress region: %s", code, doc.Text())
	}
	return doc
}

// TestImportJobReportsProgressThenResults uploads a file of three
// documents through htmx, holds the import before it reads the file (the
// progress says it is reading, not "0 of 0") and after each document, and sees
// the job's progress advance in documents and messages with a rate, then
// the results; another steward's poll of the job is not found.
func TestImportJobReportsProgressThenResults(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		// A server of its own, whose imports wait for the test after each document.
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		reached, release := make(chan struct{}), make(chan struct{})
		var mu sync.Mutex
		now := time.Date(2026, 11, 23, 14, 0, 0, 0, time.UTC)
		srv := webtest.Server(a.St, log, web.Config{MaxUploadBytes: 1 << 20,
			ImportStep: func() { reached <- struct{}{}; <-release },
			Clock:      func() time.Time { mu.Lock(); defer mu.Unlock(); return now }})
		tick := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
		a.Srv.Close()
		a.Srv = httptest.NewServer(srv)
		t.Cleanup(a.Srv.Close)

		ada, bob := a.SignIn("ada"), a.SignIn("bob")
		file, total := webtest.MultiDocumentNDJSON(3) // 2 + 3 + 4 messages
		started := ada.HTMXUpload(map[string]string{"chats.ndjson": file})
		region := started.Find("section#import-results[hx-get]")
		path, _ := region.Attr("hx-get")
		if trigger, _ := region.Attr("hx-trigger"); !strings.HasPrefix(path, "/import/jobs/") || trigger != "every 700ms" {
			t.Fatalf("the upload answered no polling progress region: hx-get %q, hx-trigger %q: %s", path, trigger, started.Text())
		}

		// Held before the file is read: no totals yet, and the page says
		// it is reading the file rather than "0 of 0".
		<-reached
		for _, doc := range []*goquery.Document{started, pollProgress(ada, path)} {
			if doc.Find(".import-job-reading").Length() != 1 || doc.Find(".import-job-docs, .import-job-msgs").Length() != 0 {
				t.Errorf("before the file is read, the progress shows: %q", strings.Join(strings.Fields(doc.Find("#import-results").Text()), " "))
			}
		}
		release <- struct{}{}

		progress := func() (docs, msgs, rate string) {
			t.Helper()
			doc := pollProgress(ada, path)
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
			if code, doc := bob.Poll(path); code != http.StatusNotFound || strings.Contains(doc.Text(), "chat_0") {
				t.Errorf("another steward's poll of the job = %d, want 404", code)
			}
			release <- struct{}{}
		}

		// The job finishes on its own once released; the poll then answers
		// the results, marked to be scrolled into view, and stops polling.
		var results *goquery.Document
		for range 500 {
			code, doc := ada.Poll(path)
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
		if code, again := ada.Poll(path); code != http.StatusOK || again.Find("tbody tr.import-stored").Length() != 3 {
			t.Errorf("asked again, the finished job = %d: %s", code, again.Text())
		}
		if code, _ := bob.Poll(path); code != http.StatusNotFound {
			t.Errorf("another steward's poll of the finished job = %d, want 404", code)
		}
	})
}
