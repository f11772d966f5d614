package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/checkout"
	"github.com/baton-dev/baton/internal/client"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/google/uuid"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Frame tools: Lex frames through the frames API, under Lex's tool names
// and parameter shapes (an agent set up for Lex's MCP server works
// unchanged) and Baton's own. Frames are immutable: a create and no update.

const (
	defaultFrames = 10
	maxFrames     = 100
	// compactText is how long Lex's compact format lets a text run.
	compactText = 50
)

// lexTool adds a tool whose input schema is inferred from In but, as Lex's
// schemas, accepts properties it does not name: an agent sending a field
// Lex ignores is not refused. The deprecated names Lex still answers to
// (lexAliases) are added as aliases of the same handler.
func lexTool[In, Out any](s *mcp.Server, name, description string, h mcp.ToolHandlerFor[In, Out]) {
	t := &mcp.Tool{Name: name, Description: description}
	schema, err := jsonschema.For[In](nil)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: schema of %s: %v", t.Name, err))
	}
	schema.AdditionalProperties = nil
	t.InputSchema = schema
	mcp.AddTool(s, t, h)
	for _, a := range lexAliases[name] {
		at := *t
		at.Name = a
		at.Description = fmt.Sprintf("Deprecated alias of %s (kept for agents set up for Lex). %s", t.Name, t.Description)
		mcp.AddTool(s, &at, h)
	}
}

func addFrameTools(s *mcp.Server, t *tools) {
	lexTool(s, "frame_create",
		"Store a Frame (episodic memory snapshot): what was attempted (summary_caption), a memorable reference_point, "+
			"the modules touched (module_scope; [\"workspace/unscoped\"] when none applies) and status_snapshot.next_action. "+
			"request_id makes a retry return the frame already stored. Alias: remember (deprecated)",
		t.frameCreate)
	lexTool(s, "frame_validate",
		"Validate frame input without storing it (dry run): the same rules as frame_create. Alias: validate_remember (deprecated)",
		t.frameValidate)
	lexTool(s, "frame_search",
		"Search Frames by full text (reference_point or query: case-insensitive; hyphens, paths like memory/store and ticket ids "+
			"like AUTH-456 are fine), ranked by relevance and recency, or by an exact jira ticket or branch; optionally only a module "+
			"or a time range. Frames another frame supersedes are left out unless include_superseded. Alias: recall (deprecated)",
		t.frameSearch)
	lexTool(s, "frame_get",
		"Retrieve one frame, every field, by its id (frame_id). Alias: get_frame (deprecated)",
		t.frameGet)
	lexTool(s, "frame_list",
		"List recent Frames newest first, optionally of one branch or module or a time range; page with cursor. Alias: list_frames (deprecated)",
		t.frameList)
	lexTool(s, "timeline_show",
		"Show the timeline of a ticket or branch (ticketOrBranch: a jira ticket first, else a branch) or of a module: "+
			"its frames oldest to newest, grouped by day, with what each left to do. Alias: timeline (deprecated)",
		t.timelineShow)
}

// StatusIn is a frame's status_snapshot as a tool takes it.
type StatusIn struct {
	NextAction    string   `json:"next_action"`
	Blockers      []string `json:"blockers,omitempty"`
	MergeBlockers []string `json:"merge_blockers,omitempty"`
	TestsFailing  []string `json:"tests_failing,omitempty"`
}

// ImageIn is an image attachment as Lex's frame_create takes it.
type ImageIn struct {
	Data     string `json:"data" jsonschema:"base64-encoded image data"`
	MimeType string `json:"mime_type" jsonschema:"MIME type, such as image/png"`
}

