package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// TestProjectQueriesKeepToTheProjectAndTheSteward: a session's project is
// what its source recorded (not what analysis finds later); the previous
// session, the latest session, the completed sessions and the bridge of a
// project come from that project and that steward only, the same branch
// first, a published bridge before a newer draft.
func TestProjectQueriesKeepToTheProjectAndTheSteward(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			s := storetest.Open(t, url)
			ctx := context.Background()
			ada, bob := mustSteward(t, s, "ada"), mustSteward(t, s, "bob")
			t0 := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
			day := 0
			add := func(stewardID int64, branch string, tech baton.TechnicalContext) *baton.Session {
				day++
				end := t0.AddDate(0, 0, day).Add(time.Hour)
				return mustSession(t, s, stewardID, &baton.Session{Title: "s", Branch: branch, StartedAt: t0.AddDate(0, 0, day), EndedAt: &end, Technical: tech})
			}
			shop := baton.TechnicalContext{WorkingDirectory: "/home/ada/shop/", Repositories: []string{"https://GitHub.com/ada/shop.git"}}
			a1 := add(ada.ID, "main", shop)
			if want := (baton.Project{Repository: "github.com/ada/shop", Directory: "/home/ada/shop"}); a1.Project != want {
				t.Fatalf("project = %+v, want %+v", a1.Project, want)
			}
			b1 := add(bob.ID, "main", shop)                                                             // bob, same project, later
			x1 := add(ada.ID, "main", baton.TechnicalContext{WorkingDirectory: "/home/ada/blog"})       // another project, later
			a2 := add(ada.ID, "feat/x", baton.TechnicalContext{WorkingDirectory: "/srv/checkout/shop"}) // same repository? no: only a directory
			a3 := add(ada.ID, "feat/x", baton.TechnicalContext{Repositories: []string{"git@github.com:ada/shop.git"}})
			a4 := add(ada.ID, "main", shop)

			// Analysis rewrites the repositories a session mentions; the project stays.
			a1.Technical.Repositories = []string{"github.com/someone/else"}
			if err := s.UpdateSession(ctx, ada.ID, a1); err != nil {
				t.Fatal(err)
			}
			if got, _ := s.Session(ctx, ada.ID, a1.ID); got.Project.Repository != "github.com/ada/shop" {
				t.Errorf("after an update the project is %+v", got.Project)
			}

			prev := func(sess *baton.Session) string {
				p, err := s.PreviousInProject(ctx, sess.StewardID, sess)
				if baton.ErrorCode(err) == baton.ENOTFOUND {
					return ""
				} else if err != nil {
					t.Fatal(err)
				}
				return p.ID
			}
			for name, c := range map[string]struct{ got, want string }{
				"a4 follows a1 (same branch, not the later feat/x a3)": {prev(a4), a1.ID},
				"a3 follows a1 (by repository; no feat/x before it)":   {prev(a3), a1.ID},
				"a2 follows none (its directory is no one else's)":     {prev(a2), ""},
				"x1 follows none (another project)":                    {prev(x1), ""},
				"b1 follows none (bob's first)":                        {prev(b1), ""},
			} {
				if c.got != c.want {
					t.Errorf("%s: got %q, want %q", name, c.got, c.want)
				}
			}
			q := baton.ProjectQuery{Project: baton.Project{Repository: "github.com/ada/shop"}, Branch: "feat/x"}
			if id, err := s.LatestInProject(ctx, ada.ID, q, "", nil); err != nil || id != a3.ID {
				t.Errorf("latest on feat/x = %q, %v; want a3", id, err)
			}
			if id, err := s.LatestInProject(ctx, bob.ID, q, "", nil); err != nil || id != b1.ID {
				t.Errorf("bob's latest = %q, %v; want b1", id, err)
			}
			done, err := s.ProjectSessions(ctx, ada.ID, baton.ProjectQuery{Project: baton.Project{Directory: "/home/ada/shop"}}, 10)
			if err != nil || len(done) != 2 || done[0].ID != a4.ID || done[1].ID != a1.ID {
				t.Errorf("ada's completed sessions in /home/ada/shop = %d, %v", len(done), err)
			}

			// Bridges: a published one before a newer draft; another
			// steward's never.
			bridge := func(stewardID int64, sess *baton.Session) *baton.Bridge {
				b := &baton.Bridge{Type: baton.BridgeHandoff, FromSession: sess.ID}
				if _, err := s.DraftBridge(ctx, stewardID, b); err != nil {
					t.Fatal(err)
				}
				return b
			}
			ba1, ba4, bb1 := bridge(ada.ID, a1), bridge(ada.ID, a4), bridge(bob.ID, b1)
			if _, err := s.PublishBridge(ctx, bob.ID, bb1.ID); err != nil {
				t.Fatal(err)
			}
			shopQ := baton.ProjectQuery{Project: baton.Project{Directory: "/home/ada/shop"}, Branch: "main"}
			got, err := s.ProjectBridge(ctx, ada.ID, shopQ, "", nil)
			if err != nil || got.ID != ba4.ID {
				t.Errorf("with drafts only: %v, %v; want the newest draft", got, err)
			}
			if _, err := s.PublishBridge(ctx, ada.ID, ba1.ID); err != nil {
				t.Fatal(err)
			}
			if got, err = s.ProjectBridge(ctx, ada.ID, shopQ, "", nil); err != nil || got.ID != ba1.ID {
				t.Errorf("published a1: %v, %v; want a1's over a4's newer draft", got, err)
			}
			before := a1.StartedAt
			if _, err = s.ProjectBridge(ctx, ada.ID, shopQ, "", &before); baton.ErrorCode(err) != baton.ENOTFOUND {
				t.Errorf("before a1 started: %v", err)
			}
			if _, err = s.ProjectBridge(ctx, ada.ID, baton.ProjectQuery{Project: baton.Project{Directory: "/home/ada/blog"}}, "", nil); baton.ErrorCode(err) != baton.ENOTFOUND {
				t.Errorf("blog has no bridge: %v", err)
			}
			if got, err = s.ProjectBridge(ctx, bob.ID, shopQ, "", nil); err != nil || got.ID != bb1.ID {
				t.Errorf("bob: %v, %v", got, err)
			}
			if _, err = s.ProjectBridge(ctx, bob.ID, shopQ, b1.ID, nil); baton.ErrorCode(err) != baton.ENOTFOUND {
				t.Errorf("bob, leaving out b1: %v", err)
			}
		})
	}
}

