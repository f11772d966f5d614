package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/baton-dev/baton/internal/store"
)

// recallNow is the clock of every recall test: recency is measured from it.
var recallNow = time.Date(2025, 12, 10, 12, 0, 0, 0, time.UTC)

type frameSpec struct {
	id, ts, branch, caption, ref, next, jira string
	modules, keywords                        []string
}

func (f frameSpec) json() string {
	m := map[string]any{
		"id": f.id, "timestamp": f.ts, "branch": f.branch, "module_scope": f.modules,
		"summary_caption": f.caption, "reference_point": f.ref, "status_snapshot": map[string]any{"next_action": f.next},
	}
	if f.branch == "" {
		m["branch"] = "main"
	}
	if f.modules == nil {
		m["module_scope"] = []string{"core"}
	}
	if f.next == "" {
		m["status_snapshot"] = map[string]any{"next_action": "carry on"}
	}
	if f.jira != "" {
		m["jira"] = f.jira
	}
	if f.keywords != nil {
		m["keywords"] = f.keywords
	}
	b, _ := json.Marshal(m)
	return string(b)
}

func mustFrames(t testing.TB, s *store.Store, stewardID int64, specs ...frameSpec) {
	t.Helper()
	var lines []string
	for _, f := range specs {
		lines = append(lines, f.json())
	}
	res, err := frames.Import(context.Background(), s, stewardID, []byte(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if r.Status != baton.FrameCreated {
			t.Fatalf("frame %d: %+v", r.Index, r)
		}
	}
}

// recallCorpus is a small corpus with every kind of text recall must handle.
var recallCorpus = []frameSpec{
	{id: "fts", ts: "2025-11-28T10:15:00Z", caption: "Fixed FTS5 hyphen handling in recall", ref: "recall-fts5-fix",
		modules: []string{"memory/store", "memory/frames"}, keywords: []string{"recall", "FTS5", "search", "ax-contract"}, jira: "LEX-185"},
	{id: "auth", ts: "2025-11-15T09:45:00Z", branch: "feature/auth-refactor", caption: "Refactored OAuth flow with JWT validation",
		ref: "auth-refactor-phase-1", next: "Add integration tests for token refresh", modules: []string{"auth/oauth", "auth/jwt"},
		keywords: []string{"oauth", "jwt", "senior-dev"}, jira: "AUTH-456"},
	{id: "merge", ts: "2025-12-01T14:00:00Z", branch: "integration-2025-12-01", caption: "Merged 3 PRs via merge-weave",
		ref: "merge-weave-2025-12-01", next: "Run e2e tests", modules: []string{"PR-101", "PR-102"}, keywords: []string{"merge-weave", "PR-101"}},
	{id: "cafe", ts: "2025-12-02T08:00:00Z", caption: "Café menu: naïve résumé parser", ref: "cafe-parser", keywords: []string{"Crème brûlée"}},
	{id: "cjk", ts: "2025-12-03T08:00:00Z", caption: "記憶の検索を修正した", ref: "日本語-frame", keywords: []string{"検索"}},
	{id: "ops", ts: "2025-12-04T08:00:00Z", caption: "Do not merge or rebase: and/or logic in the gate", ref: "gate-logic", next: "Ask whether NOT is needed"},
}

func recall(t *testing.T, s *store.Store, stewardID int64, r frames.RecallRequest) *baton.FrameRecallResult {
	t.Helper()
	res, err := frames.Recall(context.Background(), s, stewardID, r)
	if err != nil {
		t.Fatalf("recall %+v: %v", r, err)
	}
	return res
}

func hitIDs(res *baton.FrameRecallResult) string {
	var ids []string
	for _, h := range res.Hits {
		ids = append(ids, h.Frame.ID)
	}
	return strings.Join(ids, ",")
}

func TestRecallHandlesEveryKindOfQuery(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		s.SetClock(func() time.Time { return recallNow })
		st := mustSteward(t, s, "rita")
		mustFrames(t, s, st.ID, recallCorpus...)
		cases := []struct {
			name, q, mode, want string
		}{
			{"case-insensitive", "fts5", "", "fts"},
			{"upper case", "OAUTH JWT", "", "auth"},
			{"hyphenated keyword", "senior-dev", "", "auth"},
			{"hyphenated reference point", "merge-weave-2025-12-01", "", "merge"},
			{"path", "memory/store", "", "fts"},
			{"ticket id in jira", "AUTH-456", "", "auth"},
			{"ticket id lower case", "lex-185", "", "fts"},
			{"ticket id in keywords", "PR-101", "", "merge"},
			{"next action", "token refresh", "", "auth"},
			{"punctuation everywhere", `"recall" (fts5) fix; ^hyphen~ {x}: -`, "any", "fts"},
			{"quotes and colons", `caption: "oauth"`, "any", "auth"},
			{"accents folded in the query", "CAFÉ résumé", "", "cafe"},
			{"accents folded in the frame", "cafe resume naive", "", "cafe"},
			{"accented keyword", "creme brulee", "", "cafe"},
			{"CJK inside a sentence", "検索", "", "cjk"},
			{"CJK run", "記憶の検索", "", "cjk"},
			{"OR is not an operator", "oauth OR fts5", "any", "auth,fts"},
			{"AND is not an operator", "oauth AND jwt", "", "auth"},
			{"NOT is not an operator", "NOT gate", "", "ops"},
			{"lower-case not is a word", "not needed", "", "ops"},
			{"mode all needs every term", "oauth fts5", "all", ""},
			{"mode any", "oauth fts5", "any", "auth,fts"},
			{"prefix", "recal*", "", "fts"},
			{"word in no frame", "kubernetes", "", ""},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				res := recall(t, s, st.ID, frames.RecallRequest{Q: c.q, Mode: c.mode})
				got := strings.Split(hitIDs(res), ",")
				want := strings.Split(c.want, ",")
				if len(got) != len(want) || res.Count != len(res.Hits) {
					t.Fatalf("%q: hits %v, want %v (terms %q)", c.q, got, want, res.Terms)
				}
				seen := map[string]bool{}
				for _, g := range got {
					seen[g] = true
				}
				for _, w := range want {
					if !seen[w] {
						t.Fatalf("%q: hits %v, want %v (terms %q)", c.q, got, want, res.Terms)
					}
				}
			})
		}
	})
}