// FrameCreateIn is the input of frame_create and frame_validate: Lex's
// parameters, the frame's later fields, and Baton's flat next_action.
type FrameCreateIn struct {
	ReferencePoint string    `json:"reference_point,omitempty" jsonschema:"what you were working on, a memorable phrase to recall it by (default: the summary)"`
	SummaryCaption string    `json:"summary_caption" jsonschema:"one-line summary of progress"`
	StatusSnapshot *StatusIn `json:"status_snapshot,omitempty" jsonschema:"current state: next_action, blockers, merge_blockers, tests_failing"`
	ModuleScope    []string  `json:"module_scope" jsonschema:"modules or areas touched, at least one; [\"workspace/unscoped\"] when none applies"`
	Branch         string    `json:"branch,omitempty" jsonschema:"git branch (default: the checkout's, else unknown)"`
	Jira           string    `json:"jira,omitempty" jsonschema:"ticket id, such as PROJ-123"`
	Keywords       []string  `json:"keywords,omitempty" jsonschema:"search tags"`
	AtlasFrameID   string    `json:"atlas_frame_id,omitempty" jsonschema:"legacy reference to a Policy Neighborhood snapshot, kept as given"`
	Images         []ImageIn `json:"images,omitempty" jsonschema:"image attachments; Baton does not store images and refuses them"`
	RequestID      string    `json:"request_id,omitempty" jsonschema:"idempotency key: a retry with the same request_id returns the frame already stored"`

	// Baton's own: the frame's id and time, and next_action without status_snapshot.
	ID            string   `json:"id,omitempty" jsonschema:"the frame's id (default: a new f-<uuid>)"`
	Timestamp     string   `json:"timestamp,omitempty" jsonschema:"RFC 3339 time with Z or an offset (default: now)"`
	NextAction    string   `json:"next_action,omitempty" jsonschema:"what should happen next (status_snapshot.next_action wins when both are given)"`
	Blockers      []string `json:"blockers,omitempty"`
	MergeBlockers []string `json:"merge_blockers,omitempty"`
	TestsFailing  []string `json:"tests_failing,omitempty"`

	// The frame's other fields, schema v1 to v7, validated as an import validates them.
	FeatureFlags            []string `json:"feature_flags,omitempty"`
	Permissions             []string `json:"permissions,omitempty"`
	RunID                   string   `json:"runId,omitempty" jsonschema:"run id; a Claude Code session id links the frame to that session"`
	PlanHash                string   `json:"planHash,omitempty"`
	Spend                   any      `json:"spend,omitempty" jsonschema:"{prompts, tokens_estimated}: whole numbers"`
	UserID                  string   `json:"userId,omitempty"`
	ExecutorRole            string   `json:"executorRole,omitempty"`
	ToolCalls               []string `json:"toolCalls,omitempty"`
	GuardrailProfile        string   `json:"guardrailProfile,omitempty"`
	TurnCost                any      `json:"turnCost,omitempty" jsonschema:"v4: {components: {latency, contextReset, renegotiation, tokenBloat, attentionSwitch}, weights?, weightedScore?, sessionId?, timestamp?}"`
	CapabilityTier          string   `json:"capabilityTier,omitempty" jsonschema:"v4: senior, mid or junior"`
	TaskComplexity          any      `json:"taskComplexity,omitempty" jsonschema:"v4: {tier, assignedModel?, actualModel?, escalated?, escalationReason?, retryCount?, tierMismatch?}"`
	SupersededBy            string   `json:"superseded_by,omitempty" jsonschema:"v5: id of the frame that replaces this one"`
	MergedFrom              []string `json:"merged_from,omitempty" jsonschema:"v5: ids of the frames this one merges"`
	ContradictionResolution any      `json:"contradiction_resolution,omitempty" jsonschema:"v6: {type: supersede|scope|keep-both|cancel, contradicts_frame_id, scope?, note?}"`
	ModuleAttribution       any      `json:"module_attribution,omitempty" jsonschema:"v7: {mode: explicit|inferred|fallback, confidence: high|medium|low, evidence[]} (default: explicit from module_scope)"`
}

// unscoped is Lex's module_scope for work no policy module covers.
const unscoped = "workspace/unscoped"

// freeFields are frame_create's parameters whose value is an object of the
// caller's: stored as the caller wrote it, key order and numbers kept.
var freeFields = []string{"spend", "turnCost", "taskComplexity", "contradiction_resolution", "module_attribution"}

// rawArguments returns, of the call's arguments, the free fields as the
// caller wrote them. The SDK hands the handler arguments it decoded into a
// map and encoded again (keys sorted), so they are read from the request.
func rawArguments(req *mcp.CallToolRequest) map[string]json.RawMessage {
	if req == nil || req.Params == nil || len(req.Params.Arguments) == 0 {
		return nil
	}
	var all map[string]json.RawMessage
	if json.Unmarshal(req.Params.Arguments, &all) != nil {
		return nil
	}
	out := map[string]json.RawMessage{}
	for _, name := range freeFields {
		var b bytes.Buffer
		if v, ok := all[name]; ok && !bytes.Equal(v, []byte("null")) && json.Compact(&b, v) == nil {
			out[name] = b.Bytes()
		}
	}
	return out
}

