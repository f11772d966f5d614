package continuity_test

import (
	"context"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/internal/continuity/continuitytest"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// TestNextContextCarriesTheBranchFrames: the next session starts with the
// newest frames of the branch the previous session worked on, and none of
// another branch's.
func TestNextContextCarriesTheBranchFrames(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			st, ctx, steward := openWithSteward(t, url)
			sess, msgs := continuitytest.CodingSession()
			if _, err := st.Import(ctx, steward.ID, &baton.ImportDocument{Key: "a", Session: sess, Conversations: []baton.ImportConversation{{Key: "main", Messages: msgs}}}); err != nil {
				t.Fatal(err)
			}
			lex := `[
{"id":"f-old","timestamp":"2026-11-01T10:00:00Z","branch":"` + sess.Branch + `","module_scope":["webhooks"],"summary_caption":"Limiter sketched","reference_point":"limiter sketch","status_snapshot":{"next_action":"Wire the limiter"}},
{"id":"f-new","timestamp":"2026-11-02T10:00:00+02:00","branch":"` + sess.Branch + `","module_scope":["webhooks"],"summary_caption":"Limiter wired","reference_point":"limiter wired","status_snapshot":{"next_action":"Load-test the limiter","blockers":["staging is down"]}},
{"id":"f-other","timestamp":"2026-11-03T10:00:00Z","branch":"main","module_scope":["billing"],"summary_caption":"Invoice PDFs","reference_point":"invoice pdf","status_snapshot":{"next_action":"Ship it"}}
]`
			if _, err := frames.Import(ctx, st, steward.ID, []byte(lex)); err != nil {
				t.Fatal(err)
			}
			nc, err := continuity.New(st, analysis.NewService(st)).Next(ctx, steward.ID, continuity.NextRequest{})
			if err != nil {
				t.Fatal(err)
			}
			if nc.FramesBranch != sess.Branch {
				t.Fatalf("frames branch = %q, want %q", nc.FramesBranch, sess.Branch)
			}
			var ids []string
			for _, f := range nc.Frames {
				ids = append(ids, f.ID)
			}
			if strings.Join(ids, ",") != "f-new,f-old" {
				t.Fatalf("frames = %v, want f-new,f-old (newest first, this branch only)", ids)
			}
			for _, want := range []string{"## Latest frames on " + sess.Branch, "Limiter wired (limiter wired). Next: Load-test the limiter Blocked by: staging is down."} {
				if !strings.Contains(nc.Markdown, want) {
					t.Errorf("markdown lacks %q:\n%s", want, nc.Markdown)
				}
			}
			if strings.Contains(nc.Markdown, "Invoice PDFs") {
				t.Error("markdown carries another branch's frame")
			}
		})
	}
}

// TestNextContextLeavesOutFramesOfASharedBranch: frames name a branch and
// no repository, so when two projects both work on "main" the frames of
// main could be either's. The next session of one project gets none of
// them, and the context says why; while only one project works on main,
// its frames are handed on.
func TestNextContextLeavesOutFramesOfASharedBranch(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			st, ctx, steward := openWithSteward(t, url)
			invoices, msgs := continuitytest.CodingSession()
			invoices.Branch = "main"
			if _, err := st.Import(ctx, steward.ID, &baton.ImportDocument{Key: "invoices", Session: invoices, Conversations: []baton.ImportConversation{{Key: "main", Messages: msgs}}}); err != nil {
				t.Fatal(err)
			}
			lex := `[{"id":"f-main","timestamp":"2026-11-03T10:00:00Z","branch":"main","module_scope":["billing"],"summary_caption":"Invoice PDFs","reference_point":"invoice pdf","status_snapshot":{"next_action":"Ship it"}}]`
			if _, err := frames.Import(ctx, st, steward.ID, []byte(lex)); err != nil {
				t.Fatal(err)
			}
			next := func() *continuity.NextContext {
				t.Helper()
				q, err := baton.NewProjectQuery("", invoices.Technical.WorkingDirectory, "main")
				if err != nil {
					t.Fatal(err)
				}
				nc, err := continuity.New(st, analysis.NewService(st)).Next(ctx, steward.ID, continuity.NextRequest{Project: q})
				if err != nil {
					t.Fatal(err)
				}
				return nc
			}
			if nc := next(); len(nc.Frames) != 1 || nc.FramesLeftOut {
				t.Fatalf("one project on main: frames = %+v, left out %v; want f-main handed on", nc.Frames, nc.FramesLeftOut)
			}

			garden, gardenMsgs := continuitytest.CodingSession()
			garden.Branch = "main"
			garden.SourceRef = "fixture-garden-planner"
			garden.Technical.WorkingDirectory = "/home/ada/garden-planner"
			if _, err := st.Import(ctx, steward.ID, &baton.ImportDocument{Key: "garden", Session: garden, Conversations: []baton.ImportConversation{{Key: "main", Messages: gardenMsgs}}}); err != nil {
				t.Fatal(err)
			}
			nc := next()
			if len(nc.Frames) != 0 || !nc.FramesLeftOut {
				t.Fatalf("two projects on main: frames = %+v, left out %v; want none, left out", nc.Frames, nc.FramesLeftOut)
			}
			if strings.Contains(nc.Markdown, "Invoice PDFs") || !strings.Contains(nc.Markdown, "The frames of main are left out: other projects have a branch of that name") {
				t.Errorf("markdown should leave the frames out and say why:\n%s", nc.Markdown)
			}
		})
	}
}

// openWithSteward opens a store at url with one steward, ada, in it.
func openWithSteward(t *testing.T, url string) (*store.Store, context.Context, *baton.Steward) {
	t.Helper()
	st := storetest.Open(t, url)
	ctx := context.Background()
	steward := &baton.Steward{Username: "ada"}
	if err := st.CreateSteward(ctx, steward); err != nil {
		t.Fatal(err)
	}
	return st, ctx, steward
}
