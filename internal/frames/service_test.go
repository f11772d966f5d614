package frames_test

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/baton-dev/baton/internal/store/storetest"
)

const (
	first = `{"id":"f-svc-1","timestamp":"2026-05-01T10:30:00Z","branch":"feature/recall","module_scope":["memory/store"],` +
		`"summary_caption":"Recall ranks by bm25","reference_point":"recall-blend","status_snapshot":{"next_action":"Benchmark it"},"superseded_by":"f-svc-2"}`
	second = `{"id":"f-svc-2","timestamp":"2026-05-02T10:30:00Z","branch":"main","module_scope":["web/api"],` +
		`"summary_caption":"Recall weighs recency","reference_point":"recall-recency","status_snapshot":{"next_action":"Ship it"}}`
)

// The frames service remembers a frame once (the same frame again is not
// new, another under its id a conflict naming the field), shows a frame
// with the frames it supersedes, offers the steward's branches and modules, and
// exports what it stored; another steward sees none of it.
func TestServiceRemembersShowsAndScopes(t *testing.T) {
	for dialect, u := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, u)
			ada, bob := &baton.Steward{Username: "ada"}, &baton.Steward{Username: "bob"}
			for _, s := range []*baton.Steward{ada, bob} {
				if err := st.CreateSteward(ctx, s); err != nil {
					t.Fatal(err)
				}
			}
			svc := frames.NewService(st)

			f, created, err := svc.Remember(ctx, ada.ID, []byte(first))
			if err != nil || !created || f.ID != "f-svc-1" {
				t.Fatalf("remember = %+v %v %v", f, created, err)
			}
			if _, created, err = svc.Remember(ctx, ada.ID, []byte(first)); err != nil || created {
				t.Fatalf("the same frame again: created %v, %v", created, err)
			}
			changed := bytes.Replace([]byte(first), []byte("Benchmark it"), []byte("Ship it"), 1)
			if _, _, err = svc.Remember(ctx, ada.ID, changed); baton.ErrorCode(err) != baton.ECONFLICT || baton.ErrorField(err) != "id" {
				t.Fatalf("another frame under the id: %v (field %q)", err, baton.ErrorField(err))
			}
			if _, _, err = svc.Remember(ctx, ada.ID, []byte(`{"id":"f-bad"}`)); baton.ErrorCode(err) != baton.EINVALID {
				t.Fatalf("invalid frame: %v", err)
			}
			if _, _, err = svc.Remember(ctx, ada.ID, []byte(second)); err != nil {
				t.Fatal(err)
			}

			d, err := svc.Show(ctx, ada.ID, "f-svc-2")
			if err != nil || d.Frame.ID != "f-svc-2" || !slices.Equal(d.Supersedes, []string{"f-svc-1"}) {
				t.Fatalf("show = %+v, %v", d, err)
			}
			fc, err := svc.FacetsOf(ctx, ada.ID, 10, true)
			if err != nil || fc.Total != 2 || !slices.Contains(fc.Branches, "main") || !slices.Contains(fc.Modules, "memory/store") {
				t.Fatalf("facets = %+v, %v", fc, err)
			}
			page, _, err := svc.Timeline(ctx, ada.ID, baton.FrameFilter{Limit: 10})
			if err != nil || len(page.Frames) != 1 || page.Frames[0].ID != "f-svc-2" {
				t.Fatalf("timeline leaves out the superseded frame: %+v, %v", page, err)
			}
			var out bytes.Buffer
			if n, err := svc.Export(ctx, ada.ID, baton.FrameFilter{}, frames.ExportOptions{}, &out); err != nil || n != 2 {
				t.Fatalf("export = %d, %v", n, err)
			}

			if _, err := svc.Show(ctx, bob.ID, "f-svc-1"); baton.ErrorCode(err) != baton.ENOTFOUND {
				t.Fatalf("bob shows ada's frame: %v", err)
			}
			if err := svc.Delete(ctx, bob.ID, "f-svc-1"); baton.ErrorCode(err) != baton.ENOTFOUND {
				t.Fatalf("bob deletes ada's frame: %v", err)
			}
			if fc, err := svc.FacetsOf(ctx, bob.ID, 10, true); err != nil || fc.Total != 0 || len(fc.Branches) != 0 {
				t.Fatalf("bob's facets = %+v, %v", fc, err)
			}
		})
	}
}
