package web_test

import (
	"fmt"
	"net/http"
	"path/filepath"
	"testing"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

// The session list and the session page are most of what 64 clients ask
// for, and under that load their p95 is the CPU they queue for: every
// query is a round through the driver. These pin how many queries each
// runs (Bun's and the store's bound ones), so they do not creep back up;
// lower a figure when a change takes queries away.
const (
	sessionPageQueries = 14 // an analysed session, main conversation, no teams
	sessionListQueries = 7
)

func TestPageQueryCounts(t *testing.T) {
	a := webtest.New(t, "sqlite:"+filepath.Join(t.TempDir(), "queries.db"))
	sess := &baton.Session{Title: "long read", Type: baton.SessionCode}
	if err := a.St.CreateSession(t.Context(), a.Ada.ID, sess); err != nil {
		t.Fatal(err)
	}
	batch := make([]*baton.Message, 0, 150)
	for k := range 150 {
		batch = append(batch, &baton.Message{SourceID: fmt.Sprint(k), Role: []baton.Role{baton.RoleSteward, baton.RoleAssistant}[k%2], Content: mixText(k)})
	}
	if _, err := a.St.AppendMessages(t.Context(), a.Ada.ID, sess.ID, "", batch); err != nil {
		t.Fatal(err)
	}
	if _, err := analysis.NewService(a.St).AnalyzePending(t.Context()); err != nil {
		t.Fatal(err)
	}
	br := a.SignIn("ada")
	// The first view draws and caches the arc chart; the count is of the
	// views after it, as most are.
	br.Get("/sessions/" + sess.ID)
	queries := &queryCounter{}
	//lint:ignore SA1019 the store keeps its own handle: WithQueryHook would hook a copy it does not use
	a.St.DB().AddQueryHook(queries)
	for _, page := range []struct {
		path string
		most int
	}{{"/sessions/" + sess.ID, sessionPageQueries}, {"/sessions", sessionListQueries}} {
		queries.n.Store(0)
		bound := a.St.BoundQueries()
		_, resp := br.Get(page.path)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d", page.path, resp.StatusCode)
		}
		if n := int(queries.n.Load() + a.St.BoundQueries() - bound); n > page.most {
			t.Errorf("%s ran %d queries, more than the %d it is pinned at", page.path, n, page.most)
		} else if n < page.most {
			t.Logf("%s ran %d queries, fewer than the %d it is pinned at: lower the pin", page.path, n, page.most)
		}
	}
}
