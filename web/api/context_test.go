package api_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/continuity/continuitytest"
	"github.com/baton-dev/baton/web/webtest"
)

func TestNextContext(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		first := webtest.CreateCodingSession(t, a, a.AdaToken, nil)
		a.API(a.AdaToken, "POST", "/api/v1/sessions/"+first+"/close", nil, nil)

		var next struct {
			Bridge *struct {
				ID          string `json:"id"`
				FromSession string `json:"from_session"`
			} `json:"bridge"`
			Unreviewed bool `json:"bridge_unreviewed"`
			Summary    struct {
				Markdown string `json:"markdown"`
				Tokens   int    `json:"tokens"`
				Sessions []struct {
					SessionID string `json:"session_id"`
				} `json:"sessions"`
			} `json:"summary"`
			ShortTerm []struct {
				Role    string `json:"role"`
				Content string `json:"content"`
			} `json:"short_term"`
			MediumTerm *struct {
				Covered int    `json:"covered_messages"`
				Summary string `json:"summary"`
			} `json:"medium_term"`
			Markdown string `json:"markdown"`
		}
		if code := a.API(a.AdaToken, "GET", "/api/v1/context/next", nil, &next); code != 200 || next.Bridge == nil {
			t.Fatalf("next = %d %+v", code, next)
		}
		if next.Bridge.FromSession != first || !next.Unreviewed {
			t.Errorf("bridge from %s unreviewed %v; want the draft of %s, flagged", next.Bridge.FromSession, next.Unreviewed, first)
		}
		if len(next.Summary.Sessions) != 1 || next.Summary.Sessions[0].SessionID != first || next.Summary.Tokens == 0 {
			t.Errorf("summary = %+v", next.Summary)
		}
		if len(next.ShortTerm) != 10 || next.ShortTerm[9].Content != "I'm tired, let's stop here. Should the limit be per account or per API key?" {
			t.Errorf("short-term memory = %+v", next.ShortTerm)
		}

		if m := next.MediumTerm; m == nil || m.Covered < 10 || m.Covered%10 != 0 || m.Summary == "" {
			t.Errorf("medium-term memory = %+v", m)
		} else if !strings.Contains(next.Markdown, m.Summary) {
			t.Errorf("the markdown lacks the medium-term summary:\n%s", next.Markdown)
		}

		markdown := func(token, query, accept string) (string, string) {
			req, _ := http.NewRequest("GET", a.Srv.URL+"/api/v1/context/next"+query, nil)
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
			ct, md := markdown(a.AdaToken, how[0], how[1])
			if !strings.HasPrefix(ct, "text/markdown") {
				t.Fatalf("%v: content type %q", how, ct)
			}
			for _, want := range []string{"# New Conversation Context", "draft the steward has not reviewed", "## Handoff from Rate-limit the Stripe webhook",
				"## Cross-Conversational Context", "### Recent Highlights", "## Short-term memory"} {
				if !strings.Contains(md, want) {
					t.Errorf("%v: markdown lacks %q:\n%s", how, want, md)
				}
			}
			if cross, medium, short := strings.Index(md, "## Cross-Conversational"), strings.Index(md, "## Medium-term memory"), strings.Index(md, "## Short-term memory"); !(cross < medium && medium < short) {
				t.Errorf("%v: medium-term memory is not between the summary and the short-term memory:\n%s", how, md)
			}
		}
		if _, md := markdown(a.BobToken, "?format=markdown", ""); strings.Contains(md, "Stripe") || !strings.Contains(md, "No earlier sessions") {
			t.Errorf("bob's context shows ada's sessions:\n%s", md)
		}

		var e webtest.APIError
		if code := a.API(a.AdaToken, "GET", "/api/v1/context/next?format=xml", nil, &e); code != 400 || e.Error.Field != "format" {
			t.Errorf("format=xml: %d %+v", code, e)
		}
		var raw json.RawMessage
		if code := a.API("", "GET", "/api/v1/context/next", nil, &raw); code != http.StatusUnauthorized {
			t.Errorf("without a token: %d", code)
		}
	})
}

