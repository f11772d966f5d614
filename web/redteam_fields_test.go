package web_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

// A value its field cannot take is named by the field's whole path, with
// what the field takes, in every request type that reads a JSON body: an
// out-of-range or malformed time, a number too big for its field, a string
// where a number goes, bad base64. (They named "body" with Go's parse
// message, or the field without its index.) Nothing is stored.
func TestEveryRequestNamesTheFieldOfABadValue(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		id := webtest.CreateCodingSession(t, a, a.AdaToken, nil)
		msg, conv := webtest.SecondMessage(t, a, id)
		var cmp struct{ ID string }
		if code := a.API(a.AdaToken, "POST", "/api/v1/comparisons", `{"a":"`+conv+`","b":"`+conv+`"}`, &cmp); code != http.StatusCreated {
			t.Fatalf("comparison = %d", code)
		}
		a.API(a.AdaToken, "POST", "/api/v1/sessions/"+id+"/close", nil, nil)
		var b baton.Bridge
		a.API(a.AdaToken, "GET", "/api/v1/sessions/"+id+"/bridge", nil, &b)
		var empty struct{ ID string }
		a.API(a.AdaToken, "POST", "/api/v1/sessions", `{"title":"empty"}`, &empty)

		for _, c := range []struct{ method, path, body, field, says string }{
			{"POST", "/api/v1/sessions", `{"title":"x","started_at":"10000-01-01T00:00:00Z"}`, "started_at", `"10000-01-01T00:00:00Z"`},
			{"POST", "/api/v1/sessions", `{"title":"x","ended_at":"yesterday"}`, "ended_at", "RFC 3339"},
			{"POST", "/api/v1/sessions", `{"title":"x","summary":{"decisions_made":[{"decision":"d","timestamp":"2026-13-01T00:00:00Z"}]}}`, "summary.decisions_made[0].timestamp", "RFC 3339"},
			{"POST", "/api/v1/sessions", `{"title":"x","emotional_arc":{"peak_moments":[{},{"timestamp":5}]}}`, "emotional_arc.peak_moments[1].timestamp", "not 5"},
			{"POST", "/api/v1/sessions", `{"title":5}`, "title", "a JSON string"},
			{"POST", "/api/v1/sessions", `{"title":"x","tags":["a",3]}`, "tags[1]", "a JSON string"},
			{"POST", "/api/v1/sessions", `{"title":"x","tags":"a"}`, "tags", "a JSON array"},
			{"POST", "/api/v1/sessions", `{"title":"x","relationship":{"trust_level":"high"}}`, "relationship.trust_level", "number"},
			{"POST", "/api/v1/sessions/" + empty.ID + "/messages", `{"messages":[{"role":"steward","content":"a"},{"role":"steward","content":"b","timestamp":"0000-00-00T00:00:00Z"}]}`, "messages[1].timestamp", "RFC 3339"},
			{"POST", "/api/v1/sessions/" + empty.ID + "/messages", `{"messages":[{"role":"steward","content":"a","edit_history":[{"timestamp":"x"}]}]}`, "messages[0].edit_history[0].timestamp", `not "x"`},
			{"POST", "/api/v1/sessions/" + empty.ID + "/messages", `{"messages":[{"role":"steward","content":"a","usage":{"input_tokens":99999999999999999999}}]}`, "messages[0].usage.input_tokens", "whole number"},
			{"POST", "/api/v1/conversations/" + conv + "/messages", `{"messages":[{"role":"steward","content":"a","timestamp":"+10000-01-01T00:00:00Z"}]}`, "messages[0].timestamp", "RFC 3339"},
			{"POST", "/api/v1/sessions/" + empty.ID + "/close", `{"ended_at":"99999-01-01T00:00:00Z"}`, "ended_at", "RFC 3339"},
			{"POST", "/api/v1/hooks/claude-code", `{"request_id":"r","occurred_at":"soon","event":{}}`, "occurred_at", "RFC 3339"},
			{"POST", "/api/v1/import/file", `{"path":"a.jsonl","data":"!!not base64!!"}`, "data", "base64"},
			{"POST", "/api/v1/import/file", `{"path":"a.jsonl","data":"","mod_time":"1e3"}`, "mod_time", "RFC 3339"},
			{"POST", "/api/v1/sessions/" + id + "/annotations", `{"kind":"score","dimension":"clarity","value":"high"}`, "value", "number"},
			{"POST", "/api/v1/messages/" + msg + "/annotations", `{"kind":"flag","message_id":1.5}`, "message_id", "whole number"},
			{"PUT", "/api/v1/messages/" + msg + "/impact", `{"significance":"big"}`, "significance", "number"},
			{"POST", "/api/v1/messages/" + msg + "/markers", `{"marker_type":["a"]}`, "marker_type", "a JSON string"},
			{"POST", "/api/v1/conversations/" + conv + "/fork", `{"at_message_id":"` + msg + `"}`, "at_message_id", "whole number"},
			{"POST", "/api/v1/conversations/" + conv + "/replays", `{"at_message_id":` + msg + `,"temperature":"hot"}`, "temperature", "number"},
			{"POST", "/api/v1/conversations/" + conv + "/replays", `{"at_message_id":` + msg + `,"max_tokens":1e99}`, "max_tokens", "whole number"},
			{"POST", "/api/v1/conversations/" + conv + "/matrices", `{"at_message_id":` + msg + `,"runs":[{},{"temperature":true}]}`, "runs[1].temperature", "number"},
			{"POST", "/api/v1/conversations/" + conv + "/cherry-pick", `{"message_ids":[` + msg + `,"x"]}`, "message_ids[1]", "whole number"},
			{"POST", "/api/v1/comparisons", `{"a":1,"b":"x"}`, "a", "a JSON string"},
			{"POST", "/api/v1/comparisons/" + cmp.ID + "/comments", `{"body":{"text":"hi"}}`, "body", "a JSON string"},
			{"POST", "/api/v1/comparisons/" + cmp.ID + "/shares", `{"team_id":"one"}`, "team_id", "whole number"},
			{"POST", "/api/v1/sessions/" + id + "/shares", `{"team_id":1e30}`, "team_id", "whole number"},
			{"PUT", "/api/v1/bridges/" + b.ID, `{"base_revision":"one"}`, "base_revision", "whole number"},
			{"PUT", "/api/v1/bridges/" + b.ID, `{"base_revision":1,"transferred_context":{"summary":["s"]}}`, "transferred_context.summary", "a JSON string"},
			{"PUT", "/api/v1/sessions/" + id + "/corrections", `{"tasks":[{"task":"t","done":"yes"}]}`, "tasks[0].done", "true or false"},
			{"PUT", "/api/v1/sessions/" + id + "/corrections", `{"title":{"value":1}}`, "title", "a JSON string"},
			{"POST", "/api/v1/sources", `{"files":[{"path":"a","agent":"codex","mod_time":"2026-01-02T03:04:05Z"},{"path":"b","size":-1.5}]}`, "files[1].size", "whole number"},
			{"POST", "/api/v1/sources", `{"files":[{"path":"a","synced_at":"2026-02-30T00:00:00Z"}]}`, "files[0].synced_at", "RFC 3339"},
			{"POST", "/api/v1/conversations/" + conv + "/continue", `{"content":"go on","run":"yes"}`, "run", "true or false"},
		} {
			before := rowCount(a, t)
			var e webtest.APIError
			code := a.API(a.AdaToken, c.method, c.path, c.body, &e)
			if code != http.StatusBadRequest || e.Error.Field != c.field || !strings.Contains(e.Error.Message, c.says) ||
				!strings.HasPrefix(e.Error.Message, c.field+" ") {
				t.Errorf("%s %s %s: %d %+v, want 400 naming %s and saying %q", c.method, c.path, c.body, code, e.Error, c.field, c.says)
			}
			if after := rowCount(a, t); after != before {
				t.Errorf("%s %s %s: refused but stored %d rows", c.method, c.path, c.body, after-before)
			}
		}
	})
}

