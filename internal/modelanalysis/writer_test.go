package modelanalysis_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/llm"
	"github.com/baton-dev/baton/internal/modelanalysis"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// fakeModel is a local model server of either flavour: each request gets
// the next scripted answer (the JSON the schema asks for, as the flavour
// carries it, or a raw status and body); it counts the requests.
type fakeModel struct {
	provider string
	mu       sync.Mutex
	answers  []fakeAnswer
	prompts  []string
}

type fakeAnswer struct {
	json   string // the structured answer
	text   string // or prose, instead of JSON
	status int    // or an HTTP failure
	body   string
}

func (f *fakeModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Messages []struct {
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	_ = json.NewDecoder(r.Body).Decode(&req)
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(req.Messages) > 0 {
		f.prompts = append(f.prompts, string(req.Messages[len(req.Messages)-1].Content))
	}
	if len(f.answers) == 0 {
		http.Error(w, `{"error":{"message":"no more answers"}}`, http.StatusInternalServerError)
		return
	}
	a := f.answers[0]
	f.answers = f.answers[1:]
	w.Header().Set("Content-Type", "application/json")
	if a.status != 0 {
		w.WriteHeader(a.status)
		_, _ = w.Write([]byte(a.body))
		return
	}
	if f.provider == llm.ProviderAnthropic {
		block := map[string]any{"type": "tool_use", "id": "toolu_1", "name": "session_analysis", "input": json.RawMessage(a.json)}
		if a.text != "" {
			block = map[string]any{"type": "text", "text": a.text}
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"model": "claude-haiku-4-5-20251001", "content": []any{block},
			"stop_reason": "tool_use", "usage": map[string]any{"input_tokens": 1000, "output_tokens": 200}})
		return
	}
	content := a.json
	if a.text != "" {
		content = a.text
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"model": "gpt-4o-mini-2024-07-18",
		"choices": []any{map[string]any{"message": map[string]any{"role": "assistant", "content": content}, "finish_reason": "stop"}},
		"usage":   map[string]any{"prompt_tokens": 1000, "completion_tokens": 200}})
}

func (f *fakeModel) requests() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.prompts)
}

const goodAnswer = `{"title":"Speed up the invoice export","summary":"The steward asked why the invoice export was slow. The assistant added an index and the export now takes 40 ms.",
"decisions":[{"decision":"Add an index on invoices.customer_id instead of caching the export","rationale":"the cache went stale; the index fixes the slow query itself","message":3}],
"tasks":[{"task":"Add the index on invoices","status":"done"},{"task":"Check the export on production data","status":"open"}]}`

// world is a steward with a closed session, an analysis service whose
// model step talks to a fake model, and the clock they read.
type world struct {
	st      *store.Store
	svc     *analysis.Service
	fake    *fakeModel
	steward *baton.Steward
	now     time.Time
}