func TestRecallOfNothingFindsNothingAndSaysWhy(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		st := mustSteward(t, s, "nil")
		mustFrames(t, s, st.ID, recallCorpus...)
		for _, q := range []string{"", "   ", "--- ... ///", `"" () :: **`, "OR", "AND NOT OR"} {
			res := recall(t, s, st.ID, frames.RecallRequest{Q: q})
			if len(res.Hits) != 0 || res.Count != 0 || res.Message == "" {
				t.Fatalf("q %q: %d hits, message %q", q, len(res.Hits), res.Message)
			}
		}
	})
}

func TestRecallRanksByRelevanceThenRecency(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		s.SetClock(func() time.Time { return recallNow })
		st := mustSteward(t, s, "rank")
		mustFrames(t, s, st.ID,
			// Same day: the frame with the word as a keyword, in its reference
			// point and caption is more relevant than one that only mentions it next.
			frameSpec{id: "strong", ts: "2025-12-09T10:00:00Z", caption: "Indexer rewrite", ref: "indexer-rewrite", keywords: []string{"indexer"}},
			frameSpec{id: "weak", ts: "2025-12-09T11:00:00Z", caption: "Lint fixes", ref: "lint", next: "look at the indexer later"},
			// Equal relevance: the newer one first.
			frameSpec{id: "old", ts: "2025-06-01T10:00:00Z", caption: "Gateway timeout", ref: "gw-old"},
			frameSpec{id: "new", ts: "2025-12-08T10:00:00Z", caption: "Gateway timeout", ref: "gw-new"},
		)
		if got := hitIDs(recall(t, s, st.ID, frames.RecallRequest{Q: "indexer"})); got != "strong,weak" {
			t.Fatalf("relevance: %s", got)
		}
		res := recall(t, s, st.ID, frames.RecallRequest{Q: "gateway timeout"})
		if got := hitIDs(res); got != "new,old" {
			t.Fatalf("recency: %s", got)
		}
		if h := res.Hits[0]; h.Recency <= res.Hits[1].Recency || h.Score <= res.Hits[1].Score || h.Relevance != res.Hits[1].Relevance {
			t.Fatalf("scores: %+v %+v", h, res.Hits[1])
		}
	})
}

