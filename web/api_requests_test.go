package web_test

import (
	"encoding/json"
	"net/http"
	"sort"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// jsonFields are the top-level JSON names of v's fields, each with its
// zero value, as a client that posted a whole row would send them.
func jsonFields(t testing.TB, v any) map[string]any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// The fields of a session and of a message that an API client may set;
// every other field of the row is Baton's (ids, owner, counters, row
// times, derived values). A field added to the row is server-owned until
// it is added to the request type and here.
var (
	clientSessionFields = map[string]bool{
		"title": true, "conversation_type": true, "source": true, "source_ref": true, "branch": true, "tags": true,
		"started_at": true, "ended_at": true, "steward": true, "assistant": true, "summary": true, "progress": true,
		"emotional_arc": true, "relationship": true, "technical_context": true, "continuity": true,
		"version": true, "review_status": true, "attributes": true,
	}
	clientMessageFields = map[string]bool{
		"source_id": true, "role": true, "speaker": true, "content": true, "content_type": true, "thinking": true,
		"tool_calls": true, "tool_result": true, "model": true, "usage": true, "semantic": true, "code_context": true,
		"references": true, "impact": true, "edit_history": true, "metadata": true, "timestamp": true, "attributes": true,
	}
)

// An API client cannot set any server-owned field: each one, sent on its
// own, is refused with 400 naming it, and nothing is written. Reserved
// attribute keys (Baton's analysis, the hook protocol's state) are refused
// the same way, and so is a field no request has.
func TestAPIClientCannotSetServerOwnedFields(t *testing.T) {
	eachApp(t, func(t *testing.T, a *app) {
		sessions := func() int {
			var page baton.SessionPage
			if code := a.api(a.adaToken, "GET", "/api/v1/sessions", nil, &page); code != http.StatusOK {
				t.Fatalf("list = %d", code)
			}
			return len(page.Sessions)
		}
		refused := func(what, path string, body any, field string) {
			t.Helper()
			var e apiErr
			code := a.api(a.adaToken, "POST", path, body, &e)
			if code != http.StatusBadRequest || e.Error.Code != baton.EINVALID || e.Error.Field != field || e.Error.Message == "" {
				t.Errorf("%s: %d %+v; want 400 naming %q", what, code, e.Error, field)
			}
		}

		// Session rows: every field but the client's own.
		row := jsonFields(t, &baton.Session{QualityScore: new(float64), Attributes: map[string]any{"k": "v"}})
		var owned []string
		for name := range row {
			if !clientSessionFields[name] {
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
		if code := a.api(a.adaToken, "POST", "/api/v1/sessions", map[string]any{"title": "ok", "attributes": map[string]any{"project": "x"}}, &sess); code != http.StatusCreated {
			t.Fatalf("create = %d", code)
		}
		path := "/api/v1/sessions/" + sess.ID + "/messages"
		good := map[string]any{"source_id": "good", "role": "steward", "content": "hello"}
		msgRow := jsonFields(t, &baton.Message{})
		for name := range msgRow {
			if clientMessageFields[name] {
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
		a.api(a.adaToken, "GET", "/api/v1/sessions/"+sess.ID, nil, &got)
		if got.MessageCount != 0 {
			t.Errorf("refused batches stored %d messages", got.MessageCount)
		}

		// What a client may set is still taken.
		var res baton.AppendResult
		if code := a.api(a.adaToken, "POST", path, map[string]any{"messages": []any{good}}, &res); code != http.StatusOK || res.Stored != 1 {
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

// messageRequests are messages as an API client sends them: the rows'
// JSON without the fields Baton owns (which the API refuses).
func messageRequests[M baton.Message | *baton.Message](t testing.TB, msgs []M) []map[string]any {
	t.Helper()
	out := make([]map[string]any, len(msgs))
	for i, m := range msgs {
		out[i] = jsonFields(t, m)
		for name := range out[i] {
			if !clientMessageFields[name] {
				delete(out[i], name)
			}
		}
	}
	return out
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