func newWorld(t *testing.T, url, provider string, cfg modelanalysis.Config, answers ...fakeAnswer) *world {
	t.Helper()
	w := &world{st: storetest.Open(t, url), fake: &fakeModel{provider: provider, answers: answers},
		now: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	srv := httptest.NewServer(w.fake)
	t.Cleanup(srv.Close)
	base := srv.URL + "/v1"
	model := "gpt-4o-mini"
	if provider == llm.ProviderAnthropic {
		base, model = srv.URL, "claude-haiku-4-5"
	}
	c, err := llm.New(llm.Config{Provider: provider, BaseURL: base, APIKey: "k", Model: model})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Client = c
	cfg.Now = func() time.Time { return w.now }
	w.svc = analysis.NewService(w.st)
	w.svc.SetClock(func() time.Time { w.now = w.now.Add(time.Second); return w.now })
	w.svc.SetModelWriter(modelanalysis.New(w.st, cfg))
	w.steward = &baton.Steward{Username: fmt.Sprintf("ada%d", time.Now().UnixNano())}
	if err := w.st.CreateSteward(context.Background(), w.steward); err != nil {
		t.Fatal(err)
	}
	return w
}

// session stores a closed session of a short conversation; words vary
// its content.
func (w *world) session(t *testing.T, words string) *baton.Session {
	t.Helper()
	ctx := context.Background()
	sess := &baton.Session{Title: "Why is the export slow " + words, StartedAt: w.now, Source: "structured"}
	if err := w.st.CreateSession(ctx, w.steward.ID, sess); err != nil {
		t.Fatal(err)
	}
	lines := []string{
		"Why is the invoice export slow again? " + words,
		"The export scans every invoice. I can cache it, or add an index on invoices.customer_id.",
		"Let's go with the index, the cache went stale last time.",
		"Added the index; the export now takes 40ms.",
	}
	var msgs []*baton.Message
	for i, c := range lines {
		role := baton.RoleSteward
		if i%2 == 1 {
			role = baton.RoleAssistant
		}
		msgs = append(msgs, &baton.Message{SourceID: fmt.Sprint(i), Role: role, Content: c, Timestamp: sess.StartedAt.Add(time.Duration(i) * time.Minute)})
	}
	if _, err := w.st.AppendMessages(ctx, w.steward.ID, sess.ID, "", msgs); err != nil {
		t.Fatal(err)
	}
	end := sess.StartedAt.Add(10 * time.Minute)
	if _, err := w.st.CloseSession(ctx, w.steward.ID, sess.ID, &end); err != nil {
		t.Fatal(err)
	}
	return sess
}

// analyse runs the session's analysis and returns the session as stored
// and its model step.
func (w *world) analyse(t *testing.T, id string) (*baton.Session, *baton.ModelAnalysis) {
	t.Helper()
	ctx := context.Background()
	if err := w.svc.AnalyzeSession(ctx, w.steward.ID, id); err != nil {
		t.Fatal(err)
	}
	sess, err := w.st.Session(ctx, w.steward.ID, id)
	if err != nil {
		t.Fatal(err)
	}
	m, err := w.svc.ModelAnalysis(ctx, w.steward.ID, id)
	if err != nil || m == nil {
		t.Fatalf("model step %+v: %v", m, err)
	}
	return sess, m
}

func sources(m *baton.ModelAnalysis) map[string]string {
	out := map[string]string{}
	for _, f := range m.Fields {
		out[f.Field] = f.Source
	}
	return out
}

func TestModelWritesFieldsWithProvenanceAndCost(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		for _, provider := range []string{llm.ProviderOpenAI, llm.ProviderAnthropic} {
			t.Run(dialect+"/"+provider, func(t *testing.T) {
				w := newWorld(t, url, provider, modelanalysis.Config{}, fakeAnswer{json: goodAnswer})
				s := w.session(t, "")
				sess, m := w.analyse(t, s.ID)
				model := "gpt-4o-mini-2024-07-18"
				price := (1000*0.15 + 200*0.60) / 1e6
				if provider == llm.ProviderAnthropic {
					model, price = "claude-haiku-4-5-20251001", (1000*1.0+200*5.0)/1e6
				}
				if m.Status != baton.ModelWritten || m.Model != model {
					t.Fatalf("model step %+v", m)
				}
				for _, f := range baton.ModelFields {
					if got := m.SourceOf(f); got != model {
						t.Errorf("%s written by %q, want %q", f, got, model)
					}
				}
				if sess.Title != "Speed up the invoice export" || !strings.HasPrefix(sess.Summary.AutoGenerated, "The steward asked why") {
					t.Errorf("title %q, summary %q", sess.Title, sess.Summary.AutoGenerated)
				}
				if d := sess.Summary.Decisions; len(d) != 1 || !strings.HasPrefix(d[0].Decision, "Add an index") ||
					d[0].Rationale == "" || !d[0].Timestamp.Equal(s.StartedAt.Add(2*time.Minute)) {
					t.Errorf("decisions %+v (message 3 was written at +2m)", d)
				}
				if p := sess.Progress; len(p.TasksCompleted) != 1 || len(p.TasksRemaining) != 1 || p.TasksRemaining[0] != "Check the export on production data" {
					t.Errorf("tasks %+v", p)
				}
				if m.Usage.InputTokens != 1000 || m.Usage.OutputTokens != 200 || !m.Priced || math.Abs(m.CostUSD-price) > 1e-12 {
					t.Errorf("usage %+v cost %v priced %v, want %v", m.Usage, m.CostUSD, m.Priced, price)
				}
				used, err := w.st.ModelUsageOn(context.Background(), w.steward.ID, "2026-05-01")
				if err != nil || used.Requests != 1 || used.Tokens != 1200 || math.Abs(used.CostUSD-price) > 1e-12 {
					t.Errorf("day's use %+v: %v", used, err)
				}
				// The prompt is the session's words, numbered.
				if p := w.fake.prompts[0]; !strings.Contains(p, "[3] steward: Let's go with the index") {
					t.Errorf("prompt %s", p)
				}
			})
		}
	}
}