func TestRecallFiltersBeforeTheLimit(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		s.SetClock(func() time.Time { return recallNow })
		st := mustSteward(t, s, "filter")
		var specs []frameSpec
		// 30 newer frames of another module and branch, then the one we want.
		for i := range 30 {
			specs = append(specs, frameSpec{id: fmt.Sprintf("noise-%d", i), ts: fmt.Sprintf("2025-12-05T10:%02d:00Z", i),
				branch: "main", caption: "cache warmup", ref: fmt.Sprintf("noise-%d", i), modules: []string{"cache"}})
		}
		specs = append(specs,
			frameSpec{id: "want", ts: "2025-11-01T10:00:00Z", branch: "feature/x", caption: "cache warmup", ref: "want", modules: []string{"memory/store"}},
			frameSpec{id: "near", ts: "2025-11-01T10:00:00Z", branch: "feature/x", caption: "cache warmup", ref: "near", modules: []string{"memory/store-extra"}},
		)
		mustFrames(t, s, st.ID, specs...)
		if got := hitIDs(recall(t, s, st.ID, frames.RecallRequest{Q: "cache", Module: "memory/store", Limit: "1"})); got != "want" {
			t.Fatalf("module: %q", got)
		}
		if got := hitIDs(recall(t, s, st.ID, frames.RecallRequest{Q: "warmup", Branch: "feature/x", Limit: "5"})); got != "want,near" && got != "near,want" {
			t.Fatalf("branch: %q", got)
		}
		if got := hitIDs(recall(t, s, st.ID, frames.RecallRequest{Q: "cache", Until: "2025-11-30", Limit: "1"})); got != "want" && got != "near" {
			t.Fatalf("until: %q", got)
		}
		if got := recall(t, s, st.ID, frames.RecallRequest{Q: "cache", Module: "mem"}); len(got.Hits) != 0 {
			t.Fatalf("a module filter is exact: %s", hitIDs(got))
		}
	})
}

func TestRecallTimeFiltersCompareInstants(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		s.SetClock(func() time.Time { return recallNow })
		st := mustSteward(t, s, "tz")
		// 10:30+02:00 is 08:30Z: before 09:00Z, although "10:30" > "09:00" as text.
		mustFrames(t, s, st.ID,
			frameSpec{id: "east", ts: "2025-12-01T10:30:00+02:00", caption: "deploy window", ref: "east"},
			frameSpec{id: "west", ts: "2025-12-01T04:00:00-05:00", caption: "deploy window", ref: "west"}, // 09:00Z
			frameSpec{id: "zulu", ts: "2025-12-01T09:30:00Z", caption: "deploy window", ref: "zulu"},
		)
		cases := []struct{ since, until, want string }{
			{"", "2025-12-01T09:00:00Z", "west,east"},
			{"2025-12-01T09:00:00Z", "", "zulu,west"},
			{"2025-12-01T10:00:00+01:00", "2025-12-01T09:10:00Z", "west"},
			{"2025-12-01", "2025-12-01", "zulu,west,east"},
			{"2025-12-02", "", ""},
		}
		for _, c := range cases {
			res := recall(t, s, st.ID, frames.RecallRequest{Q: "deploy", Since: c.since, Until: c.until})
			if got := hitIDs(res); got != c.want {
				t.Errorf("since %q until %q: %q, want %q", c.since, c.until, got, c.want)
			}
		}
	})
}

