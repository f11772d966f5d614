package analysis

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// largeSession is a realistic conversation of n messages: steward and
// assistant prose in English, German and Japanese, code fences, decisions
// with their reasons, tasks, thanks and frustration, tool calls that read,
// edit and run things (some failing, one with an error tag in its output,
// one never answered), Markdown tables and system messages. Every third
// message is left unanalysed, as a message stored before analysis existed.
func largeSession(n int) []*baton.Message {
	a := New()
	c := newConvo()
	prose := []struct {
		role baton.Role
		text string
	}{
		{baton.RoleSteward, "Can you add an index on invoices.customer_id? The export query in internal/billing/export.go takes 4 seconds."},
		{baton.RoleAssistant, "I'll add the index in migrations/0042_invoices.sql and check the plan with EXPLAIN. Let me read the query first."},
		{baton.RoleSteward, "We'll go with PostgreSQL partial indexes because most invoices are closed and only open ones are exported."},
		{baton.RoleAssistant, "Fixed: the export now takes 40ms. The issue was a sequential scan over 2 million rows.\n\n```sql\nCREATE INDEX invoices_open ON invoices (customer_id) WHERE status = 'open';\n```"},
		{baton.RoleSteward, "This is terrible, the tests fail again and I'm frustrated. Why did the cache break?"},
		{baton.RoleAssistant, "The Redis client in cache/client.go was created before the config loaded, so it connected to localhost. I moved it into main.go after config.Load()."},
		{baton.RoleSteward, "Great, thanks a lot! That works now. Next: write a test for the retry in worker/retry.go and make sure it passes."},
		{baton.RoleAssistant, "| step | time |\n|---|---|\n| parse | 3 ms |\n| write | 12 ms |\n\nThe retry test passes; all 48 tests pass."},
		{baton.RoleSteward, "Kannst du bitte den Fehler im Exporter beheben? Die CSV-Datei hat falsche Umlaute und das ist wirklich ärgerlich."},
		{baton.RoleAssistant, "Ich habe die Kodierung auf UTF-8 umgestellt; der Exporter schreibt jetzt korrekte Umlaute. Wir nehmen encoding/csv statt eigener Logik, weil es Anführungszeichen richtig behandelt."},
		{baton.RoleSteward, "ログイン画面のバグを直してください。パスワードが間違っているとエラーが表示されません。"},
		{baton.RoleAssistant, "修正しました。auth/login.go でエラーメッセージを表示するようにしました。テストも追加しました。"},
		{baton.RoleSteward, "Decided to use Go 1.25 and Docker for the deploy, since the CI image already has them. Let's also move the docs to MkDocs."},
		{baton.RoleAssistant, "Now let me update the Dockerfile and .github/workflows/ci.yml. I'll keep the Kubernetes manifests as they are."},
		{baton.RoleSteward, "What is the p95 of the search endpoint now? I think React rendering is the slow part, not the API."},
		{baton.RoleAssistant, "The API answers in 12 ms at p95; the React list re-renders every row on each keystroke. I suggest memoising the rows with useMemo."},
	}
	tools := []struct {
		name, output, errText string
		input                 any
	}{
		{"Read", "package billing\n\nfunc Export(ctx context.Context) error {", "", obj{"file_path": "/repo/internal/billing/export.go"}},
		{"Edit", "The file was updated.", "", obj{"file_path": "/repo/migrations/0042_invoices.sql", "old_string": "", "new_string": "CREATE INDEX"}},
		{"Bash", "ok  \tgithub.com/acme/shop/worker\t0.412s", "", obj{"command": "go test ./worker/"}},
		{"Bash", "", "--- FAIL: TestRetry (0.01s)\n    retry_test.go:40: got 2 attempts, want 3\nFAIL", obj{"command": "go test ./worker/ -run TestRetry"}},
		{"WebFetch", "<html>PostgreSQL: Documentation: Partial Indexes</html>", "", obj{"url": "https://www.postgresql.org/docs/current/indexes-partial.html"}},
		{"Grep", "<tool_use_error>File does not exist.</tool_use_error>", "", obj{"pattern": "NewClient", "path": "/repo/cache"}},
	}
	for i := 0; len(c.msgs) < n; i++ {
		p := prose[i%len(prose)]
		text := p.text
		if i%5 == 0 {
			text = fmt.Sprintf("%s (round %d)", text, i/len(prose))
		}
		c.add(&baton.Message{Role: p.role, Content: text})
		if p.role == baton.RoleAssistant && i%3 != 2 {
			tl := tools[(i/2)%len(tools)]
			c.tool(tl.name, tl.input, tl.output, tl.errText)
		}
		if i%97 == 0 {
			c.add(&baton.Message{Role: baton.RoleSystem, Content: "Context compacted."})
		}
		if i%211 == 0 { // a call never answered
			c.add(&baton.Message{Role: baton.RoleToolCall, Content: "Bash", ToolCalls: []baton.ToolCall{{ID: fmt.Sprint("lost", i), Name: "Bash", Input: []byte(`{"command":"make deploy"}`)}}})
		}
	}
	c.msgs = c.msgs[:n]
	for i, m := range c.msgs {
		if i%3 != 0 {
			a.Message(m)
			m.Analyzed = true
		}
	}
	return c.msgs
}

