package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/web/webtest"
)

// A message's time is accepted or refused alike whichever way it comes
// in: appended through the API, in a structured document posted to the
// API, or in a structured file imported (`baton import`, the import
// page). Every refusal names the field: the API's the message's
// timestamp, the importer's the message's time (in the structured
// format's own words where it has them).
func TestMessageTimesAreReadAlikeByEveryEntryPoint(t *testing.T) {
	times := []struct {
		text string
		ok   bool
	}{
		{"2026-01-15T09:00:00Z", true},
		{"2026-01-15T09:00:00.123456789+02:00", true},
		{"2026-01-15t09:00:00z", false}, // RFC 3339 allows lower case; Go's reader does not
		{"9999-12-31T23:59:59Z", true},
		{"0001-01-01T01:00:00Z", true},
		{"2026-01-15T09:00:00", false},   // no zone
		{"2026-01-15 09:00:00Z", false},  // a space for the T
		{" 2026-01-15T09:00:00Z", false}, // spaces around
		// Go's reader does not refuse these yet (go.dev/issue/54580); when
		// it does, every entry point refuses them together.
		{"2026-01-15T09:00:00,5Z", true},     // a comma before the fraction
		{"2026-01-15T9:00:00Z", true},        // a one-digit hour
		{"2026-01-15T09:00:00+24:00", true},  // a zone past 23:59
		{"0001-01-01T00:00:00Z", false},      // the zero time
		{"0000-06-01T00:00:00Z", false},      // year 0
		{"0001-01-01T00:30:00+01:00", false}, // year 0 in UTC
		{"15/01/2026 09:00", false},
		{"yesterday", false},
	}
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		im := ingest.New(a.St)
		for i, tc := range times {
			// The API: a batch of one message.
			var sess baton.Session
			if code := a.API(a.AdaToken, "POST", "/api/v1/sessions", map[string]any{"title": fmt.Sprint("times ", i)}, &sess); code != http.StatusCreated {
				t.Fatalf("create session = %d", code)
			}
			batch := map[string]any{"messages": []map[string]any{{"role": "steward", "content": "hello", "timestamp": tc.text}}}
			var apiErr webtest.APIError
			code := a.API(a.AdaToken, "POST", "/api/v1/sessions/"+sess.ID+"/messages", batch, &apiErr)
			if apiOK := code == http.StatusOK; apiOK != tc.ok {
				t.Errorf("%q appended through the API: %d %+v; want accepted %v", tc.text, code, apiErr.Error, tc.ok)
			} else if !apiOK && (apiErr.Error.Field != "messages[0].timestamp" || !strings.Contains(apiErr.Error.Message, "messages[0].timestamp")) {
				t.Errorf("%q appended through the API: the refusal does not name the field: %+v", tc.text, apiErr.Error)
			} else if _, parsed := baton.ParseTime(tc.text); !apiOK && !parsed {
				if want := baton.ErrorMessage(baton.TimeFormError("messages[0].timestamp", tc.text)); apiErr.Error.Message != want {
					t.Errorf("%q appended through the API: %q; want the one message for a time that is not one, %q", tc.text, apiErr.Error.Message, want)
				}
			}

			doc := fmt.Sprintf(`{"id": "times_%d", "conversation": {"source": "messaging_app", "people": ["Alice", "Bob"], "user": "Alice", "conversation": [{"speaker": "Alice", "content": "hello", "time": %q}]}}`, i, tc.text)
			// The API's structured import.
			var posted struct{ Results []baton.ImportResult }
			if code := a.API(a.AdaToken, "POST", "/api/v1/import/structured", doc, &posted); code != http.StatusOK || len(posted.Results) != 1 {
				t.Fatalf("%q posted as a structured document: %d %+v", tc.text, code, posted)
			}
			checkImported(t, "posted as a structured document", tc.text, tc.ok, posted.Results[0])
			// A structured file imported, as `baton import` and the import page do.
			doc = strings.ReplaceAll(doc, "times_", "file_times_")
			results, err := im.Import(t.Context(), a.Bob.ID, "times.json", []byte(doc), nil)
			if err != nil || len(results) != 1 {
				t.Fatalf("%q imported from a file: %+v, %v", tc.text, results, err)
			}
			checkImported(t, "imported from a file", tc.text, tc.ok, results[0])
		}
	})
}

// checkImported checks that a structured document's one message with the
// time text was stored when ok, and refused naming its time otherwise.
func checkImported(t *testing.T, how, text string, ok bool, r baton.ImportResult) {
	t.Helper()
	stored := r.Status != baton.ImportRejected
	if stored != ok {
		t.Errorf("%q %s: %s %q; want accepted %v", text, how, r.Status, r.Error, ok)
	} else if !stored && !strings.Contains(r.Error, "message 0: time") && !strings.Contains(r.Error, "conversation.conversation[0].time") {
		t.Errorf("%q %s: the refusal does not name the message's time: %q", text, how, r.Error)
	}
}
