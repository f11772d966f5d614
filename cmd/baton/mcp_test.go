package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// mcpPeer speaks JSON-RPC to `baton mcp` over its stdin and stdout.
type mcpPeer struct {
	t      *testing.T
	in     io.Writer
	out    *bufio.Scanner
	nextID int
}

type rpcResponse struct {
	ID     int             `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func (p *mcpPeer) notify(method string, params any) {
	p.t.Helper()
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
	if _, err := fmt.Fprintf(p.in, "%s\n", b); err != nil {
		p.t.Fatal(err)
	}
}

// call sends a request and returns its response, skipping notifications.
func (p *mcpPeer) call(method string, params any) rpcResponse {
	p.t.Helper()
	p.nextID++
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": p.nextID, "method": method, "params": params})
	if _, err := fmt.Fprintf(p.in, "%s\n", b); err != nil {
		p.t.Fatal(err)
	}
	for p.out.Scan() {
		var r rpcResponse
		if err := json.Unmarshal(p.out.Bytes(), &r); err != nil {
			p.t.Fatalf("not JSON-RPC: %q", p.out.Text())
		}
		if r.ID == p.nextID {
			return r
		}
	}
	p.t.Fatalf("%s: no answer (%v)", method, p.out.Err())
	return rpcResponse{}
}

// toolResult is a tools/call result.
type toolResult struct {
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	Structured json.RawMessage `json:"structuredContent"`
	IsError    bool            `json:"isError"`
}

func (p *mcpPeer) tool(name string, args map[string]any) toolResult {
	p.t.Helper()
	r := p.call("tools/call", map[string]any{"name": name, "arguments": args})
	if r.Error != nil {
		p.t.Fatalf("%s: JSON-RPC error %d %s", name, r.Error.Code, r.Error.Message)
	}
	var tr toolResult
	if err := json.Unmarshal(r.Result, &tr); err != nil {
		p.t.Fatal(err)
	}
	return tr
}

func (tr toolResult) text() string {
	var b strings.Builder
	for _, c := range tr.Content {
		b.WriteString(c.Text)
	}
	return b.String()
}

// TestMCPServer speaks the Model Context Protocol to `baton mcp` (run()
// with pipes for stdio) against a real server holding an imported session.
func TestMCPServer(t *testing.T) {
	base, env := startBaton(t, nil)
	token := stewardWithToken(t, env, "ada")
	var out strings.Builder
	if err := run(context.Background(), []string{"import", filepath.Join("testdata", "hooks", "projects")}, env, nil, &out, io.Discard); err != nil {
		t.Fatalf("import: %v %s", err, out.String())
	}

	mcpEnv := func(k string) string {
		switch k {
		case "BATON_URL":
			return base
		case "BATON_TOKEN":
			return token
		}
		return ""
	}
	ctx, cancel := context.WithCancel(context.Background())
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"mcp"}, mcpEnv, inR, outW, io.Discard); outW.Close() }()
	t.Cleanup(func() {
		cancel()
		inW.Close()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Error("baton mcp did not stop")
		}
	})
	sc := bufio.NewScanner(outR)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	p := &mcpPeer{t: t, in: inW, out: sc}

	init := p.call("initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "test", "version": "1"}})
	var info struct {
		ProtocolVersion string `json:"protocolVersion"`
		ServerInfo      struct{ Name string }
		Capabilities    struct {
			Tools *struct{} `json:"tools"`
		}
	}
	if err := json.Unmarshal(init.Result, &info); err != nil || info.ServerInfo.Name != "baton" || info.Capabilities.Tools == nil || info.ProtocolVersion != "2025-06-18" {
		t.Fatalf("initialize = %s (%v)", init.Result, err)
	}
	p.notify("notifications/initialized", map[string]any{})

	var list struct {
		Tools []struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			InputSchema json.RawMessage `json:"inputSchema"`
		}
	}
	if err := json.Unmarshal(p.call("tools/list", map[string]any{}).Result, &list); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
		if tool.Description == "" || !strings.Contains(string(tool.InputSchema), `"type":"object"`) {
			t.Errorf("tool %s: description %q, schema %s", tool.Name, tool.Description, tool.InputSchema)
		}
	}
	// Baton's own tools, Lex's tools and Lex's deprecated names.
	for _, want := range []string{"atlas_analyze", "code_atlas", "contradictions_scan", "db_stats", "frame_create", "frame_get", "frame_list",
		"frame_search", "frame_validate", "get_cross_conversational_summary", "get_frame", "get_hints", "get_next_context", "get_transcript",
		"help", "hints_get", "introspect", "list_frames", "list_recent_sessions", "policy_check", "recall", "remember", "search_messages",
		"system_introspect", "timeline", "timeline_show", "turncost_calculate", "validate_remember"} {
		if !slices.Contains(names, want) {
			t.Errorf("tools = %v: %s is missing", names, want)
		}
	}

	sessions := p.tool("list_recent_sessions", map[string]any{"limit": 5})
	var listed struct {
		Sessions []struct{ ID, Title string }
		Total    int
	}
	if err := json.Unmarshal(sessions.Structured, &listed); err != nil || sessions.IsError || len(listed.Sessions) != 1 || listed.Total != 1 {
		t.Fatalf("list_recent_sessions = %+v (%v)", sessions, err)
	}
	id := listed.Sessions[0].ID
	if !strings.Contains(sessions.text(), "Fix flaky Playwright login test (id "+id) {
		t.Errorf("list text = %q", sessions.text())
	}

	// The search index catches up with the import within a second or so.
	var hits toolResult
	for range 50 {
		if hits = p.tool("search_messages", map[string]any{"query": "waitForForm"}); strings.Contains(hits.text(), id) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if hits.IsError || !strings.Contains(hits.text(), "session "+id) {
		t.Fatalf("search_messages = %+v", hits)
	}

	first := p.tool("get_transcript", map[string]any{"session_id": id, "limit": 5})
	var page struct {
		Title    string
		Messages []struct {
			Seq int64 `json:"sequence_number"`
		}
		NextAfter *int64 `json:"next_after"`
	}
	if err := json.Unmarshal(first.Structured, &page); err != nil || len(page.Messages) != 5 || page.NextAfter == nil || *page.NextAfter != 5 {
		t.Fatalf("get_transcript = %s (%v)", first.Structured, err)
	}
	if !strings.Contains(first.text(), "after=5") || !strings.Contains(first.text(), "#1 ") {
		t.Errorf("transcript text = %q", first.text())
	}
	second := p.tool("get_transcript", map[string]any{"session_id": id, "after": 5, "limit": 5})
	if err := json.Unmarshal(second.Structured, &page); err != nil || page.Messages[0].Seq != 6 {
		t.Fatalf("second page = %s", second.Structured)
	}

	summary := p.tool("get_cross_conversational_summary", map[string]any{"refresh": true})
	if summary.IsError || !strings.HasPrefix(summary.text(), "# Cross-Conversational Context") || !strings.Contains(summary.text(), "Fix flaky Playwright login test") {
		t.Fatalf("get_cross_conversational_summary = %+v", summary)
	}
	next := p.tool("get_next_context", map[string]any{})
	if next.IsError || !strings.Contains(next.text(), "# New Conversation Context") || !strings.Contains(next.text(), "Fix flaky Playwright login test") {
		t.Fatalf("get_next_context = %+v", next)
	}
	// Another project has nothing of this one; a relative folder is refused by name.
	if other := p.tool("get_next_context", map[string]any{"cwd": "/srv/another/project"}); other.IsError ||
		!strings.Contains(other.text(), "No bridge for /srv/another/project") || strings.Contains(other.text(), "Fix flaky Playwright login test") {
		t.Errorf("get_next_context of another project = %+v", other)
	}
	if bad := p.tool("get_next_context", map[string]any{"cwd": "relative/dir"}); !bad.IsError || !strings.Contains(bad.text(), "cwd") {
		t.Errorf("get_next_context with a relative cwd = %+v", bad)
	}

	// Errors come back as tool errors the model can read.
	if missing := p.tool("get_transcript", map[string]any{"session_id": "no-such-session"}); !missing.IsError || !strings.Contains(missing.text(), "not found") {
		t.Errorf("unknown session = %+v", missing)
	}
	if r := p.call("tools/call", map[string]any{"name": "search_messages", "arguments": map[string]any{}}); r.Error == nil && !strings.Contains(string(r.Result), `"isError":true`) {
		t.Errorf("search without a query = %s", r.Result)
	}
}

// TestMCPWithoutConfiguration: the server starts, and every tool says what
// to set.
func TestMCPWithoutConfiguration(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		_ = run(ctx, []string{"mcp"}, func(string) string { return "" }, inR, outW, io.Discard)
		outW.Close()
	}()
	defer inW.Close()
	p := &mcpPeer{t: t, in: inW, out: bufio.NewScanner(outR)}
	p.call("initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "t", "version": "1"}})
	p.notify("notifications/initialized", map[string]any{})
	if r := p.tool("get_next_context", map[string]any{}); !r.IsError || !strings.Contains(r.text(), "BATON_TOKEN") {
		t.Fatalf("unconfigured get_next_context = %+v", r)
	}
}
