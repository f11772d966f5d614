package web_test

import (
	"net/url"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
	"github.com/baton-dev/baton/web/webtest"
)

// BenchmarkBridgeEditorSave is the editor's autosave round trip over HTTP
// (SQLite): the form posted as htmx does, a new revision stored, the
// out-of-band fragment rendered. It reports the 95th percentile.
func BenchmarkBridgeEditorSave(b *testing.B) {
	a := webtest.New(b, storetest.Databases(b)[store.SQLite])
	id := webtest.CreateCodingSession(b, a, a.AdaToken, nil)
	a.API(a.AdaToken, "POST", "/api/v1/sessions/"+id+"/close", nil, nil)
	var br baton.Bridge
	a.API(a.AdaToken, "GET", "/api/v1/sessions/"+id+"/bridge", nil, &br)
	ada := a.SignIn("ada")
	form := url.Values{"summary": {br.Transferred.Summary}, "immediate_priority": {"Ship it"},
		"task": {"Write tests for limiter", "Resolve the failing go vet ./..."}, "task_status": {"in_progress", "blocked"},
		"task_context": {"", "vet"}, "energy": {"normal"}, "uncommitted": {"yes"}}
	rev := br.Revision
	var took []time.Duration
	b.ResetTimer()
	for b.Loop() {
		form.Set("base_revision", strconv.Itoa(rev))
		form.Set("immediate_priority", "Ship it "+strconv.Itoa(rev))
		start := time.Now()
		_, code := ada.PostHTMX("/bridges/"+br.ID+"/save", form)
		took = append(took, time.Since(start))
		if code != 200 {
			b.Fatalf("save = %d", code)
		}
		rev++
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*95/100].Microseconds())/1000, "p95-ms")
}
