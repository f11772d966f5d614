package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
	if _, err := llmRunner(envOf(map[string]string{"BATON_LLM_PROVIDER": "anthropic"})); err == nil {
		t.Error("the replay runner speaks OpenAI's shape only, and says so")
	}
	rn, err := llmRunner(envOf(map[string]string{"BATON_LLM_BASE_URL": "http://localhost:11434/v1", "BATON_LLM_API_KEY": "k"}))
	if err != nil || rn.BaseURL != "http://localhost:11434/v1" || rn.APIKey != "k" {
		t.Errorf("runner %v %+v", err, rn)
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
