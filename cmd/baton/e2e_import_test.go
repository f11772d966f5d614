package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/web"
	"github.com/chromedp/chromedp"
)

// importHold is a Baton whose import jobs wait for the test before they
// read each file and after each document they store.
type importHold struct {
	base    string
	reached chan struct{} // the job is held
	release chan struct{} // let it go on
}

// startBatonHoldingImports serves Baton's web server, with the steward ada
// (password "a long enough password"), over a temporary SQLite database,
// its import jobs held at every step (web.Config.ImportStep).
func startBatonHoldingImports(t *testing.T) *importHold {
	t.Helper()
	vars := map[string]string{"BATON_DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "baton.db")}
	env := func(k string) string { return vars[k] }
	stewardWithToken(t, env, "ada")
	st, err := store.Open(vars["BATON_DATABASE_URL"])
	if err != nil {
		t.Fatal(err)
	}
	h := &importHold{reached: make(chan struct{}), release: make(chan struct{})}
	stop := make(chan struct{})
	step := func() {
		select {
		case h.reached <- struct{}{}:
		case <-stop:
			return
		}
		select {
		case <-h.release:
		case <-stop:
		}
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := httptest.NewServer(web.New(st, web.NewServices(st, ingest.New(st), nil), "test-secret", log, web.Config{ImportStep: step}))
	h.base = srv.URL
	// Cleanups run last first: free a held job, then stop serving, then close.
	t.Cleanup(func() { st.Close() })
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(stop) })
	return h
}

// held waits until the import job is held at its next step.
func (h *importHold) held(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	select {
	case <-h.reached:
	case <-ctx.Done():
		t.Fatalf("the import was never held %s", what)
	}
}

// importDocuments is a structured NDJSON file of n documents whose ids
// start with prefix; document i has 20+5i messages. It returns the file
// and the messages in each document.
func importDocuments(prefix string, n int) ([]byte, []int) {
	var lines []string
	var counts []int
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	for i := range n {
		var msgs []map[string]string
		for m := range 20 + 5*i {
			msgs = append(msgs, map[string]string{"speaker": []string{"Ada", "Claude"}[m%2],
				"time":    t0.Add(time.Duration(i)*time.Hour + time.Duration(m)*time.Minute).Format(time.RFC3339),
				"content": fmt.Sprintf("Part %d, step %d of the long import.", i+1, m+1)})
		}
		counts = append(counts, len(msgs))
		line, _ := json.Marshal(map[string]any{"id": fmt.Sprintf("%s-%d", prefix, i+1), "metadata": map[string]any{"title": fmt.Sprintf("Long import part %d", i+1)},
			"conversation": map[string]any{"source": "e2e", "people": []string{"Ada", "Claude"}, "user": "Ada", "conversation": msgs}})
		lines = append(lines, string(line))
	}
	return []byte(strings.Join(lines, "\n")), counts
}

