package modelanalysis

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

func TestPromptShowsWordsToolsAndFailuresOnly(t *testing.T) {
	msgs := []*baton.Message{
		{Seq: 1, Role: baton.RoleSystem, Content: "You are Claude Code."},
		{Seq: 2, Role: baton.RoleSteward, Content: "Fix the\n\nbuild, please"},
		{Seq: 3, Role: baton.RoleToolCall, ToolCalls: []baton.ToolCall{{ID: "a", Name: "Bash", Input: json.RawMessage(`{"command":"go build ./...","description":"build"}`)}}},
		{Seq: 4, Role: baton.RoleToolResult, Content: "ok: 300 lines of output", ToolResult: &baton.ToolResult{ToolUseID: "a"}},
		{Seq: 5, Role: baton.RoleToolResult, Content: "main.go:3: undefined: x", ToolResult: &baton.ToolResult{ToolUseID: "b", IsError: true}},
		{Seq: 6, Role: baton.RoleAssistant, Content: strings.Repeat("é", MaxMessageChars+50)},
	}
	p, n := Prompt(&baton.Session{Source: "claude_code"}, msgs)
	if n != 4 {
		t.Errorf("%d messages included, want 4", n)
	}
	for _, want := range []string{"(source: claude_code), 4 messages", "[2] steward: Fix the build, please\n", "[3] assistant: (ran Bash go build ./...)\n",
		"[5] tool error: main.go:3: undefined: x\n", "[6] assistant: " + strings.Repeat("é", MaxMessageChars) + "…\n"} {
		if !strings.Contains(p, want) {
			t.Errorf("prompt lacks %q:\n%s", want, p)
		}
	}
	for _, not := range []string{"You are Claude Code", "300 lines"} {
		if strings.Contains(p, not) {
			t.Errorf("prompt holds %q", not)
		}
	}
}

func TestPromptIsBounded(t *testing.T) {
	var msgs []*baton.Message
	for i := 1; i <= 1000; i++ {
		msgs = append(msgs, &baton.Message{Seq: int64(i), Role: baton.RoleSteward, Content: fmt.Sprintf("message %d %s", i, strings.Repeat("word ", 40))})
	}
	p, n := Prompt(&baton.Session{}, msgs)
	if chars := utf8.RuneCountInString(p); chars > MaxPromptChars+200 {
		t.Errorf("prompt of %d characters", chars)
	}
	if n > MaxPromptMessages {
		t.Errorf("%d messages", n)
	}
	left := 1000 - n
	if !strings.Contains(p, "[1] steward: message 1 ") || !strings.Contains(p, "[1000] steward: message 1000 ") ||
		!strings.Contains(p, fmt.Sprintf("[… %d messages left out …]", left)) {
		t.Errorf("the start, the end and the gap: %d left out\n%s", left, p[:300])
	}
	// The start gets a third of the budget, the end the rest.
	head := strings.Index(p, "[…")
	if head < MaxPromptChars/4 || head > MaxPromptChars/3+100 {
		t.Errorf("the start takes %d characters", head)
	}
	if _, n := Prompt(&baton.Session{}, []*baton.Message{{Seq: 1, Role: baton.RoleSystem, Content: "x"}}); n != 0 {
		t.Errorf("a session of system messages has %d to analyse", n)
	}
}

func TestCacheKeyFollowsModelAndPrompt(t *testing.T) {
	a := cacheKey("m1", systemPrompt, "p")
	if a != cacheKey("m1", systemPrompt, "p") || a == cacheKey("m2", systemPrompt, "p") || a == cacheKey("m1", systemPrompt, "q") {
		t.Error("the key is not a function of model and prompt")
	}
}