// TestMigration0024FillsProjectsFromWorkingDirectories: sessions stored
// before the project columns take their working directory as their
// project, and published bridges their revision as the one in force.
func TestMigration0024FillsProjectsFromWorkingDirectories(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			s := storetest.Open(t, url)
			ctx := context.Background()
			ada := mustSteward(t, s, "ada")
			sess := mustSession(t, s, ada.ID, &baton.Session{Title: "old", Technical: baton.TechnicalContext{WorkingDirectory: "/home/ada/shop/"}})
			b := &baton.Bridge{Type: baton.BridgeHandoff, FromSession: sess.ID}
			if _, err := s.DraftBridge(ctx, ada.ID, b); err != nil {
				t.Fatal(err)
			}
			if _, err := s.PublishBridge(ctx, ada.ID, b.ID); err != nil {
				t.Fatal(err)
			}
			migrateDownTo(t, s, 22)
			if _, err := s.MigrateUp(ctx); err != nil {
				t.Fatal(err)
			}
			got, err := s.Session(ctx, ada.ID, sess.ID)
			if err != nil || got.Project.Directory != "/home/ada/shop" || got.Project.Repository != "" {
				t.Errorf("project after the migration = %+v, %v", got.Project, err)
			}
			if got, err := s.Bridge(ctx, ada.ID, b.ID); err != nil || got.PublishedRevision != 1 || got.UnpublishedChanges {
				t.Errorf("bridge after the migration = %+v, %v", got, err)
			}
		})
	}
}
