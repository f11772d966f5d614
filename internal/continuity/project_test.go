package continuity_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// projectFixture stores sessions in projects and finalizes them.
type projectFixture struct {
	t    *testing.T
	st   *store.Store
	cont *continuity.Service
	ctx  context.Context
	day  int
}

var (
	invoices = baton.TechnicalContext{WorkingDirectory: "/home/ada/invoices"}
	blog     = baton.TechnicalContext{WorkingDirectory: "/home/ada/blog"}
)

// session stores and finalizes a session of the steward's, a day after
// the one before, whose last message says what comes next.
func (f *projectFixture) session(stewardID int64, title, branch string, tech baton.TechnicalContext) (*baton.Session, *baton.Bridge) {
	f.t.Helper()
	f.day++
	at := time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC).AddDate(0, 0, f.day)
	ref := fmt.Sprintf("s%d-%d", stewardID, f.day)
	doc := &baton.ImportDocument{Key: ref, Session: baton.Session{Title: title, Source: "claude-code", SourceRef: ref, Branch: branch,
		StartedAt: at, Technical: tech}, Conversations: []baton.ImportConversation{{Key: "main", Messages: []baton.Message{
		{SourceID: "1", Role: baton.RoleSteward, Content: "Let's work on " + title + ".", Timestamp: at},
		{SourceID: "2", Role: baton.RoleAssistant, Content: "Done for today. Next I will write the tests for " + title + ".", Timestamp: at.Add(time.Minute)},
	}}}}
	r, err := f.st.Import(f.ctx, stewardID, doc)
	if err != nil || r.Status != baton.ImportStored {
		f.t.Fatalf("import %s: %v %+v", title, err, r)
	}
	sess, b, err := f.cont.Finalize(f.ctx, stewardID, r.SessionID, nil)
	if err != nil {
		f.t.Fatal(err)
	}
	return sess, b
}

