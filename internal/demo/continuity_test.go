package demo_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/internal/demo"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// TestDemoContinuityFollowsProjects seeds the demo as `baton serve` does
// and checks what its continuity shows: sessions follow sessions of their
// own project only; most bridges are published before the next session,
// the newest awaits review and the second-newest has unpublished changes;
// the bridges measured in the next session spread from ignored to
// finished; and a new session in the web app's folder receives the web
// app's published bridge, not the newer draft of the API.
func TestDemoContinuityFollowsProjects(t *testing.T) {
	st := storetest.Open(t, "sqlite:"+filepath.Join(t.TempDir(), "demo.db"))
	ctx := context.Background()
	steward := &baton.Steward{Username: demo.StewardUsername}
	if err := st.CreateSteward(ctx, steward); err != nil {
		t.Fatal(err)
	}
	results, err := ingest.NewWithAnalysis(st, analysis.NewService(st)).Documents(ctx, steward.ID, demo.Documents(now), nil)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range results {
		ids = append(ids, r.SessionID)
	}
	if err := demo.Continuity(ctx, st, steward.ID, ids); err != nil {
		t.Fatal(err)
	}

	sessions := map[string]*baton.Session{}
	for _, id := range ids {
		s, err := st.Session(ctx, steward.ID, id)
		if err != nil {
			t.Fatal(err)
		}
		sessions[id] = s
	}
	links := 0
	for _, s := range sessions {
		if s.Continuity.PreviousSession == nil {
			continue
		}
		links++
		prev := sessions[*s.Continuity.PreviousSession]
		if prev == nil || !baton.QueryOf(s).Matches(prev.Project) {
			t.Errorf("%q (%+v) follows %q of another project", s.Title, s.Project, prev.Title)
		}
	}
	if links < 10 {
		t.Errorf("%d sessions follow another; want the code sessions of each repository chained", links)
	}

	bridges, err := st.Bridges(ctx, steward.ID, 100)
	if err != nil {
		t.Fatal(err)
	}
	var drafts, unpublished, measured, zero, partial, full int
	for _, b := range bridges {
		switch {
		case b.Status == baton.BridgeDraft:
			drafts++
		case b.UnpublishedChanges:
			unpublished++
		}
		if b.Quality.Effectiveness == nil {
			continue
		}
		measured++
		switch e := *b.Quality.Effectiveness; {
		case e == 0:
			zero++
		case e == 1:
			full++
		default:
			partial++
		}
	}
	if drafts != 1 || unpublished != 1 {
		t.Errorf("%d drafts and %d with unpublished changes; want the newest a draft and the second-newest edited", drafts, unpublished)
	}
	if measured < 8 || zero == 0 || full == 0 || partial < 3 || zero > measured/2 {
		t.Errorf("effectiveness of %d measured bridges: %d at 0%%, %d in between, %d at 100%%; want a realistic spread", measured, zero, partial, full)
	}

	// The hook sends the folder and the checkout's origin: the dark mode
	// session (written through the API, with only the repository) counts;
	// by the folder alone, the keyset session before it does. Never the
	// newer draft of the Playwright session.
	for _, c := range []struct{ repo, want string }{
		{"git@github.com:tally-hq/tally-web.git", "Add a dark mode toggle to the settings page"},
		{"", "Move the invoice list to keyset pagination"},
	} {
		q, err := baton.NewProjectQuery(c.repo, "/home/alex/src/tally-web", "main")
		if err != nil {
			t.Fatal(err)
		}
		nc, err := continuity.New(st, nil).Next(ctx, steward.ID, continuity.NextRequest{Project: q})
		if err != nil {
			t.Fatal(err)
		}
		if nc.Bridge == nil || nc.Unreviewed || nc.Bridge.FromTitle != c.want {
			t.Errorf("a new session in %s receives %v (unreviewed %v), want the bridge of %q", q, nc.Bridge, nc.Unreviewed, c.want)
		}
	}
}
