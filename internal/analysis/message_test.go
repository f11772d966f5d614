package analysis

import (
	"encoding/json"
	"slices"
	"sync"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

var testAnalyzer = New()

func analyse(role baton.Role, content string) *baton.Message {
	m := &baton.Message{Role: role, Content: content}
	testAnalyzer.Message(m)
	return m
}

func TestSentimentSign(t *testing.T) {
	tests := []struct {
		text string
		sign int
	}{
		{"This works great, thank you so much!", 1},
		{"wow, this is awesome", 1},
		{"Perfect, looks good", 1},
		{"This is terrible, everything is broken and I hate it.", -1},
		{"No, that's wrong. This is awful and it broke everything again!", -1},
		{"I'm not happy with this", -1},
		{"The function returns a list of rows.", 0},
		{"Add a --verbose flag to the import command.", 0},
	}
	for _, tt := range tests {
		for _, role := range []baton.Role{baton.RoleSteward, baton.RoleAssistant} {
			s := analyse(role, tt.text).Semantic.Sentiment
			if got := sign(s); got != tt.sign || s < -1 || s > 1 {
				t.Errorf("%s %q: sentiment %v, want sign %d", role, tt.text, s, tt.sign)
			}
		}
	}
}

func sign(x float64) int {
	switch {
	case x >= 0.05:
		return 1
	case x <= -0.05:
		return -1
	}
	return 0
}

// Only people's prose has a sentiment; a failed tool result weighs a
// little; code does not count.
func TestSentimentByRole(t *testing.T) {
	failed := &baton.Message{Role: baton.RoleToolResult, Content: "permission denied, terrible", ToolResult: &baton.ToolResult{IsError: true}}
	testAnalyzer.Message(failed)
	tagged := analyse(baton.RoleToolResult, "<tool_use_error>File has not been read yet</tool_use_error>")
	ok := analyse(baton.RoleToolResult, "I hate this awful file")
	call := analyse(baton.RoleToolCall, "Bash: rm -rf broken")
	system := analyse(baton.RoleSystem, "You are a terrible, awful assistant")
	code := analyse(baton.RoleAssistant, "```go\n// this is awful, terrible, broken code\nfunc f() {}\n```")
	for name, got := range map[string]float64{
		"failed result": failed.Semantic.Sentiment, "tagged result": tagged.Semantic.Sentiment,
		"good result": ok.Semantic.Sentiment, "tool call": call.Semantic.Sentiment,
		"system": system.Semantic.Sentiment, "code only": code.Semantic.Sentiment,
	} {
		want := 0.0
		if name == "failed result" || name == "tagged result" {
			want = toolErrorSentiment
		}
		if got != want {
			t.Errorf("%s: sentiment %v, want %v", name, got, want)
		}
	}
	if len(ok.Semantic.Emotions) != 0 || ok.Semantic.Intent != "" {
		t.Errorf("tool result got emotions %v, intent %q", ok.Semantic.Emotions, ok.Semantic.Intent)
	}
}

func TestEmotions(t *testing.T) {
	tests := []struct {
		text string
		want []string // all of these, in any order
		not  []string
	}{
		{"this is so frustrating, nothing works", []string{Frustration}, nil},
		{"thanks, that fixed it!", []string{Gratitude, Relief}, []string{Frustration}},
		{"I'm confused, this doesn't make sense", []string{Confusion}, nil},
		{"I wonder how the scheduler works", []string{Curiosity}, nil},
		{"phew, finally green", []string{Relief}, nil},
		{"wow, this is awesome 🎉", []string{Excitement}, nil},
		{"I'm worried the migration will break production", []string{Anxiety}, nil},
		{"Perfect, looks good", []string{Satisfaction}, nil},
		{"Let's get this working, we won't give up", []string{Determination}, nil},
		{"no worries, I'm not frustrated", nil, []string{Anxiety, Frustration}},
		{"I'm not happy with this", nil, []string{Satisfaction}},
		{"Add a retry to the HTTP client.", nil, Emotions},
	}
	for _, tt := range tests {
		got := analyse(baton.RoleSteward, tt.text).Semantic.Emotions
		for _, e := range tt.want {
			if !slices.Contains(got, e) {
				t.Errorf("%q: emotions %v, want %s", tt.text, got, e)
			}
		}
		for _, e := range tt.not {
			if slices.Contains(got, e) {
				t.Errorf("%q: emotions %v, did not want %s", tt.text, got, e)
			}
		}
		if len(got) > 3 {
			t.Errorf("%q: %d emotions, at most 3", tt.text, len(got))
		}
	}
}

// The most signalled emotion comes first.
func TestEmotionOrder(t *testing.T) {
	got := analyse(baton.RoleSteward, "ugh, so annoying and frustrating. thanks anyway").Semantic.Emotions
	if len(got) != 2 || got[0] != Frustration || got[1] != Gratitude {
		t.Errorf("emotions %v, want [frustration gratitude]", got)
	}
}

func TestIntent(t *testing.T) {
	tests := []struct {
		role baton.Role
		text string
		want string
	}{
		{baton.RoleSteward, "What port does the server listen on?", IntentQuestion},
		{baton.RoleSteward, "Is the cache shared between workers", IntentQuestion},
		{baton.RoleSteward, "Add a --verbose flag to the import command.", IntentRequest},
		{baton.RoleSteward, "Could you rename the handler to ServeFeed?", IntentRequest},
		{baton.RoleSteward, "ok, now add a test for the parser", IntentRequest},
		{baton.RoleSteward, "Add error handling to the parser", IntentRequest},
		{baton.RoleSteward, "I meant the staging database, not production.", IntentClarification},
		{baton.RoleSteward, "Yes, go ahead.", IntentConfirmation},
		{baton.RoleSteward, "lgtm", IntentConfirmation},
		{baton.RoleSteward, "wow, this is awesome", IntentExpression},
		{baton.RoleSteward, "no worries", IntentExpression},
		{baton.RoleSteward, "Let's plan the migration: first we move the tables, then we switch reads.", IntentPlanning},
		{baton.RoleSteward, "The tests fail with a nil pointer panic in store.Open", IntentDebugging},
		{baton.RoleSteward, "Why did the build break? It says undefined: foo", IntentDebugging},
		{baton.RoleSteward, "Can you explain how goroutines are scheduled?", IntentLearning},
		{baton.RoleSteward, "Walk me through the request lifecycle", IntentLearning},
		{baton.RoleAssistant, "Let me read the store package first.", IntentPlanning},
		{baton.RoleAssistant, "The handler returns early when the context is cancelled.", IntentExpression},
	}
	for _, tt := range tests {
		if got := analyse(tt.role, tt.text).Semantic.Intent; got != tt.want {
			t.Errorf("%s %q: intent %q, want %q", tt.role, tt.text, got, tt.want)
		}
	}
}

func TestEntities(t *testing.T) {
	m := analyse(baton.RoleSteward, "Look at internal/store/db.go:12-30 and https://example.com/x (the spec). "+
		"parseJSON() is called from pkg.Func and snake_case_fn; we use PostgreSQL, htmx and Go, with `ctx` passed through FooBar.")
	want := []baton.Entity{
		{Text: "internal/store/db.go", Type: EntityFile, Confidence: 0.9},
		{Text: "https://example.com/x", Type: EntityURL, Confidence: 0.99},
		{Text: "parseJSON()", Type: EntitySymbol, Confidence: 0.9},
		{Text: "pkg.Func", Type: EntitySymbol, Confidence: 0.8},
		{Text: "snake_case_fn", Type: EntitySymbol, Confidence: 0.7},
		{Text: "PostgreSQL", Type: EntityTechnology, Confidence: 0.9},
		{Text: "htmx", Type: EntityTechnology, Confidence: 0.9},
		{Text: "Go", Type: EntityTechnology, Confidence: 0.9},
		{Text: "ctx", Type: EntitySymbol, Confidence: 0.8},
		{Text: "FooBar", Type: EntitySymbol, Confidence: 0.65},
	}
	if !slices.Equal(m.Semantic.Entities, want) {
		t.Errorf("entities\n got %v\nwant %v", m.Semantic.Entities, want)
	}
}

func TestEntitiesAmbiguousWords(t *testing.T) {
	tests := []struct {
		text string
		want []string // entity texts
	}{
		{"Go ahead and merge it.", nil},
		{"Let's go with the simpler plan and react later.", nil},
		{"The service is written in Go.", []string{"Go"}},
		{"Go is fine here.", []string{"Go"}},
		{"run go test ./... after the change", []string{"Go"}},
		{"We moved the UI to React and golang stays on the server.", []string{"React", "Go"}},
		{"See e.g. the and/or case, v1.2.3 and 3.14 and i.e. this.", nil},
		{"Edit Dockerfile and main.py, then deploy with GitHub Actions.", []string{"Dockerfile", "Docker", "main.py", "GitHub Actions"}},
		{"Paths: /etc/nginx/nginx.conf and ./scripts/ and ~/notes.md", []string{"/etc/nginx/nginx.conf", "./scripts/", "~/notes.md"}},
	}
	for _, tt := range tests {
		var got []string
		for _, e := range analyse(baton.RoleSteward, tt.text).Semantic.Entities {
			got = append(got, e.Text)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q: entities %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestToolCallEntities(t *testing.T) {
	m := &baton.Message{Role: baton.RoleToolCall, Content: "Read: /repo/main.go", ToolCalls: []baton.ToolCall{
		{Name: "Read", Input: json.RawMessage(`{"file_path":"/repo/main.go"}`)},
		{Name: "WebFetch", Input: json.RawMessage(`{"url":"https://go.dev/doc"}`)},
	}}
	testAnalyzer.Message(m)
	want := []baton.Entity{{Text: "/repo/main.go", Type: EntityFile, Confidence: 1}, {Text: "https://go.dev/doc", Type: EntityURL, Confidence: 1}}
	if !slices.Equal(m.Semantic.Entities, want) {
		t.Errorf("entities %v, want %v", m.Semantic.Entities, want)
	}
	if m.Semantic.Topics == nil || len(m.Semantic.Topics) != 0 {
		t.Errorf("topics %v, want empty", m.Semantic.Topics)
	}
}

func TestTopics(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"The PostgreSQL migration keeps the migration table in sync with SQLite.", []string{"postgresql", "sqlite", "migration", "table", "sync"}},
		{"Look at internal/store/db.go: the cursor pagination skips rows.", []string{"cursor", "pagination", "skips", "rows"}},
		{"Thanks!", []string{}},
	}
	for _, tt := range tests {
		if got := analyse(baton.RoleSteward, tt.text).Semantic.Topics; !slices.Equal(got, tt.want) {
			t.Errorf("%q: topics %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestContentType(t *testing.T) {
	tests := []struct {
		m    baton.Message
		want string
	}{
		{baton.Message{Role: baton.RoleSteward, Content: "hello there"}, baton.ContentText},
		{baton.Message{Role: baton.RoleAssistant, Content: "```go\nfunc main() {}\n```"}, baton.ContentCode},
		{baton.Message{Role: baton.RoleAssistant, Content: "Here is the change to the handler:\n```go\nfunc main() {}\n```\nIt returns early now."}, baton.ContentMixed},
		{baton.Message{Role: baton.RoleSteward, Content: "/review the last commit"}, baton.ContentCommand},
		{baton.Message{Role: baton.RoleSteward, Content: "/home/dev/notes.md has the plan"}, baton.ContentText},
		{baton.Message{Role: baton.RoleSteward, Content: "Looking back, the lesson learned is to write the test first."}, baton.ContentReflection},
		{baton.Message{Role: baton.RoleToolCall, ToolCalls: []baton.ToolCall{{Name: "Bash", Input: json.RawMessage(`{"command":"ls"}`)}}}, baton.ContentCommand},
		{baton.Message{Role: baton.RoleToolCall, ToolCalls: []baton.ToolCall{{Name: "Edit", Input: json.RawMessage(`{"file_path":"a.go"}`)}}}, baton.ContentCode},
		{baton.Message{Role: baton.RoleSteward, Content: "```go\nx\n```", ContentType: baton.ContentText}, baton.ContentText},
	}
	for _, tt := range tests {
		m := tt.m
		testAnalyzer.Message(&m)
		if m.ContentType != tt.want {
			t.Errorf("%q: content type %q, want %q", tt.m.Content, m.ContentType, tt.want)
		}
	}
}

func TestCodeContext(t *testing.T) {
	fenced := analyse(baton.RoleAssistant, "Try this in internal/store/db.go:\n```go\nfunc (s *Store) Open(path string) error {\n\treturn openDB(path)\n}\n```")
	checkCC(t, "fenced", fenced.CodeContext, baton.CodeContext{Language: "go", FilePath: "internal/store/db.go", SymbolsReferenced: []string{"Open", "openDB"}})

	info := analyse(baton.RoleAssistant, "```python title=tools/sync.py\ndef sync_all(items):\n    return [push(i) for i in items]\n```")
	checkCC(t, "fence info", info.CodeContext, baton.CodeContext{Language: "python", FilePath: "tools/sync.py", SymbolsReferenced: []string{"sync_all", "push"}})

	located := analyse(baton.RoleSteward, "The bug is in internal/store/db.go:12-30, where parseJSON() drops the error.")
	checkCC(t, "located", located.CodeContext, baton.CodeContext{Language: "go", FilePath: "internal/store/db.go",
		LineRange: &baton.LineRange{Start: 12, End: 30}, SymbolsReferenced: []string{"parseJSON"}})

	read := &baton.Message{Role: baton.RoleToolCall, ToolCalls: []baton.ToolCall{{Name: "Read", Input: json.RawMessage(`{"file_path":"/repo/web/app.ts","offset":40,"limit":20}`)}}}
	testAnalyzer.Message(read)
	checkCC(t, "read", read.CodeContext, baton.CodeContext{Language: "typescript", FilePath: "/repo/web/app.ts",
		LineRange: &baton.LineRange{Start: 40, End: 59}, SymbolsReferenced: []string{}})

	edit := &baton.Message{Role: baton.RoleToolCall, ToolCalls: []baton.ToolCall{{Name: "Edit", Input: json.RawMessage(
		`{"file_path":"/repo/store.go","old_string":"func Load() error {","new_string":"func Load(ctx context.Context) error {\n\treturn loadAll(ctx)"}`)}}}
	testAnalyzer.Message(edit)
	checkCC(t, "edit", edit.CodeContext, baton.CodeContext{Language: "go", FilePath: "/repo/store.go", SymbolsReferenced: []string{"Load", "loadAll"}})

	if cc := analyse(baton.RoleSteward, "Please make the button blue.").CodeContext; cc != nil {
		t.Errorf("plain text got a code context %+v", cc)
	}
}

func checkCC(t *testing.T, name string, got *baton.CodeContext, want baton.CodeContext) {
	t.Helper()
	if got == nil {
		t.Errorf("%s: no code context", name)
		return
	}
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if string(g) != string(w) {
		t.Errorf("%s: code context\n got %s\nwant %s", name, g, w)
	}
}

func TestMessageKeepsClientValues(t *testing.T) {
	cc := &baton.CodeContext{Language: "rust", SymbolsReferenced: []string{}}
	m := &baton.Message{
		Role:        baton.RoleSteward,
		Content:     "This is terrible, what does parseJSON() in db.go do?",
		ContentType: baton.ContentReflection,
		CodeContext: cc,
		Semantic: baton.Semantic{
			Embedding: []float32{0.5, 0.25},
			Topics:    []string{"mine"},
			Entities:  []baton.Entity{{Text: "X", Type: "person", Confidence: 1}},
			Intent:    IntentPlanning,
			Sentiment: 0.3,
			Emotions:  []string{Curiosity},
		},
	}
	testAnalyzer.Message(m)
	s := m.Semantic
	if !slices.Equal(s.Embedding, []float32{0.5, 0.25}) || !slices.Equal(s.Topics, []string{"mine"}) ||
		len(s.Entities) != 1 || s.Entities[0].Text != "X" || s.Intent != IntentPlanning || s.Sentiment != 0.3 ||
		!slices.Equal(s.Emotions, []string{Curiosity}) || m.ContentType != baton.ContentReflection || m.CodeContext != cc {
		t.Errorf("client values changed: %+v, %q, %+v", s, m.ContentType, m.CodeContext)
	}
}

// Analysing twice gives the same result: what the first pass filled is
// kept by the second.
func TestMessageIdempotent(t *testing.T) {
	m := analyse(baton.RoleSteward, benchText)
	first, _ := json.Marshal(m)
	testAnalyzer.Message(m)
	second, _ := json.Marshal(m)
	if string(first) != string(second) {
		t.Errorf("second pass changed the message:\n%s\n%s", first, second)
	}
}

func TestMessageConcurrent(t *testing.T) {
	want := analyse(baton.RoleSteward, benchText).Semantic
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 50 {
				got := analyse(baton.RoleSteward, benchText).Semantic
				if got.Sentiment != want.Sentiment || got.Intent != want.Intent || !slices.Equal(got.Topics, want.Topics) {
					t.Errorf("concurrent analysis differs: %+v", got)
					return
				}
			}
		})
	}
	wg.Wait()
}

// A huge message costs no more than its first bytes.
func TestMessageHuge(t *testing.T) {
	big := make([]byte, 0, 1<<20)
	for len(big) < 1<<20 {
		big = append(big, "the build is broken again and again, terrible. "...)
	}
	m := analyse(baton.RoleSteward, string(big))
	if m.Semantic.Sentiment >= 0 || m.Semantic.Intent != IntentDebugging {
		t.Errorf("huge message: sentiment %v, intent %q", m.Semantic.Sentiment, m.Semantic.Intent)
	}
}