// TestNextContextOfAProject: context/next with cwd, repo and branch
// answers with that project's bridge — the published one over a newer
// draft of another project — and with nothing of another project; a bad
// parameter answers 400 naming it.
func TestNextContextOfAProject(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		invoices := webtest.CreateCodingSession(t, a, a.AdaToken, nil) // /home/ada/invoices
		a.API(a.AdaToken, "POST", "/api/v1/sessions/"+invoices+"/close", nil, nil)
		var b struct {
			ID string `json:"id"`
		}
		a.API(a.AdaToken, "GET", "/api/v1/sessions/"+invoices+"/bridge", nil, &b)
		if code := a.API(a.AdaToken, "POST", "/api/v1/bridges/"+b.ID+"/publish", nil, nil); code != 200 {
			t.Fatalf("publish = %d", code)
		}
		blog := webtest.CreateCodingSession(t, a, a.AdaToken, map[string]any{"title": "Blog theme", "started_at": continuitytest.Start.Add(72 * time.Hour),
			"technical_context": map[string]any{"working_directory": "/home/ada/blog", "repositories": []string{"git@github.com:ada/blog.git"}}})
		a.API(a.AdaToken, "POST", "/api/v1/sessions/"+blog+"/close", nil, nil)

		type next struct {
			Project struct {
				Repository, Directory, Branch string
			} `json:"project"`
			Bridge *struct {
				FromSession string `json:"from_session"`
			} `json:"bridge"`
			Unreviewed bool   `json:"bridge_unreviewed"`
			Why        string `json:"bridge_why"`
			Markdown   string `json:"markdown"`
		}
		for query, want := range map[string]string{
			"?cwd=/home/ada/invoices/&branch=feature/webhook-rate-limit": invoices,
			"?repo=https://github.com/Ada/blog":                          blog,
			"?cwd=/home/ada/blog":                                        blog,
			"":                                                           invoices, // any project: the published one
		} {
			var n next
			if code := a.API(a.AdaToken, "GET", "/api/v1/context/next"+query, nil, &n); code != 200 || n.Bridge == nil || n.Bridge.FromSession != want {
				t.Errorf("%s: %d, %+v", query, code, n.Bridge)
				continue
			}
			if n.Unreviewed != (want == blog) {
				t.Errorf("%s: unreviewed %v", query, n.Unreviewed)
			}
			if want == invoices && strings.Contains(n.Markdown, "Blog theme") && query != "" {
				t.Errorf("%s: another project's session in the context:\n%s", query, n.Markdown)
			}
		}
		var n next
		a.API(a.AdaToken, "GET", "/api/v1/context/next?cwd=/home/ada/elsewhere", nil, &n)
		if n.Bridge != nil || n.Project.Directory != "/home/ada/elsewhere" || !strings.Contains(n.Why, "No bridge for /home/ada/elsewhere") {
			t.Errorf("a project with no sessions: %+v", n)
		}
		a.API(a.BobToken, "GET", "/api/v1/context/next?cwd=/home/ada/invoices", nil, &n)
		if n.Bridge != nil || strings.Contains(n.Markdown, "Stripe") {
			t.Errorf("bob sees ada's project: %+v", n)
		}
		for query, field := range map[string]string{"?cwd=home/ada": "cwd", "?repo=blog": "repo", "?branch=a..b": "branch", "?cwd=/x&branch=has%20space": "branch"} {
			var e webtest.APIError
			if code := a.API(a.AdaToken, "GET", "/api/v1/context/next"+query, nil, &e); code != 400 || e.Error.Field != field {
				t.Errorf("%s: %d %+v; want 400 naming %s", query, code, e, field)
			}
		}
	})
}
