package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// insertSamples are messages that use every column in the ways a value can
// be written: nil and empty JSON, a nil and a set pointer, quotes,
// backslashes, the \u0000 escape, non-ASCII text, times with nanoseconds
// and zones, negative and long floats, analysed or not.
func insertSamples() []baton.Message {
	zone := time.FixedZone("x", -(3*3600 + 30*60))
	lr := &baton.LineRange{Start: 3, End: 9}
	full := baton.Message{
		Role: baton.RoleAssistant, Speaker: "Claude 'the' \"model\"", Content: "it's a `\\path\\to` — naïve 😀 \\u0000 text",
		ContentType: baton.ContentMixed, Thinking: "think\nthen\tact",
		ToolCalls: []baton.ToolCall{{ID: "t1", Name: "Bash", Input: json.RawMessage(`{"cmd": "echo 'a' \\ b", "nul": "x\u0000y"}`)},
			{ID: "t2", Name: "Read"}},
		ToolResult: &baton.ToolResult{ToolUseID: "t1", IsError: true},
		Model:      "claude-x", Usage: baton.Usage{InputTokens: 12, OutputTokens: 3400, CacheReadTokens: 1 << 40, CacheCreationTokens: 7},
		Semantic: baton.Semantic{Embedding: []float32{0.1, -0.33333334, 1e-7}, Topics: []string{"go", "sql"},
			Entities: []baton.Entity{{Text: "a'b", Type: "file", Confidence: 0.987654321}}, Intent: "fix",
			Sentiment: -0.123456789012345, Emotions: []string{"frustrated", "calm"}},
		CodeContext: &baton.CodeContext{Language: "go", FilePath: `C:\x\y.go`, LineRange: lr, SymbolsReferenced: []string{"main"}},
		References: baton.References{RepliesTo: "m1", ReferencesMessages: []string{"m0"},
			External: []baton.ExternalRef{{Type: "url", Identifier: "https://example.com/?a=1&b='2'"}}},
		Impact:      baton.Impact{LedToInsight: true, TriggeredAction: "commit", Significance: 0.1 + 0.2},
		EditHistory: []baton.Edit{{Timestamp: time.Date(2025, 5, 6, 7, 8, 9, 123456789, zone), PreviousContent: "was", EditType: "typo"}},
		Meta:        baton.MessageMeta{ProcessingTimeMs: 15, TokenCount: 99, RequiresFollowUp: true},
		Timestamp:   time.Date(2026, 2, 3, 4, 5, 6, 987654321, zone),
		Attributes:  map[string]any{"nul": "a\x00b", "nested": map[string]any{"n": 1.5, "list": []any{true, nil, "x"}}, "quote": "it's"},
		Analyzed:    true,
	}
	plain := baton.Message{Role: baton.RoleSteward, Content: "hello", Timestamp: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	early := baton.Message{Role: baton.RoleSystem, Content: "", Timestamp: time.Date(1, 1, 1, 0, 0, 0, 1000, time.UTC),
		Semantic: baton.Semantic{Sentiment: 1}, Attributes: map[string]any{}}
	late := baton.Message{Role: baton.RoleToolResult, Content: strings.Repeat("long ", 2000), Timestamp: time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC),
		Semantic: baton.Semantic{Sentiment: -1, Topics: []string{}}, EditHistory: []baton.Edit{}, ToolCalls: []baton.ToolCall{}}
	tiny := baton.Message{Role: baton.RoleToolCall, Timestamp: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		Semantic: baton.Semantic{Sentiment: 5e-324, Emotions: []string{"é"}}, Impact: baton.Impact{Significance: math.Nextafter(1, 0)}}
	return []baton.Message{full, plain, early, late, tiny}
}