func TestUnchangedSessionIsAnsweredFromTheCache(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			w := newWorld(t, url, llm.ProviderOpenAI, modelanalysis.Config{}, fakeAnswer{json: goodAnswer})
			s := w.session(t, "")
			w.analyse(t, s.ID)
			sess, m := w.analyse(t, s.ID)
			if n := w.fake.requests(); n != 1 {
				t.Fatalf("%d requests: the second analysis of an unchanged session sent one", n)
			}
			if m.Status != baton.ModelCached || m.SourceOf(baton.ModelFieldTitle) != "gpt-4o-mini-2024-07-18" || sess.Title != "Speed up the invoice export" {
				t.Errorf("cached step %+v, title %q", m, sess.Title)
			}
			used, _ := w.st.ModelUsageOn(context.Background(), w.steward.ID, "2026-05-01")
			if used.Requests != 1 || used.Tokens != 1200 {
				t.Errorf("a cached answer is charged again: %+v", used)
			}
			// The cache is the steward's own: another steward's identical
			// session asks the model.
			other := &baton.Steward{Username: "grace" + dialect}
			if err := w.st.CreateSteward(context.Background(), other); err != nil {
				t.Fatal(err)
			}
			if _, ok, err := w.st.CachedModelAnswer(context.Background(), other.ID, m.CacheKey); ok || err != nil {
				t.Errorf("another steward reads the cache: %v %v", ok, err)
			}
		})
	}
}

func TestDailyBudgetStopsTheModel(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			w := newWorld(t, url, llm.ProviderOpenAI, modelanalysis.Config{DailyTokens: 1000},
				fakeAnswer{json: goodAnswer}, fakeAnswer{json: goodAnswer})
			w.analyse(t, w.session(t, "first").ID)
			second := w.session(t, "second")
			sess, m := w.analyse(t, second.ID)
			if n := w.fake.requests(); n != 1 {
				t.Fatalf("%d requests: the budget (1,000 tokens, 1,200 spent) did not stop the second", n)
			}
			if m.Status != baton.ModelSkipped || !strings.Contains(m.Reason, "daily model budget is spent: 1200 of 1000 tokens") {
				t.Errorf("step %+v", m)
			}
			for _, f := range m.Fields {
				if f.Source != baton.SourceExtracted || f.Reason != m.Reason {
					t.Errorf("field %+v", f)
				}
			}
			if sess.Title == "Speed up the invoice export" {
				t.Errorf("title %q is the model's", sess.Title)
			}
			// The next day the budget is there again.
			w.now = w.now.Add(24 * time.Hour)
			if _, m := w.analyse(t, second.ID); m.Status != baton.ModelWritten {
				t.Errorf("next day: %+v", m)
			}
		})
	}
}

func TestInvalidAnswersFallBack(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		for _, provider := range []string{llm.ProviderOpenAI, llm.ProviderAnthropic} {
			t.Run(dialect+"/"+provider, func(t *testing.T) {
				w := newWorld(t, url, provider, modelanalysis.Config{},
					fakeAnswer{text: "Here is the analysis: the export was slow."},
					fakeAnswer{json: `{"title":"Speed up the export","summary":"s","decisions":[],"tasks":[{"task":"x","status":"maybe"}]}`},
					fakeAnswer{status: 503, body: `{"error":{"type":"overloaded_error","message":"try later"}}`},
					fakeAnswer{json: goodAnswer},
				)
				s := w.session(t, "")
				extractedTitle := ""
				for i, want := range []string{"not JSON", `$.tasks[0].status: "maybe" is not one of the allowed values`, "answered 503: overloaded_error: try later"} {
					sess, m := w.analyse(t, s.ID)
					if m.Status != baton.ModelFallback || !strings.Contains(m.Reason, want) {
						t.Errorf("answer %d: %+v, want a fallback saying %q", i, m, want)
					}
					for _, f := range baton.ModelFields {
						if m.SourceOf(f) != baton.SourceExtracted {
							t.Errorf("answer %d: %s from %s", i, f, m.SourceOf(f))
						}
					}
					if i == 0 {
						extractedTitle = sess.Title
					}
					if sess.Title != extractedTitle || sess.Title == "Speed up the export" {
						t.Errorf("answer %d: title %q, want the extraction's %q", i, sess.Title, extractedTitle)
					}
					if i < 2 && m.Usage.OutputTokens != 200 {
						t.Errorf("answer %d: the tokens of an unusable answer are not recorded: %+v", i, m.Usage)
					}
				}
				// Invalid answers are not cached: the next analysis asks again.
				if _, m := w.analyse(t, s.ID); m.Status != baton.ModelWritten || w.fake.requests() != 4 {
					t.Errorf("after the failures: %+v, %d requests", m, w.fake.requests())
				}
			})
		}
	}
}

