package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

func TestAPISessionLifecycle(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		var sess baton.Session
		if code := a.API(a.AdaToken, "POST", "/api/v1/sessions", map[string]any{"title": "Fix the indexer", "conversation_type": "code_session", "tags": []string{"Search"}}, &sess); code != http.StatusCreated || sess.ID == "" {
			t.Fatalf("create = %d %+v", code, sess)
		}
		batch := map[string]any{"messages": []map[string]any{
			{"source_id": "u1", "role": "steward", "content": "The FTS index lags behind; can you look?", "timestamp": "2026-05-01T10:00:00Z"},
			{"source_id": "a1", "role": "assistant", "content": "Found it: the trigger was per-row. Batching now.", "timestamp": "2026-05-01T10:00:05Z"},
		}}
		var res baton.AppendResult
		if code := a.API(a.AdaToken, "POST", "/api/v1/sessions/"+sess.ID+"/messages", batch, &res); code != 200 || res.Stored != 2 {
			t.Fatalf("append = %d %+v", code, res)
		}
		if a.API(a.AdaToken, "POST", "/api/v1/sessions/"+sess.ID+"/messages", batch, &res); res.Stored != 0 || res.Duplicates != 2 {
			t.Fatalf("re-send = %+v, want 0 stored 2 duplicates", res)
		}
		var page struct {
			Messages  []baton.Message
			NextAfter *int64 `json:"next_after"`
		}
		a.API(a.AdaToken, "GET", "/api/v1/sessions/"+sess.ID+"/messages?after=1&limit=10", nil, &page)
		if len(page.Messages) != 1 || page.Messages[0].SourceID != "a1" || page.Messages[0].Seq != 2 || page.NextAfter != nil {
			t.Fatalf("messages after 1 = %+v", page)
		}
		var closed baton.Session
		if code := a.API(a.AdaToken, "POST", "/api/v1/sessions/"+sess.ID+"/close", nil, &closed); code != 200 || closed.EndedAt == nil {
			t.Fatalf("close = %d %+v", code, closed)
		}
		var list baton.SessionPage
		a.API(a.AdaToken, "GET", "/api/v1/sessions?tag=search", nil, &list)
		if len(list.Sessions) != 1 || list.Sessions[0].MessageCount != 2 {
			t.Fatalf("list = %+v", list)
		}
		if _, err := a.St.IndexPending(t.Context()); err != nil {
			t.Fatal(err)
		}
		var hits struct{ Hits []baton.SearchHit }
		a.API(a.AdaToken, "GET", "/api/v1/search?q=per-row", nil, &hits)
		if len(hits.Hits) != 1 || hits.Hits[0].SessionID != sess.ID {
			t.Fatalf("search = %+v", hits)
		}
	})
}

func TestAPIErrorsNameTheField(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		var sess baton.Session
		a.API(a.AdaToken, "POST", "/api/v1/sessions", map[string]any{"title": "x"}, &sess)
		cases := []struct {
			method, path string
			body         any
			status       int
			code, field  string
		}{
			{"POST", "/api/v1/sessions", map[string]any{"conversation_type": "party"}, 400, "invalid", "conversation_type"},
			{"POST", "/api/v1/sessions", `{"title": `, 400, "invalid", "body"},
			{"POST", "/api/v1/sessions", `{"title": 5}`, 400, "invalid", "title"},
			{"POST", "/api/v1/sessions/" + sess.ID + "/messages", map[string]any{"messages": []map[string]any{{"role": "steward", "content": "ok"}, {"content": "no role"}}}, 400, "invalid", "messages[1].role"},
			{"POST", "/api/v1/sessions/" + sess.ID + "/messages", map[string]any{}, 400, "invalid", "messages"},
			{"GET", "/api/v1/sessions/" + sess.ID + "/messages?limit=5000", nil, 400, "invalid", "limit"},
			{"GET", "/api/v1/sessions?min_quality=2", nil, 400, "invalid", "min_quality"},
			{"GET", "/api/v1/search", nil, 400, "invalid", "q"},
			{"GET", "/api/v1/sessions/no-such-id", nil, 404, "not_found", ""},
			{"GET", "/api/v1/nothing-here", nil, 404, "not_found", ""},
		}
		for _, c := range cases {
			var e webtest.APIError
			if got := a.API(a.AdaToken, c.method, c.path, c.body, &e); got != c.status || e.Error.Code != c.code || e.Error.Field != c.field || e.Error.Message == "" {
				t.Errorf("%s %s: %d %+v; want %d %s field %q", c.method, c.path, got, e.Error, c.status, c.code, c.field)
			}
		}
		var e webtest.APIError
		if got := a.API("", "GET", "/api/v1/sessions", nil, &e); got != 401 || e.Error.Code != "unauthorized" {
			t.Errorf("no token: %d %+v", got, e)
		}
		if got := a.API("bat_"+strings.Repeat("x", 40), "GET", "/api/v1/sessions", nil, &e); got != 401 {
			t.Errorf("unknown token: %d", got)
		}
		huge := `{"messages":[{"role":"steward","content":"` + strings.Repeat("x", 65<<20) + `"}]}`
		if got := a.API(a.AdaToken, "POST", "/api/v1/sessions/"+sess.ID+"/messages", huge, &e); got != 413 || e.Error.Code != "too_large" {
			t.Errorf("huge body: %d %+v", got, e)
		}
		var page struct{ Messages []baton.Message }
		a.API(a.AdaToken, "GET", "/api/v1/sessions/"+sess.ID+"/messages", nil, &page)
		if len(page.Messages) != 0 {
			t.Errorf("a rejected batch left %d messages", len(page.Messages))
		}
	})
}