func TestFramesRoundTripStayImmutableAndIsolated(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		a, b := mustSteward(t, s, "anna"), mustSteward(t, s, "bert")
		full := `{"id":"f-full","timestamp":"2025-11-15T09:45:00.123456+02:00","branch":"feature/auth","jira":"AUTH-456",` +
			`"module_scope":["auth/oauth","auth/jwt"],"summary_caption":"Refactored OAuth","reference_point":"auth-1",` +
			`"status_snapshot":{"next_action":"Add tests","blockers":[],"merge_blockers":["review"],"tests_failing":["a.ts:1"],"mood":{"x":[1,2]}},` +
			`"keywords":["oauth"],"atlas_frame_id":"atlas-1","feature_flags":["flag"],"permissions":["auth:read"],"image_ids":[],` +
			`"runId":"run-1","planHash":"sha256:def","spend":{"prompts":12,"tokens_estimated":45000,"cost":1.5e-3},` +
			`"userId":"u-1","executorRole":"senior-dev","toolCalls":["mcp_plan"],"guardrailProfile":"standard",` +
			`"turnCost":{"components":{"latency":1500,"contextReset":0,"renegotiation":0,"tokenBloat":0,"attentionSwitch":0}},"merged_from":["f-0"],"z":null}`
		res, err := frames.Import(ctx, s, a.ID, []byte(full))
		if err != nil || res[0].Status != baton.FrameCreated {
			t.Fatalf("%+v %v", res, err)
		}
		got, err := s.Frame(ctx, a.ID, "f-full")
		if err != nil {
			t.Fatal(err)
		}
		out, _ := json.Marshal(got)
		if string(out) != full {
			t.Fatalf("round trip:\n got %s\nwant %s", out, full)
		}
		// The same id again is a duplicate, not an overwrite, whatever it says.
		changed := strings.Replace(full, "Refactored OAuth", "Something else", 1)
		res, err = frames.Import(ctx, s, a.ID, []byte(full+"\n"+changed))
		if err != nil || res[0].Status != baton.FrameDuplicate || res[1].Status != baton.FrameConflict || res[1].Field != "id" {
			t.Fatalf("duplicates: %+v %v", res, err)
		}
		if again, _ := s.Frame(ctx, a.ID, "f-full"); again.SummaryCaption != "Refactored OAuth" {
			t.Fatal("a duplicate overwrote the frame")
		}
		// Another steward does not see it, may store the same id, and cannot delete A's.
		if _, err := s.Frame(ctx, b.ID, "f-full"); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatalf("b reads a's frame: %v", err)
		}
		if r := recall(t, s, b.ID, frames.RecallRequest{Q: "oauth"}); len(r.Hits) != 0 {
			t.Fatal("b recalls a's frame")
		}
		if err := s.DeleteFrame(ctx, b.ID, "f-full"); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatalf("b deletes a's frame: %v", err)
		}
		res, err = frames.Import(ctx, s, b.ID, []byte(changed))
		if err != nil || res[0].Status != baton.FrameCreated {
			t.Fatalf("b's own frame with the same id: %+v %v", res, err)
		}
		if r := recall(t, s, b.ID, frames.RecallRequest{Q: "something"}); hitIDs(r) != "f-full" {
			t.Fatalf("b's recall: %s", hitIDs(r))
		}
		// A deletes; the frame leaves recall too; B's stays.
		if err := s.DeleteFrame(ctx, a.ID, "f-full"); err != nil {
			t.Fatal(err)
		}
		if r := recall(t, s, a.ID, frames.RecallRequest{Q: "oauth"}); len(r.Hits) != 0 {
			t.Fatal("a deleted frame is still recalled")
		}
		if _, err := s.Frame(ctx, b.ID, "f-full"); err != nil {
			t.Fatalf("deleting a's frame touched b's: %v", err)
		}
	})
}

