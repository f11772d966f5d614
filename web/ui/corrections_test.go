package ui_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

// correctableSession is a session of ada's as an analysis left it.
func correctableSession(t *testing.T, a *webtest.App) *baton.Session {
	t.Helper()
	sess := &baton.Session{Title: "/prime & check out our recent work"}
	if err := a.St.CreateSession(context.Background(), a.Ada.ID, sess); err != nil {
		t.Fatal(err)
	}
	sess.Summary.Decisions = []baton.Decision{{Decision: "Let's use Redis", Timestamp: sess.StartedAt}}
	sess.Technical.Technologies = []string{"CSS"}
	if err := a.St.SaveSessionAnalysis(context.Background(), a.Ada.ID, sess, &baton.StoredAnalysis{AnalysedAt: sess.StartedAt}); err != nil {
		t.Fatal(err)
	}
	return sess
}

// unchanged fails the test when the session's title or corrections moved.
func unchanged(t *testing.T, a *webtest.App, sess *baton.Session, what string) {
	t.Helper()
	got, err := a.St.Session(context.Background(), a.Ada.ID, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := a.St.Corrections(context.Background(), a.Ada.ID, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Title != sess.Title || len(cs) != 0 {
		t.Errorf("%s changed the session: title %q, %d corrections", what, got.Title, len(cs))
	}
}

// The correction forms refuse bad input with 400, naming the field, show
// the form again as typed, and write nothing; a good one saves in place.
func TestCorrectionForms(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sess := correctableSession(t, a)
		ada := a.SignIn("ada")
		base := "/sessions/" + sess.ID + "/corrections/"
		for _, tc := range []struct {
			name, field string
			form        url.Values
			named       string
		}{
			{"empty title", "title", url.Values{"title": {"  "}}, "title"},
			{"long title", "title", url.Values{"title": {strings.Repeat("t", 201)}}, "title"},
			{"NUL", "title", url.Values{"title": {"a\x00b"}}, "title"},
			{"no title", "title", url.Values{}, "title"},
			{"unknown field", "title", url.Values{"title": {"ok"}, "summary": {"x"}}, "summary"},
			{"reason without decision", "decisions", url.Values{"decision": {"Keep SQLite", ""}, "rationale": {"", "because"}}, "decisions[1].decision"},
			{"bad done", "tasks", url.Values{"task": {"a"}, "done": {"7"}}, "done"},
			{"long topic", "topics", url.Values{"topics": {"ok\n" + strings.Repeat("x", 501)}}, "topics[1]"},
		} {
			doc, code := ada.PostHTMX(base+tc.field, tc.form)
			if code != http.StatusBadRequest {
				t.Errorf("%s: %d, want 400", tc.name, code)
				continue
			}
			msg := doc.Find(`#correction-` + tc.field + ` form [role="alert"]`).Text()
			if tc.name == "NUL" {
				msg = doc.Text() // refused before the handler, by the form check every page has
			}
			if !strings.Contains(msg, tc.named) {
				t.Errorf("%s: the form says %q, not naming %s", tc.name, msg, tc.named)
			}
			unchanged(t, a, sess, tc.name)
		}
		// What was typed comes back, with the row in error marked.
		doc, _ := ada.PostHTMX(base+"decisions", url.Values{"decision": {"Keep SQLite", ""}, "rationale": {"", "because"}})
		if doc.Find(`#correction-decisions-decision-1`).AttrOr("value", "") != "Keep SQLite" ||
			doc.Find(`#correction-decisions-decision-2[aria-invalid="true"]`).Length() != 1 {
			t.Error("the refused form does not keep what was typed or mark the row")
		}
		// No such field, or another steward's session: not found.
		if _, code := ada.PostHTMX(base+"summary", url.Values{"title": {"x"}}); code != http.StatusNotFound {
			t.Errorf("an unknown field = %d", code)
		}
		bobs := &baton.Session{Title: "bob's"}
		if err := a.St.CreateSession(context.Background(), a.Bob.ID, bobs); err != nil {
			t.Fatal(err)
		}
		if _, code := ada.PostHTMX("/sessions/"+bobs.ID+"/corrections/title", url.Values{"title": {"mine"}}); code != http.StatusNotFound {
			t.Errorf("bob's session = %d", code)
		}

		// Good input: the block comes back edited, with the heading.
		doc, code := ada.PostHTMX(base+"title", url.Values{"title": {"  Cache carts \n in Redis "}})
		if code != http.StatusOK || doc.Find("#correction-title .badge-edited").Length() != 1 ||
			doc.Find(`h1#session-title[hx-swap-oob]`).Text() != "Cache carts in Redis" {
			t.Fatalf("saved title: %d", code)
		}
		if !strings.Contains(doc.Find("#correction-title .correction-extracted").Text(), "/prime & check out our recent work") {
			t.Error("the saved block does not say what the analysis said")
		}
		doc, code = ada.PostHTMX(base+"decisions", url.Values{"decision": {"Cache carts in Redis", "", ""}, "rationale": {"shared by every instance", "", ""}})
		if code != http.StatusOK || doc.Find("#correction-decisions .decisions strong").Text() != "Cache carts in Redis" {
			t.Fatalf("saved decisions: %d", code)
		}
		doc, code = ada.PostHTMX(base+"tasks", url.Values{"task": {"Benchmark checkout", "", "Write the cache"}, "done": {"2"}})
		if code != http.StatusOK || doc.Find("#correction-tasks .badge-edited").Length() != 1 {
			t.Fatalf("saved tasks: %d", code)
		}
		got, _ := a.St.Session(context.Background(), a.Ada.ID, sess.ID)
		if strings.Join(got.Progress.TasksCompleted, "|") != "Write the cache" || strings.Join(got.Progress.TasksRemaining, "|") != "Benchmark checkout" {
			t.Errorf("tasks %+v", got.Progress)
		}

		// Without scripts: Edit is a page of its own, Save goes back to
		// the session page at the field, where it shows edited.
		page, resp := ada.Get(base + "technologies/edit")
		if resp.StatusCode != 200 || page.Find(`[hx-disable] textarea#correction-technologies-input`).Text() != "CSS" {
			t.Fatalf("the edit page: %d", resp.StatusCode)
		}
		resp = ada.Post(base+"technologies", url.Values{"technologies": {"Go\n\nRedis\n"}})
		if resp.StatusCode != 200 || resp.Request.URL.Path != "/sessions/"+sess.ID {
			t.Errorf("after saving without scripts: %d at %s", resp.StatusCode, resp.Request.URL)
		}
		resp.Body.Close()
		page, _ = ada.Get("/sessions/" + sess.ID)
		if page.Find("#correction-technologies .chip").Text() != "GoRedis" || page.Find("#correction-technologies .badge-edited").Length() != 1 {
			t.Errorf("the page shows technologies %q", page.Find("#correction-technologies .chip").Text())
		}

		// Revert gives the field back to the analysis.
		doc, code = ada.PostHTMX(base+"technologies/revert", url.Values{})
		if code != http.StatusOK || doc.Find("#correction-technologies .chip").Text() != "CSS" || doc.Find(".badge-edited").Length() != 0 {
			t.Errorf("revert: %d", code)
		}
		// The review page offers the corrected session as an evaluation case.
		page, _ = ada.Get("/review")
		if href := page.Find(`.corrections-export a[href="/review/corrections.json"]`).Length(); href != 1 || !strings.Contains(page.Find(".corrections-export").Text(), "1 corrected session") {
			t.Errorf("review page: %q", page.Find(".corrections-export").Text())
		}
		body, resp := getRaw(ada, "/review/corrections.json")
		if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") ||
			!strings.Contains(body, `"format": "baton-eval-cases/1"`) || !strings.Contains(body, "Cache carts in Redis") {
			t.Errorf("download: %d %s", resp.StatusCode, body)
		}
	})
}