// frameJSON builds the Lex JSON of the frame in, with defaults filled in:
// an id, now, the checkout's branch, the summary as reference point, and
// module_attribution as Lex's frame_create writes it. The free fields are
// written from raw (as the caller wrote them) where it has them.
func (t *tools) frameJSON(in FrameCreateIn, raw map[string]json.RawMessage) ([]byte, error) {
	if len(in.Images) > 0 {
		return nil, errors.New("images: Baton does not store image attachments, so a frame with images is not supported by Baton; " +
			"leave images out (describe what they showed in the summary or keywords)")
	}
	if in.ID == "" {
		in.ID = "f-" + uuid.NewString()
		if in.RequestID != "" {
			in.ID = requestFrameID(in.RequestID)
		}
	}
	if in.Timestamp == "" {
		in.Timestamp = t.now().UTC().Format(time.RFC3339Nano)
	}
	if in.Branch == "" {
		in.Branch = "unknown"
		if t.dir != "" {
			if g := checkout.Of(t.dir); g != nil && g.Branch != "" {
				in.Branch = g.Branch
			}
		}
	}
	if in.ReferencePoint == "" {
		in.ReferencePoint = in.SummaryCaption
	}
	st := in.StatusSnapshot
	if st == nil {
		st = &StatusIn{NextAction: in.NextAction, Blockers: in.Blockers, MergeBlockers: in.MergeBlockers, TestsFailing: in.TestsFailing}
	}
	if in.ModuleScope == nil {
		in.ModuleScope = []string{}
	}
	// The frame in Lex's field order, so it reads as Lex writes it.
	var fields []baton.FrameField
	add := func(name string, v any) {
		b, _ := baton.MarshalPlain(v) // & < > as Lex writes them
		fields = append(fields, baton.FrameField{Name: name, Value: b})
	}
	add("id", in.ID)
	add("timestamp", in.Timestamp)
	add("branch", in.Branch)
	str := func(name, v string) {
		if v != "" {
			add(name, v)
		}
	}
	list := func(name string, v []string) {
		if v != nil {
			add(name, v)
		}
	}
	other := func(name string, v any) {
		if b, ok := raw[name]; ok {
			fields = append(fields, baton.FrameField{Name: name, Value: b})
		} else if v != nil {
			add(name, v)
		}
	}
	str("jira", in.Jira)
	add("module_scope", in.ModuleScope)
	add("summary_caption", in.SummaryCaption)
	add("reference_point", in.ReferencePoint)
	add("status_snapshot", st)
	list("keywords", in.Keywords)
	str("atlas_frame_id", in.AtlasFrameID)
	list("feature_flags", in.FeatureFlags)
	list("permissions", in.Permissions)
	str("runId", in.RunID)
	str("planHash", in.PlanHash)
	other("spend", in.Spend)
	str("userId", in.UserID)
	str("executorRole", in.ExecutorRole)
	list("toolCalls", in.ToolCalls)
	str("guardrailProfile", in.GuardrailProfile)
	other("turnCost", in.TurnCost)
	str("capabilityTier", in.CapabilityTier)
	other("taskComplexity", in.TaskComplexity)
	str("superseded_by", in.SupersededBy)
	list("merged_from", in.MergedFrom)
	other("contradiction_resolution", in.ContradictionResolution)
	if in.ModuleAttribution == nil && len(in.ModuleScope) > 0 {
		in.ModuleAttribution = moduleAttribution(in.ModuleScope)
	}
	other("module_attribution", in.ModuleAttribution)
	return baton.MarshalFrameFields(fields), nil
}

// moduleAttribution is what Lex's frame_create records of where a frame's
// modules came from: the caller named them, or chose the unscoped fallback.
// Its fields are in Lex's order.
func moduleAttribution(scope []string) any {
	type attribution struct {
		Mode       string   `json:"mode"`
		Confidence string   `json:"confidence"`
		Evidence   []string `json:"evidence"`
	}
	if len(scope) == 1 && scope[0] == unscoped {
		return attribution{"fallback", "low", []string{"mcp:module_scope"}}
	}
	return attribution{"explicit", "high", []string{"mcp:module_scope"}}
}

// requestFrameID is the id a frame_create with a request_id stores its
// frame under, the same for every retry.
func requestFrameID(requestID string) string {
	return "f-" + uuid.NewSHA1(uuid.NameSpaceURL, []byte("baton:mcp:request_id:"+requestID)).String()
}

// FrameOut is the output of frame_create and frame_get: the frame as Lex
// JSON, and the fields Lex's frame_create answers with.
type FrameOut struct {
	Success   bool           `json:"success,omitempty"`
	FrameID   string         `json:"frame_id,omitempty"`
	CreatedAt string         `json:"created_at,omitempty"`
	Cached    bool           `json:"cached,omitempty"`
	Frame     map[string]any `json:"frame"`
}