// TestFrameKeptAsItCameReadsBackWhole: a frame whose JSON differs from
// what Baton writes (keys in Lex's order, a count spelled 12.0, an
// escaped slash) is stored as raw JSON and the columns queries filter on;
// it reads back field for field as it parsed, stays filterable, and
// migration 0047's down fills every column from raw again (its up empties
// them once more).
func TestFrameKeptAsItCameReadsBackWhole(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		st := mustSteward(t, s, "raw")
		in := `{"summary_caption":"Refactored OAuth \/ JWT","id":"f-raw","timestamp":"2025-11-15T09:45:00.5+02:00","branch":"feature/auth",` +
			`"module_scope":["auth/oauth","auth/jwt"],"reference_point":"auth-1","merged_from":["f-0"],` +
			`"status_snapshot":{"blockers":[],"next_action":"Add tests","mood":{"x":[1,2]}},"keywords":["oauth","jwt"],` +
			`"atlas_frame_id":"atlas-1","feature_flags":["flag"],"permissions":["auth:read"],"image_ids":[],"runId":"run-1",` +
			`"planHash":"sha256:def","spend":{"tokens_estimated":45000,"prompts":12.0},"userId":"u-1","executorRole":"senior-dev",` +
			`"toolCalls":["mcp_plan"],"guardrailProfile":"standard","superseded_by":"f-2","jira":"AUTH-456","z":null}`
		want, err := frames.Parse([]byte(in))
		if err != nil || want.Raw == nil {
			t.Fatalf("parse: %v, raw %q", err, want.Raw)
		}
		if res, err := frames.Import(ctx, s, st.ID, []byte(in)); err != nil || res[0].Status != baton.FrameCreated {
			t.Fatalf("%+v %v", res, err)
		}
		check := func(when string) {
			t.Helper()
			got, err := s.Frame(ctx, st.ID, "f-raw")
			if err != nil {
				t.Fatalf("%s: %v", when, err)
			}
			got.StewardID, got.CreatedAt = 0, time.Time{}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: read back\n%#v\nwant\n%#v", when, got, want)
			}
			page, err := s.FrameTimeline(ctx, st.ID, baton.FrameFilter{Branch: "feature/auth", Jira: "AUTH-456", IncludeSuperseded: true})
			if err != nil || len(page.Frames) != 1 {
				t.Fatalf("%s: timeline by branch and jira: %d frames, %v", when, len(page.Frames), err)
			}
			if page, _ := s.FrameTimeline(ctx, st.ID, baton.FrameFilter{}); len(page.Frames) != 0 {
				t.Fatalf("%s: a superseded frame is on the timeline", when)
			}
			stats, err := s.FrameStats(ctx, st.ID, nil, false)
			if err != nil || stats.Prompts != 12 || stats.TokensEstimated != 45000 {
				t.Fatalf("%s: stats %+v, %v", when, stats, err)
			}
		}
		check("stored")
		type columns struct {
			ModuleScope    string  `bun:"module_scope"`
			SummaryCaption string  `bun:"summary_caption"`
			StatusSnapshot string  `bun:"status_snapshot"`
			Keywords       *string `bun:"keywords"`
			PlanHash       *string `bun:"plan_hash"`
			Extra          *string `bun:"extra"`
		}
		read := func() columns {
			var c columns
			if err := s.DB().NewRaw("SELECT module_scope, summary_caption, status_snapshot, keywords, plan_hash, extra FROM frames WHERE id = 'f-raw'").
				Scan(ctx, &c); err != nil {
				t.Fatal(err)
			}
			return c
		}
		if c := read(); c.SummaryCaption != "" || c.Keywords != nil || c.Extra != nil {
			t.Fatalf("the frame is stored twice: %+v", c)
		}
		for {
			ms, err := s.Migrations(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if _, on := applied(ms, "frame_raw_alone"); !on {
				break
			}
			if _, err := s.MigrateDown(ctx); err != nil {
				t.Fatal(err)
			}
		}
		c := read()
		var modules, keywords []string
		var extra map[string]any
		if json.Unmarshal([]byte(c.ModuleScope), &modules) != nil || json.Unmarshal([]byte(*c.Keywords), &keywords) != nil ||
			json.Unmarshal([]byte(*c.Extra), &extra) != nil {
			t.Fatalf("0047 down: columns are not JSON: %+v", c)
		}
		fields, err := baton.FrameFields([]byte(*c.Extra))
		if err != nil || len(fields) != 3 || fields[0].Name != "merged_from" || fields[1].Name != "superseded_by" || fields[2].Name != "z" {
			t.Fatalf("0047 down: extra %s, %v", *c.Extra, err)
		}
		var status baton.FrameStatus
		if c.SummaryCaption != want.SummaryCaption || !slices.Equal(modules, want.ModuleScope) || !slices.Equal(keywords, want.Keywords) ||
			*c.PlanHash != "sha256:def" || json.Unmarshal([]byte(c.StatusSnapshot), &status) != nil || !reflect.DeepEqual(status, want.StatusSnapshot) {
			t.Fatalf("0047 down: %+v", c)
		}
		if _, err := s.MigrateUp(ctx); err != nil {
			t.Fatal(err)
		}
		if c := read(); c.SummaryCaption != "" || c.Keywords != nil || c.Extra != nil {
			t.Fatalf("0047 up again: the frame is stored twice: %+v", c)
		}
		check("migrated down and up")
	})
}