// analyzeSessionAsBefore is AnalyzeSession as it was before the session
// analysis shared its views and read only the columns it uses: every
// message read back whole, Session and SessionRelationship each building
// their own views, and the memory's summary made from views of its own.
func analyzeSessionAsBefore(ctx context.Context, s *Service, st *store.Store, stewardID int64, sessionID string) error {
	sess, err := st.Session(ctx, stewardID, sessionID)
	if err != nil {
		return err
	}
	msgs, err := st.SessionMessages(ctx, stewardID, sessionID)
	if err != nil {
		return err
	}
	report := s.analyzer.Session(sess, msgs)
	prevTrust, prevHealth, err := s.previousRelationship(ctx, stewardID, sess)
	if err != nil {
		return err
	}
	rel, point := s.analyzer.SessionRelationship(prevTrust, prevHealth, sess, msgs)
	sess.Relationship = rel
	sess.Indexed = true
	if err := st.SaveSessionAnalysis(ctx, stewardID, sess, &baton.StoredAnalysis{
		SessionID: sess.ID, AnalysedAt: s.now().UTC(),
		Quality: storedQuality(report.Quality), Patterns: storedPatterns(report.Patterns), Relationship: storedPoint(point),
	}); err != nil {
		return err
	}
	conv, err := st.Conversation(ctx, stewardID, sessionID, "")
	if err != nil {
		return err
	}
	due := conv.MessageCount / baton.MemoryEvery * baton.MemoryEvery
	if due == 0 {
		return nil
	}
	covered := msgs[:due]
	return st.SaveConversationMemory(ctx, stewardID, &baton.ConversationMemory{
		ConversationID: conv.ID, SessionID: sessionID, Covered: len(covered),
		Summary: summaryOf(buildViews(s.analyzer, covered)).AutoGenerated, RefreshedAt: s.now().UTC(),
	})
}

