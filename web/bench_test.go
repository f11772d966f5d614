package web_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

// BenchmarkAPIAppend1000 posts batches of 1,000 messages through the API.
// The app and the batch are made once, before the timed loop, and each
// batch only renumbers its messages' source ids (a byte replacement), so
// that an instruction count of n batches less one of a single batch is the
// cost of the batches alone.
func BenchmarkAPIAppend1000(b *testing.B) {
	a := webtest.New(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	var sess baton.Session
	benchAPI(a, b, "POST", "/api/v1/sessions", []byte(`{"title":"bench"}`), &sess)
	msgs := make([]map[string]any, 1000)
	for j := range msgs {
		msgs[j] = map[string]any{"source_id": fmt.Sprintf("batch-%d", j), "role": []string{"steward", "assistant"}[j%2],
			"content":   fmt.Sprintf("The handler for %d now batches the index writes, so ingest keeps its pace; see internal/store/search.go line %d.", j, j),
			"timestamp": time.Date(2026, 1, 1, 0, 0, j, 0, time.UTC)}
	}
	template, err := json.Marshal(map[string]any{"messages": msgs})
	if err != nil {
		b.Fatal(err)
	}
	path := "/api/v1/sessions/" + sess.ID + "/messages"
	batches := 0
	for b.Loop() {
		body := bytes.ReplaceAll(template, []byte(`"batch-`), []byte(fmt.Sprintf(`"%d-`, batches)))
		benchAPI(a, b, "POST", path, body, nil)
		batches++
	}
	b.ReportMetric(float64(batches*1000)/b.Elapsed().Seconds(), "msgs/s")
}

func benchAPI(a *webtest.App, b *testing.B, method, path string, body []byte, out any) {
	req, _ := http.NewRequest(method, a.Srv.URL+path, bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+a.AdaToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		b.Fatalf("%s %s: %d", method, path, resp.StatusCode)
	}
	if out != nil {
		_ = json.NewDecoder(resp.Body).Decode(out)
	}
}
