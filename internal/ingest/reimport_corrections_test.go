package ingest_test

import (
	"context"
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/corrections"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// A re-import of a grown transcript analyses the session again and brings
// a new title (a summary line): the steward's corrections stay, and what
// the import and the analysis said is kept beside them.
func TestReimportKeepsCorrections(t *testing.T) {
	prompt := ccLine("user", "u1", "", "2025-04-02T10:00:00Z", obj{"role": "user", "content": "/prime & check out our recent work /Users/ada/shop"})
	answer := ccLine("assistant", "a1", "u1", "2025-04-02T10:00:03Z", obj{"id": "msg_1", "role": "assistant", "model": "claude-sonnet-4-5",
		"content": []any{obj{"type": "text", "text": "Let's use Redis for the cart cache."}}, "usage": obj{"input_tokens": 100, "output_tokens": 5}})
	more := ccLine("user", "u2", "a1", "2025-04-02T10:01:00Z", obj{"role": "user", "content": "We decided to use PostgreSQL for the orders table."})
	summary := obj{"type": "summary", "summary": "Cart cache and orders storage", "leafUuid": "u2"}
	name := "5d0c1f2e-0000-4000-8000-00000000bbbb.jsonl"

	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			im := ingest.New(st)
			steward := newSteward(t, st)
			res, err := im.Import(ctx, steward.ID, name, transcript(t, prompt, answer), nil)
			if err != nil || len(res) != 1 || res[0].Status != baton.ImportStored {
				t.Fatalf("import: %+v, %v", res, err)
			}
			id := res[0].SessionID
			svc := corrections.New(st, nil)
			title := "Choose the cart cache"
			if _, _, err := svc.Correct(ctx, steward.ID, id, &baton.SessionEdit{
				Title:        &title,
				Decisions:    &[]baton.Decision{{Decision: "Cache carts in Redis", Rationale: "sessions are short-lived"}},
				Technologies: &[]string{"Redis"},
			}); err != nil {
				t.Fatal(err)
			}

			res, err = im.Import(ctx, steward.ID, name, transcript(t, prompt, answer, more, summary), nil)
			if err != nil || res[0].Status != baton.ImportUpdated {
				t.Fatalf("grown import: %+v, %v", res, err)
			}
			sess, err := st.Session(ctx, steward.ID, id)
			if err != nil {
				t.Fatal(err)
			}
			if sess.Title != title {
				t.Errorf("title %q, want the steward's %q", sess.Title, title)
			}
			if len(sess.Summary.Decisions) != 1 || sess.Summary.Decisions[0].Decision != "Cache carts in Redis" {
				t.Errorf("decisions %+v", sess.Summary.Decisions)
			}
			if !slices.Equal(sess.Technical.Technologies, []string{"Redis"}) {
				t.Errorf("technologies %v", sess.Technical.Technologies)
			}
			cs, err := svc.ForSession(ctx, steward.ID, id)
			if err != nil || len(cs) != 3 {
				t.Fatalf("corrections %+v, %v", cs, err)
			}
			if cs[0].Extracted.Title != "Cart cache and orders storage" {
				t.Errorf("the import's title %q is not kept as what was extracted", cs[0].Extracted.Title)
			}
			var said []string
			for _, d := range cs[1].Extracted.Decisions {
				said = append(said, d.Decision)
			}
			if len(said) == 0 {
				t.Errorf("the new analysis's decisions are not kept beside the correction")
			}
		})
	}
}
