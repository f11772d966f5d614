package api_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

const apiFrame = `{"id":"f-api-1","timestamp":"2026-05-01T10:30:00+02:00","branch":"feature/recall","module_scope":["memory/store"],` +
	`"summary_caption":"Recall ranks by bm25 and recency","reference_point":"recall-blend","status_snapshot":{"next_action":"Benchmark it"},` +
	`"keywords":["recall","AUTH-456"],"runId":"run-7","executorRole":"senior-dev","toolCalls":["frame_create"],"guardrailProfile":"strict",` +
	`"turnCost":{"components":{"latency":12,"contextReset":0,"renegotiation":0,"tokenBloat":0,"attentionSwitch":0}}}`

type recallAnswer struct {
	Hits []struct {
		Frame json.RawMessage
		Score float64
	}
	Count   int
	TookMS  *float64 `json:"took_ms"`
	Terms   []string
	Message string
}

func TestAPIFrameRememberGetRecallDelete(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		var stored json.RawMessage
		if code := a.API(a.AdaToken, "POST", "/api/v1/frames", apiFrame, &stored); code != http.StatusCreated || string(stored) != apiFrame {
			t.Fatalf("remember = %d %s", code, stored)
		}
		// Idempotent by id: the same frame again is 200, a different one under the id 409.
		if code := a.API(a.AdaToken, "POST", "/api/v1/frames", apiFrame, &stored); code != http.StatusOK || string(stored) != apiFrame {
			t.Fatalf("remember again = %d %s", code, stored)
		}
		var e webtest.APIError
		changed := strings.Replace(apiFrame, "Benchmark it", "Ship it", 1)
		if code := a.API(a.AdaToken, "POST", "/api/v1/frames", changed, &e); code != http.StatusConflict || e.Error.Field != "id" {
			t.Fatalf("different frame, same id = %d %+v", code, e)
		}
		var got json.RawMessage
		if code := a.API(a.AdaToken, "GET", "/api/v1/frames/f-api-1", nil, &got); code != 200 || string(got) != apiFrame {
			t.Fatalf("get = %d %s", code, got)
		}
		var r recallAnswer
		if code := a.API(a.AdaToken, "GET", "/api/v1/frames/recall?q=auth-456&module=memory/store&branch=feature/recall&since=2026-05-01T08:30:00Z&until=2026-05-01&limit=5", nil, &r); code != 200 ||
			r.Count != 1 || len(r.Hits) != 1 || r.TookMS == nil || r.Hits[0].Score <= 0 {
			t.Fatalf("recall = %d %+v", code, r)
		}
		// The frame was taken at 08:30Z; a since one second later excludes it.
		if a.API(a.AdaToken, "GET", "/api/v1/frames/recall?q=recall&since=2026-05-01T08:30:01Z", nil, &r); r.Count != 0 {
			t.Fatalf("since compares instants: %+v", r)
		}
		if a.API(a.AdaToken, "GET", "/api/v1/frames/recall?q=%22%22+--+OR", nil, &r); r.Count != 0 || r.Message == "" || r.Terms == nil {
			t.Fatalf("empty query: %+v", r)
		}
		// Bob sees none of it.
		if code := a.API(a.BobToken, "GET", "/api/v1/frames/f-api-1", nil, &e); code != 404 {
			t.Fatalf("bob get = %d", code)
		}
		if code := a.API(a.AdaToken, "DELETE", "/api/v1/frames/f-api-1", nil, nil); code != http.StatusNoContent {
			t.Fatalf("delete = %d", code)
		}
		if code := a.API(a.AdaToken, "GET", "/api/v1/frames/f-api-1", nil, &e); code != 404 {
			t.Fatalf("get after delete = %d", code)
		}
	})
}