// TestContinuityFollowsTheProject: previous/next links and the bridge a
// new session receives come from the same project (repository or working
// directory), the published bridge before a newer draft, the same branch
// first; a published bridge edited again keeps handing over its published
// revision until it is published anew; another steward's bridges never.
func TestContinuityFollowsTheProject(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			st := storetest.Open(t, url)
			f := &projectFixture{t: t, st: st, cont: continuity.New(st, analysis.NewService(st)), ctx: context.Background()}
			ada, bob := &baton.Steward{Username: "ada"}, &baton.Steward{Username: "bob"}
			for _, s := range []*baton.Steward{ada, bob} {
				if err := st.CreateSteward(f.ctx, s); err != nil {
					t.Fatal(err)
				}
			}
			a1, bA1 := f.session(ada.ID, "Invoice numbering", "main", invoices)
			if _, err := f.cont.Publish(f.ctx, ada.ID, bA1.ID); err != nil {
				t.Fatal(err)
			}
			b1, bB1 := f.session(ada.ID, "Blog theme", "main", blog) // newer, a draft, another project
			if b1.Continuity.PreviousSession != nil {
				t.Errorf("the first session of another project follows %v", *b1.Continuity.PreviousSession)
			}
			projectA := baton.ProjectQuery{Project: baton.Project{Directory: "/home/ada/invoices"}, Branch: "main"}
			nc, err := f.cont.Next(f.ctx, ada.ID, continuity.NextRequest{Project: projectA})
			if err != nil {
				t.Fatal(err)
			}
			if nc.Bridge == nil || nc.Bridge.ID != bA1.ID || nc.Unreviewed {
				t.Fatalf("project A receives %+v (unreviewed %v), want the published %s", nc.Bridge, nc.Unreviewed, bA1.ID)
			}
			if !strings.Contains(nc.Markdown, "Handoff from Invoice numbering") || strings.Contains(nc.Markdown, "Blog theme") {
				t.Errorf("project A's context:\n%s", nc.Markdown)
			}
			nc, _ = f.cont.Next(f.ctx, ada.ID, continuity.NextRequest{Project: baton.ProjectQuery{Project: baton.Project{Directory: "/home/ada/blog"}}})
			if nc.Bridge == nil || nc.Bridge.ID != bB1.ID || !nc.Unreviewed || !strings.Contains(nc.Markdown, "not reviewed") {
				t.Errorf("project B receives %+v (unreviewed %v)", nc.Bridge, nc.Unreviewed)
			}
			nc, _ = f.cont.Next(f.ctx, ada.ID, continuity.NextRequest{})
			if nc.Bridge == nil || nc.Bridge.ID != bA1.ID {
				t.Errorf("no project: receives %+v, want the published one", nc.Bridge)
			}
			// Another steward in the same directory sees nothing of ada's.
			nc, _ = f.cont.Next(f.ctx, bob.ID, continuity.NextRequest{Project: projectA})
			if nc.Bridge != nil || len(nc.ShortTerm) != 0 {
				t.Errorf("bob receives ada's bridge %+v or messages %v", nc.Bridge, nc.ShortTerm)
			}

			// The next session in project A follows A1, not the newer B1, and
			// receives the published bridge.
			a2, bA2 := f.session(ada.ID, "Invoice totals", "main", invoices)
			if a2.Continuity.PreviousSession == nil || *a2.Continuity.PreviousSession != a1.ID {
				t.Errorf("A2 follows %v, want %s", a2.Continuity.PreviousSession, a1.ID)
			}
			if b1, _ = st.Session(f.ctx, ada.ID, b1.ID); b1.Continuity.NextSession != nil {
				t.Errorf("B1 is followed by %v", *b1.Continuity.NextSession)
			}
			if into, err := st.BridgeInto(f.ctx, ada.ID, a2.ID); err != nil || into.ID != bA1.ID {
				t.Errorf("bridge into A2 = %+v, %v", into, err)
			}
			// A bob session in the same directory follows none of ada's.
			bobs, _ := f.session(bob.ID, "Bob's invoices", "main", invoices)
			if bobs.Continuity.PreviousSession != nil {
				t.Errorf("bob's session follows %v", *bobs.Continuity.PreviousSession)
			}

			// Editing the published bridge: still published, revision 2 in
			// force, "unpublished changes" until published again.
			content := bA1.BridgeContent
			content.Instructions.ImmediatePriority = "Start with the VAT rounding edge case"
			cur, _ := st.Bridge(f.ctx, ada.ID, bA1.ID)
			edited, err := f.cont.Save(f.ctx, ada.ID, bA1.ID, cur.Revision, "ada", content)
			if err != nil {
				t.Fatal(err)
			}
			if edited.Status != baton.BridgePublished || !edited.UnpublishedChanges || edited.PublishedRevision != cur.Revision || edited.Revision != cur.Revision+1 {
				t.Fatalf("after an edit: status %s, unpublished %v, published revision %d, revision %d",
					edited.Status, edited.UnpublishedChanges, edited.PublishedRevision, edited.Revision)
			}
			reread, _ := st.Bridge(f.ctx, ada.ID, bA1.ID)
			if !reread.UnpublishedChanges || reread.Status != baton.BridgePublished {
				t.Errorf("read back: %+v", reread)
			}
			nc, _ = f.cont.Next(f.ctx, ada.ID, continuity.NextRequest{Project: projectA})
			if nc.Bridge == nil || nc.Bridge.ID != bA1.ID || nc.Bridge.Revision != cur.Revision || strings.Contains(nc.Markdown, "VAT rounding") {
				t.Errorf("while unpublished, project A receives revision %v:\n%s", nc.Bridge, nc.Markdown)
			}
			if !strings.Contains(nc.Why, "later edits are not published yet") {
				t.Errorf("why = %q", nc.Why)
			}
			if _, err := f.cont.Publish(f.ctx, ada.ID, bA1.ID); err != nil {
				t.Fatal(err)
			}
			nc, _ = f.cont.Next(f.ctx, ada.ID, continuity.NextRequest{Project: projectA})
			if nc.Bridge == nil || nc.Bridge.Revision != edited.Revision || !strings.Contains(nc.Markdown, "VAT rounding") || nc.Bridge.UnpublishedChanges {
				t.Errorf("published again, project A receives %+v:\n%s", nc.Bridge, nc.Markdown)
			}

			// Branches order within the project: a published bridge of the
			// same branch first, else the newest published.
			_, bFeat := f.session(ada.ID, "Invoice PDF export", "feat/pdf", invoices)
			if _, err := f.cont.Publish(f.ctx, ada.ID, bFeat.ID); err != nil {
				t.Fatal(err)
			}
			nc, _ = f.cont.Next(f.ctx, ada.ID, continuity.NextRequest{Project: projectA})
			if nc.Bridge == nil || nc.Bridge.ID != bA1.ID {
				t.Errorf("on main, project A receives %v, want main's published %s", nc.Bridge, bA1.ID)
			}
			other := projectA
			other.Branch = "feat/new"
			nc, _ = f.cont.Next(f.ctx, ada.ID, continuity.NextRequest{Project: other})
			if nc.Bridge == nil || nc.Bridge.ID != bFeat.ID {
				t.Errorf("on a new branch, project A receives %v, want the newest published %s", nc.Bridge, bFeat.ID)
			}
			_ = bA2
			// A repository names the project too.
			if _, err := baton.NewProjectQuery("git@github.com:ada/invoices.git", "", ""); err != nil {
				t.Fatal(err)
			}
		})
	}
}
