package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/llm"
)

func TestLLMSettings(t *testing.T) {
	envOf := func(vars map[string]string) environment { return environment{func(k string) string { return vars[k] }} }
	if c, err := llmClient(envOf(nil)); c != nil || err != nil {
		t.Errorf("no settings, no client: %v %v", c, err)
	}
	keyFile := filepath.Join(t.TempDir(), "key")
	if err := os.WriteFile(keyFile, []byte("sk-ant-test\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := llmClient(envOf(map[string]string{"BATON_LLM_PROVIDER": "anthropic", "BATON_LLM_API_KEY_FILE": keyFile,
		"BATON_LLM_MODEL": "claude-haiku-4-5", "BATON_LLM_TIMEOUT": "45s"}))
	if err != nil || c.Provider() != llm.ProviderAnthropic || c.Model() != "claude-haiku-4-5" || c.BaseURL() != "https://api.anthropic.com" {
		t.Fatalf("anthropic settings: %v %+v", err, c)
	}
	for _, vars := range []map[string]string{
		{"BATON_LLM_PROVIDER": "anthropic", "BATON_LLM_MODEL": "claude-haiku-4-5"},
		{"BATON_LLM_BASE_URL": "http://localhost:11434/v1", "BATON_LLM_API_KEY": "k"},
	} {
		if rn, err := llmRunner(envOf(vars)); err != nil || rn == nil || rn.Model == nil {
			t.Errorf("runner of %v: %v %+v", vars, err, rn)
		}
	}
	for vars, want := range map[string]map[string]string{
		"BATON_LLM_TIMEOUT":  {"BATON_LLM_BASE_URL": "http://x", "BATON_LLM_TIMEOUT": "soon"},
		"BATON_LLM_PROVIDER": {"BATON_LLM_PROVIDER": "gemini"},
		"BATON_LLM_BASE_URL": {"BATON_LLM_BASE_URL": "localhost:11434"},
	} {
		if _, err := llmClient(envOf(want)); err == nil || !strings.Contains(err.Error(), vars) {
			t.Errorf("%v: %v, want an error naming %s", want, err, vars)
		}
	}
}

func TestModelAnalysisSettings(t *testing.T) {
	envOf := func(vars map[string]string) environment { return environment{func(k string) string { return vars[k] }} }
	if w, err := modelWriter(envOf(map[string]string{"BATON_LLM_BASE_URL": "http://localhost:11434/v1"}), nil); w != nil || err != nil {
		t.Errorf("an endpoint alone does not send sessions to it: %v %v", w, err)
	}
	w, err := modelWriter(envOf(map[string]string{"BATON_LLM_ANALYSIS": "1", "BATON_LLM_BASE_URL": "http://localhost:11434/v1",
		"BATON_LLM_MODEL": "llama3.1", "BATON_LLM_ANALYSIS_MODEL": "qwen2.5"}), nil)
	if err != nil || w == nil || w.Model() != "qwen2.5" {
		t.Errorf("writer %v %v", w, err)
	}
	for name, vars := range map[string]map[string]string{
		"BATON_LLM_ANALYSIS":              {"BATON_LLM_ANALYSIS": "yes please"},
		"no model endpoint":               {"BATON_LLM_ANALYSIS": "1"},
		"BATON_LLM_ANALYSIS_DAILY_TOKENS": {"BATON_LLM_ANALYSIS": "1", "BATON_LLM_PROVIDER": "openai", "BATON_LLM_ANALYSIS_DAILY_TOKENS": "lots"},
		"BATON_LLM_ANALYSIS_DAILY_USD":    {"BATON_LLM_ANALYSIS": "1", "BATON_LLM_PROVIDER": "openai", "BATON_LLM_ANALYSIS_DAILY_USD": "-1"},
	} {
		if _, err := modelWriter(envOf(vars), nil); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%v: %v, want an error saying %s", vars, err, name)
		}
	}
}

// TestImportWithModelAnalysis imports a chat with model analysis on,
// against a local fake of Anthropic's Messages API: the session's title
// is the model's, and the model step says so.
func TestImportWithModelAnalysis(t *testing.T) {
	requests := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests++
		if r.URL.Path != "/v1/messages" || r.Header.Get("x-api-key") != "sk-test" {
			http.Error(w, `{"type":"error","error":{"type":"authentication_error","message":"bad key"}}`, http.StatusUnauthorized)
			return
		}
		_, _ = io.WriteString(w, `{"model":"claude-haiku-4-5-20251001","stop_reason":"tool_use","usage":{"input_tokens":300,"output_tokens":80},
			"content":[{"type":"tool_use","id":"t1","name":"session_analysis","input":{"title":"Shipping the EUR fix","summary":"Alice says the EUR fix ships today.","decisions":[],"tasks":[{"task":"Ship the EUR fix","status":"open"}]}}]}`)
	}))
	defer srv.Close()
	vars := map[string]string{"BATON_DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "b.db"),
		"BATON_LLM_ANALYSIS": "1", "BATON_LLM_PROVIDER": "anthropic", "BATON_LLM_BASE_URL": srv.URL,
		"BATON_LLM_API_KEY": "sk-test", "BATON_LLM_MODEL": "claude-haiku-4-5"}
	env := func(k string) string { return vars[k] }
	pw := filepath.Join(t.TempDir(), "pw")
	if err := os.WriteFile(pw, []byte("a long enough password\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := run(ctx, []string{"steward", "add", "ada", "--password-file", pw}, env, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	if err := run(ctx, []string{"import", "testdata/mixed/standup.json"}, env, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	st, err := openStore(ctx, environment{env}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	steward, err := st.StewardByUsername(ctx, "ada")
	if err != nil {
		t.Fatal(err)
	}
	list, err := st.ListSessions(ctx, steward.ID, baton.SessionFilter{Limit: 5})
	if err != nil || len(list.Sessions) != 1 {
		t.Fatalf("sessions %+v %v", list, err)
	}
	sess := list.Sessions[0]
	m, err := st.ModelAnalysis(ctx, steward.ID, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if requests != 1 || sess.Title != "Shipping the EUR fix" || m.SourceOf(baton.ModelFieldTitle) != "claude-haiku-4-5-20251001" || m.Usage.InputTokens != 300 {
		t.Errorf("%d requests, title %q, model step %+v", requests, sess.Title, m)
	}
}
