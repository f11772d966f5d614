package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Frame tools: Lex frames (schema v3) through the frames API. Frames are
// immutable, so there is a create and no update.

const (
	defaultFrames = 10
	maxFrames     = 100
)

func addFrameTools(s *mcp.Server, t *tools) {
	mcp.AddTool(s, &mcp.Tool{
		Name: "frame_create",
		Description: "Remember a Lex frame: an immutable snapshot of the work just done — what was attempted (summary_caption), " +
			"the modules touched (module_scope), a memorable reference_point and the next_action. Idempotent by id.",
	}, t.frameCreate)
	mcp.AddTool(s, &mcp.Tool{
		Name: "frame_search",
		Description: "Recall frames by full text over keywords, reference point, summary and next action (case-insensitive; " +
			"hyphens, paths like memory/store and ticket ids like AUTH-456 are fine), ranked by relevance and recency, " +
			"optionally only a module, a branch or a time range.",
	}, t.frameSearch)
	mcp.AddTool(s, &mcp.Tool{
		Name:        "frame_get",
		Description: "Read one frame, every field, by its id.",
	}, t.frameGet)
	mcp.AddTool(s, &mcp.Tool{
		Name:        "frame_list",
		Description: "List frames newest first, optionally of one branch or module or a time range; page with cursor.",
	}, t.frameList)
	mcp.AddTool(s, &mcp.Tool{
		Name:        "timeline_show",
		Description: "Show the timeline of a branch or a module: its frames oldest to newest, grouped by day, with what each left to do.",
	}, t.timelineShow)
}

// FrameCreateIn is the input of frame_create: the fields of a Lex frame.
type FrameCreateIn struct {
	ID               string   `json:"id,omitempty" jsonschema:"the frame's id (default: a new f-<uuid>)"`
	Timestamp        string   `json:"timestamp,omitempty" jsonschema:"RFC 3339 time (default: now)"`
	Branch           string   `json:"branch" jsonschema:"git branch or context"`
	ModuleScope      []string `json:"module_scope" jsonschema:"modules or areas touched, at least one"`
	SummaryCaption   string   `json:"summary_caption" jsonschema:"what was done, in one line"`
	ReferencePoint   string   `json:"reference_point,omitempty" jsonschema:"a memorable phrase to recall it by (default: the summary)"`
	NextAction       string   `json:"next_action" jsonschema:"what should happen next"`
	Blockers         []string `json:"blockers,omitempty"`
	MergeBlockers    []string `json:"merge_blockers,omitempty"`
	TestsFailing     []string `json:"tests_failing,omitempty"`
	Jira             string   `json:"jira,omitempty" jsonschema:"ticket id"`
	Keywords         []string `json:"keywords,omitempty"`
	FeatureFlags     []string `json:"feature_flags,omitempty"`
	Permissions      []string `json:"permissions,omitempty"`
	RunID            string   `json:"runId,omitempty" jsonschema:"run id; a Claude Code session id links the frame to that session"`
	PlanHash         string   `json:"planHash,omitempty"`
	ExecutorRole     string   `json:"executorRole,omitempty"`
	ToolCalls        []string `json:"toolCalls,omitempty"`
	GuardrailProfile string   `json:"guardrailProfile,omitempty"`
}

// FrameBrief is a frame as lists show it.
type FrameBrief struct {
	ID             string    `json:"id"`
	Timestamp      time.Time `json:"timestamp"`
	Branch         string    `json:"branch"`
	ModuleScope    []string  `json:"module_scope"`
	SummaryCaption string    `json:"summary_caption"`
	ReferencePoint string    `json:"reference_point"`
	NextAction     string    `json:"next_action"`
	Jira           string    `json:"jira,omitempty"`
	Score          float64   `json:"score,omitempty"`
}

// lexFrame is the part of a Lex frame the tools read.
type lexFrame struct {
	ID             string   `json:"id"`
	Timestamp      string   `json:"timestamp"`
	Branch         string   `json:"branch"`
	ModuleScope    []string `json:"module_scope"`
	SummaryCaption string   `json:"summary_caption"`
	ReferencePoint string   `json:"reference_point"`
	Jira           string   `json:"jira"`
	StatusSnapshot struct {
		NextAction string   `json:"next_action"`
		Blockers   []string `json:"blockers"`
	} `json:"status_snapshot"`
}

func (f lexFrame) brief() FrameBrief {
	at, _ := time.Parse(time.RFC3339Nano, f.Timestamp)
	return FrameBrief{ID: f.ID, Timestamp: at.UTC(), Branch: f.Branch, ModuleScope: f.ModuleScope, SummaryCaption: f.SummaryCaption,
		ReferencePoint: f.ReferencePoint, NextAction: f.StatusSnapshot.NextAction, Jira: f.Jira}
}

func (b FrameBrief) line() string {
	s := fmt.Sprintf("- %s [%s] %s — %s (branch %s; modules %s; id %s)", b.Timestamp.Format("2006-01-02 15:04"),
		b.ReferencePoint, oneLine(b.SummaryCaption), "next: "+oneLine(b.NextAction), b.Branch, strings.Join(b.ModuleScope, ", "), b.ID)
	return s
}

