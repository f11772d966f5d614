package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"
)

// startMCP runs `baton mcp` against a fresh server and returns a peer
// that has finished the MCP handshake.
func startMCP(t *testing.T) *mcpPeer {
	base, env := startBaton(t, nil)
	token := stewardWithToken(t, env, "ada")
	mcpEnv := func(k string) string {
		return map[string]string{"BATON_URL": base, "BATON_TOKEN": token}[k]
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
	p.call("initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "test", "version": "1"}})
	p.notify("notifications/initialized", map[string]any{})
	return p
}

// TestMCPFrameTools creates, searches, reads, lists and shows frames
// through the MCP tools, against a real server.
func TestMCPFrameTools(t *testing.T) {
	p := startMCP(t)
	created := p.tool("frame_create", map[string]any{
		"id": "f-mcp-1", "timestamp": "2025-12-01T10:30:00Z", "branch": "feature/recall", "module_scope": []string{"memory/store"},
		"summary_caption": "Recall blends bm25 with recency", "reference_point": "recall-blend", "next_action": "Benchmark at 100k",
		"keywords": []string{"recall", "AUTH-456"}, "executorRole": "senior-dev", "toolCalls": []string{"frame_create"},
	})
	var out struct{ Frame map[string]any }
	if err := json.Unmarshal(created.Structured, &out); err != nil || created.IsError || out.Frame["executorRole"] != "senior-dev" {
		t.Fatalf("frame_create = %+v (%v)", created, err)
	}
	p.tool("frame_create", map[string]any{"id": "f-mcp-2", "timestamp": "2025-12-02T09:00:00Z", "branch": "feature/recall",
		"module_scope": []string{"cli"}, "summary_caption": "CLI recall flags", "next_action": "Document them"})
	bad := p.tool("frame_create", map[string]any{"branch": "main", "module_scope": []string{}, "summary_caption": "x", "next_action": "y"})
	if !bad.IsError || !strings.Contains(bad.text(), "module_scope") {
		t.Fatalf("frame_create without modules = %+v", bad)
	}

	found := p.tool("frame_search", map[string]any{"query": "auth-456", "module": "memory/store"})
	var search struct {
		Frames []struct{ ID string }
		Count  int
	}
	if err := json.Unmarshal(found.Structured, &search); err != nil || search.Count != 1 || search.Frames[0].ID != "f-mcp-1" ||
		!strings.Contains(found.text(), "recall-blend") {
		t.Fatalf("frame_search = %+v (%v)", found, err)
	}
	if none := p.tool("frame_search", map[string]any{"query": "-- OR"}); none.IsError || !strings.Contains(none.text(), "no words") {
		t.Fatalf("frame_search of punctuation = %+v", none)
	}

	got := p.tool("frame_get", map[string]any{"id": "f-mcp-1"})
	if err := json.Unmarshal(got.Structured, &out); err != nil || out.Frame["reference_point"] != "recall-blend" {
		t.Fatalf("frame_get = %+v", got)
	}
	if missing := p.tool("frame_get", map[string]any{"id": "f-nobody"}); !missing.IsError {
		t.Fatalf("frame_get of an unknown id = %+v", missing)
	}

	listed := p.tool("frame_list", map[string]any{"branch": "feature/recall", "limit": 1})
	var page struct {
		Frames     []struct{ ID string }
		NextCursor string `json:"next_cursor"`
	}
	if err := json.Unmarshal(listed.Structured, &page); err != nil || len(page.Frames) != 1 || page.Frames[0].ID != "f-mcp-2" || page.NextCursor == "" {
		t.Fatalf("frame_list = %+v", listed)
	}

	shown := p.tool("timeline_show", map[string]any{"branch": "feature/recall"})
	text := shown.text()
	if shown.IsError || strings.Index(text, "## 2025-12-01") > strings.Index(text, "## 2025-12-02") || !strings.Contains(text, "next: Document them") {
		t.Fatalf("timeline_show = %q", text)
	}
}