func TestAPIFrameErrorsNameTheField(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		cases := []struct {
			method, path string
			body         any
			status       int
			field        string
		}{
			{"POST", "/api/v1/frames", strings.Replace(apiFrame, `"next_action":"Benchmark it"`, `"next_action":""`, 1), 400, "status_snapshot.next_action"},
			{"POST", "/api/v1/frames", strings.Replace(apiFrame, `"2026-05-01T10:30:00+02:00"`, `"May 1st"`, 1), 400, "timestamp"},
			{"POST", "/api/v1/frames", strings.Replace(apiFrame, `["memory/store"]`, `[]`, 1), 400, "module_scope"},
			{"POST", "/api/v1/frames", `[1,2]`, 400, "(frame)"},
			{"POST", "/api/v1/frames", ``, 400, "(frame)"},
			{"POST", "/api/v1/frames/import", ``, 400, "body"},
			{"GET", "/api/v1/frames/recall?q=x&mode=some", nil, 400, "mode"},
			{"GET", "/api/v1/frames/recall?q=x&limit=0", nil, 400, "limit"},
			{"GET", "/api/v1/frames/recall?q=x&since=yesterday", nil, 400, "since"},
			{"GET", "/api/v1/frames/recall?q=x&since=2026-02-01&until=2026-01-01", nil, 400, "until"},
			{"GET", "/api/v1/frames/timeline?cursor=zzz", nil, 400, "cursor"},
			{"GET", "/api/v1/frames/timeline?limit=5000", nil, 400, "limit"},
			{"GET", "/api/v1/frames/export?format=xml", nil, 400, "format"},
		}
		for _, c := range cases {
			var e webtest.APIError
			if got := a.API(a.AdaToken, c.method, c.path, c.body, &e); got != c.status || e.Error.Field != c.field || e.Error.Message == "" {
				t.Errorf("%s %s = %d %+v, want %d naming %q", c.method, c.path, got, e, c.status, c.field)
			}
		}
		// No update path: PUT and PATCH on a frame do not exist.
		for _, m := range []string{"PUT", "PATCH"} {
			if got := a.API(a.AdaToken, m, "/api/v1/frames/f-api-1", apiFrame, nil); got != http.StatusNotFound && got != http.StatusMethodNotAllowed {
				t.Errorf("%s a frame = %d", m, got)
			}
		}
	})
}

func TestAPIFrameImportExportRoundTrips(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		second := strings.NewReplacer(`"f-api-1"`, `"f-api-2"`, "10:30:00", "11:30:00").Replace(apiFrame)
		bad := strings.Replace(apiFrame, `"f-api-1"`, `"f-api-3"`, 1)
		bad = strings.Replace(bad, `"branch":"feature/recall"`, `"branch":7`, 1)
		body := apiFrame + "\n" + second + "\n" + bad + "\n" + apiFrame + "\n"
		var res struct {
			Results []baton.FrameImportResult
			Summary string
		}
		if code := a.API(a.AdaToken, "POST", "/api/v1/frames/import", body, &res); code != 200 || res.Summary != "2 created, 1 duplicates, 1 invalid" ||
			res.Results[2].Field != "branch" || res.Results[2].ID != "f-api-3" {
			t.Fatalf("import = %d %+v", code, res)
		}
		req, _ := http.NewRequest("GET", a.Srv.URL+"/api/v1/frames/export?format=ndjson", nil)
		req.Header.Set("Authorization", "Bearer "+a.AdaToken)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		out, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		// Newest first, each line exactly the frame that was sent, but for
		// its offset timestamp, which Lex refuses: the same instant in UTC.
		lex := strings.NewReplacer("2026-05-01T10:30:00+02:00", "2026-05-01T08:30:00Z", "2026-05-01T11:30:00+02:00", "2026-05-01T09:30:00Z")
		if want := lex.Replace(second + "\n" + apiFrame + "\n"); string(out) != want || resp.Header.Get("Content-Type") != "application/x-ndjson" {
			t.Fatalf("export:\n%s\nwant\n%s", out, want)
		}
		var arr []json.RawMessage
		if a.API(a.AdaToken, "GET", "/api/v1/frames/export", nil, &arr); len(arr) != 2 || string(arr[1]) != lex.Replace(apiFrame) {
			t.Fatalf("json export: %s", arr)
		}
		// Another steward importing the export gets the same frames, as their own.
		if code := a.API(a.BobToken, "POST", "/api/v1/frames/import", string(out), &res); code != 200 || res.Summary != "2 created, 0 duplicates, 0 invalid" {
			t.Fatalf("bob's import = %d %+v", code, res)
		}
	})
}