// FrameOut is the output of frame_create and frame_get: the frame as Lex JSON.
type FrameOut struct {
	Frame map[string]any `json:"frame"`
}

func (t *tools) frameCreate(ctx context.Context, _ *mcp.CallToolRequest, in FrameCreateIn) (*mcp.CallToolResult, FrameOut, error) {
	c, err := t.client()
	if err != nil {
		return nil, FrameOut{}, err
	}
	if in.ID == "" {
		in.ID = "f-" + uuid.NewString()
	}
	if in.Timestamp == "" {
		in.Timestamp = time.Now().UTC().Format(time.RFC3339Nano)
	}
	if in.ReferencePoint == "" {
		in.ReferencePoint = in.SummaryCaption
	}
	status := map[string]any{"next_action": in.NextAction}
	for k, v := range map[string][]string{"blockers": in.Blockers, "merge_blockers": in.MergeBlockers, "tests_failing": in.TestsFailing} {
		if v != nil {
			status[k] = v
		}
	}
	frame := map[string]any{"id": in.ID, "timestamp": in.Timestamp, "branch": in.Branch, "module_scope": in.ModuleScope,
		"summary_caption": in.SummaryCaption, "reference_point": in.ReferencePoint, "status_snapshot": status}
	if frame["module_scope"] == nil {
		frame["module_scope"] = []string{}
	}
	for k, v := range map[string]string{"jira": in.Jira, "runId": in.RunID, "planHash": in.PlanHash, "executorRole": in.ExecutorRole, "guardrailProfile": in.GuardrailProfile} {
		if v != "" {
			frame[k] = v
		}
	}
	for k, v := range map[string][]string{"keywords": in.Keywords, "feature_flags": in.FeatureFlags, "permissions": in.Permissions, "toolCalls": in.ToolCalls} {
		if v != nil {
			frame[k] = v
		}
	}
	body, _ := json.Marshal(frame)
	raw, err := c.RememberFrame(ctx, body)
	if err != nil {
		return nil, FrameOut{}, err
	}
	var out FrameOut
	if err := json.Unmarshal(raw, &out.Frame); err != nil {
		return nil, FrameOut{}, err
	}
	return textResult(fmt.Sprintf("Remembered frame %s (%s).", in.ID, in.ReferencePoint)), out, nil
}

// FrameSearchIn is the input of frame_search.
type FrameSearchIn struct {
	Query  string `json:"query" jsonschema:"words, a ticket id or a path; every term must match unless mode is any"`
	Module string `json:"module,omitempty" jsonschema:"only frames with this exact module_scope entry"`
	Branch string `json:"branch,omitempty" jsonschema:"only frames of this branch"`
	Since  string `json:"since,omitempty" jsonschema:"only frames at or after this RFC 3339 time or date"`
	Until  string `json:"until,omitempty" jsonschema:"only frames at or before this RFC 3339 time or date"`
	Mode   string `json:"mode,omitempty" jsonschema:"all (default) or any"`
	Limit  int    `json:"limit,omitempty" jsonschema:"how many frames, 1 to 100 (default 10)"`
}

// FrameSearchOut is the output of frame_search.
type FrameSearchOut struct {
	Frames  []FrameBrief `json:"frames"`
	Count   int          `json:"count"`
	TookMS  float64      `json:"took_ms"`
	Message string       `json:"message,omitempty"`
}

func (t *tools) frameSearch(ctx context.Context, _ *mcp.CallToolRequest, in FrameSearchIn) (*mcp.CallToolResult, FrameSearchOut, error) {
	c, err := t.client()
	if err != nil {
		return nil, FrameSearchOut{}, err
	}
	limit, err := bounded("limit", in.Limit, defaultFrames, maxFrames)
	if err != nil {
		return nil, FrameSearchOut{}, err
	}
	q := url.Values{"q": {in.Query}, "limit": {strconv.Itoa(limit)}}
	for k, v := range map[string]string{"module": in.Module, "branch": in.Branch, "since": in.Since, "until": in.Until, "mode": in.Mode} {
		if v != "" {
			q.Set(k, v)
		}
	}
	var res struct {
		Hits []struct {
			Frame lexFrame `json:"frame"`
			Score float64  `json:"score"`
		} `json:"hits"`
		Count   int     `json:"count"`
		TookMS  float64 `json:"took_ms"`
		Message string  `json:"message"`
	}
	if err := c.RecallFrames(ctx, q, &res); err != nil {
		return nil, FrameSearchOut{}, err
	}
	out := FrameSearchOut{Frames: []FrameBrief{}, Count: res.Count, TookMS: res.TookMS, Message: res.Message}
	var text strings.Builder
	if res.Message != "" {
		text.WriteString(res.Message + "\n")
	}
	for _, h := range res.Hits {
		b := h.Frame.brief()
		b.Score = h.Score
		out.Frames = append(out.Frames, b)
		text.WriteString(b.line() + "\n")
	}
	return textResult(text.String()), out, nil
}