// TestBrowserLongImportShowsServerProgress uploads a five-document file on
// the import page at 1400 and 390 px while the server holds the import at
// each step. The progress comes into view; before the file is read it
// says so (never "0 of 0");
// after each document it shows that many documents and messages done, of
// the file's totals, with a rate; once the job ends its results replace
// the progress and are scrolled into the viewport.
func TestBrowserLongImportShowsServerProgress(t *testing.T) {
	ctx := newBrowser(t)
	h := startBatonHoldingImports(t)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(h.base+"/login"),
		chromedp.WaitVisible(chromedp.CSS(`input[name="username"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name="username"]`), "ada"),
		chromedp.SendKeys(chromedp.CSS(`input[name="password"]`), "a long enough password"),
		chromedp.Submit(chromedp.CSS(`input[name="password"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#results`)),
	); err != nil {
		t.Fatal(err)
	}
	const docs = 5
	// progress is what the page's progress region says.
	type progress struct {
		Reading                                bool
		Text, Docs, DocsTotal, Msgs, MsgsTotal string
		Rate                                   string
	}
	read := func() progress {
		t.Helper()
		p, err := chromedp.Run(ctx, chromedp.Evaluate[progress](`(() => {
			const r = document.querySelector("#import-results"), q = s => { const el = r.querySelector(s); return el ? el.textContent.trim() : "" };
			return {Reading: !!r.querySelector(".import-job-reading"), Text: r.textContent.replace(/\s+/g, " "),
				Docs: q(".import-job-docs-done"), DocsTotal: q(".import-job-docs-total"),
				Msgs: q(".import-job-msgs-done"), MsgsTotal: q(".import-job-msgs-total"), Rate: q(".import-job-rate")};
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, w := range screenWidths {
		file := filepath.Join(t.TempDir(), "long-import.ndjson")
		data, counts := importDocuments("long-"+w.name, docs)
		if err := os.WriteFile(file, data, 0o600); err != nil {
			t.Fatal(err)
		}
		total := 0
		for _, n := range counts {
			total += n
		}
		if err := chromedp.Do(ctx,
			chromedp.EmulateViewport(w.width, w.height),
			chromedp.Navigate(h.base+"/import"),
			chromedp.SetUploadFiles(chromedp.CSS(`input[type="file"]`), []string{file}),
			chromedp.Click(chromedp.CSS(`#import-form button[type="submit"]`)),
		); err != nil {
			t.Fatal(err)
		}

		// Held before the file is read: the page says it is reading it.
		h.held(t, ctx, "before reading the file")
		if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#import-results.import-job .import-job-reading`))); err != nil {
			t.Fatalf("at %s: no reading state: %v", w.name, err)
		}
		if p := read(); p.Docs != "" || strings.Contains(p.Text, "0 of 0") {
			t.Errorf("at %s, before the file is read the progress says %q", w.name, p.Text)
		}
		// The progress is in view (on a phone it starts below the fold).
		if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](inView(`#import-results .import-job-reading`),
			chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			t.Errorf("at %s the import's progress is not in view: %v", w.name, err)
		}

		// Release one step at a time; after document k the page comes to
		// show k of 5 documents and their messages, with a rate.
		done := 0
		for k := 1; k <= docs; k++ {
			h.release <- struct{}{}
			h.held(t, ctx, fmt.Sprintf("after document %d", k))
			done += counts[k-1]
			if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](
				fmt.Sprintf(`(document.querySelector("#import-results .import-job-docs-done") || {}).textContent === %q`, strconv.Itoa(k)),
				chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
				t.Fatalf("at %s the page never showed document %d done: %v (%+v)", w.name, k, err, read())
			}
			p := read()
			if p.Reading || p.DocsTotal != strconv.Itoa(docs) || p.Msgs != strconv.Itoa(done) || p.MsgsTotal != strconv.Itoa(total) {
				t.Errorf("at %s after document %d: %+v; want %d of %d documents, %d of %d messages", w.name, k, p, k, docs, done, total)
			}
			if rate, err := strconv.ParseFloat(p.Rate, 64); err != nil || rate <= 0 {
				t.Errorf("at %s after document %d the rate is %q msgs/s", w.name, k, p.Rate)
			}
		}

		// The last release ends the job: its results replace the progress
		// and are brought into the viewport.
		h.release <- struct{}{}
		if err := chromedp.Do(ctx,
			chromedp.WaitVisible(chromedp.CSS(`#import-results[data-import-finished] tbody`)),
			chromedp.Poll[chromedp.Void](inView(`#import-results h2`), chromedp.WithPollingInterval(50*time.Millisecond)),
		); err != nil {
			t.Fatalf("at %s the results never came into view: %v", w.name, err)
		}
		stored, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#import-results tbody tr.import-stored").length`))
		if err != nil || stored != docs {
			t.Errorf("at %s the results list %d stored documents (%v), want %d", w.name, stored, err, docs)
		}
	}
}
