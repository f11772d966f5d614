package ui_test

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/web"
	"github.com/baton-dev/baton/web/webtest"
)

// TestImportUploadWaitsOnDiskAndLeavesNothing uploads three files, one of
// them broken, as a job (htmx) and as a plain form. The job's files wait
// on disk, one file each with the bytes uploaded, while the job is held
// before its first file (the upload is not held in memory); both ways give
// the same results, the broken file rejected by name with the line of its
// fault, and neither leaves a file in the temporary folder.
func TestImportUploadWaitsOnDiskAndLeavesNothing(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		reached, release := make(chan struct{}), make(chan struct{})
		hold := make(chan bool, 1)
		hold <- true // only the job's first step is held
		srv := webtest.Server(a.St, log, web.Config{MaxUploadBytes: 1 << 20, ImportStep: func() {
			select {
			case <-hold:
				reached <- struct{}{}
				<-release
			default:
			}
		}})
		a.Srv.Close()
		a.Srv = httptest.NewServer(srv)
		t.Cleanup(a.Srv.Close)

		chats, _ := webtest.MultiDocumentNDJSON(2)
		more, _ := webtest.MultiDocumentNDJSON(1)
		more = strings.ReplaceAll(more, "chat_0", "other_0")
		files := map[string]string{
			"chats.ndjson": chats,
			"more.ndjson":  more,
			// Its second document breaks off in line 3.
			"broken.ndjson": strings.ReplaceAll(chats, "chat_", "broken_") + "\n{\"id\": \"broken\", oops}",
		}

		ada, bob := a.SignIn("ada"), a.SignIn("bob")
		started := ada.HTMXUpload(files)
		path, _ := started.Find("section#import-results[hx-get]").Attr("hx-get")
		<-reached
		// Held before the first file is read: the upload is on disk.
		var waiting []string
		dirs, _ := filepath.Glob(filepath.Join(tmp, "baton-upload-*"))
		for _, dir := range dirs {
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
				waiting = append(waiting, string(data))
			}
		}
		var uploaded []string
		for _, content := range files {
			uploaded = append(uploaded, content)
		}
		slices.Sort(waiting)
		slices.Sort(uploaded)
		if len(dirs) != 1 || !slices.Equal(waiting, uploaded) {
			t.Errorf("while the job waits, %d upload folders hold %d files; want one folder with the 3 files uploaded", len(dirs), len(waiting))
		}
		release <- struct{}{}

		var job *goquery.Document
		for range 1000 {
			if _, doc := ada.Poll(path); doc.Find("section#import-results[data-import-finished]").Length() == 1 {
				job = doc
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		if job == nil {
			t.Fatal("the job never answered its results")
		}
		plain := bob.Upload("/import", files)

		rows := func(doc *goquery.Document) []string {
			var out []string
			doc.Find("#import-results tbody tr").Each(func(_ int, s *goquery.Selection) {
				class, _ := s.Attr("class")
				out = append(out, class+" "+strings.Join(strings.Fields(s.Text()), " "))
			})
			slices.Sort(out)
			return out
		}
		jobRows, plainRows := rows(job), rows(plain)
		if len(jobRows) != 4 || !slices.Equal(jobRows, plainRows) {
			t.Errorf("the job's results:\n%s\nthe form's:\n%s\nwant the same 4 rows", strings.Join(jobRows, "\n"), strings.Join(plainRows, "\n"))
		}
		stored, rejected := 0, ""
		for _, r := range jobRows {
			switch {
			case strings.HasPrefix(r, "import-stored"):
				stored++
			case strings.HasPrefix(r, "import-rejected"):
				rejected = r
			}
		}
		if stored != 3 || !strings.Contains(rejected, "broken.ndjson") || !strings.Contains(rejected, "line 3") {
			t.Errorf("%d stored, rejected %q; want the 3 documents stored and broken.ndjson rejected at its line 3", stored, rejected)
		}

		left, _ := os.ReadDir(tmp)
		for _, e := range left {
			t.Errorf("left in the temporary folder: %s", e.Name())
		}
	})
}
