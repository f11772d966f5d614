package api_test

import (
	"encoding/json"
	"flag"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store/storetest"
	"github.com/baton-dev/baton/web"
	"github.com/baton-dev/baton/web/webtest"
)

// structuredDoc is a valid structured import whose content, tag, metadata
// key and value and speaker are s, written into the JSON as it comes (so s
// may be an escape such as \u0000, or break the document).
func structuredDoc(s string) string {
	return `{"id":"fuzz-doc","conversation":{"source":"slack","people":["ada","` + s + `"],"user":"ada","tags":["` + s + `"],` +
		`"metadata":{"` + s + `":"` + s + `"},"conversation":[{"speaker":"ada","content":"x` + s + `y","time":"2026-01-02T03:04:05Z"},` +
		`{"speaker":"` + s + `","content":"` + s + `","time":"2026-01-02T03:05:05Z"}]}}`
}

// FuzzJSONBodies drives the one JSON decoder and the structured importer
// through the API with bodies holding NUL (raw and escaped), invalid UTF-8,
// deep nesting and data after the JSON, on SQLite and PostgreSQL: no
// answer is a 5xx, and a refused body stores nothing.
func FuzzJSONBodies(f *testing.F) {
	for _, s := range []string{
		`plain`, `\u0000`, "\x00", "\xff\xfe", `\ud800`, `é\u0000é`, "a\"}]}} trailing", `"}]}}{"id":"x"}`,
		strings.Repeat(`[`, 200), `\\u0000`, "\u2028\u2029", `\u001f`, strings.Repeat("é", 300),
	} {
		f.Add(structuredDoc(s), s)
	}
	for _, body := range []string{
		`{"title":"x"} {"title":"y"}`, `{"title":"x"}garbage`, `null`, ``, `{"title":"a` + "\x00" + `"}`,
		`{"title":"x","attributes":` + strings.Repeat(`{"a":`, 300) + `1` + strings.Repeat(`}`, 300) + `}`,
		`{"title":"` + "\xc3\x28" + `"}`, `{"title":"x","tags":["\u0000"]}`, `[]`, `{"title":1e999}`,
	} {
		f.Add(body, "")
	}
	type target struct {
		a       *webtest.App
		handler http.Handler
		label   string
	}
	var apps []target
	for dialect, url := range storetest.Databases(f) {
		a := webtest.New(f, url)
		// A fuzzing run sends thousands of requests with one token.
		a.Restart(web.Config{Limits: web.Limits{API: web.Rate{PerSecond: 1e6, Burst: 1e6}}}, nil)
		apps = append(apps, target{a, a.Srv.Config.Handler, dialect})
	}
	// An input that reaches new code is minimized by running the target
	// again and again, for a minute by default; at some 100 ms a run that
	// stalled a short fuzzing run at the first new input. A few dozen runs
	// find what matters here (the input is two strings); a crasher is
	// reported whole either way. -fuzzminimizetime given on the command
	// line is kept.
	minimizeSet := false
	flag.Visit(func(fl *flag.Flag) { minimizeSet = minimizeSet || fl.Name == "test.fuzzminimizetime" })
	if !minimizeSet {
		if err := flag.Set("test.fuzzminimizetime", "30x"); err != nil {
			f.Fatal(err)
		}
	}
	count := func(t *testing.T, a *webtest.App) (n int) {
		if err := a.St.DB().NewRaw("SELECT (SELECT count(*) FROM sessions) + (SELECT count(*) FROM messages)").Scan(t.Context(), &n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	// Requests are served in process, not over a socket: no connection
	// pool or keep-alive timer varies the code a run reaches, so the
	// coverage that guides the fuzzer is the input's.
	send := func(tg target, method, path, body string) (int, []byte) {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+tg.a.AdaToken)
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		tg.handler.ServeHTTP(rec, req)
		return rec.Code, rec.Body.Bytes()
	}
	f.Fuzz(func(t *testing.T, body, field string) {
		for _, tg := range apps {
			a := tg.a
			for _, c := range []struct{ path, body string }{
				{"/api/v1/import/structured", body},
				{"/api/v1/import/structured", structuredDoc(field)},
				{"/api/v1/sessions", body},
				{"/api/v1/sessions", `{"title":"` + field + `","tags":["` + field + `"],"attributes":{"` + field + `":"` + field + `"}}`},
			} {
				before := count(t, a)
				code, answer := send(tg, "POST", c.path, c.body)
				if code >= 500 {
					t.Fatalf("%s: POST %s %q = %d %s", tg.label, c.path, c.body, code, answer)
				}
				stored := code < 300
				if stored && strings.Contains(c.path, "import") {
					var out struct{ Results []struct{ Status string } }
					_ = json.Unmarshal(answer, &out)
					stored = false
					for _, r := range out.Results {
						stored = stored || (r.Status != baton.ImportRejected && r.Status != baton.ImportDuplicate)
					}
				}
				if after := count(t, a); !stored && after != before {
					t.Fatalf("%s: POST %s %q refused (%d %s) but stored %d rows", tg.label, c.path, c.body, code, answer, after-before)
				}
			}
			// What was stored still reads back.
			if code, _ := send(tg, "GET", "/api/v1/sessions", ""); code != http.StatusOK {
				t.Fatalf("%s: session list after %q = %d", tg.label, body, code)
			}
		}
	})
}