func (t *tools) frameCreate(ctx context.Context, req *mcp.CallToolRequest, in FrameCreateIn) (*mcp.CallToolResult, FrameOut, error) {
	c, err := t.client()
	if err != nil {
		return nil, FrameOut{}, err
	}
	body, err := t.frameJSON(in, rawArguments(req))
	if err != nil {
		return nil, FrameOut{}, err
	}
	var probe struct {
		ID             string `json:"id"`
		ReferencePoint string `json:"reference_point"`
	}
	_ = json.Unmarshal(body, &probe)
	if in.RequestID != "" && in.ID == "" {
		// A retry: the frame this request_id stored answers again.
		if raw, err := c.Frame(ctx, probe.ID); err == nil {
			out, err := frameOut(raw)
			out.Cached = true
			return textResult(fmt.Sprintf("Frame %s was stored already for request_id %s (returned as stored).", probe.ID, in.RequestID)), out, err
		}
	}
	raw, err := c.RememberFrame(ctx, body)
	if err != nil {
		return nil, FrameOut{}, err
	}
	out, err := frameOut(raw)
	if err != nil {
		return nil, FrameOut{}, err
	}
	return textResult(fmt.Sprintf("Frame stored: %s\nReference: %s\nModules: %s", probe.ID, probe.ReferencePoint,
		strings.Join(in.ModuleScope, ", "))), out, nil
}

func frameOut(raw []byte) (FrameOut, error) {
	out := FrameOut{Success: true}
	if err := json.Unmarshal(raw, &out.Frame); err != nil {
		return FrameOut{}, err
	}
	out.FrameID, _ = out.Frame["id"].(string)
	out.CreatedAt, _ = out.Frame["timestamp"].(string)
	return out, nil
}

// ValidateOut is the output of frame_validate.
type ValidateOut struct {
	Valid  bool            `json:"valid"`
	Errors []ValidateError `json:"errors"`
	Frame  map[string]any  `json:"frame,omitempty"`
}

// ValidateError is one reason a frame is refused, naming the field.
type ValidateError struct {
	Field       string         `json:"field"`
	Message     string         `json:"message"`
	Remediation map[string]any `json:"remediation,omitempty"`
}

// frameValidate checks a frame_create input by the rules frame_create and
// an import apply (internal/frames), storing nothing.
func (t *tools) frameValidate(_ context.Context, req *mcp.CallToolRequest, in FrameCreateIn) (*mcp.CallToolResult, ValidateOut, error) {
	out := ValidateOut{Errors: []ValidateError{}}
	body, err := t.frameJSON(in, rawArguments(req))
	if err == nil {
		_, err = frames.Parse(body)
	}
	if err != nil {
		field := baton.ErrorField(err)
		if field == "" {
			field, _, _ = strings.Cut(err.Error(), ":")
		}
		e := ValidateError{Field: field, Message: baton.ErrorMessage(err)}
		if field == "module_scope" {
			e.Remediation = map[string]any{"module_scope": []string{unscoped}}
		}
		out.Errors = append(out.Errors, e)
		return textResult(fmt.Sprintf("Validation failed: %s (%s).", e.Message, e.Field)), out, nil
	}
	out.Valid = true
	_ = json.Unmarshal(body, &out.Frame)
	return textResult("Validation passed: the input is valid for frame_create."), out, nil
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
	SupersededBy   string    `json:"superseded_by,omitempty"`
	Score          float64   `json:"score,omitempty"`
}

// CompactFrame is a frame in Lex's compact format, for small contexts.
type CompactFrame struct {
	ID            string   `json:"id"`
	Ref           string   `json:"ref"`
	Cap           string   `json:"cap,omitempty"`
	TS            int64    `json:"ts"`
	Modules       []string `json:"modules"`
	Next          string   `json:"next"`
	Branch        string   `json:"branch,omitempty"`
	Jira          string   `json:"jira,omitempty"`
	Blockers      []string `json:"blockers,omitempty"`
	MergeBlockers []string `json:"mergeBlockers,omitempty"`
	TestsFailing  []string `json:"testsFailing,omitempty"`
	Keywords      []string `json:"keywords,omitempty"`
	Truncated     bool     `json:"_truncated,omitempty"`
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
	Keywords       []string `json:"keywords"`
	SupersededBy   string   `json:"superseded_by"`
	StatusSnapshot struct {
		NextAction    string   `json:"next_action"`
		Blockers      []string `json:"blockers"`
		MergeBlockers []string `json:"merge_blockers"`
		TestsFailing  []string `json:"tests_failing"`
	} `json:"status_snapshot"`
}

func (f lexFrame) at() time.Time {
	at, _ := baton.ParseFrameTime(f.Timestamp)
	return at
}

