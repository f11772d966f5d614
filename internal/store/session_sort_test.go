package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// TestListSessionsSortsOnEveryColumn pages through the list sorted on each
// column, both ways, a few rows at a time: every session comes exactly once
// and the column's values never go the wrong way, ties included.
func TestListSessionsSortsOnEveryColumn(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		st := mustSteward(t, s, "ada")
		base := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
		types := []baton.SessionType{baton.SessionChat, baton.SessionCode, baton.SessionPlanning}
		const n = 13
		for i := range n {
			q := float64(i%5) / 5
			end := base.Add(time.Duration(i)*time.Hour + time.Duration(i%4)*time.Minute)
			sess := mustSession(t, s, st.ID, &baton.Session{
				Title: fmt.Sprintf("session %c", 'a'+rune((i*7)%n)), Type: types[i%3], Source: fmt.Sprintf("src%d", i%4),
				StartedAt: base.Add(time.Duration(i) * time.Hour), EndedAt: &end, QualityScore: &q,
			})
			// Token usage (the tokens and cost columns): some priced, some not.
			model := "claude-sonnet-4-5"
			if i%3 == 0 {
				model = "unknown-model"
			}
			if _, err := s.AppendMessages(ctx, st.ID, sess.ID, "", []*baton.Message{{Role: baton.RoleAssistant, Content: "ok", Model: model,
				Usage: baton.Usage{InputTokens: int64((i*37)%11) * 100, OutputTokens: int64(i%4) * 50}}}); err != nil {
				t.Fatal(err)
			}
			if i%2 == 0 {
				if _, err := s.SetReviewStatus(ctx, st.ID, []string{sess.ID}, baton.ReviewReviewed); err != nil {
					t.Fatal(err)
				}
			}
		}
		value := map[string]func(*baton.Session) any{
			"title": func(x *baton.Session) any { return x.Title }, "type": func(x *baton.Session) any { return string(x.Type) },
			"source": func(x *baton.Session) any { return x.Source }, "started": func(x *baton.Session) any { return x.StartedAt.Unix() },
			"duration": func(x *baton.Session) any { return x.DurationSeconds }, "messages": func(x *baton.Session) any { return int64(x.MessageCount) },
			"quality": func(x *baton.Session) any { return *x.QualityScore }, "review": func(x *baton.Session) any { return string(x.ReviewStatus) },
			"tokens": func(x *baton.Session) any { return x.Tokens.Total }, "cost": func(x *baton.Session) any { return x.Tokens.CostUSD },
		}
		for _, key := range baton.SessionSortKeys {
			for _, desc := range []bool{true, false} {
				sort := baton.SessionSort(key, desc)
				var seen []*baton.Session
				ids := map[string]bool{}
				cursor := ""
				for range n {
					page, err := s.ListSessions(ctx, st.ID, baton.SessionFilter{Sort: sort, Limit: 4, Cursor: cursor})
					if err != nil {
						t.Fatalf("%s: %v", sort, err)
					}
					for _, x := range page.Sessions {
						if ids[x.ID] {
							t.Fatalf("%s: %q listed twice", sort, x.Title)
						}
						ids[x.ID] = true
						seen = append(seen, x)
					}
					if cursor = page.NextCursor; cursor == "" {
						break
					}
				}
				if len(seen) != n {
					t.Fatalf("%s: %d of %d sessions", sort, len(seen), n)
				}
				get := value[key]
				if get == nil {
					t.Fatalf("no test value for sort key %q", key)
				}
				for i := 1; i < len(seen); i++ {
					a, b := get(seen[i-1]), get(seen[i])
					if wrongWay(a, b, desc) {
						t.Errorf("%s: %v before %v", sort, a, b)
					}
				}
			}
		}
		if _, err := s.ListSessions(ctx, st.ID, baton.SessionFilter{Sort: "colour_desc"}); baton.ErrorField(err) != "sort" {
			t.Errorf("unknown sort: %v", err)
		}
	})
}

// wrongWay says whether a then b breaks the order (desc: b must not exceed a).
func wrongWay(a, b any, desc bool) bool {
	var less bool
	switch a := a.(type) {
	case string:
		less = a < b.(string)
		if a == b.(string) {
			return false
		}
	case int64:
		less = a < b.(int64)
		if a == b.(int64) {
			return false
		}
	case float64:
		less = a < b.(float64)
		if a == b.(float64) {
			return false
		}
	}
	return less == desc
}