// FrameGetIn is the input of frame_get.
type FrameGetIn struct {
	ID string `json:"id" jsonschema:"the frame's id"`
}

func (t *tools) frameGet(ctx context.Context, _ *mcp.CallToolRequest, in FrameGetIn) (*mcp.CallToolResult, FrameOut, error) {
	c, err := t.client()
	if err != nil {
		return nil, FrameOut{}, err
	}
	if strings.TrimSpace(in.ID) == "" {
		return nil, FrameOut{}, fmt.Errorf("id is required")
	}
	raw, err := c.Frame(ctx, in.ID)
	if err != nil {
		return nil, FrameOut{}, err
	}
	var out FrameOut
	if err := json.Unmarshal(raw, &out.Frame); err != nil {
		return nil, FrameOut{}, err
	}
	return textResult(string(raw)), out, nil
}

// FrameListIn is the input of frame_list and timeline_show.
type FrameListIn struct {
	Branch string `json:"branch,omitempty" jsonschema:"only frames of this branch"`
	Module string `json:"module,omitempty" jsonschema:"only frames with this exact module_scope entry"`
	Since  string `json:"since,omitempty" jsonschema:"only frames at or after this RFC 3339 time or date"`
	Until  string `json:"until,omitempty" jsonschema:"only frames at or before this RFC 3339 time or date"`
	Cursor string `json:"cursor,omitempty" jsonschema:"next_cursor of the previous page"`
	Limit  int    `json:"limit,omitempty" jsonschema:"how many frames, 1 to 100 (default 10)"`
}

// FrameListOut is the output of frame_list and timeline_show.
type FrameListOut struct {
	Frames     []FrameBrief `json:"frames"`
	NextCursor string       `json:"next_cursor,omitempty"`
}

func (t *tools) listFrames(ctx context.Context, in FrameListIn) (FrameListOut, error) {
	c, err := t.client()
	if err != nil {
		return FrameListOut{}, err
	}
	limit, err := bounded("limit", in.Limit, defaultFrames, maxFrames)
	if err != nil {
		return FrameListOut{}, err
	}
	q := url.Values{"limit": {strconv.Itoa(limit)}}
	for k, v := range map[string]string{"module": in.Module, "branch": in.Branch, "since": in.Since, "until": in.Until, "cursor": in.Cursor} {
		if v != "" {
			q.Set(k, v)
		}
	}
	var page struct {
		Frames []struct {
			Frame lexFrame `json:"frame"`
		} `json:"frames"`
		NextCursor string `json:"next_cursor"`
	}
	if err := c.FrameTimeline(ctx, q, &page); err != nil {
		return FrameListOut{}, err
	}
	out := FrameListOut{Frames: []FrameBrief{}, NextCursor: page.NextCursor}
	for _, f := range page.Frames {
		out.Frames = append(out.Frames, f.Frame.brief())
	}
	return out, nil
}

func (t *tools) frameList(ctx context.Context, _ *mcp.CallToolRequest, in FrameListIn) (*mcp.CallToolResult, FrameListOut, error) {
	out, err := t.listFrames(ctx, in)
	if err != nil {
		return nil, FrameListOut{}, err
	}
	var text strings.Builder
	if len(out.Frames) == 0 {
		text.WriteString("No frames.\n")
	}
	for _, b := range out.Frames {
		text.WriteString(b.line() + "\n")
	}
	if out.NextCursor != "" {
		fmt.Fprintf(&text, "More: call frame_list with cursor=%s.\n", out.NextCursor)
	}
	return textResult(text.String()), out, nil
}

func (t *tools) timelineShow(ctx context.Context, _ *mcp.CallToolRequest, in FrameListIn) (*mcp.CallToolResult, FrameListOut, error) {
	if in.Branch == "" && in.Module == "" {
		return nil, FrameListOut{}, fmt.Errorf("branch or module is required: whose timeline to show")
	}
	out, err := t.listFrames(ctx, in)
	if err != nil {
		return nil, FrameListOut{}, err
	}
	var text strings.Builder
	what := "branch " + in.Branch
	if in.Module != "" {
		what = "module " + in.Module
	}
	fmt.Fprintf(&text, "# Timeline of %s\n", what)
	day := ""
	for i := len(out.Frames) - 1; i >= 0; i-- { // oldest first
		b := out.Frames[i]
		if d := b.Timestamp.Format("2006-01-02"); d != day {
			day = d
			fmt.Fprintf(&text, "\n## %s\n", d)
		}
		fmt.Fprintf(&text, "- %s %s — %s\n  next: %s\n", b.Timestamp.Format("15:04"), b.ReferencePoint, oneLine(b.SummaryCaption), oneLine(b.NextAction))
	}
	if len(out.Frames) == 0 {
		text.WriteString("\nNo frames.\n")
	}
	if out.NextCursor != "" {
		fmt.Fprintf(&text, "\nOlder frames: call timeline_show with cursor=%s.\n", out.NextCursor)
	}
	return textResult(text.String()), out, nil
}