func TestAPIFrameTimelineLinksSessions(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		start := time.Date(2026, 5, 1, 8, 0, 0, 0, time.UTC)
		end := start.Add(time.Hour)
		var byBranch, byRun baton.Session
		a.API(a.AdaToken, "POST", "/api/v1/sessions", map[string]any{"title": "Recall work", "branch": "feature/recall", "started_at": start, "ended_at": end}, &byBranch)
		a.API(a.AdaToken, "POST", "/api/v1/sessions", map[string]any{"title": "Runner", "source": "runner", "source_ref": "run-7", "started_at": start.Add(-48 * time.Hour)}, &byRun)
		a.API(a.AdaToken, "POST", "/api/v1/frames", apiFrame, nil) // 08:30Z on feature/recall, runId run-7
		late := strings.NewReplacer(`"f-api-1"`, `"f-late"`, "10:30:00+02:00", "12:00:00Z", `"runId":"run-7",`, "").Replace(apiFrame)
		a.API(a.AdaToken, "POST", "/api/v1/frames", late, nil)
		var tl struct {
			Frames []struct {
				Frame    struct{ ID string }
				Sessions []baton.FrameSession
			}
			NextCursor string `json:"next_cursor"`
		}
		if code := a.API(a.AdaToken, "GET", "/api/v1/frames/timeline?branch=feature/recall&limit=1", nil, &tl); code != 200 || len(tl.Frames) != 1 ||
			tl.Frames[0].Frame.ID != "f-late" || len(tl.Frames[0].Sessions) != 0 || tl.NextCursor == "" {
			t.Fatalf("timeline page 1 = %d %+v", code, tl)
		}
		a.API(a.AdaToken, "GET", "/api/v1/frames/timeline?branch=feature/recall&limit=1&cursor="+tl.NextCursor, nil, &tl)
		links := map[string]string{}
		for _, s := range tl.Frames[0].Sessions {
			links[s.SessionID] = s.Link
		}
		if tl.Frames[0].Frame.ID != "f-api-1" || links[byBranch.ID] != baton.FrameLinkBranch || links[byRun.ID] != baton.FrameLinkRun || len(links) != 2 || tl.NextCursor != "" {
			t.Fatalf("timeline page 2 = %+v", tl)
		}
	})
}

// lexExport is frames as Lex's export writes them (JSON.stringify: no HTML
// escaping, its own key order and number spelling), newest first, with the
// v4–v7 fields.
var lexExport = []string{
	`{"id":"frame-1733050000000-b","timestamp":"2025-12-01T11:00:00.123Z","branch":"feat/a&b","module_scope":["ui/<App>"],` +
		`"summary_caption":"Fixed <script> & \"quotes\" — café ✓","reference_point":"a > b","status_snapshot":{"next_action":"Ship","blockers":[]},` +
		`"spend":{"tokens_estimated":1500,"prompts":3},"turnCost":{"components":{"latency":1.5e3,"contextReset":0,"renegotiation":1,"tokenBloat":0.25,"attentionSwitch":2}},` +
		`"capabilityTier":"senior","superseded_by":"frame-1733050000000-c","module_attribution":{"mode":"explicit","confidence":"high","evidence":["mcp:module_scope"]}}`,
	`{"status_snapshot":{"tests_failing":["t<1>"],"next_action":"Review"},"reference_point":"order kept","summary_caption":"Keys in Lex's order",` +
		`"module_scope":["core"],"branch":"main","timestamp":"2025-12-01T10:00:00Z","id":"frame-1733050000000-a","merged_from":["x","y"],` +
		`"contradiction_resolution":{"type":"keep-both","contradicts_frame_id":"x"},"taskComplexity":{"tier":"mid","retryCount":2.0}}`,
}

