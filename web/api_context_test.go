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
		first := createCodingSession(t, a, a.adaToken, nil)
		a.api(a.adaToken, "POST", "/api/v1/sessions/"+first+"/close", nil, nil)

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
		if code := a.api(a.adaToken, "GET", "/api/v1/context/next", nil, &next); code != 200 || next.Bridge == nil {
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
		if _, md := markdown(a.bobToken, "?format=markdown", ""); strings.Contains(md, "Stripe") || !strings.Contains(md, "No earlier sessions") {
			t.Errorf("bob's context shows ada's sessions:\n%s", md)
		}

		var e apiErr
		if code := a.api(a.adaToken, "GET", "/api/v1/context/next?format=xml", nil, &e); code != 400 || e.Error.Field != "format" {
			t.Errorf("format=xml: %d %+v", code, e)
		}
		var raw json.RawMessage
		if code := a.api("", "GET", "/api/v1/context/next", nil, &raw); code != http.StatusUnauthorized {
			t.Errorf("without a token: %d", code)
		}
	})
}