func TestAPIAnotherStewardsIDsAnswer404(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		var sess baton.Session
		a.API(a.AdaToken, "POST", "/api/v1/sessions", map[string]any{"title": "Ada's private session"}, &sess)
		a.API(a.AdaToken, "POST", "/api/v1/sessions/"+sess.ID+"/messages", map[string]any{"messages": []map[string]any{{"role": "steward", "content": "marmalade secret"}}}, nil)
		if _, err := a.St.IndexPending(t.Context()); err != nil {
			t.Fatal(err)
		}
		intrusion := map[string]any{"messages": []map[string]any{{"role": "steward", "content": "intrusion"}}}
		for _, c := range []struct {
			method, path string
			body         any
		}{
			{"GET", "/api/v1/sessions/" + sess.ID, nil},
			{"GET", "/api/v1/sessions/" + sess.ID + "/messages", nil},
			{"POST", "/api/v1/sessions/" + sess.ID + "/messages", intrusion},
			{"POST", "/api/v1/sessions/" + sess.ID + "/close", map[string]any{"ended_at": "2026-01-01T00:00:00Z"}},
		} {
			var e webtest.APIError
			if got := a.API(a.BobToken, c.method, c.path, c.body, &e); got != 404 || strings.Contains(e.Error.Message, "Ada") {
				t.Errorf("bob %s %s = %d %+v", c.method, c.path, got, e)
			}
		}
		var hits struct{ Hits []baton.SearchHit }
		a.API(a.BobToken, "GET", "/api/v1/search?q=marmalade", nil, &hits)
		var list baton.SessionPage
		a.API(a.BobToken, "GET", "/api/v1/sessions", nil, &list)
		if len(hits.Hits) != 0 || len(list.Sessions) != 0 {
			t.Errorf("bob sees %d hits and %d sessions", len(hits.Hits), len(list.Sessions))
		}
	})
}

func TestAPIImportStructured(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		doc := func(id, user string) string {
			return fmt.Sprintf(`{"id":%q,"conversation":{"source":"slack","people":["Alice","Bob"],"user":%q,"conversation":[
				{"speaker":"Alice","content":"Ship it?","time":"2024-01-15T09:00:00Z"},
				{"speaker":"Bob","content":"After the tests pass.","time":"2024-01-15T09:01:00Z"}]}}`, id, user)
		}
		ndjson := doc("standup-1", "Alice") + "\n" + doc("standup-2", "Carol") + "\n"
		ndjson = strings.ReplaceAll(strings.ReplaceAll(ndjson, "\n\t\t\t\t", ""), "\t", "")
		var out struct{ Results []baton.ImportResult }
		if code := a.API(a.AdaToken, "POST", "/api/v1/import/structured", ndjson, &out); code != 200 || len(out.Results) != 2 {
			t.Fatalf("import = %d %+v", code, out)
		}
		if r := out.Results[0]; r.Status != "stored" || r.Messages != 2 || r.SessionID == "" {
			t.Errorf("first = %+v", r)
		}
		if r := out.Results[1]; r.Status != "rejected" || r.Error != "user 'Carol' must be included in the people list" {
			t.Errorf("second = %+v", r)
		}
		var list baton.SessionPage
		a.API(a.AdaToken, "GET", "/api/v1/sessions", nil, &list)
		if list.Total != 1 {
			t.Errorf("after one stored and one rejected document there are %d sessions", list.Total)
		}
		a.API(a.AdaToken, "POST", "/api/v1/import/structured", ndjson, &out)
		if out.Results[0].Status != "duplicate" {
			t.Errorf("re-import = %+v", out.Results[0])
		}
		var page struct{ Messages []baton.Message }
		a.API(a.AdaToken, "GET", "/api/v1/sessions/"+out.Results[0].SessionID+"/messages", nil, &page)
		if len(page.Messages) != 2 || page.Messages[0].Role != baton.RoleSteward || page.Messages[1].Speaker != "Bob" {
			t.Errorf("imported messages = %+v", page.Messages)
		}
	})
}