// TestAPIFrameExportIsLexBytes imports frames as Lex exports them and
// exports them: the same bytes come back, in both formats; a timestamp Lex
// would refuse (an offset, no zone) goes out as the same instant in UTC.
func TestAPIFrameExportIsLexBytes(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		body := strings.Join(lexExport, "\n") + "\n"
		var res struct{ Summary string }
		if code := a.API(a.AdaToken, "POST", "/api/v1/frames/import", "["+strings.Join(lexExport, ",")+"]", &res); code != 200 || res.Summary != "2 created, 0 duplicates, 0 invalid" {
			t.Fatalf("import = %d %+v", code, res)
		}
		get := func(path string) string {
			req, _ := http.NewRequest("GET", a.Srv.URL+path, nil)
			req.Header.Set("Authorization", "Bearer "+a.AdaToken)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			out, _ := io.ReadAll(resp.Body)
			return string(out)
		}
		if got := get("/api/v1/frames/export?format=ndjson"); got != body {
			t.Fatalf("ndjson export:\n%s\nwant\n%s", got, body)
		}
		if got, want := get("/api/v1/frames/export"), "["+strings.Join(lexExport, ",")+"]\n"; got != want {
			t.Fatalf("json export:\n%s\nwant\n%s", got, want)
		}
		// The zip holds Lex's own export: a frame-<id>.json file per frame,
		// indented as Lex writes it.
		zipped := get("/api/v1/frames/export?format=zip")
		zr, err := zip.NewReader(strings.NewReader(zipped), int64(len(zipped)))
		if err != nil || len(zr.File) != 2 || zr.File[0].Name != "frame-frame-1733050000000-b.json" {
			t.Fatalf("zip export = %v, %v", zr, err)
		}
		r, _ := zr.File[0].Open()
		file, _ := io.ReadAll(r)
		var indented bytes.Buffer
		json.Indent(&indented, []byte(lexExport[0]), "", "  ")
		if string(file) != indented.String() {
			t.Fatalf("zip entry:\n%s\nwant\n%s", file, indented.String())
		}
		if code := a.API(a.AdaToken, "GET", "/api/v1/frames/export?format=tar", "", nil); code != 400 {
			t.Fatalf("format=tar = %d", code)
		}
		// Offsets and zone-less times are Baton's to accept, not Lex's.
		offset := `{"id":"f-off","timestamp":"2025-12-02T12:30:00.5+02:00","branch":"main","module_scope":["m"],"summary_caption":"s","reference_point":"r","status_snapshot":{"next_action":"n"}}`
		local := `{"id":"f-local","timestamp":"2025-12-02T09:00:00","branch":"main","module_scope":["m"],"summary_caption":"s","reference_point":"r","status_snapshot":{"next_action":"n"}}`
		if code := a.API(a.BobToken, "POST", "/api/v1/frames/import", offset+"\n"+local, &res); code != 200 || res.Summary != "2 created, 0 duplicates, 0 invalid" {
			t.Fatalf("import = %d %+v", code, res)
		}
		req, _ := http.NewRequest("GET", a.Srv.URL+"/api/v1/frames/export?format=ndjson", nil)
		req.Header.Set("Authorization", "Bearer "+a.BobToken)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		out, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		want := strings.Replace(offset, "2025-12-02T12:30:00.5+02:00", "2025-12-02T10:30:00.5Z", 1) + "\n" +
			strings.Replace(local, "2025-12-02T09:00:00", "2025-12-02T09:00:00Z", 1) + "\n"
		if string(out) != want {
			t.Fatalf("export for Lex:\n%s\nwant\n%s", out, want)
		}
	})
}
