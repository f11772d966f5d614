package api_test

import (
	"net/http"
	"sort"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

// An API client cannot set any server-owned field: each one, sent on its
// own, is refused with 400 naming it, and nothing is written. Reserved
// attribute keys (Baton's analysis, the hook protocol's state) are refused
// the same way, and so is a field no request has.
func TestAPIClientCannotSetServerOwnedFields(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sessions := func() int {
			var page baton.SessionPage
			if code := a.API(a.AdaToken, "GET", "/api/v1/sessions", nil, &page); code != http.StatusOK {
				t.Fatalf("list = %d", code)
			}
			return len(page.Sessions)
		}
		refused := func(what, path string, body any, field string) {
			t.Helper()
			var e webtest.APIError
			code := a.API(a.AdaToken, "POST", path, body, &e)
			if code != http.StatusBadRequest || e.Error.Code != baton.EINVALID || e.Error.Field != field || e.Error.Message == "" {
				t.Errorf("%s: %d %+v; want 400 naming %q", what, code, e.Error, field)
			}
		}

		// Session rows: every field but the client's own.
		row := webtest.JSONFields(t, &baton.Session{QualityScore: new(float64), Attributes: map[string]any{"k": "v"}})
		var owned []string
		for name := range row {
			if !webtest.ClientSessionFields[name] {
				owned = append(owned, name)
			}
		}
		sort.Strings(owned)
		for _, must := range []string{"id", "steward_id", "message_count", "created_at", "updated_at", "quality_score", "indexed", "duration_seconds"} {
			if _, ok := row[must]; ok && !contains(owned, must) {
				t.Fatalf("%s is server-owned but listed as the client's", must)
			}
		}
		for _, name := range owned {
			refused("session "+name, "/api/v1/sessions", map[string]any{"title": "planted", name: row[name]}, name)
		}
		refused("session attributes.analysis", "/api/v1/sessions", map[string]any{"title": "planted",
			"attributes": map[string]any{"analysis": map[string]any{"analysed_at": "2026-01-01T00:00:00Z", "quality": map[string]any{"score": 1}}}},
			"attributes.analysis")
		refused("session attributes.hook", "/api/v1/sessions", map[string]any{"title": "planted", "attributes": map[string]any{"hook": map[string]any{}}}, "attributes.hook")
		refused("session unknown field", "/api/v1/sessions", map[string]any{"title": "planted", "titel": "typo"}, "titel")
		if n := sessions(); n != 0 {
			t.Fatalf("refused requests created %d sessions", n)
		}

		// Message rows, in a batch with a good message: the batch is refused whole.
		var sess baton.Session
		if code := a.API(a.AdaToken, "POST", "/api/v1/sessions", map[string]any{"title": "ok", "attributes": map[string]any{"project": "x"}}, &sess); code != http.StatusCreated {
			t.Fatalf("create = %d", code)
		}
		path := "/api/v1/sessions/" + sess.ID + "/messages"
		good := map[string]any{"source_id": "good", "role": "steward", "content": "hello"}
		msgRow := webtest.JSONFields(t, &baton.Message{})
		for name := range msgRow {
			if webtest.ClientMessageFields[name] {
				continue
			}
			bad := map[string]any{"source_id": "bad", "role": "steward", "content": "hi", name: msgRow[name]}
			// The decoder names a field the request type lacks by its path.
			field := name
			if serverOwnedMessageField(name) {
				field = "messages[1]." + name
			}
			refused("message "+name, path, map[string]any{"messages": []any{good, bad}}, field)
		}
		refused("message attributes.analysis", path, map[string]any{"messages": []any{good,
			map[string]any{"source_id": "bad", "role": "steward", "content": "hi", "attributes": map[string]any{"analysis": 1}}}},
			"messages[1].attributes.analysis")
		var got baton.Session
		a.API(a.AdaToken, "GET", "/api/v1/sessions/"+sess.ID, nil, &got)
		if got.MessageCount != 0 {
			t.Errorf("refused batches stored %d messages", got.MessageCount)
		}

		// What a client may set is still taken.
		var res baton.AppendResult
		if code := a.API(a.AdaToken, "POST", path, map[string]any{"messages": []any{good}}, &res); code != http.StatusOK || res.Stored != 1 {
			t.Errorf("good batch = %d %+v", code, res)
		}
	})
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// serverOwnedMessageField is a message row's field the append request has
// no field for (the decoder refuses it by path); the others it has, and
// refuses with their own names.
func serverOwnedMessageField(name string) bool {
	switch name {
	case "id", "conversation_id", "session_id", "sequence_number":
		return true
	}
	return false
}