func (f lexFrame) brief() FrameBrief {
	return FrameBrief{ID: f.ID, Timestamp: f.at(), Branch: f.Branch, ModuleScope: f.ModuleScope, SummaryCaption: f.SummaryCaption,
		ReferencePoint: f.ReferencePoint, NextAction: f.StatusSnapshot.NextAction, Jira: f.Jira, SupersededBy: f.SupersededBy}
}

// compact is the frame in Lex's compact format: texts cut to 50 characters
// (…), the caption only when it differs from the reference point.
func (f lexFrame) compact() CompactFrame {
	out := CompactFrame{ID: f.ID, TS: f.at().Unix(), Modules: f.ModuleScope, Branch: f.Branch, Jira: f.Jira, Keywords: f.Keywords}
	cut := func(s string) string {
		if utf8.RuneCountInString(s) <= compactText {
			return s
		}
		out.Truncated = true
		return string([]rune(s)[:compactText-3]) + "..."
	}
	cutAll := func(l []string) []string {
		var r []string
		for _, s := range l {
			r = append(r, cut(s))
		}
		return r
	}
	out.Ref = cut(f.ReferencePoint)
	out.Next = cut(f.StatusSnapshot.NextAction)
	if f.SummaryCaption != f.ReferencePoint {
		out.Cap = cut(f.SummaryCaption)
	}
	out.Blockers, out.MergeBlockers, out.TestsFailing = cutAll(f.StatusSnapshot.Blockers), cutAll(f.StatusSnapshot.MergeBlockers), cutAll(f.StatusSnapshot.TestsFailing)
	return out
}

func (b FrameBrief) line() string {
	s := fmt.Sprintf("- %s [%s] %s — %s (branch %s; modules %s; id %s)", b.Timestamp.Format("2006-01-02 15:04"),
		b.ReferencePoint, oneLine(b.SummaryCaption), "next: "+oneLine(b.NextAction), b.Branch, strings.Join(b.ModuleScope, ", "), b.ID)
	if b.SupersededBy != "" {
		s += " (superseded by " + b.SupersededBy + ")"
	}
	return s
}

// format reads a format parameter: "" is full.
func format(v string, allowed ...string) (string, error) {
	if v == "" {
		return allowed[0], nil
	}
	for _, a := range allowed {
		if v == a {
			return v, nil
		}
	}
	return "", fmt.Errorf("format must be %s; got %q", strings.Join(allowed, " or "), v)
}

// FrameSearchIn is the input of frame_search: Lex's reference_point, jira
// and format, and Baton's query and filters.
type FrameSearchIn struct {
	ReferencePoint    string  `json:"reference_point,omitempty" jsonschema:"full-text search on what you were working on (the same as query)"`
	Query             string  `json:"query,omitempty" jsonschema:"words, a ticket id or a path; every term must match unless mode is any"`
	Jira              string  `json:"jira,omitempty" jsonschema:"exact jira ticket (with a query: the ticket must appear in the frame)"`
	Branch            string  `json:"branch,omitempty" jsonschema:"only frames of this branch"`
	Module            string  `json:"module,omitempty" jsonschema:"only frames with this exact module_scope entry"`
	Since             string  `json:"since,omitempty" jsonschema:"only frames at or after this RFC 3339 time or date"`
	Until             string  `json:"until,omitempty" jsonschema:"only frames at or before this RFC 3339 time or date"`
	Mode              string  `json:"mode,omitempty" jsonschema:"all (default: every term must match) or any"`
	Limit             float64 `json:"limit,omitempty" jsonschema:"how many frames, 1 to 100 (default 10)"`
	Format            string  `json:"format,omitempty" jsonschema:"full (default) or compact, for small contexts"`
	IncludeSuperseded bool    `json:"include_superseded,omitempty" jsonschema:"also frames another frame supersedes"`
}

// FrameSearchOut is the output of frame_search.
type FrameSearchOut struct {
	Frames        []FrameBrief   `json:"frames,omitempty"`
	CompactFrames []CompactFrame `json:"compact_frames,omitempty"`
	Count         int            `json:"count"`
	MatchStrategy string         `json:"match_strategy"`
	TookMS        float64        `json:"took_ms"`
	Message       string         `json:"message,omitempty"`
}

func limitOf(v float64) (int, error) {
	if v != float64(int(v)) {
		return 0, fmt.Errorf("limit must be a whole number from 1 to %d; got %v", maxFrames, v)
	}
	return bounded("limit", int(v), defaultFrames, maxFrames)
}