// TestMessageRowsAsBunWrites: a message written with bound values (the
// prepared multi-row INSERT, every statement size) is stored exactly as
// Bun's INSERT with inline values stored it, column by column, and reads
// back the same.
func TestMessageRowsAsBunWrites(t *testing.T) {
	// The samples in turn, and in runs of 21 (statements whose rows all
	// have the same value in many columns, which SQLite's INSERT binds
	// once, and statements that span two or more runs).
	layouts := map[string]func(i int) int{
		"in turn": func(i int) int { return i % len(insertSamples()) },
		"in runs": func(i int) int { return i / 21 % len(insertSamples()) },
	}
	eachDialect(t, func(t *testing.T, s *store.Store) {
		st := mustSteward(t, s, "rows")
		for name, sample := range layouts {
			t.Run(name, func(t *testing.T) { testMessageRowsAsBunWrites(t, s, st, sample) })
		}
	})
}

// testMessageRowsAsBunWrites is TestMessageRowsAsBunWrites of one layout of the samples.
func testMessageRowsAsBunWrites(t *testing.T, s *store.Store, st *baton.Steward, sample func(i int) int) {
	ctx := context.Background()
	sess := mustSession(t, s, st.ID, &baton.Session{Title: "rows"})
	conv, err := s.Conversation(ctx, st.ID, sess.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	samples := insertSamples()
	// 103 messages: statements of 64, 32, 4, 2 and 1 rows.
	const n = 103
	batch := func(prefix string, seq0 int64) []*baton.Message {
		out := make([]*baton.Message, n)
		for i := range out {
			m := samples[sample(i)]
			m.StewardID, m.SessionID, m.ConversationID = st.ID, sess.ID, conv.ID
			m.Seq, m.SourceID = seq0+int64(i), fmt.Sprintf("%s-%d", prefix, i)
			m.SyncArc()
			out[i] = &m
		}
		return out
	}
	old, bound := batch("old", 1), batch("new", n+1)
	if err := s.InsertMessagesAsBun(ctx, old); err != nil {
		t.Fatal(err)
	}
	if err := s.InsertMessages(ctx, bound, 64); err != nil {
		t.Fatal(err)
	}

	rows := rawMessageRows(t, s, conv.ID)
	if len(rows) != 2*n {
		t.Fatalf("%d rows stored, want %d", len(rows), 2*n)
	}
	for i := 0; i < n; i++ {
		a, b := rows[i], rows[n+i]
		if b["id"] != bound[i].ID {
			t.Errorf("message %d: id set to %d, stored as %v", i, bound[i].ID, b["id"])
		}
		for col, va := range a {
			if col == "id" || col == "seq" || col == "source_id" {
				continue
			}
			if vb := b[col]; !reflect.DeepEqual(va, vb) {
				t.Errorf("message %d, column %s: Bun wrote %T %v, bound values %T %v", i, col, va, va, vb, vb)
			}
		}
	}

	got, err := s.Transcript(ctx, st.ID, sess.ID, "", 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		a, b := *got[i], *got[n+i]
		a.ID, a.Seq, a.SourceID, b.ID, b.Seq, b.SourceID = 0, 0, "", 0, 0, ""
		if !reflect.DeepEqual(a, b) {
			t.Errorf("message %d reads back differently:\nBun   %+v\nbound %+v", i, a, b)
		}
	}
}

// TestAnalysisSavedAsBunWrites: the analysis worker's write-back (semantic,
// arc, content type, code context, analysed) stores what Bun's UPDATE stored.
func TestAnalysisSavedAsBunWrites(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		st := mustSteward(t, s, "analysed")
		sess := mustSession(t, s, st.ID, &baton.Session{Title: "analysed"})
		conv, err := s.Conversation(ctx, st.ID, sess.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		samples := insertSamples()
		var old, bound []*baton.Message
		for i := range 2 * len(samples) {
			m := samples[i%len(samples)]
			m.StewardID, m.SessionID, m.ConversationID = st.ID, sess.ID, conv.ID
			m.Seq, m.SourceID, m.Analyzed = int64(i+1), fmt.Sprint(i), false
			if i < len(samples) {
				old = append(old, &m)
			} else {
				bound = append(bound, &m)
			}
		}
		if err := s.InsertMessages(ctx, append(append([]*baton.Message{}, old...), bound...), 64); err != nil {
			t.Fatal(err)
		}
		// What an analysis fills in, on the samples as they are and with
		// the pointers swapped (set where nil, nil where set).
		for i := range old {
			for _, m := range []*baton.Message{old[i], bound[i]} {
				m.Semantic.Topics = append(m.Semantic.Topics, "it's\x00 done")
				m.Semantic.Sentiment = -0.3 * float64(i)
				m.Semantic.Emotions = []string{"curious"}
				m.ContentType = baton.ContentCode
				if m.CodeContext == nil {
					m.CodeContext = &baton.CodeContext{Language: "go", SymbolsReferenced: []string{"x"}}
				} else {
					m.CodeContext = nil
				}
			}
		}
		if err := s.SaveAnalysisAsBun(ctx, old, 0); err != nil {
			t.Fatal(err)
		}
		if err := s.SaveAnalysis(ctx, bound, 0); err != nil {
			t.Fatal(err)
		}
		rows := rawMessageRows(t, s, conv.ID)
		n := len(samples)
		for i := 0; i < n; i++ {
			a, b := rows[i], rows[n+i]
			for col, va := range a {
				if col == "id" || col == "seq" || col == "source_id" {
					continue
				}
				if vb := b[col]; !reflect.DeepEqual(va, vb) {
					t.Errorf("message %d, column %s: Bun wrote %T %v, bound values %T %v", i, col, va, va, vb, vb)
				}
			}
		}
	})
}

