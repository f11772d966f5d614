package web_test

// Regression tests for the defects of the red-team run (issue 13), one test
// per defect, each written to fail before its fix.

import (
	"net/http"
	"strings"
	"testing"
)

// Defect 1: a time whose UTC year is outside 1–9999 was stored and then
// failed every read of the steward's data.
func TestOutOfRangeTimesAreRefusedNamingTheField(t *testing.T) {
	eachApp(t, func(t *testing.T, a *app) {
		var sess struct{ ID string }
		if code := a.api(a.adaToken, "POST", "/api/v1/sessions", `{"title":"fine"}`, &sess); code != http.StatusCreated {
			t.Fatalf("create = %d", code)
		}
		late, early := "9999-12-31T23:30:00-01:00", "0000-01-01T00:00:00+05:00"
		cases := []struct{ name, method, path, body, field string }{
			{"session started_at", "POST", "/api/v1/sessions", `{"title":"x","started_at":"` + late + `"}`, "started_at"},
			{"session started_at year 0", "POST", "/api/v1/sessions", `{"title":"x","started_at":"` + early + `"}`, "started_at"},
			{"session ended_at", "POST", "/api/v1/sessions", `{"title":"x","started_at":"2026-01-01T00:00:00Z","ended_at":"` + late + `"}`, "ended_at"},
			{"message timestamp", "POST", "/api/v1/sessions/" + sess.ID + "/messages",
				`{"messages":[{"role":"steward","content":"hi","timestamp":"` + late + `"}]}`, "messages[0].timestamp"},
			{"message timestamp year 0", "POST", "/api/v1/sessions/" + sess.ID + "/messages",
				`{"messages":[{"role":"steward","content":"hi","timestamp":"2026-01-01T00:00:00Z"},{"role":"steward","content":"ho","timestamp":"` + early + `"}]}`, "messages[1].timestamp"},
			{"close ended_at", "POST", "/api/v1/sessions/" + sess.ID + "/close", `{"ended_at":"` + late + `"}`, "ended_at"},
			{"structured time", "POST", "/api/v1/import/structured", `{"id":"doc-late","conversation":{"source":"slack","people":["ada","bot"],"user":"ada",
				"conversation":[{"speaker":"ada","content":"hi","time":"` + late + `"}]}}`, "time"},
		}
		for _, c := range cases {
			var e apiErr
			var results struct {
				Results []struct{ Status, Error string }
			}
			var out any = &e
			if strings.Contains(c.path, "import") {
				out = &results
			}
			code := a.api(a.adaToken, c.method, c.path, c.body, out)
			if strings.Contains(c.path, "import") {
				if len(results.Results) != 1 || results.Results[0].Status != "rejected" || !strings.Contains(results.Results[0].Error, c.field) {
					t.Errorf("%s: import = %d %+v, want rejected naming %s", c.name, code, results, c.field)
				}
				continue
			}
			if code != http.StatusBadRequest || e.Error.Field != c.field {
				t.Errorf("%s: %d %+v, want 400 naming %s", c.name, code, e, c.field)
			}
		}
		// Nothing was stored that breaks reading: the list and the transcript answer.
		if code := a.api(a.adaToken, "GET", "/api/v1/sessions", nil, nil); code != http.StatusOK {
			t.Errorf("session list = %d", code)
		}
		if code := a.api(a.adaToken, "GET", "/api/v1/sessions/"+sess.ID+"/messages", nil, nil); code != http.StatusOK {
			t.Errorf("transcript = %d", code)
		}
		ada := a.signIn("ada")
		if _, resp := ada.get("/sessions"); resp.StatusCode != http.StatusOK {
			t.Errorf("/sessions = %d", resp.StatusCode)
		}
	})
}