// rowCount is how many sessions, messages and annotations are stored.
func rowCount(a *webtest.App, t *testing.T) (n int) {
	t.Helper()
	if err := a.St.DB().NewRaw("SELECT (SELECT count(*) FROM sessions) + (SELECT count(*) FROM messages) + (SELECT count(*) FROM annotations)").Scan(t.Context(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// An upload part whose header holds a NUL (in its field or file name) is
// refused naming the part's header, and one whose file name is not UTF-8
// is refused quoting it; neither is a 500 nor stores anything. (A NUL in a
// part's name said "the form could not be read".)
func TestUploadPartWithABadNameIsNamed(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		ada := a.SignIn("ada")
		structured := `{"id":"upload-doc","conversation":{"source":"slack","people":["ada","bot"],"user":"ada","conversation":[{"speaker":"ada","content":"hi","time":"2026-01-02T03:04:05Z"}]}}`
		for _, c := range []struct{ disposition, says string }{
			{`form-data; name="fi` + "\x00" + `les"; filename="a.json"`, `name=\"fi\x00les\"`},
			{`form-data; name="files"; filename="a` + "\x00" + `.json"`, `filename=\"a\x00.json\"`},
			{`form-data; name="fil` + "\xff" + `es"; filename="a.json"`, `"fil\xffes"`},
			{`form-data; name="files"; filename="` + "\xff\xfe" + `.json"`, `"\xff\xfe.json"`},
		} {
			before := rowCount(a, t)
			body := "--XX\r\nContent-Disposition: " + c.disposition + "\r\nContent-Type: application/json\r\n\r\n" + structured + "\r\n--XX--\r\n"
			req, _ := http.NewRequest("POST", a.Srv.URL+"/import", strings.NewReader(body))
			req.Header.Set("Content-Type", "multipart/form-data; boundary=XX")
			req.Header.Set("X-CSRF-Token", ada.CSRF)
			resp, err := ada.Client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			doc, _ := goquery.NewDocumentFromReader(resp.Body)
			resp.Body.Close()
			msg := doc.Find(".form-error, .flash-error, [role=alert]").Text()
			if resp.StatusCode != http.StatusBadRequest || !strings.Contains(msg, c.says) {
				t.Errorf("%q: %d %q, want 400 saying %s", c.disposition, resp.StatusCode, msg, c.says)
			}
			if after := rowCount(a, t); after != before {
				t.Errorf("%q: refused but stored %d rows", c.disposition, after-before)
			}
		}
	})
}
