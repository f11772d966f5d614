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
func BenchmarkAPIAppend1000(b *testing.B) {
	a := webtest.New(b, "sqlite:"+filepath.Join(b.TempDir(), "bench.db"))
	var sess baton.Session
	benchAPI(a, b, "POST", "/api/v1/sessions", []byte(`{"title":"bench"}`), &sess)
	bodies := make([][]byte, b.N)
	for i := range bodies {
		msgs := make([]map[string]any, 1000)
		for j := range msgs {
			msgs[j] = map[string]any{"source_id": fmt.Sprintf("%d-%d", i, j), "role": []string{"steward", "assistant"}[j%2],
				"content":   fmt.Sprintf("The handler for %d now batches the index writes, so ingest keeps its pace; see internal/store/search.go line %d.", j, j),
				"timestamp": time.Date(2026, 1, 1, 0, 0, j, 0, time.UTC)}
		}
		bodies[i], _ = json.Marshal(map[string]any{"messages": msgs})
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		benchAPI(a, b, "POST", "/api/v1/sessions/"+sess.ID+"/messages", bodies[i], nil)
	}
	b.ReportMetric(float64(b.N*1000)/b.Elapsed().Seconds(), "msgs/s")
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