func (t *tools) frameSearch(ctx context.Context, _ *mcp.CallToolRequest, in FrameSearchIn) (*mcp.CallToolResult, FrameSearchOut, error) {
	c, err := t.client()
	if err != nil {
		return nil, FrameSearchOut{}, err
	}
	limit, err := limitOf(in.Limit)
	if err != nil {
		return nil, FrameSearchOut{}, err
	}
	form, err := format(in.Format, "full", "compact")
	if err != nil {
		return nil, FrameSearchOut{}, err
	}
	query := strings.TrimSpace(strings.TrimSpace(in.Query) + " " + strings.TrimSpace(in.ReferencePoint))
	var found []lexFrame
	var scores []float64
	out := FrameSearchOut{}
	switch {
	case query != "":
		if in.Jira != "" {
			query += " " + in.Jira
		}
		q := url.Values{"q": {query}, "limit": {strconv.Itoa(limit)}}
		for k, v := range map[string]string{"module": in.Module, "branch": in.Branch, "since": in.Since, "until": in.Until, "mode": in.Mode} {
			if v != "" {
				q.Set(k, v)
			}
		}
		if in.IncludeSuperseded {
			q.Set("superseded", "include")
		}
		var res struct {
			Hits []struct {
				Frame lexFrame `json:"frame"`
				Score float64  `json:"score"`
			} `json:"hits"`
			TookMS  float64 `json:"took_ms"`
			Message string  `json:"message"`
		}
		if err := c.RecallFrames(ctx, q, &res); err != nil {
			return nil, FrameSearchOut{}, err
		}
		out.MatchStrategy, out.TookMS, out.Message = "fts", res.TookMS, res.Message
		if in.Mode == baton.RecallAny {
			out.MatchStrategy = "fts:or"
		}
		for _, h := range res.Hits {
			if in.Jira != "" && h.Frame.Jira != in.Jira {
				continue
			}
			found, scores = append(found, h.Frame), append(scores, h.Score)
		}
	case in.Jira != "" || in.Branch != "" || in.Module != "":
		start := t.now()
		page, err := t.listFrames(ctx, FrameListIn{Branch: in.Branch, Module: in.Module, Since: in.Since, Until: in.Until, Limit: float64(limit)}, in.Jira, in.IncludeSuperseded)
		if err != nil {
			return nil, FrameSearchOut{}, err
		}
		found = page
		scores = make([]float64, len(page))
		out.MatchStrategy = "filter:branch"
		if in.Jira != "" {
			out.MatchStrategy = "filter:jira"
		}
		out.TookMS = float64(t.now().Sub(start).Microseconds()) / 1000
	default:
		return nil, FrameSearchOut{}, errors.New("at least one search parameter is required: reference_point (or query) to search by text, jira to filter by ticket, or branch")
	}
	out.Count = len(found)
	var text strings.Builder
	if out.Message != "" {
		text.WriteString(out.Message + "\n")
	} else if len(found) == 0 {
		text.WriteString("No frame matches.\n")
	}
	for i, f := range found {
		if form == "compact" {
			out.CompactFrames = append(out.CompactFrames, f.compact())
			continue
		}
		b := f.brief()
		b.Score = scores[i]
		out.Frames = append(out.Frames, b)
		text.WriteString(b.line() + "\n")
	}
	if form == "compact" {
		b, _ := json.Marshal(out.CompactFrames)
		text.Write(b)
	} else if out.Frames == nil {
		out.Frames = []FrameBrief{}
	}
	return textResult(text.String()), out, nil
}

// FrameGetIn is the input of frame_get.
type FrameGetIn struct {
	FrameID      string `json:"frame_id,omitempty" jsonschema:"the frame's id"`
	ID           string `json:"id,omitempty" jsonschema:"the frame's id (the same as frame_id)"`
	IncludeAtlas *bool  `json:"include_atlas,omitempty" jsonschema:"Lex's Policy Neighborhood; Baton has no policy files, so there is none to include"`
	Format       string `json:"format,omitempty" jsonschema:"full (default) or compact"`
}

func (t *tools) frameGet(ctx context.Context, _ *mcp.CallToolRequest, in FrameGetIn) (*mcp.CallToolResult, FrameOut, error) {
	c, err := t.client()
	if err != nil {
		return nil, FrameOut{}, err
	}
	id := strings.TrimSpace(in.FrameID)
	if id == "" {
		id = strings.TrimSpace(in.ID)
	}
	if id == "" {
		return nil, FrameOut{}, errors.New("frame_id is required: the id of the frame to retrieve")
	}
	form, err := format(in.Format, "full", "compact")
	if err != nil {
		return nil, FrameOut{}, err
	}
	raw, err := c.Frame(ctx, id)
	if err != nil {
		return nil, FrameOut{}, err
	}
	out := FrameOut{}
	if err := json.Unmarshal(raw, &out.Frame); err != nil {
		return nil, FrameOut{}, err
	}
	out.FrameID = id
	text := string(raw)
	if form == "compact" {
		var f lexFrame
		_ = json.Unmarshal(raw, &f)
		b, _ := json.Marshal(f.compact())
		text = string(b)
	}
	return textResult(text), out, nil
}

