package web_test

// Regression tests for the defects of the red-team run (issue 13), one test
// per defect, each written to fail before its fix.

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
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

// Defect 2: concurrent appends to one session failed on PostgreSQL with a
// duplicate sequence number, and one batch sent twice at once failed on the
// source-id constraint. Appends to one conversation are serialised.
func TestConcurrentAppendsToOneSession(t *testing.T) {
	eachApp(t, func(t *testing.T, a *app) {
		var sess struct{ ID string }
		if code := a.api(a.adaToken, "POST", "/api/v1/sessions", `{"title":"busy"}`, &sess); code != http.StatusCreated {
			t.Fatalf("create = %d", code)
		}
		const clients, batches, perBatch = 4, 12, 5
		batch := func(prefix string) string {
			var b strings.Builder
			b.WriteString(`{"messages":[`)
			for i := range perBatch {
				if i > 0 {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, `{"source_id":"%s-%d","role":"steward","content":"message %s %d"}`, prefix, i, prefix, i)
			}
			b.WriteString("]}")
			return b.String()
		}
		type result struct {
			code              int
			stored, duplicate int
		}
		results := make(chan result, clients*batches+2)
		var wg sync.WaitGroup
		for c := range clients {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for b := range batches {
					var out struct{ Stored, Duplicates int }
					code := a.api(a.adaToken, "POST", "/api/v1/sessions/"+sess.ID+"/messages", batch(fmt.Sprintf("c%d-b%d", c, b)), &out)
					results <- result{code, out.Stored, out.Duplicates}
				}
			}()
		}
		// The same batch twice at once: one stores it, the other finds duplicates.
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var out struct{ Stored, Duplicates int }
				code := a.api(a.adaToken, "POST", "/api/v1/sessions/"+sess.ID+"/messages", batch("twice"), &out)
				results <- result{code, out.Stored, out.Duplicates}
			}()
		}
		wg.Wait()
		close(results)
		stored, dups := 0, 0
		for r := range results {
			if r.code != http.StatusOK {
				t.Errorf("append = %d", r.code)
			}
			stored, dups = stored+r.stored, dups+r.duplicate
		}
		want := clients*batches*perBatch + perBatch
		if stored != want || dups != perBatch {
			t.Errorf("stored %d, duplicates %d; want %d and %d", stored, dups, want, perBatch)
		}
		var page struct {
			Messages []struct {
				Seq int64 `json:"sequence_number"`
			}
		}
		a.api(a.adaToken, "GET", "/api/v1/sessions/"+sess.ID+"/messages?limit=1000", nil, &page)
		if len(page.Messages) != want {
			t.Fatalf("transcript has %d messages, want %d", len(page.Messages), want)
		}
		for i, m := range page.Messages {
			if m.Seq != int64(i+1) {
				t.Fatalf("message %d has seq %d: the sequence has a gap or a repeat", i, m.Seq)
			}
		}
	})
}

// Defect 3: next=/%09/evil.example sent the browser off-site after sign-in
// (browsers drop the tab and read //evil.example).
func TestSignInRedirectStaysOnSite(t *testing.T) {
	eachApp(t, func(t *testing.T, a *app) {
		for next, want := range map[string]string{
			"/\t/evil.example":          "/sessions",
			"/\n/evil.example":          "/sessions",
			"/ /evil.example":           "/sessions",
			"/\\evil.example":           "/sessions",
			"//evil.example":            "/sessions",
			"https://evil.example/":     "/sessions",
			"/\u00a0/evil.example":      "/sessions",
			"/%2F/evil.example":         "/sessions",
			"/sessions/abc?tab=notes#x": "/sessions/abc?tab=notes#x",
			"/review":                   "/review",
		} {
			b := a.anonymous()
			doc, _ := b.get("/login")
			b.csrf, _ = doc.Find(`input[name="_csrf"]`).Attr("value")
			resp := b.noRedirects().post("/login", url.Values{"username": {"ada"}, "password": {testPassword}, "next": {next}})
			resp.Body.Close()
			if got := resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || got != want {
				t.Errorf("next=%q: %d to %q, want %q", next, resp.StatusCode, got, want)
			}
		}
	})
}