// The corrections API decodes into its request type and checks as the
// forms do: bad input is 400 naming the field and writes nothing.
func TestCorrectionsAPI(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sess := correctableSession(t, a)
		path := "/api/v1/sessions/" + sess.ID + "/corrections"
		for _, tc := range []struct{ body, field string }{
			{`{}`, "fields"},
			{`{"title": ""}`, "title"},
			{`{"title": "` + strings.Repeat("t", 201) + `"}`, "title"},
			{`{"title": "a\u0000b"}`, "title"},
			{`{"title": 5}`, "title"},
			{`{"summary": "x"}`, "summary"},
			{`{"decisions": [{"decision": "a", "why": "b"}]}`, "decisions[0].why"},
			{`{"decisions": [{"decision": " "}]}`, "decisions[0].decision"},
			{`{"tasks": [{"task": "a"}, {"task": ""}]}`, "tasks[1].task"},
			{`{"topics": ["ok", null]}`, "topics[1]"},
			{`{"title": "ok"} {}`, "body"},
		} {
			var e webtest.APIError
			if code := a.API(a.AdaToken, "PUT", path, tc.body, &e); code != http.StatusBadRequest || e.Error.Field != tc.field {
				t.Errorf("%s: %d %+v, want 400 naming %s", tc.body, code, e.Error, tc.field)
			}
			unchanged(t, a, sess, tc.body)
		}
		if code := a.API(a.BobToken, "PUT", path, `{"title": "bob's now"}`, nil); code != http.StatusNotFound {
			t.Errorf("bob corrects ada's session: %d", code)
		}
		unchanged(t, a, sess, "bob")

		var out struct {
			Session     baton.Session
			Corrections []struct {
				Field     string
				Value     any
				Extracted any
			}
		}
		code := a.API(a.AdaToken, "PUT", path, `{"title": "Cache carts in Redis", "decisions": [], "tasks": [{"task": "Benchmark", "done": true}], "topics": ["cart cache"]}`, &out)
		if code != 200 || out.Session.Title != "Cache carts in Redis" || len(out.Session.Summary.Decisions) != 0 ||
			len(out.Session.Progress.TasksCompleted) != 1 || len(out.Corrections) != 4 || out.Corrections[0].Extracted != "/prime & check out our recent work" {
			t.Fatalf("PUT: %d %+v", code, out)
		}
		var list []struct{ Field string }
		if code := a.API(a.AdaToken, "GET", path, nil, &list); code != 200 || len(list) != 4 || list[1].Field != "decisions" {
			t.Errorf("GET: %d %+v", code, list)
		}
		if code := a.API(a.BobToken, "GET", path, nil, nil); code != http.StatusNotFound {
			t.Errorf("bob reads ada's corrections: %d", code)
		}
		var e webtest.APIError
		if code := a.API(a.AdaToken, "DELETE", path+"/summary", nil, &e); code != http.StatusBadRequest || e.Error.Field != "field" {
			t.Errorf("DELETE an unknown field: %d %+v", code, e)
		}
		if code := a.API(a.AdaToken, "DELETE", path+"/title", nil, &out); code != 200 || out.Session.Title != sess.Title || len(out.Corrections) != 3 {
			t.Errorf("DELETE title: %d %q", code, out.Session.Title)
		}
		if code := a.API(a.AdaToken, "DELETE", path+"/title", nil, nil); code != http.StatusNotFound {
			t.Errorf("DELETE title again: %d", code)
		}
		var set struct {
			Format string
			Cases  []struct {
				SessionID string `json:"session_id"`
				Labelled  []string
			}
		}
		if code := a.API(a.AdaToken, "GET", "/api/v1/corrections/export", nil, &set); code != 200 || len(set.Cases) != 1 ||
			set.Cases[0].SessionID != sess.ID || strings.Join(set.Cases[0].Labelled, ",") != "decisions,tasks,topics" {
			t.Errorf("export: %d %+v", code, set)
		}
		if code := a.API(a.BobToken, "GET", "/api/v1/corrections/export", nil, &set); code != 200 || len(set.Cases) != 0 {
			t.Errorf("bob's export: %d %+v", code, set)
		}
	})
}