// TestInsertRefusesNUL: a NUL byte in a text column that no earlier check
// strips or refuses is refused, naming the column (Bun refused it too; a
// bound value would be stored), and the batch writes nothing.
func TestInsertRefusesNUL(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		st := mustSteward(t, s, "nul")
		sess := mustSession(t, s, st.ID, &baton.Session{Title: "nul"})
		_, err := s.AppendMessages(ctx, st.ID, sess.ID, "", []*baton.Message{
			{Role: baton.RoleSteward, Content: "fine", SourceID: "a"},
			{Role: baton.RoleSteward, Content: "fine", SourceID: "b", Model: "b\x00c"},
		})
		if e, ok := err.(*baton.Error); !ok || e.Field != "model" {
			t.Fatalf("append with a NUL in model: %v, want an error naming model", err)
		}
		if n, err := s.TranscriptLength(ctx, st.ID, sess.ID, ""); err != nil || n != 0 {
			t.Fatalf("%d messages stored (%v), want none", n, err)
		}
	})
}

// A NUL in a source id is refused naming it on both databases (PostgreSQL
// failed its duplicate check with a 500), and nothing is written.
func TestSourceIDWithNULRefused(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		st := mustSteward(t, s, "nulsource")
		sess := mustSession(t, s, st.ID, &baton.Session{Title: "nul source"})
		_, err := s.AppendMessages(ctx, st.ID, sess.ID, "", []*baton.Message{
			{Role: baton.RoleSteward, Content: "fine", SourceID: "a"},
			{Role: baton.RoleSteward, Content: "fine", SourceID: "b\x00c"},
		})
		if e, ok := err.(*baton.Error); !ok || e.Code != baton.EINVALID || !strings.HasSuffix(e.Field, ".source_id") {
			t.Fatalf("append with a NUL in source_id: %v, want an invalid-input error naming source_id", err)
		}
		if n, err := s.TranscriptLength(ctx, st.ID, sess.ID, ""); err != nil || n != 0 {
			t.Fatalf("%d messages stored (%v), want none", n, err)
		}
	})
}

// rawMessageRows reads a conversation's message rows as the driver returns
// each column, in seq order.
func rawMessageRows(t *testing.T, s *store.Store, conversationID string) []map[string]any {
	t.Helper()
	q := "SELECT * FROM messages WHERE conversation_id = ? ORDER BY seq"
	if s.DB().Dialect().Name().String() == "pg" {
		q = strings.Replace(q, "?", "$1", 1)
	}
	rs, err := s.DB().DB.QueryContext(context.Background(), q, conversationID)
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	cols, _ := rs.Columns()
	var out []map[string]any
	for rs.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rs.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		row := map[string]any{}
		for i, c := range cols {
			row[c] = vals[i]
		}
		out = append(out, row)
	}
	if err := rs.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