// FrameListIn is the input of frame_list.
type FrameListIn struct {
	Branch            string  `json:"branch,omitempty" jsonschema:"only frames of this branch"`
	Module            string  `json:"module,omitempty" jsonschema:"only frames with this exact module_scope entry"`
	Since             string  `json:"since,omitempty" jsonschema:"only frames at or after this RFC 3339 time or date"`
	Until             string  `json:"until,omitempty" jsonschema:"only frames at or before this RFC 3339 time or date"`
	Cursor            string  `json:"cursor,omitempty" jsonschema:"next_cursor of the previous page"`
	Limit             float64 `json:"limit,omitempty" jsonschema:"how many frames, 1 to 100 (default 10)"`
	Format            string  `json:"format,omitempty" jsonschema:"full (default) or compact"`
	IncludeSuperseded bool    `json:"include_superseded,omitempty" jsonschema:"also frames another frame supersedes"`
}

// FrameListOut is the output of frame_list and timeline_show.
type FrameListOut struct {
	Frames        []FrameBrief   `json:"frames,omitempty"`
	CompactFrames []CompactFrame `json:"compact_frames,omitempty"`
	NextCursor    string         `json:"next_cursor,omitempty"`
	Title         string         `json:"title,omitempty"`
}

// timelinePage reads one page of the timeline API.
func (t *tools) timelinePage(ctx context.Context, in FrameListIn, jira string, limit int, includeSuperseded bool) ([]lexFrame, string, error) {
	c, err := t.client()
	if err != nil {
		return nil, "", err
	}
	q := url.Values{"limit": {strconv.Itoa(limit)}}
	for k, v := range map[string]string{"module": in.Module, "branch": in.Branch, "since": in.Since, "until": in.Until, "cursor": in.Cursor, "jira": jira} {
		if v != "" {
			q.Set(k, v)
		}
	}
	if includeSuperseded {
		q.Set("superseded", "include")
	}
	var page struct {
		Frames []struct {
			Frame lexFrame `json:"frame"`
		} `json:"frames"`
		NextCursor string `json:"next_cursor"`
	}
	if err := c.FrameTimeline(ctx, q, &page); err != nil {
		return nil, "", err
	}
	out := make([]lexFrame, len(page.Frames))
	for i, f := range page.Frames {
		out[i] = f.Frame
	}
	return out, page.NextCursor, nil
}

// listFrames reads the newest frames of a filter, up to in.Limit.
func (t *tools) listFrames(ctx context.Context, in FrameListIn, jira string, includeSuperseded bool) ([]lexFrame, error) {
	limit, err := limitOf(in.Limit)
	if err != nil {
		return nil, err
	}
	found, _, err := t.timelinePage(ctx, in, jira, limit, includeSuperseded)
	return found, err
}

func (t *tools) frameList(ctx context.Context, _ *mcp.CallToolRequest, in FrameListIn) (*mcp.CallToolResult, FrameListOut, error) {
	limit, err := limitOf(in.Limit)
	if err != nil {
		return nil, FrameListOut{}, err
	}
	form, err := format(in.Format, "full", "compact")
	if err != nil {
		return nil, FrameListOut{}, err
	}
	found, next, err := t.timelinePage(ctx, in, "", limit, in.IncludeSuperseded)
	if err != nil {
		return nil, FrameListOut{}, err
	}
	out := FrameListOut{NextCursor: next}
	var text strings.Builder
	if len(found) == 0 {
		text.WriteString("No frames.\n")
	}
	for _, f := range found {
		if form == "compact" {
			out.CompactFrames = append(out.CompactFrames, f.compact())
			continue
		}
		b := f.brief()
		out.Frames = append(out.Frames, b)
		text.WriteString(b.line() + "\n")
	}
	if form == "compact" {
		b, _ := json.Marshal(out.CompactFrames)
		text.Write(b)
		text.WriteString("\n")
	} else if out.Frames == nil {
		out.Frames = []FrameBrief{}
	}
	if out.NextCursor != "" {
		fmt.Fprintf(&text, "More: call frame_list with cursor=%s.\n", out.NextCursor)
	}
	return textResult(text.String()), out, nil
}

