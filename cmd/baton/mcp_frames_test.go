package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"
)

// startMCP runs `baton mcp` against a fresh server and returns a peer
// that has finished the MCP handshake.
func startMCP(t *testing.T) *mcpPeer {
	p, _, _ := startMCPServer(t)
	return p
}

// startMCPServer is startMCP that also returns the server's address and
// the steward's API token.
func startMCPServer(t *testing.T) (p *mcpPeer, base, token string) {
	base, env := startBaton(t, nil)
	token = stewardWithToken(t, env, "ada")
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
	p = &mcpPeer{t: t, in: inW, out: sc}
	p.call("initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "test", "version": "1"}})
	p.notify("notifications/initialized", map[string]any{})
	return p, base, token
}

// TestMCPFrameCreateKeepsFreeFieldsAsWritten stores a frame whose object
// fields (turnCost, taskComplexity, spend, contradiction_resolution,
// module_attribution) have their keys out of alphabetical order, numbers
// spelled their own way and non-ASCII text, and reads the stored frame
// back: each field is byte for byte what the caller sent.
func TestMCPFrameCreateKeepsFreeFieldsAsWritten(t *testing.T) {
	p, base, token := startMCPServer(t)
	free := map[string]string{
		"turnCost":                 `{"weightedScore":1.50,"components":{"tokenBloat":2,"latency":1,"contextReset":0,"renegotiation":0,"attentionSwitch":1e0},"sessionId":"s-1 (é)"}`,
		"taskComplexity":           `{"tier":"mid","escalated":false,"assignedModel":"m-2","retryCount":0}`,
		"spend":                    `{"tokens_estimated":1200,"prompts":3}`,
		"contradiction_resolution": `{"type":"keep-both","contradicts_frame_id":"f-old","note":"both hold"}`,
		"module_attribution":       `{"mode":"explicit","evidence":["a","b"],"confidence":"high"}`,
	}
	args := map[string]any{"id": "f-order", "timestamp": "2025-12-01T10:30:00Z", "reference_point": "key order",
		"summary_caption": "Free fields keep their key order", "status_snapshot": map[string]any{"next_action": "check"},
		"module_scope": []string{"services/auth"}, "branch": "main"}
	for name, v := range free {
		// Spaced as a person types it: the stored field is the compact form.
		args[name] = json.RawMessage(strings.ReplaceAll(v, ",", ", "))
	}
	if v := p.tool("frame_validate", args); v.IsError || !strings.Contains(v.text(), "passed") {
		t.Fatalf("frame_validate = %+v", v)
	}
	if c := p.tool("frame_create", args); c.IsError {
		t.Fatalf("frame_create = %+v", c)
	}
	var stored json.RawMessage
	if code := apiCall(t, base, token, "GET", "/api/v1/frames/f-order", nil, &stored); code != 200 {
		t.Fatalf("GET the frame: %d %s", code, stored)
	}
	for name, v := range free {
		if !strings.Contains(string(stored), `"`+name+`":`+v) {
			t.Errorf("%s is not stored as sent: want %s in\n%s", name, v, stored)
		}
	}
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
	// & < > stay as they are, the fields in Lex's order, as Lex writes them.
	p.tool("frame_create", map[string]any{"id": "f-mcp-3", "timestamp": "2025-12-03T09:00:00Z", "branch": "main",
		"module_scope": []string{"web"}, "summary_caption": "Escape & <b> in titles", "next_action": "Check <i>"})
	if raw := p.tool("frame_get", map[string]any{"frame_id": "f-mcp-3"}).text(); !strings.Contains(raw, `"summary_caption":"Escape & <b> in titles"`) ||
		!strings.Contains(raw, `{"next_action":"Check <i>"},"module_attribution":{"mode":"explicit","confidence":"high","evidence":["mcp:module_scope"]}}`) {
		t.Fatalf("frame_get of a frame with & < > = %s", raw)
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

// TestMCPLexTools drives `baton mcp` with the calls of Lex's MCP
// documentation (its README's smoke test and its tools' parameter shapes,
// deprecated names included), as an agent set up for Lex makes them.
func TestMCPLexTools(t *testing.T) {
	p := startMCP(t)
	// Lex's smoke test: system_introspect, then frame_list with a small limit.
	intro := p.tool("system_introspect", map[string]any{})
	var in struct {
		Frames       int
		Tools        []string
		NotSupported []string `json:"not_supported"`
	}
	if err := json.Unmarshal(intro.Structured, &in); err != nil || intro.IsError || in.Frames != 0 || !slices.Contains(in.Tools, "frame_create") {
		t.Fatalf("system_introspect = %+v (%v)", intro, err)
	}
	if l := p.tool("frame_list", map[string]any{"limit": 5}); l.IsError || !strings.Contains(l.text(), "No frames") {
		t.Fatalf("frame_list of an empty store = %+v", l)
	}

	// frame_create as Lex's schema has it: status_snapshot an object, the later fields, request_id.
	lexCreate := map[string]any{
		"reference_point": "refactoring UserAuth module", "summary_caption": "Extracted password validation to separate function",
		"status_snapshot": map[string]any{"next_action": "Add tests for the validator", "blockers": []string{"flaky CI"}},
		"module_scope":    []string{"services/auth"}, "branch": "feature/auth", "jira": "PROJ-123", "keywords": []string{"refactoring", "authentication"},
		"request_id": "req-1", "capabilityTier": "senior", "turnCost": map[string]any{"components": map[string]any{"latency": 1, "contextReset": 0,
			"renegotiation": 0, "tokenBloat": 2, "attentionSwitch": 1}},
		"taskComplexity": map[string]any{"tier": "mid"},
	}
	created := p.tool("frame_create", lexCreate)
	var out struct {
		Success bool
		FrameID string `json:"frame_id"`
		Cached  bool
		Frame   map[string]any
	}
	if err := json.Unmarshal(created.Structured, &out); err != nil || created.IsError || !out.Success || out.FrameID == "" ||
		out.Frame["capabilityTier"] != "senior" || out.Frame["jira"] != "PROJ-123" {
		t.Fatalf("frame_create = %+v (%v)", created, err)
	}
	attribution, _ := out.Frame["module_attribution"].(map[string]any)
	if attribution["mode"] != "explicit" {
		t.Errorf("module_attribution = %v", out.Frame["module_attribution"])
	}
	first := out.FrameID
	// A retry with the same request_id answers with the frame stored, not a second one.
	again := p.tool("remember", lexCreate)
	if err := json.Unmarshal(again.Structured, &out); err != nil || again.IsError || out.FrameID != first || !out.Cached {
		t.Fatalf("remember (retry) = %+v (%v)", again, err)
	}
	withImage := maps.Clone(lexCreate)
	withImage["request_id"] = "req-2"
	withImage["images"] = []map[string]any{{"data": "iVBORw0KGgo=", "mime_type": "image/png"}}
	if img := p.tool("frame_create", withImage); !img.IsError || !strings.Contains(img.text(), "not supported by Baton") {
		t.Fatalf("frame_create with images = %+v", img)
	}
	p.tool("frame_create", map[string]any{"reference_point": "session tokens", "summary_caption": "Always rotate session tokens on login",
		"status_snapshot": map[string]any{"next_action": "Ship it"}, "module_scope": []string{"services/auth"}, "branch": "feature/auth"})
	p.tool("frame_create", map[string]any{"reference_point": "session tokens again", "summary_caption": "Never rotate session tokens on login",
		"status_snapshot": map[string]any{"next_action": "Revert"}, "module_scope": []string{"services/auth"}, "branch": "main"})

	// frame_validate: a dry run, with the field named and Lex's fallback offered.
	v := p.tool("validate_remember", map[string]any{"reference_point": "x", "summary_caption": "y", "status_snapshot": map[string]any{"next_action": "z"}, "module_scope": []string{}})
	var verdict struct {
		Valid  bool
		Errors []struct {
			Field       string
			Remediation map[string]any
		}
	}
	if err := json.Unmarshal(v.Structured, &verdict); err != nil || verdict.Valid || len(verdict.Errors) != 1 || verdict.Errors[0].Field != "module_scope" ||
		verdict.Errors[0].Remediation == nil {
		t.Fatalf("validate_remember = %+v (%v)", v, err)
	}
	v = p.tool("frame_validate", map[string]any{"reference_point": "x", "summary_caption": "y", "status_snapshot": map[string]any{"next_action": "z"},
		"module_scope": []string{"workspace/unscoped"}, "capabilityTier": "principal"})
	if err := json.Unmarshal(v.Structured, &verdict); err != nil || verdict.Valid || verdict.Errors[0].Field != "capabilityTier" {
		t.Fatalf("frame_validate with a bad capabilityTier = %+v (%v)", v, err)
	}

	// frame_search as Lex calls it: reference_point, jira, branch, format.
	var search struct {
		Frames        []struct{ ID string }
		CompactFrames []struct{ ID, Ref, Next string } `json:"compact_frames"`
		Count         int
		MatchStrategy string `json:"match_strategy"`
	}
	s := p.tool("recall", map[string]any{"reference_point": "UserAuth", "limit": 10, "mode": "all", "format": "full"})
	if err := json.Unmarshal(s.Structured, &search); err != nil || s.IsError || search.Count != 1 || search.Frames[0].ID != first {
		t.Fatalf("recall by reference_point = %+v (%v)", s, err)
	}
	s = p.tool("frame_search", map[string]any{"jira": "PROJ-123", "format": "compact"})
	if err := json.Unmarshal(s.Structured, &search); err != nil || s.IsError || search.MatchStrategy != "filter:jira" || len(search.CompactFrames) != 1 ||
		search.CompactFrames[0].Next != "Add tests for the validator" {
		t.Fatalf("frame_search by jira = %+v (%v)", s, err)
	}
	s = p.tool("frame_search", map[string]any{"branch": "main"})
	if err := json.Unmarshal(s.Structured, &search); err != nil || s.IsError || search.Count != 1 {
		t.Fatalf("frame_search by branch = %+v (%v)", s, err)
	}
	if none := p.tool("frame_search", map[string]any{}); !none.IsError || !strings.Contains(none.text(), "reference_point") {
		t.Fatalf("frame_search without parameters = %+v", none)
	}

	// frame_get with frame_id (and include_atlas, which Lex takes).
	g := p.tool("get_frame", map[string]any{"frame_id": first, "include_atlas": true, "format": "full"})
	if err := json.Unmarshal(g.Structured, &out); err != nil || g.IsError || out.Frame["reference_point"] != "refactoring UserAuth module" {
		t.Fatalf("get_frame = %+v (%v)", g, err)
	}

	// timeline_show with ticketOrBranch: a ticket, then a branch.
	tl := p.tool("timeline", map[string]any{"ticketOrBranch": "PROJ-123"})
	if tl.IsError || !strings.Contains(tl.text(), "Timeline of PROJ-123") || !strings.Contains(tl.text(), "refactoring UserAuth module") {
		t.Fatalf("timeline of a ticket = %q", tl.text())
	}
	tl = p.tool("timeline_show", map[string]any{"ticketOrBranch": "feature/auth", "format": "json"})
	var tj struct {
		Frames []struct{ ID string }
		Title  string
	}
	if err := json.Unmarshal(tl.Structured, &tj); err != nil || tl.IsError || len(tj.Frames) != 2 || tj.Title != "Timeline of branch feature/auth" || tj.Frames[0].ID != first {
		t.Fatalf("timeline of a branch = %+v (%v)", tl, err)
	}

	// help, hints, statistics, turn cost, contradictions.
	h := p.tool("help", map[string]any{"tool": "remember", "examples": true})
	if h.IsError || !strings.Contains(h.text(), "## frame_create") || !strings.Contains(h.text(), "remember") {
		t.Fatalf("help = %q", h.text())
	}
	hg := p.tool("hints_get", map[string]any{"hintIds": []string{"hint_mod_empty_001", "hint_nope"}})
	var hints struct {
		Hints    map[string]struct{ Action, Field string }
		NotFound []string
	}
	if err := json.Unmarshal(hg.Structured, &hints); err != nil || hints.Hints["hint_mod_empty_001"].Field != "module_scope" || len(hints.NotFound) != 1 {
		t.Fatalf("hints_get = %+v (%v)", hg, err)
	}
	db := p.tool("db_stats", map[string]any{"detailed": true})
	var stats struct {
		Frames struct {
			Total, ThisWeek int
		}
		ModuleDistribution map[string]int
	}
	if err := json.Unmarshal(db.Structured, &stats); err != nil || stats.Frames.Total != 3 || stats.Frames.ThisWeek != 3 || stats.ModuleDistribution["services/auth"] != 3 {
		t.Fatalf("db_stats = %+v (%v)", db, err)
	}
	tc := p.tool("turncost_calculate", map[string]any{"period": "7d"})
	var cost struct {
		TurnCost struct{ Frames int } `json:"turnCost"`
	}
	if err := json.Unmarshal(tc.Structured, &cost); err != nil || tc.IsError || cost.TurnCost.Frames != 3 {
		t.Fatalf("turncost_calculate = %+v (%v)", tc, err)
	}
	if bad := p.tool("turncost_calculate", map[string]any{"period": "soon"}); !bad.IsError || !strings.Contains(bad.text(), "period") {
		t.Fatalf("turncost_calculate of a bad period = %+v", bad)
	}
	cs := p.tool("contradictions_scan", map[string]any{"module": "services/auth"})
	var scan struct {
		TotalFrames    int
		Contradictions []struct {
			Signal struct{ Type string }
		}
	}
	if err := json.Unmarshal(cs.Structured, &scan); err != nil || scan.TotalFrames != 3 || len(scan.Contradictions) != 1 || scan.Contradictions[0].Signal.Type != "opposite-keywords" {
		t.Fatalf("contradictions_scan = %+v (%v)", cs, err)
	}

	// Tools that need Lex's policy or atlas files say Baton does not support them.
	for _, name := range []string{"policy_check", "code_atlas"} {
		if r := p.tool(name, map[string]any{"path": "."}); !r.IsError || !strings.Contains(r.text(), "not supported by Baton") {
			t.Fatalf("%s = %+v", name, r)
		}
	}
}