// getRaw fetches a download as text.
func getRaw(b *webtest.Browser, path string) (string, *http.Response) {
	b.A.T.Helper()
	resp, err := b.Client.Get(b.A.Srv.URL + path)
	if err != nil {
		b.A.T.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		b.A.T.Fatal(err)
	}
	return string(body), resp
}

// A correction of a finished session's tasks redrafts its bridge: the
// steward's remaining tasks are handed on (a task the evidence also knows
// keeps its status) and their done tasks are wins. A bridge the steward
// edited keeps their content.
func TestCorrectedTasksGoOnInTheBridge(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		id := webtest.CreateCodingSession(t, a, a.AdaToken, nil)
		a.API(a.AdaToken, "POST", "/api/v1/sessions/"+id+"/close", nil, nil)
		body := `{"tasks": [{"task": "Write tests for limiter"}, {"task": "Ask finance which limit per account"}, {"task": "Add token-bucket limiter", "done": true}]}`
		if code := a.API(a.AdaToken, "PUT", "/api/v1/sessions/"+id+"/corrections", body, nil); code != 200 {
			t.Fatalf("correct tasks: %d", code)
		}
		var b baton.Bridge
		if code := a.API(a.AdaToken, "GET", "/api/v1/sessions/"+id+"/bridge", nil, &b); code != 200 {
			t.Fatalf("bridge = %d", code)
		}
		var got []string
		for _, task := range b.Transferred.ActiveTasks {
			got = append(got, task.Task+" ("+task.Status+")")
		}
		want := []string{"Write tests for limiter (in_progress)", "Ask finance which limit per account (planned)"}
		if !reflect.DeepEqual(got, want) || b.Revision != 2 {
			t.Errorf("bridge after the correction: revision %d, tasks %q, want %q", b.Revision, got, want)
		}
		if !slices.Contains(b.Transferred.StewardState.RecentWins, "Add token-bucket limiter") {
			t.Errorf("wins = %q", b.Transferred.StewardState.RecentWins)
		}

		// The steward edits the bridge; a later correction leaves it be.
		edit := map[string]any{"base_revision": b.Revision, "transferred_context": b.Transferred, "handoff_instructions": b.Instructions}
		if code := a.API(a.AdaToken, "PUT", "/api/v1/bridges/"+b.ID, edit, nil); code != 200 {
			t.Fatalf("edit bridge: %d", code)
		}
		if code := a.API(a.AdaToken, "PUT", "/api/v1/sessions/"+id+"/corrections", `{"tasks": [{"task": "Something else"}]}`, nil); code != 200 {
			t.Fatalf("second correction: %d", code)
		}
		var after baton.Bridge
		a.API(a.AdaToken, "GET", "/api/v1/sessions/"+id+"/bridge", nil, &after)
		if after.Revision != 3 || len(after.Transferred.ActiveTasks) != 2 {
			t.Errorf("the steward's bridge changed: revision %d, tasks %+v", after.Revision, after.Transferred.ActiveTasks)
		}
	})
}
