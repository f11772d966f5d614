package ui_test

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

func TestBridgePages(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		id := webtest.CreateCodingSession(t, a, a.AdaToken, nil)
		ada := a.SignIn("ada")

		// The session page's Finalize button drafts the bridge and opens it.
		resp := ada.Post("/sessions/"+id+"/finalize", url.Values{})
		resp.Body.Close()
		if !strings.HasPrefix(resp.Request.URL.Path, "/bridges/") {
			t.Fatalf("finalize ended at %s", resp.Request.URL)
		}
		bridgePath := resp.Request.URL.Path
		doc, _ := ada.Get(bridgePath)
		if v, _ := doc.Find(`#bridge-form input[name="base_revision"]`).Attr("value"); v != "1" {
			t.Errorf("base_revision = %q", v)
		}
		if n := doc.Find(`#list-tasks li.edit-row`).Length(); n != 4 {
			t.Errorf("%d task rows, want 4", n)
		}
		if got := doc.Find(`#list-tasks li.edit-row input[name="task"]`).First().AttrOr("value", ""); got != "Resolve the failing go vet ./..." {
			t.Errorf("first task = %q", got)
		}
		if !strings.Contains(doc.Find(`#bridge-preview`).Text(), "1. [blocked] Resolve the failing go vet ./...") {
			t.Errorf("preview = %q", doc.Find(`#bridge-preview`).Text())
		}
		if !strings.Contains(doc.Find(`#bridge-quality`).Text(), "7 of 7 parts filled") {
			t.Errorf("quality panel = %q", doc.Find(`#bridge-quality`).Text())
		}
		// The drafted task that is a command lowers the clarity, and the
		// editor says so.
		if noise := doc.Find(`#bridge-quality #bridge-quality-noise li`).Text(); !strings.Contains(noise, `task "Resolve the failing go vet ./..." is a command, not a task`) {
			t.Errorf("quality noise = %q", noise)
		}

		// The autosave: the form as the page sends it, reordered and edited.
		form := url.Values{"base_revision": {"1"}, "summary": {"Short summary."}, "immediate_priority": {"Ship it"},
			"task": {"Write tests for limiter", "Resolve the failing go vet ./..."}, "task_status": {"in_progress", "blocked"},
			"task_context": {"", "vet"}, "question": {"Per account or per key?"}, "question_priority": {"high"}, "question_context": {""},
			"energy": {"normal"}, "uncommitted": {"yes"}, "environment": {"model: opus\nbad line"}, "avoid": {"Do not re-run the burst test", ""}}
		saved, code := ada.PostHTMX(bridgePath+"/save", form)
		if code != 200 || saved.Find(`#save-status`).AttrOr("data-revision", "") != "2" ||
			saved.Find(`#base-revision`).AttrOr("value", "") != "2" || saved.Find(`#bridge-form`).Length() != 0 {
			t.Fatalf("save = %d: status %q, base %q", code, saved.Find(`#save-status`).AttrOr("data-revision", ""), saved.Find(`#base-revision`).AttrOr("value", ""))
		}
		var b baton.Bridge
		a.API(a.AdaToken, "GET", "/api/v1/sessions/"+id+"/bridge", nil, &b)
		if b.Transferred.ActiveTasks[0].Task != "Write tests for limiter" || b.Instructions.ImmediatePriority != "Ship it" ||
			len(b.Instructions.AvoidRepeating) != 1 || b.Transferred.TechnicalState.EnvironmentState["model"] != "opus" {
			t.Errorf("saved bridge = %+v", b)
		}
		// The same form again, still on revision 1: a conflict with both versions.
		form.Set("immediate_priority", "Something else")
		conflict, code := ada.PostHTMX(bridgePath+"/save", form)
		if code != http.StatusConflict || !strings.Contains(conflict.Find(`#conflict-mine`).Text(), "Something else") ||
			!strings.Contains(conflict.Find(`#conflict-theirs`).Text(), "Ship it") || conflict.Find(`[data-keep-mine="2"]`).Length() != 1 {
			t.Errorf("conflict = %d %q", code, conflict.Text())
		}
		form.Set("base_revision", "2")
		form.Set("task_status", "someday")
		bad, code := ada.PostHTMX(bridgePath+"/save", form)
		if code != http.StatusBadRequest || !strings.Contains(bad.Find(`#save-status`).Text(), "status must be") {
			t.Errorf("invalid save = %d %q", code, bad.Text())
		}

		diff, _ := ada.HTMX(bridgePath + "/diff?from=1&to=2")
		if diff.Find(`ins.diff-add`).FilterFunction(func(_ int, s *goquery.Selection) bool { return strings.Contains(s.Text(), "Ship it") }).Length() != 1 {
			t.Errorf("diff = %q", diff.Text())
		}

		list, _ := ada.Get("/bridges")
		row := list.Find(`#bridge-list tr.bridge-row`)
		if row.Length() != 1 || row.AttrOr("data-status", "") != "draft" || !strings.Contains(row.Text(), "Rate-limit the Stripe webhook") {
			t.Errorf("bridges list = %q", row.Text())
		}
		resp = ada.Post(bridgePath+"/publish", url.Values{})
		resp.Body.Close()
		list, _ = ada.Get("/bridges")
		if list.Find(`#bridge-list tr.bridge-row`).AttrOr("data-status", "") != "published" {
			t.Error("publishing does not show on the list")
		}

		// A marker by hand from a message, shown on the timeline.
		var msgs struct{ Messages []baton.Message }
		a.API(a.AdaToken, "GET", "/api/v1/sessions/"+id+"/messages", nil, &msgs)
		resp = ada.Post(fmt.Sprintf("/messages/%d/markers", msgs.Messages[3].ID), url.Values{"marker_type": {"pause"}, "note": {"lunch break"}})
		resp.Body.Close()
		tl, _ := ada.Get("/continuity")
		types := tl.Find(`#marker-timeline li.marker`).Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("data-type", "") })
		if strings.Join(types, ",") != "pause,milestone,transition" || !strings.Contains(tl.Text(), "lunch break") {
			t.Errorf("timeline = %v", types)
		}

		sum, _ := ada.Get("/summary")
		if !strings.Contains(sum.Find(`#summary-markdown`).Text(), "# Cross-Conversational Context") || sum.Find(`#summary-sessions li`).Length() != 1 {
			t.Errorf("summary page = %q", sum.Find(`main`).Text())
		}
		dl, err := ada.Client.Get(a.Srv.URL + "/summary.md")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(dl.Body)
		dl.Body.Close()
		if !strings.Contains(dl.Header.Get("Content-Disposition"), "cross_conversational_summary.md") || !strings.HasPrefix(string(body), "# Cross-Conversational Context") {
			t.Errorf("download = %q %q", dl.Header.Get("Content-Disposition"), body)
		}
	})
}