func TestImportIsAllOrNothingPerFrame(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		st := mustSteward(t, s, "imp")
		good := frameSpec{id: "ok-1", ts: "2025-12-01T10:00:00Z", caption: "fine", ref: "ok"}.json()
		bad := strings.Replace(frameSpec{id: "bad-1", ts: "2025-12-01T10:00:00Z", caption: "x", ref: "bad"}.json(), `"next_action":"carry on"`, `"next_action":""`, 1)
		res, err := frames.Import(ctx, s, st.ID, []byte("["+good+","+bad+","+good+"]"))
		if err != nil {
			t.Fatal(err)
		}
		if res[0].Status != baton.FrameCreated || res[1].Status != baton.FrameInvalid || res[1].Field != "status_snapshot.next_action" ||
			res[1].ID != "bad-1" || res[2].Status != baton.FrameDuplicate {
			t.Fatalf("%+v", res)
		}
		if _, err := s.Frame(ctx, st.ID, "bad-1"); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatal("an invalid frame was stored")
		}
		if n, _ := s.FrameCount(ctx, st.ID); n != 1 {
			t.Fatalf("count = %d", n)
		}
	})
}

func TestTimelinePagesBeyondAThousandFrames(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		st := mustSteward(t, s, "many")
		const n = 1250
		docs := make([]string, n)
		t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
		for i := range docs {
			mod := "even"
			if i%2 == 1 {
				mod = "odd"
			}
			// Every fifth frame shares its second with the one before: rids must still be distinct.
			ts := t0.Add(time.Duration(i-i%5/4) * time.Minute).Format(time.RFC3339)
			docs[i] = frameSpec{id: fmt.Sprintf("t-%04d", i), ts: ts, branch: "long", caption: "step", ref: "r", modules: []string{mod}}.json()
		}
		mustImport := func(lines []string) {
			res, err := frames.Import(ctx, s, st.ID, []byte(strings.Join(lines, "\n")))
			if err != nil {
				t.Fatal(err)
			}
			if frames.Summary(res) != fmt.Sprintf("%d created, 0 duplicates, 0 invalid", len(lines)) {
				t.Fatal(frames.Summary(res))
			}
		}
		mustImport(docs)
		seen := map[string]bool{}
		var last time.Time
		cursor := ""
		pages := 0
		for {
			page, err := s.FrameTimeline(ctx, st.ID, baton.FrameFilter{Branch: "long", Cursor: cursor, Limit: 400})
			if err != nil {
				t.Fatal(err)
			}
			pages++
			for _, f := range page.Frames {
				if seen[f.ID] {
					t.Fatalf("frame %s twice", f.ID)
				}
				seen[f.ID] = true
				if !last.IsZero() && f.At.After(last) {
					t.Fatalf("not newest first at %s", f.ID)
				}
				last = f.At
			}
			if page.NextCursor == "" {
				break
			}
			cursor = page.NextCursor
		}
		if len(seen) != n || pages != 4 {
			t.Fatalf("saw %d frames in %d pages", len(seen), pages)
		}
		odd, err := s.FrameTimeline(ctx, st.ID, baton.FrameFilter{Module: "odd", Limit: 1000})
		if err != nil || len(odd.Frames) != 625 || odd.NextCursor != "" {
			t.Fatalf("module timeline: %d %q %v", len(odd.Frames), odd.NextCursor, err)
		}
		if _, err := s.FrameTimeline(ctx, st.ID, baton.FrameFilter{Cursor: "not-a-cursor"}); baton.ErrorField(err) != "cursor" {
			t.Fatalf("bad cursor: %v", err)
		}
	})
}