// The analysis of a long, mixed session — views built once for the
// session, its relationship and its memory, messages read back with only
// the columns the analysis uses — is the analysis as it was made before,
// field by field: the session's arc, progress, technical context, summary,
// quality score and relationship, the stored quality parts, patterns and
// relationship point, and the conversation's memory. Two stewards get the
// same sessions (a short one first, so the relationship follows on from
// it); one is analysed the old way, the other the new.
func TestAnalyzeSessionAsBeforeOnALongSession(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			svc := NewService(st)
			at := time.Date(2026, 4, 2, 10, 0, 0, 0, time.UTC)
			svc.SetClock(func() time.Time { return at })

			var ids [2][]string
			for k, name := range []string{"before", "after"} {
				steward := &baton.Steward{Username: name}
				if err := st.CreateSteward(ctx, steward); err != nil {
					t.Fatal(err)
				}
				for j, n := range []int{40, 3001} {
					sess := &baton.Session{Title: fmt.Sprint("session ", j), StartedAt: time.Date(2025, 3, 1+j, 9, 0, 0, 0, time.UTC)}
					if err := st.CreateSession(ctx, steward.ID, sess); err != nil {
						t.Fatal(err)
					}
					msgs := largeSession(n)
					for i, m := range msgs {
						m.SourceID = fmt.Sprint(i)
						// On the session's day: a session starts no later
						// than its first message, and the two must not
						// start together (the relationship would follow
						// the order of their random ids).
						m.Timestamp = m.Timestamp.AddDate(0, 0, j)
					}
					for lo := 0; lo < len(msgs); lo += 500 {
						if _, err := st.AppendMessages(ctx, steward.ID, sess.ID, "", msgs[lo:min(lo+500, len(msgs))]); err != nil {
							t.Fatal(err)
						}
					}
					var err error
					if k == 0 {
						err = analyzeSessionAsBefore(ctx, svc, st, steward.ID, sess.ID)
					} else {
						err = svc.AnalyzeSession(ctx, steward.ID, sess.ID)
					}
					if err != nil {
						t.Fatal(err)
					}
					ids[k] = append(ids[k], fmt.Sprint(steward.ID, "/", sess.ID))
				}
			}

			for j := range ids[0] {
				var sessions [2]*baton.Session
				var stored [2]*baton.StoredAnalysis
				var memory [2]*baton.ConversationMemory
				for k := range 2 {
					var stewardID int64
					var sessionID string
					fmt.Sscanf(ids[k][j], "%d/%s", &stewardID, &sessionID)
					sess, err := st.Session(ctx, stewardID, sessionID)
					if err != nil {
						t.Fatal(err)
					}
					sa, ok, err := svc.ForSession(ctx, stewardID, sessionID)
					if err != nil || !ok {
						t.Fatalf("session %d: no stored analysis: %v", j, err)
					}
					conv, err := st.Conversation(ctx, stewardID, sessionID, "")
					if err != nil {
						t.Fatal(err)
					}
					mem, err := st.ConversationMemory(ctx, stewardID, sessionID, conv.ID)
					if err != nil {
						t.Fatal(err)
					}
					sessions[k], stored[k], memory[k] = sess, sa, mem
				}
				before, after := sessions[0], sessions[1]
				same := func(field string, b, a any) {
					t.Helper()
					if !reflect.DeepEqual(b, a) {
						t.Errorf("session %d: %s differs:\nbefore %+v\nafter  %+v", j, field, b, a)
					}
				}
				same("emotional arc", before.EmotionalArc, after.EmotionalArc)
				same("peak count", before.PeakCount, after.PeakCount)
				same("progress", before.Progress, after.Progress)
				same("technical context", before.Technical, after.Technical)
				same("summary", before.Summary, after.Summary)
				same("quality score", before.QualityScore, after.QualityScore)
				same("relationship", before.Relationship, after.Relationship)
				same("indexed", before.Indexed, after.Indexed)
				same("stored quality", stored[0].Quality, stored[1].Quality)
				same("stored patterns", stored[0].Patterns, stored[1].Patterns)
				pb, pa := stored[0].Relationship, stored[1].Relationship
				pb.SessionID, pa.SessionID = "", "" // each steward's own session
				same("stored relationship point", pb, pa)
				same("memory covered", memory[0].Covered, memory[1].Covered)
				same("memory summary", memory[0].Summary, memory[1].Summary)
				// The comparison has something to compare.
				if j == 1 && (len(before.EmotionalArc.PeakMoments) == 0 || len(before.Summary.Decisions) == 0 ||
					len(before.Technical.Technologies) == 0 || len(before.Technical.Errors) == 0 ||
					len(stored[0].Patterns) == 0 || memory[0].Summary == "" || memory[0].Covered != 3000) {
					t.Errorf("the long session's analysis is too thin to compare: arc %+v, summary %+v, technical %+v, memory %d %q",
						before.EmotionalArc, before.Summary, before.Technical, memory[0].Covered, memory[0].Summary)
				}
			}

			// The columns AnalysisMessages leaves out change nothing the
			// analyses compute, messages never analysed included.
			var stewardID int64
			var sessionID string
			fmt.Sscanf(ids[1][1], "%d/%s", &stewardID, &sessionID)
			whole, err := st.SessionMessages(ctx, stewardID, sessionID)
			if err != nil {
				t.Fatal(err)
			}
			projected, err := st.AnalysisMessages(ctx, stewardID, sessionID)
			if err != nil {
				t.Fatal(err)
			}
			if len(whole) != 3001 || len(projected) != len(whole) {
				t.Fatalf("read %d whole messages and %d projected", len(whole), len(projected))
			}
			a := New()
			sw, sp := &baton.Session{ID: sessionID}, &baton.Session{ID: sessionID}
			rw, rp := a.Session(sw, whole), a.Session(sp, projected)
			if !reflect.DeepEqual(rw, rp) || !reflect.DeepEqual(sw, sp) {
				t.Errorf("Session over projected messages differs:\nwhole     %+v\nprojected %+v", rw, rp)
			}
			relW, pointW := a.SessionRelationship(0.6, 0.5, sw, whole)
			relP, pointP := a.SessionRelationship(0.6, 0.5, sp, projected)
			if !reflect.DeepEqual(relW, relP) || !reflect.DeepEqual(pointW, pointP) {
				t.Errorf("SessionRelationship over projected messages differs: %+v %+v vs %+v %+v", relW, pointW, relP, pointP)
			}
			first, err := st.FirstMessages(ctx, stewardID, sessionID, whole[0].ConversationID, 2000)
			if err != nil || len(first) != 2000 {
				t.Fatalf("first messages: %d, %v", len(first), err)
			}
			if w, p := summaryOf(buildViews(a, whole[:2000])), summaryOf(buildViews(a, first)); !reflect.DeepEqual(w, p) {
				t.Errorf("memory summary over projected messages differs:\nwhole     %+v\nprojected %+v", w, p)
			}
		})
	}
}

// The summary whose candidates keep their terms as numbers is the summary
// as it was made before (summaryAsBefore), for sessions short and long,
// each starting at a different point of largeSession's mix.
func TestSummaryAsBefore(t *testing.T) {
	a := New()
	long := largeSession(3001)
	for _, n := range []int{0, 1, 2, 5, 17, 64, 250, 1000, 3001} {
		for _, from := range []int{0, 3, 11} {
			msgs := long[min(from, len(long)):min(from+n, len(long))]
			vs := buildViews(a, msgs)
			got, want := summaryOf(vs), summaryAsBefore(vs)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%d messages from %d: summary\n%+v\nbefore\n%+v", n, from, got, want)
			}
			if n >= 64 && (got.AutoGenerated == "" || len(got.Decisions) == 0) {
				t.Errorf("%d messages from %d: nothing to compare: %+v", n, from, got)
			}
		}
	}
}