func TestEachFieldIsCheckedOnItsOwn(t *testing.T) {
	url := storetest.Databases(t)[store.SQLite]
	w := newWorld(t, url, llm.ProviderOpenAI, modelanalysis.Config{}, fakeAnswer{json: `{"title":"/prime check out /Users/ada/src/app",
		"summary":"The index made the export fast.","decisions":[{"decision":"Use the index","rationale":"","message":99}],"tasks":[]}`})
	sess, m := w.analyse(t, w.session(t, "").ID)
	if m.Status != baton.ModelWritten {
		t.Fatalf("step %+v", m)
	}
	want := map[string]string{baton.ModelFieldTitle: baton.SourceExtracted, baton.ModelFieldSummary: "gpt-4o-mini-2024-07-18",
		baton.ModelFieldDecisions: baton.SourceExtracted, baton.ModelFieldTasks: "gpt-4o-mini-2024-07-18"}
	if got := sources(m); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("sources %v, want %v", got, want)
	}
	for _, f := range m.Fields {
		switch f.Field {
		case baton.ModelFieldTitle:
			if !strings.Contains(f.Reason, "command, path or URL") {
				t.Errorf("title reason %q", f.Reason)
			}
		case baton.ModelFieldDecisions:
			if !strings.Contains(f.Reason, "message 99, which the session does not have") {
				t.Errorf("decisions reason %q", f.Reason)
			}
		}
	}
	if strings.HasPrefix(sess.Title, "/prime") || sess.Summary.AutoGenerated != "The index made the export fast." || len(sess.Progress.TasksDiscussed) != 0 {
		t.Errorf("session %q %q %+v", sess.Title, sess.Summary.AutoGenerated, sess.Progress)
	}
}

func TestOpenSessionsAndModelOffAreLeftAlone(t *testing.T) {
	url := storetest.Databases(t)[store.SQLite]
	w := newWorld(t, url, llm.ProviderOpenAI, modelanalysis.Config{}, fakeAnswer{json: goodAnswer})
	ctx := context.Background()
	open := &baton.Session{Title: "live", StartedAt: w.now}
	if err := w.st.CreateSession(ctx, w.steward.ID, open); err != nil {
		t.Fatal(err)
	}
	if _, err := w.st.AppendMessages(ctx, w.steward.ID, open.ID, "", []*baton.Message{{SourceID: "1", Role: baton.RoleSteward, Content: "hello", Timestamp: w.now}}); err != nil {
		t.Fatal(err)
	}
	if _, m := w.analyse(t, open.ID); m.Status != baton.ModelSkipped || !strings.Contains(m.Reason, "still open") || w.fake.requests() != 0 {
		t.Errorf("open session: %+v, %d requests", m, w.fake.requests())
	}
	// Analysed again with model analysis off, the session's fields are the
	// extraction's again, and the old model step no longer describes them.
	s := w.session(t, "")
	w.analyse(t, s.ID)
	w.svc.SetModelWriter(nil)
	if err := w.svc.AnalyzeSession(ctx, w.steward.ID, s.ID); err != nil {
		t.Fatal(err)
	}
	if m, err := w.svc.ModelAnalysis(ctx, w.steward.ID, s.ID); m != nil || err != nil {
		t.Errorf("stale model step shown: %+v %v", m, err)
	}
}

func TestModelStepIsTheStewardsOwn(t *testing.T) {
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			w := newWorld(t, url, llm.ProviderOpenAI, modelanalysis.Config{}, fakeAnswer{json: goodAnswer})
			s := w.session(t, "")
			w.analyse(t, s.ID)
			ctx := context.Background()
			other := &baton.Steward{Username: "eve" + dialect}
			if err := w.st.CreateSteward(ctx, other); err != nil {
				t.Fatal(err)
			}
			if _, err := w.st.ModelAnalysis(ctx, other.ID, s.ID); baton.ErrorCode(err) != baton.ENOTFOUND {
				t.Errorf("another steward reads the model step: %v", err)
			}
			if err := w.st.SaveModelAnalysis(ctx, other.ID, &baton.ModelAnalysis{SessionID: s.ID, AnalysedAt: w.now, Status: baton.ModelWritten}); baton.ErrorCode(err) != baton.ENOTFOUND {
				t.Errorf("another steward writes the model step: %v", err)
			}
			if used, err := w.st.ModelUsageOn(ctx, other.ID, "2026-05-01"); err != nil || used.Tokens != 0 {
				t.Errorf("another steward's use %+v %v", used, err)
			}
		})
	}
}
