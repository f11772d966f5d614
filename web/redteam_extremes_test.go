package web_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

// A session from the first to the last day a timestamp can name: "to" the
// last day includes it (it came back empty: the end of that day is year
// 10000), in the list and the relationship, and its duration reads the
// same sane span everywhere (it read 9223372036 s, "106751d 23h").
func TestLongestSessionIsListedToTheLastDayWithASaneDuration(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		var sess baton.Session
		if code := a.API(a.AdaToken, "POST", "/api/v1/sessions",
			`{"title":"from 1969 to the end","started_at":"1969-12-31T00:00:00Z","ended_at":"9999-12-31T00:00:00Z"}`, &sess); code != http.StatusCreated {
			t.Fatalf("create = %d", code)
		}
		const span = 253402300800 // seconds from 1969-12-31 to 9999-12-31
		if sess.DurationSeconds != span {
			t.Errorf("duration_seconds = %d, want %d", sess.DurationSeconds, span)
		}
		for _, q := range []string{"to=9999-12-31", "to=9999-12-30", "from=1969-12-31&to=9999-12-31", "to=9999-12-31T23:59:59Z"} {
			var list baton.SessionPage
			if code := a.API(a.AdaToken, "GET", "/api/v1/sessions?"+q, nil, &list); code != http.StatusOK || len(list.Sessions) != 1 {
				t.Errorf("sessions?%s = %d, %d sessions; want the one", q, code, len(list.Sessions))
			} else if list.Sessions[0].DurationSeconds != span {
				t.Errorf("sessions?%s: duration_seconds = %d", q, list.Sessions[0].DurationSeconds)
			}
		}
		var open, last struct {
			Sessions   []map[string]any
			Unanalysed int
		}
		a.API(a.AdaToken, "GET", "/api/v1/relationship", nil, &open)
		if code := a.API(a.AdaToken, "GET", "/api/v1/relationship?from=1969-12-31&to=9999-12-31", nil, &last); code != http.StatusOK {
			t.Fatalf("relationship = %d", code)
		}
		if len(open.Sessions)+open.Unanalysed != 1 || len(last.Sessions) != len(open.Sessions) || last.Unanalysed != open.Unanalysed {
			t.Errorf("relationship to 9999-12-31 = %d sessions, %d unanalysed; without a range %d, %d",
				len(last.Sessions), last.Unanalysed, len(open.Sessions), open.Unanalysed)
		}

		ada := a.SignIn("ada")
		const want = "8035y 122d"
		doc, _ := ada.Get("/sessions?to=9999-12-31")
		if got := strings.TrimSpace(doc.Find(`td[data-label="Duration"]`).First().Text()); got != want {
			t.Errorf("list's duration = %q, want %q", got, want)
		}
		page, _ := ada.Get("/sessions/" + sess.ID)
		if !strings.Contains(page.Text(), want) || strings.Contains(page.Text(), "106751d") {
			t.Errorf("session page does not say %s", want)
		}
		shared, _ := a.Anonymous().Get(ada.Share(sess.ID, "7d"))
		if !strings.Contains(shared.Text(), want) {
			t.Errorf("shared page does not say %s", want)
		}
	})
}

// A field the request does not take is named by its whole path (a bridge's
// transferred_context.foo was reported as "foo").
func TestUnknownFieldNamedByItsPath(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		var sess struct{ ID string }
		a.API(a.AdaToken, "POST", "/api/v1/sessions", `{"title":"paths"}`, &sess)
		id := webtest.CreateCodingSession(t, a, a.AdaToken, nil)
		a.API(a.AdaToken, "POST", "/api/v1/sessions/"+id+"/close", nil, nil)
		var b baton.Bridge
		a.API(a.AdaToken, "GET", "/api/v1/sessions/"+id+"/bridge", nil, &b)
		for _, c := range []struct{ method, path, body, field string }{
			{"PUT", "/api/v1/bridges/" + b.ID, `{"base_revision":1,"transferred_context":{"summary":"s","foo":1}}`, "transferred_context.foo"},
			{"POST", "/api/v1/sessions/" + sess.ID + "/messages", `{"messages":[{"role":"steward","content":"a"},{"role":"steward","content":"b","colour":"red"}]}`, "messages[1].colour"},
			{"POST", "/api/v1/sessions/" + sess.ID + "/messages", `{"messages":[{"role":"steward","content":"a","id":"x"}]}`, "messages[0].id"},
			{"POST", "/api/v1/sessions", `{"title":"x","surprise":true}`, "surprise"},
		} {
			var e webtest.APIError
			if code := a.API(a.AdaToken, c.method, c.path, c.body, &e); code != http.StatusBadRequest || e.Error.Field != c.field {
				t.Errorf("%s %s: %d %+v, want 400 naming %s", c.method, c.path, code, e, c.field)
			}
		}
	})
}
