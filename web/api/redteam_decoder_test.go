package api_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

// Markers and bridge saves read their bodies with the one JSON decoder the
// rest of the API uses: a NUL in a marker's note or a bridge's summary, data
// after the JSON and a null body are refused naming the field, and nothing
// is written. (A second decoder answered 500 for the note, 201 for the
// trailing data and saved the summary with its NUL.)
func TestMarkerAndBridgeBodiesTakeTheOneDecoder(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		id := webtest.CreateCodingSession(t, a, a.AdaToken, nil)
		msg, _ := webtest.SecondMessage(t, a, id)
		a.API(a.AdaToken, "POST", "/api/v1/sessions/"+id+"/close", nil, nil)
		var b baton.Bridge
		if code := a.API(a.AdaToken, "GET", "/api/v1/sessions/"+id+"/bridge", nil, &b); code != http.StatusOK {
			t.Fatalf("bridge = %d", code)
		}
		save := func(summary string) string {
			tc := b.Transferred
			tc.Summary = summary
			body, _ := json.Marshal(map[string]any{"base_revision": b.Revision, "transferred_context": tc, "handoff_instructions": b.Instructions})
			return string(body)
		}
		markers := func() int {
			var out struct{ Markers []baton.Marker }
			a.API(a.AdaToken, "GET", "/api/v1/markers", nil, &out)
			return len(out.Markers)
		}
		revision := func() int {
			var now baton.Bridge
			a.API(a.AdaToken, "GET", "/api/v1/bridges/"+b.ID, nil, &now)
			return now.Revision
		}
		markersBefore, revisionBefore := markers(), revision()
		for _, c := range []struct{ name, method, path, body, field string }{
			{"marker note with NUL", "POST", "/api/v1/messages/" + msg + "/markers", `{"marker_type":"pause","note":"lunch\u0000break"}`, "note"},
			{"marker type with NUL", "POST", "/api/v1/messages/" + msg + "/markers", `{"marker_type":"pa\u0000use"}`, "marker_type"},
			{"marker with data after it", "POST", "/api/v1/messages/" + msg + "/markers", `{"marker_type":"pause"} {"marker_type":"milestone"}`, "body"},
			{"marker with garbage after it", "POST", "/api/v1/messages/" + msg + "/markers", `{"marker_type":"pause"}garbage`, "body"},
			{"null marker", "POST", "/api/v1/messages/" + msg + "/markers", `null`, "body"},
			{"bridge summary with NUL", "PUT", "/api/v1/bridges/" + b.ID, save("carry\u0000on"), "transferred_context.summary"},
			{"bridge with data after it", "PUT", "/api/v1/bridges/" + b.ID, save("carry on") + `{}`, "body"},
			{"null bridge", "PUT", "/api/v1/bridges/" + b.ID, `null`, "body"},
		} {
			var e webtest.APIError
			if code := a.API(a.AdaToken, c.method, c.path, c.body, &e); code != http.StatusBadRequest || e.Error.Field != c.field {
				t.Errorf("%s: %d %+v, want 400 naming %s", c.name, code, e.Error, c.field)
			}
		}
		if n := markers(); n != markersBefore {
			t.Errorf("refused markers stored: %d markers, had %d", n, markersBefore)
		}
		if r := revision(); r != revisionBefore {
			t.Errorf("a refused save wrote revision %d (was %d)", r, revisionBefore)
		}
		// The same bodies without the fault are taken.
		if code := a.API(a.AdaToken, "POST", "/api/v1/messages/"+msg+"/markers", `{"marker_type":"pause","note":"lunch break"}`, nil); code != http.StatusCreated {
			t.Errorf("clean marker = %d", code)
		}
		var saved baton.Bridge
		if code := a.API(a.AdaToken, "PUT", "/api/v1/bridges/"+b.ID, save("carry on"), &saved); code != http.StatusOK || !strings.Contains(saved.Transferred.Summary, "carry on") {
			t.Errorf("clean save = %d %q", code, saved.Transferred.Summary)
		}
	})
}
