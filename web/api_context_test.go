package web_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

func TestNextContext(t *testing.T) {
	eachApp(t, func(t *testing.T, a *app) {
		for _, s := range []map[string]any{
			{"title": "Fix the flaky login test", "started_at": "2026-03-01T09:00:00Z",
				"continuity": map[string]any{"open_threads": []string{"Other specs may click before the form is ready"}},
				"progress":   map[string]any{"tasks_remaining": []string{"Add waitForForm to the signup spec"}}},
			{"title": "Plan the\nbilling   migration", "started_at": "2026-03-02T09:00:00Z",
				"progress": map[string]any{"tasks_remaining": []string{"Dry-run on staging", strings.Repeat("long ", 100)}}},
		} {
			if code := a.api(a.adaToken, "POST", "/api/v1/sessions", s, nil); code != http.StatusCreated {
				t.Fatalf("create = %d", code)
			}
		}

		var next struct {
			Sessions []struct {
				Title          string   `json:"title"`
				OpenThreads    []string `json:"open_threads"`
				TasksRemaining []string `json:"tasks_remaining"`
			} `json:"sessions"`
		}
		if code := a.api(a.adaToken, "GET", "/api/v1/context/next", nil, &next); code != 200 || len(next.Sessions) != 2 {
			t.Fatalf("next = %d %+v", code, next)
		}
		if s := next.Sessions[0]; s.Title != "Plan the billing migration" || len(s.TasksRemaining) != 2 || len(s.TasksRemaining[1]) > 210 {
			t.Errorf("newest = %+v; want the title on one line and long items cut", s)
		}
		if s := next.Sessions[1]; len(s.OpenThreads) != 1 || s.TasksRemaining[0] != "Add waitForForm to the signup spec" {
			t.Errorf("older = %+v", s)
		}
		a.api(a.adaToken, "GET", "/api/v1/context/next?limit=1", nil, &next)
		if len(next.Sessions) != 1 {
			t.Errorf("limit=1 gave %d sessions", len(next.Sessions))
		}

		markdown := func(token, query, accept string) (string, string) {
			req, _ := http.NewRequest("GET", a.srv.URL+"/api/v1/context/next"+query, nil)
			req.Header.Set("Authorization", "Bearer "+token)
			if accept != "" {
				req.Header.Set("Accept", accept)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			return resp.Header.Get("Content-Type"), string(body)
		}
		for _, how := range [][2]string{{"?format=markdown", ""}, {"", "text/markdown"}} {
			ct, md := markdown(a.adaToken, how[0], how[1])
			if !strings.HasPrefix(ct, "text/markdown") {
				t.Fatalf("%v: content type %q", how, ct)
			}
			for _, want := range []string{"# Where we left off", "## Plan the billing migration", "## Fix the flaky login test",
				"Open threads:\n- Other specs may click before the form is ready", "Remaining tasks:\n- Dry-run on staging"} {
				if !strings.Contains(md, want) {
					t.Errorf("%v: markdown lacks %q:\n%s", how, want, md)
				}
			}
			if strings.Index(md, "billing") > strings.Index(md, "flaky") {
				t.Errorf("%v: not newest first:\n%s", how, md)
			}
		}
		if _, md := markdown(a.bobToken, "?format=markdown", ""); strings.Contains(md, "billing") || !strings.Contains(md, "No earlier sessions") {
			t.Errorf("bob's context shows ada's sessions:\n%s", md)
		}

		var e apiErr
		if code := a.api(a.adaToken, "GET", "/api/v1/context/next?format=xml", nil, &e); code != 400 || e.Error.Field != "format" {
			t.Errorf("format=xml: %d %+v", code, e)
		}
		if code := a.api(a.adaToken, "GET", "/api/v1/context/next?limit=0", nil, &e); code != 400 || e.Error.Field != "limit" {
			t.Errorf("limit=0: %d %+v", code, e)
		}
		var raw json.RawMessage
		if code := a.api("", "GET", "/api/v1/context/next", nil, &raw); code != http.StatusUnauthorized {
			t.Errorf("without a token: %d", code)
		}
	})
}