// TimelineIn is the input of timeline_show.
type TimelineIn struct {
	TicketOrBranch    string  `json:"ticketOrBranch,omitempty" jsonschema:"a jira ticket or a branch: frames of that ticket, else of that branch"`
	Branch            string  `json:"branch,omitempty" jsonschema:"a branch"`
	Module            string  `json:"module,omitempty" jsonschema:"a module: frames with this exact module_scope entry"`
	Since             string  `json:"since,omitempty" jsonschema:"only frames at or after this RFC 3339 time or date"`
	Until             string  `json:"until,omitempty" jsonschema:"only frames at or before this RFC 3339 time or date"`
	Cursor            string  `json:"cursor,omitempty" jsonschema:"next_cursor of the previous page (older frames)"`
	Limit             float64 `json:"limit,omitempty" jsonschema:"how many frames, 1 to 100 (default 10)"`
	Format            string  `json:"format,omitempty" jsonschema:"text (default), json or compact"`
	IncludeSuperseded bool    `json:"include_superseded,omitempty" jsonschema:"also frames another frame supersedes"`
}

func (t *tools) timelineShow(ctx context.Context, _ *mcp.CallToolRequest, in TimelineIn) (*mcp.CallToolResult, FrameListOut, error) {
	if in.TicketOrBranch == "" && in.Branch == "" && in.Module == "" {
		return nil, FrameListOut{}, errors.New("ticketOrBranch is required: the jira ticket or branch whose timeline to show (or give branch or module)")
	}
	form, err := format(in.Format, "text", "json", "compact")
	if err != nil {
		return nil, FrameListOut{}, err
	}
	limit, err := limitOf(in.Limit)
	if err != nil {
		return nil, FrameListOut{}, err
	}
	list := FrameListIn{Branch: in.Branch, Module: in.Module, Since: in.Since, Until: in.Until, Cursor: in.Cursor}
	title := "branch " + in.Branch
	if in.Module != "" {
		title = "module " + in.Module
	}
	var found []lexFrame
	var next string
	if in.TicketOrBranch != "" {
		// Lex's order: the ticket's frames, else the branch's.
		title = in.TicketOrBranch
		if found, next, err = t.timelinePage(ctx, list, in.TicketOrBranch, limit, in.IncludeSuperseded); err == nil && len(found) == 0 && in.Cursor == "" {
			list.Branch = in.TicketOrBranch
			title = "branch " + in.TicketOrBranch
			found, next, err = t.timelinePage(ctx, list, "", limit, in.IncludeSuperseded)
		}
	} else {
		found, next, err = t.timelinePage(ctx, list, "", limit, in.IncludeSuperseded)
	}
	if err != nil {
		return nil, FrameListOut{}, err
	}
	out := FrameListOut{NextCursor: next, Title: "Timeline of " + title}
	for i := len(found) - 1; i >= 0; i-- { // oldest first
		if form == "compact" {
			out.CompactFrames = append(out.CompactFrames, found[i].compact())
		} else {
			out.Frames = append(out.Frames, found[i].brief())
		}
	}
	if form != "compact" && out.Frames == nil {
		out.Frames = []FrameBrief{}
	}
	if form != "text" {
		b, _ := json.Marshal(out)
		return textResult(string(b)), out, nil
	}
	var text strings.Builder
	fmt.Fprintf(&text, "# %s\n", out.Title)
	day := ""
	for _, b := range out.Frames {
		if d := b.Timestamp.Format("2006-01-02"); d != day {
			day = d
			fmt.Fprintf(&text, "\n## %s\n", d)
		}
		fmt.Fprintf(&text, "- %s %s — %s\n  next: %s\n", b.Timestamp.Format("15:04"), b.ReferencePoint, oneLine(b.SummaryCaption), oneLine(b.NextAction))
	}
	if len(out.Frames) == 0 {
		fmt.Fprintf(&text, "\nNo frames found for %q. Try a jira ticket id (TICKET-123) or a branch name.\n", in.TicketOrBranch+in.Branch+in.Module)
	}
	if out.NextCursor != "" {
		fmt.Fprintf(&text, "\nOlder frames: call timeline_show with cursor=%s.\n", out.NextCursor)
	}
	return textResult(text.String()), out, nil
}

// stats reads the frames API's counts.
func stats(ctx context.Context, c *client.Client, since *time.Time, detailed bool) (*baton.FrameStats, error) {
	q := url.Values{}
	if since != nil {
		q.Set("since", since.UTC().Format(time.RFC3339Nano))
	}
	if detailed {
		q.Set("detailed", "true")
	}
	return c.FrameStats(ctx, q)
}