// A frame imported under a stored id with other content is a conflict,
// reported on that frame and naming its id, as POST /api/v1/frames answers
// 409 for it; the same frame again stays a duplicate; the batch's other
// frames are stored.
func TestFrameImportConflictPerFrame(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		a := mustSteward(t, s, "anna")
		one := frameSpec{id: "f-1", ts: "2025-12-01T10:00:00Z", caption: "first", ref: "r1"}.json()
		if res, err := frames.Import(ctx, s, a.ID, []byte(one)); err != nil || res[0].Status != baton.FrameCreated {
			t.Fatalf("%+v %v", res, err)
		}
		changed := frameSpec{id: "f-1", ts: "2025-12-01T10:00:00Z", caption: "other", ref: "r1"}.json()
		two := frameSpec{id: "f-2", ts: "2025-12-01T11:00:00Z", caption: "second", ref: "r2"}.json()
		res, err := frames.Import(ctx, s, a.ID, []byte(one+"\n"+changed+"\n"+two))
		if err != nil || len(res) != 3 {
			t.Fatalf("%+v %v", res, err)
		}
		if res[0].Status != baton.FrameDuplicate || res[1].Status != baton.FrameConflict || res[1].Field != "id" ||
			!strings.Contains(res[1].Error, `"f-1"`) || res[2].Status != baton.FrameCreated {
			t.Fatalf("results: %+v", res)
		}
		if got := frames.Summary(res); got != "1 created, 1 duplicates, 1 conflicts, 0 invalid" {
			t.Errorf("summary %q", got)
		}
		if f, _ := s.Frame(ctx, a.ID, "f-1"); f.SummaryCaption != "first" {
			t.Errorf("the conflicting frame overwrote the stored one: %q", f.SummaryCaption)
		}
	})
}

// A large import runs with SQLite's foreign keys off and checks the
// steward itself: for a steward that does not exist it fails, naming it,
// and writes nothing; the store's connections check foreign keys after.
func TestLargeImportForAMissingStewardWritesNothing(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		st := mustSteward(t, s, "present")
		missing := st.ID + 1000
		docs := make([]string, 150)
		t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
		for i := range docs {
			docs[i] = frameSpec{id: fmt.Sprintf("m-%04d", i), ts: t0.Add(time.Duration(i) * time.Minute).Format(time.RFC3339),
				branch: "main", caption: "orphan words", ref: "r", modules: []string{"core"}}.json()
		}
		for _, n := range []int{150, 3} {
			if _, err := frames.Import(ctx, s, missing, []byte(strings.Join(docs[:n], "\n"))); err == nil {
				t.Fatalf("%d frames for a missing steward: no error", n)
			}
			if count, err := s.FrameCount(ctx, missing); err != nil || count != 0 {
				t.Fatalf("%d frames for a missing steward: %d stored, %v", n, count, err)
			}
		}
		// Every connection of the pool still refuses a row for a missing steward.
		for range 8 {
			if _, err := frames.Import(ctx, s, missing, []byte(docs[0])); err == nil {
				t.Fatal("a frame for a missing steward: no error")
			}
		}
		res, err := frames.Import(ctx, s, st.ID, []byte(strings.Join(docs, "\n")))
		if err != nil || frames.Summary(res) != "150 created, 0 duplicates, 0 invalid" {
			t.Fatalf("import: %v %v", frames.Summary(res), err)
		}
	})
}
