package api_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

// TestReadmeQuickStartAsWritten runs the README's curl lines: curl -d sends
// JSON labelled as a form, which the API reads as JSON; the session made
// before its messages starts at its first message's time.
func TestReadmeQuickStartAsWritten(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		post := func(path, body string) *http.Response {
			req, _ := http.NewRequest("POST", a.Srv.URL+path, strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+a.AdaToken)
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded") // what curl -d says
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { resp.Body.Close() })
			return resp
		}
		resp := post("/api/v1/sessions", `{"title":"Fix the flaky test"}`)
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("create with curl's content type = %d", resp.StatusCode)
		}
		var list struct{ Sessions []*baton.Session }
		a.API(a.AdaToken, "GET", "/api/v1/sessions", nil, &list)
		if len(list.Sessions) != 1 || list.Sessions[0].Title != "Fix the flaky test" {
			t.Fatalf("sessions = %+v", list.Sessions)
		}
		id := list.Sessions[0].ID
		resp = post("/api/v1/sessions/"+id+"/messages", `{
  "messages": [
    {"source_id": "m1", "role": "steward", "content": "Why does TestSync fail on CI?", "timestamp": "2026-01-15T10:30:00Z"},
    {"source_id": "m2", "role": "assistant", "content": "It races the indexer; wait for it.", "timestamp": "2026-01-15T10:30:20Z"}
  ]}`)
		if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
			t.Fatalf("append with curl's content type = %d", resp.StatusCode)
		}
		var got baton.Session
		a.API(a.AdaToken, "GET", "/api/v1/sessions/"+id, nil, &got)
		if want := time.Date(2026, 1, 15, 10, 30, 0, 0, time.UTC); !got.StartedAt.Equal(want) {
			t.Errorf("started_at = %v, want the first message's %v", got.StartedAt, want)
		}
	})
}
