package api_test

import (
	"net/http"
	"testing"

	"github.com/baton-dev/baton/web/webtest"
)

// A watcher's report refused for one file names that file's field by its
// whole path (it named "files" for every fault), and stores nothing.
func TestSourcesReportNamesTheFilesField(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		const times = `"mod_time":"2026-01-02T03:04:05Z","seen_at":"2026-01-02T03:04:05Z"`
		const ok = `{"path":"/w/a.jsonl","agent":"codex","mod_time":"2026-01-02T03:04:05Z","seen_at":"2026-01-02T03:04:05Z"}`
		for _, c := range []struct{ body, field string }{
			{`{"files":[` + ok + `,{"path":"  "}]}`, "files[1].path"},
			{`{"files":[` + ok + `,{"path":"/w/b.jsonl","mod_time":"0000-01-01T00:00:00Z"}]}`, "files[1].mod_time"},
			{`{"files":[{"path":"/w/b.jsonl","mod_time":"2026-01-02T03:04:05Z","seen_at":"0000-06-01T00:00:00Z"}]}`, "files[0].seen_at"},
			{`{"files":[{"path":"/w/b.jsonl",` + times + `,"synced_at":"0000-06-01T00:00:00Z"}]}`, "files[0].synced_at"},
			{`{"files":[{"path":"/w/b.jsonl",` + times + `,"deleted_at":"0000-06-01T00:00:00Z"}]}`, "files[0].deleted_at"},
			{`{"files":[{"path":"/w/b.jsonl",` + times + `,"replaced_at":"0000-06-01T00:00:00Z"}]}`, "files[0].replaced_at"},
			{`{"files":[` + ok + `,{"path":"/w/b.jsonl","size":-1,"mod_time":"2026-01-02T03:04:05Z","seen_at":"2026-01-02T03:04:05Z"}]}`, "files[1].size"},
			{`{"files":[{"path":"/w/b\u0000.jsonl"}]}`, "files[0].path"},
		} {
			var e webtest.APIError
			if code := a.API(a.AdaToken, "POST", "/api/v1/sources", c.body, &e); code != http.StatusBadRequest || e.Error.Field != c.field {
				t.Errorf("%s: %d %+v, want 400 naming %s", c.body, code, e.Error, c.field)
			}
		}
		var got struct{ Files []map[string]any }
		if a.API(a.AdaToken, "GET", "/api/v1/sources", nil, &got); len(got.Files) != 0 {
			t.Errorf("refused reports stored %d files", len(got.Files))
		}
		if code := a.API(a.AdaToken, "POST", "/api/v1/sources", `{"files":[`+ok+`]}`, nil); code != http.StatusOK {
			t.Errorf("a good report = %d", code)
		}
	})
}
