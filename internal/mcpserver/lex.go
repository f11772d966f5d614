package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/checkout"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The rest of Lex's MCP tools: help, hints, statistics, turn cost and the
// contradiction scan answer from Baton's frames; policy_check and
// atlas_analyze need Lex's policy and atlas files, which Baton does not
// have, and say so.

// lexAliases are the deprecated tool names Lex still answers to, by the
// tool they stand for.
var lexAliases = map[string][]string{
	"frame_create":      {"remember", "lex_remember"},
	"frame_validate":    {"validate_remember", "lex_validate_remember"},
	"frame_search":      {"recall", "lex_recall"},
	"frame_get":         {"get_frame", "lex_get_frame"},
	"frame_list":        {"list_frames", "lex_list_frames"},
	"policy_check":      {"lex_policy_check"},
	"timeline_show":     {"timeline", "lex_timeline"},
	"atlas_analyze":     {"code_atlas", "lex_code_atlas"},
	"system_introspect": {"introspect", "lex_introspect"},
	"hints_get":         {"get_hints"},
	"help":              {"lex_help"},
}

func addLexTools(s *mcp.Server, t *tools) {
	lexTool(s, "policy_check",
		"Lex's check of code against lexmap.policy.json. Not supported by Baton: Baton keeps no policy files.",
		t.notSupported("policy_check", "it checks code against Lex's policy file (lexmap.policy.json), and Baton keeps no policy files"))
	lexTool(s, "atlas_analyze",
		"Lex's Code Index (atlas). Not supported by Baton: Baton builds no code atlas.",
		t.notSupported("atlas_analyze", "it builds Lex's Code Index from the policy and atlas files, which Baton does not have"))
	lexTool(s, "system_introspect",
		"Report what this server offers: the Baton server, the project folder and branch, the frame count, the tools and what is not supported. Alias: introspect (deprecated)",
		t.introspect)
	lexTool(s, "help",
		"Usage help for the frame tools: what each is for, its required and optional fields, an example call, its deprecated names.",
		t.help)
	lexTool(s, "hints_get",
		"Retrieve recovery hints by id (hint_mod_empty_001, hint_frame_not_found_001, …). Alias: get_hints (deprecated)",
		t.hintsGet)
	lexTool(s, "db_stats",
		"Frame statistics: how many, this week, this month, oldest and newest; detailed adds the frames of each module.",
		t.dbStats)
	lexTool(s, "turncost_calculate",
		"Turn Cost metrics for a period ('24h', '7d', '2w', '1m' or an RFC 3339 time): frames, estimated tokens and prompts "+
			"from the frames' spend.",
		t.turncost)
	lexTool(s, "contradictions_scan",
		"Scan the newest frames (limit, default 10000) of a module or all for possible contradictions, as Lex does: frames sharing "+
			"a module with opposite keywords (always/never, enable/disable, …) or one negating the other's summary.",
		t.contradictions)
}

// NotSupportedIn takes whatever Lex's tool takes.
type NotSupportedIn struct{}

// NotSupportedOut says a Lex tool is not supported and why.
type NotSupportedOut struct {
	Tool      string `json:"tool"`
	Supported bool   `json:"supported"`
	Reason    string `json:"reason"`
}

func (t *tools) notSupported(name, why string) mcp.ToolHandlerFor[NotSupportedIn, NotSupportedOut] {
	return func(context.Context, *mcp.CallToolRequest, NotSupportedIn) (*mcp.CallToolResult, NotSupportedOut, error) {
		out := NotSupportedOut{Tool: name, Reason: why}
		res := textResult(fmt.Sprintf("%s is not supported by Baton: %s. The frame tools (frame_create, frame_search, frame_get, "+
			"frame_list, timeline_show) work as in Lex.", name, why))
		res.IsError = true
		return res, out, nil
	}
}

// IntrospectIn is the input of system_introspect.
type IntrospectIn struct {
	Format string `json:"format,omitempty" jsonschema:"full (default) or compact"`
}

// IntrospectOut is what system_introspect reports.
type IntrospectOut struct {
	Server       string              `json:"server"`
	Store        string              `json:"store"`
	Workspace    string              `json:"workspace,omitempty"`
	Branch       string              `json:"branch,omitempty"`
	Frames       int                 `json:"frames"`
	Tools        []string            `json:"tools"`
	Aliases      map[string][]string `json:"aliases,omitempty"`
	NotSupported []string            `json:"not_supported"`
	Capabilities map[string]bool     `json:"capabilities"`
	WriteRule    string              `json:"write_contract,omitempty"`
}

func (t *tools) introspect(ctx context.Context, _ *mcp.CallToolRequest, in IntrospectIn) (*mcp.CallToolResult, IntrospectOut, error) {
	c, err := t.client()
	if err != nil {
		return nil, IntrospectOut{}, err
	}
	form, err := format(in.Format, "full", "compact")
	if err != nil {
		return nil, IntrospectOut{}, err
	}
	st, err := stats(ctx, c, nil, false)
	if err != nil {
		return nil, IntrospectOut{}, err
	}
	out := IntrospectOut{Server: c.BaseURL(), Store: "baton", Workspace: t.dir, Frames: st.Total,
		NotSupported: []string{"policy_check", "atlas_analyze", "frame_create images"},
		Capabilities: map[string]bool{"frames": true, "recall": true, "timeline": true, "sessions": true, "policy": false, "atlas": false, "images": false},
		WriteRule:    `module_scope must name at least one module; use ["workspace/unscoped"] when none applies. status_snapshot.next_action is required.`}
	if t.dir != "" {
		if g := checkout.Of(t.dir); g != nil {
			out.Branch = g.Branch
		}
	}
	out.Tools = append(out.Tools, batonTools...)
	for n := range helpTable {
		out.Tools = append(out.Tools, n)
	}
	sort.Strings(out.Tools)
	if form == "full" {
		out.Aliases = lexAliases
	}
	b, _ := json.MarshalIndent(out, "", "  ")
	return textResult(string(b)), out, nil
}

// batonTools are Baton's own tools beside Lex's.
var batonTools = []string{"list_recent_sessions", "search_messages", "get_transcript", "get_next_context", "get_cross_conversational_summary"}

// toolHelp is help's entry for one tool.
type toolHelp struct {
	Purpose  string         `json:"purpose"`
	Required []string       `json:"required"`
	Optional []string       `json:"optional"`
	Example  map[string]any `json:"example,omitempty"`
	Aliases  []string       `json:"deprecated_aliases,omitempty"`
	Related  []string       `json:"related,omitempty"`
}

var helpTable = map[string]toolHelp{
	"frame_create": {Purpose: "Store a frame: what you did, where, and what comes next.",
		Required: []string{"reference_point", "summary_caption", "status_snapshot.next_action", "module_scope"},
		Optional: []string{"branch", "jira", "keywords", "atlas_frame_id", "request_id", "id", "timestamp", "runId", "spend", "turnCost", "capabilityTier", "taskComplexity", "superseded_by", "merged_from", "contradiction_resolution", "module_attribution"},
		Example: map[string]any{"reference_point": "auth refactor", "summary_caption": "Extracted password validation", "module_scope": []string{"services/auth"},
			"status_snapshot": map[string]any{"next_action": "Add tests for the validator"}, "jira": "AUTH-123"},
		Related: []string{"frame_validate", "frame_search"}},
	"frame_validate": {Purpose: "Check a frame_create input without storing it.", Required: []string{"reference_point", "summary_caption", "status_snapshot.next_action", "module_scope"},
		Optional: []string{"the optional fields of frame_create"}, Example: map[string]any{"reference_point": "auth refactor", "summary_caption": "x", "module_scope": []string{"workspace/unscoped"}, "status_snapshot": map[string]any{"next_action": "y"}},
		Related: []string{"frame_create"}},
	"frame_search": {Purpose: "Find frames by text (reference_point or query), or by exact jira ticket or branch.", Required: []string{"one of reference_point, query, jira, branch"},
		Optional: []string{"mode (all|any)", "module", "since", "until", "limit", "format (full|compact)", "include_superseded"},
		Example:  map[string]any{"reference_point": "auth refactor", "limit": 5}, Related: []string{"frame_get", "timeline_show"}},
	"frame_get": {Purpose: "Read one frame by id.", Required: []string{"frame_id"}, Optional: []string{"format (full|compact)"},
		Example: map[string]any{"frame_id": "f-2b6d…"}, Related: []string{"frame_search"}},
	"frame_list": {Purpose: "List the newest frames.", Required: []string{}, Optional: []string{"branch", "module", "since", "until", "limit", "cursor", "format"},
		Example: map[string]any{"limit": 5}, Related: []string{"timeline_show"}},
	"timeline_show": {Purpose: "A ticket's or branch's frames by day, oldest first.", Required: []string{"ticketOrBranch"},
		Optional: []string{"since", "until", "format (text|json|compact)", "module", "cursor", "limit"}, Example: map[string]any{"ticketOrBranch": "AUTH-123"}},
	"system_introspect": {Purpose: "What this server offers and how many frames it holds.", Required: []string{}, Optional: []string{"format"}},
	"help":              {Purpose: "This help.", Required: []string{}, Optional: []string{"tool", "examples", "format (full|micro)"}},
	"hints_get":         {Purpose: "Recovery advice by hint id.", Required: []string{"hintIds"}, Optional: []string{}, Example: map[string]any{"hintIds": []string{"hint_mod_empty_001"}}},
	"db_stats":          {Purpose: "Frame counts.", Required: []string{}, Optional: []string{"detailed"}},
	"turncost_calculate": {Purpose: "Frames, tokens and prompts of a period.", Required: []string{}, Optional: []string{"period ('24h', '7d', '2w', '1m' or an RFC 3339 time)"},
		Example: map[string]any{"period": "7d"}},
	"contradictions_scan": {Purpose: "Pairs of frames that may contradict each other.", Required: []string{}, Optional: []string{"module", "limit"}},
	"policy_check":        {Purpose: "Not supported by Baton (no policy files).", Required: []string{}, Optional: []string{}},
	"atlas_analyze":       {Purpose: "Not supported by Baton (no code atlas).", Required: []string{}, Optional: []string{}},
}

// HelpIn is the input of help.
type HelpIn struct {
	Tool     string `json:"tool,omitempty" jsonschema:"a tool name or deprecated alias (default: every tool)"`
	Examples *bool  `json:"examples,omitempty" jsonschema:"include example calls (default true)"`
	Format   string `json:"format,omitempty" jsonschema:"full (default) or micro"`
}

// HelpOut is help's answer.
type HelpOut struct {
	Tools map[string]toolHelp `json:"tools"`
}

func canonical(name string) string {
	for tool, as := range lexAliases {
		if slices.Contains(as, name) {
			return tool
		}
	}
	return name
}

func (t *tools) help(_ context.Context, _ *mcp.CallToolRequest, in HelpIn) (*mcp.CallToolResult, HelpOut, error) {
	form, err := format(in.Format, "full", "micro")
	if err != nil {
		return nil, HelpOut{}, err
	}
	out := HelpOut{Tools: map[string]toolHelp{}}
	names := []string{}
	if in.Tool != "" {
		name := canonical(in.Tool)
		if _, ok := helpTable[name]; !ok {
			return nil, HelpOut{}, fmt.Errorf("tool: no tool named %q; call help without tool for the list", in.Tool)
		}
		names = append(names, name)
	} else {
		for n := range helpTable {
			names = append(names, n)
		}
		sort.Strings(names)
	}
	var text strings.Builder
	for _, n := range names {
		h := helpTable[n]
		h.Aliases = lexAliases[n]
		if in.Examples != nil && !*in.Examples {
			h.Example = nil
		}
		out.Tools[n] = h
		if form == "micro" {
			ex, _ := json.Marshal(h.Example)
			fmt.Fprintf(&text, "%s %s\n", n, ex)
			continue
		}
		fmt.Fprintf(&text, "## %s\n%s\nRequired: %s\nOptional: %s\n", n, h.Purpose, orNone(h.Required), orNone(h.Optional))
		if h.Example != nil {
			ex, _ := json.Marshal(h.Example)
			fmt.Fprintf(&text, "Example: %s\n", ex)
		}
		if len(h.Aliases) > 0 {
			fmt.Fprintf(&text, "Deprecated names: %s (use %s instead)\n", strings.Join(h.Aliases, ", "), n)
		}
		text.WriteString("\n")
	}
	return textResult(text.String()), out, nil
}

func orNone(l []string) string {
	if len(l) == 0 {
		return "none"
	}
	return strings.Join(l, ", ")
}

// hint is stable recovery advice, as Lex's hint registry has it.
type hint struct {
	Action string `json:"action"`
	Tool   string `json:"tool,omitempty"`
	Field  string `json:"field,omitempty"`
}

// hints holds Lex's hint ids, the advice adapted to Baton.
var hints = map[string]hint{
	"hint_mod_invalid_001":      {Action: "Check the module id's spelling against the modules your frames use", Tool: "db_stats", Field: "module_scope"},
	"hint_mod_empty_001":        {Action: `Provide at least one module id, or ["workspace/unscoped"]`, Field: "module_scope"},
	"hint_policy_not_found_001": {Action: "Baton keeps no policy file; policy_check is not supported, the frame tools need none"},
	"hint_policy_invalid_001":   {Action: "Baton keeps no policy file; policy_check is not supported, the frame tools need none"},
	"hint_frame_not_found_001":  {Action: "List recent frames", Tool: "frame_list"},
	"hint_frame_invalid_001":    {Action: "Check frame schema requirements", Tool: "frame_validate", Field: "status_snapshot.next_action"},
	"hint_required_field_001":   {Action: "Provide required field", Tool: "help"},
	"hint_storage_write_001":    {Action: "Retry operation (with the same request_id, a retry stores the frame once)"},
	"hint_storage_read_001":     {Action: "Check that the Baton server (BATON_URL) is running and the token (BATON_TOKEN) is valid"},
	"hint_config_not_found_001": {Action: "Set BATON_URL and BATON_TOKEN (or sign in with baton login)"},
	"hint_config_invalid_001":   {Action: "Check BATON_URL is the server's address and BATON_TOKEN a current token"},
}

// HintsIn is the input of hints_get.
type HintsIn struct {
	HintIDs []string `json:"hintIds" jsonschema:"hint ids, such as hint_mod_empty_001"`
}

// HintsOut is hints_get's answer.
type HintsOut struct {
	Hints    map[string]hint `json:"hints"`
	NotFound []string        `json:"notFound,omitempty"`
}

func (t *tools) hintsGet(_ context.Context, _ *mcp.CallToolRequest, in HintsIn) (*mcp.CallToolResult, HintsOut, error) {
	if len(in.HintIDs) == 0 {
		return nil, HintsOut{}, errors.New("hintIds is required: an array of hint ids such as hint_mod_empty_001")
	}
	out := HintsOut{Hints: map[string]hint{}}
	for _, id := range in.HintIDs {
		if h, ok := hints[id]; ok {
			out.Hints[id] = h
		} else {
			out.NotFound = append(out.NotFound, id)
		}
	}
	b, _ := json.MarshalIndent(out, "", "  ")
	return textResult(string(b)), out, nil
}

// DBStatsIn is the input of db_stats.
type DBStatsIn struct {
	Detailed bool `json:"detailed,omitempty" jsonschema:"include the frames of each module"`
}

// DBStatsOut is db_stats's answer, in Lex's shape.
type DBStatsOut struct {
	Store              map[string]string `json:"store"`
	Frames             DBFrames          `json:"frames"`
	ModuleDistribution map[string]int    `json:"moduleDistribution,omitempty"`
}

// DBFrames counts frames.
type DBFrames struct {
	Total     int                `json:"total"`
	ThisWeek  int                `json:"thisWeek"`
	ThisMonth int                `json:"thisMonth"`
	DateRange map[string]*string `json:"dateRange"`
}

func (t *tools) dbStats(ctx context.Context, _ *mcp.CallToolRequest, in DBStatsIn) (*mcp.CallToolResult, DBStatsOut, error) {
	c, err := t.client()
	if err != nil {
		return nil, DBStatsOut{}, err
	}
	now := t.now().UTC()
	week, month := now.AddDate(0, 0, -7), now.AddDate(0, 0, -30)
	w, err := stats(ctx, c, &week, false)
	if err != nil {
		return nil, DBStatsOut{}, err
	}
	m, err := stats(ctx, c, &month, in.Detailed)
	if err != nil {
		return nil, DBStatsOut{}, err
	}
	out := DBStatsOut{Store: map[string]string{"backend": "baton", "server": c.BaseURL()},
		Frames: DBFrames{Total: m.Total, ThisWeek: w.SinceFrames, ThisMonth: m.SinceFrames, DateRange: map[string]*string{"oldest": nil, "newest": nil}}}
	if m.Oldest != nil {
		o, n := m.Oldest.Format(time.RFC3339), m.Newest.Format(time.RFC3339)
		out.Frames.DateRange["oldest"], out.Frames.DateRange["newest"] = &o, &n
	}
	if in.Detailed {
		out.ModuleDistribution = map[string]int{}
		for _, mc := range m.Modules {
			out.ModuleDistribution[mc.Module] = mc.Frames
		}
	}
	b, _ := json.MarshalIndent(out, "", "  ")
	return textResult(string(b)), out, nil
}

// TurnCostIn is the input of turncost_calculate.
type TurnCostIn struct {
	Period string `json:"period,omitempty" jsonschema:"'24h', '7d', '2w', '1m' or an RFC 3339 time (default 24h)"`
}

// TurnCostOut is turncost_calculate's answer, in Lex's shape.
type TurnCostOut struct {
	Period   string         `json:"period"`
	Since    string         `json:"since"`
	TurnCost map[string]any `json:"turnCost"`
	Derived  map[string]any `json:"derived"`
}

var periodRE = regexp.MustCompile(`^(\d+)(h|d|w|m)$`)

// periodStart reads a turn cost period as Lex does: a duration back from
// now in hours, days, weeks or months, or an RFC 3339 time.
func periodStart(period string, now time.Time) (time.Time, error) {
	if m := periodRE.FindStringSubmatch(period); m != nil {
		n, err := strconv.Atoi(m[1])
		if err != nil || n > 100000 {
			return time.Time{}, fmt.Errorf("period: %q is too long", period)
		}
		switch m[2] {
		case "h":
			return now.Add(-time.Duration(n) * time.Hour), nil
		case "d":
			return now.AddDate(0, 0, -n), nil
		case "w":
			return now.AddDate(0, 0, -7*n), nil
		default:
			return now.AddDate(0, -n, 0), nil
		}
	}
	if at, err := time.Parse(time.RFC3339Nano, period); err == nil {
		return at, nil
	}
	return time.Time{}, fmt.Errorf(`period: invalid period format %q; use "24h", "7d", "30d" or an RFC 3339 time`, period)
}

func (t *tools) turncost(ctx context.Context, _ *mcp.CallToolRequest, in TurnCostIn) (*mcp.CallToolResult, TurnCostOut, error) {
	c, err := t.client()
	if err != nil {
		return nil, TurnCostOut{}, err
	}
	if in.Period == "" {
		in.Period = "24h"
	}
	since, err := periodStart(in.Period, t.now().UTC())
	if err != nil {
		return nil, TurnCostOut{}, err
	}
	st, err := stats(ctx, c, &since, false)
	if err != nil {
		return nil, TurnCostOut{}, err
	}
	avg := int64(0)
	if st.SinceFrames > 0 {
		avg = (st.TokensEstimated + int64(st.SinceFrames)/2) / int64(st.SinceFrames)
	}
	out := TurnCostOut{Period: in.Period, Since: since.UTC().Format(time.RFC3339Nano),
		TurnCost: map[string]any{"frames": st.SinceFrames, "estimatedTokens": st.TokensEstimated, "prompts": st.Prompts},
		Derived:  map[string]any{"avgTokensPerFrame": avg}}
	b, _ := json.MarshalIndent(out, "", "  ")
	return textResult(string(b)), out, nil
}

// ContradictionsIn is the input of contradictions_scan.
type ContradictionsIn struct {
	Module string  `json:"module,omitempty" jsonschema:"only frames with this module_scope entry"`
	Limit  float64 `json:"limit,omitempty" jsonschema:"how many of the newest frames to scan (default 10000, at most 10000)"`
}

// ContradictionsOut is contradictions_scan's answer, in Lex's shape.
type ContradictionsOut struct {
	TotalFrames         int             `json:"totalFrames"`
	ModuleFilter        *string         `json:"moduleFilter"`
	ContradictionsFound int             `json:"contradictionsFound"`
	Contradictions      []Contradiction `json:"contradictions"`
}

// Contradiction is one pair of frames that may contradict each other.
type Contradiction struct {
	FrameA        ContradictionFrame `json:"frameA"`
	FrameB        ContradictionFrame `json:"frameB"`
	Signal        Signal             `json:"signal"`
	ModuleOverlap []string           `json:"moduleOverlap"`
}

// ContradictionFrame names a frame of a contradiction.
type ContradictionFrame struct {
	ID        string   `json:"id"`
	Timestamp string   `json:"timestamp"`
	Summary   string   `json:"summary"`
	Modules   []string `json:"modules"`
}

// Signal is why two frames may contradict each other.
type Signal struct {
	Type        string  `json:"type"`
	Confidence  float64 `json:"confidence"`
	Explanation string  `json:"explanation"`
}

const maxScan = 10000

func (t *tools) contradictions(ctx context.Context, _ *mcp.CallToolRequest, in ContradictionsIn) (*mcp.CallToolResult, ContradictionsOut, error) {
	limit := maxScan
	if in.Limit != 0 {
		if in.Limit != float64(int(in.Limit)) || in.Limit < 1 || in.Limit > maxScan {
			return nil, ContradictionsOut{}, fmt.Errorf("limit must be a whole number from 1 to %d; got %v", maxScan, in.Limit)
		}
		limit = int(in.Limit)
	}
	var all []lexFrame
	list := FrameListIn{Module: in.Module}
	for len(all) < limit {
		page, next, err := t.timelinePage(ctx, list, "", min(1000, limit-len(all)), false)
		if err != nil {
			return nil, ContradictionsOut{}, err
		}
		all = append(all, page...)
		if next == "" {
			break
		}
		list.Cursor = next
	}
	out := ContradictionsOut{TotalFrames: len(all), Contradictions: scanContradictions(all)}
	if in.Module != "" {
		out.ModuleFilter = &in.Module
	}
	out.ContradictionsFound = len(out.Contradictions)
	b, _ := json.MarshalIndent(out, "", "  ")
	return textResult(string(b)), out, nil
}

// The contradiction signals of Lex's scan (src/memory/contradictions.ts).
var (
	oppositePairs = [][2]string{{"always", "never"}, {"required", "optional"}, {"include", "exclude"}, {"async", "sync"},
		{"add", "remove"}, {"enable", "disable"}, {"allow", "forbid"}, {"use", "avoid"}, {"prefer", "discourage"},
		{"must", "avoid"}, {"should", "shouldn't"}, {"do", "don't"}, {"all", "none"}, {"every", "no"}}
	negationWords = []string{"not", "no", "never", "avoid", "don't", "doesn't", "didn't", "won't", "cannot", "can't",
		"shouldn't", "mustn't", "disable", "remove", "skip", "without"}
	negationRE  = regexp.MustCompile(`\b(` + strings.Join(negationWords, "|") + `)\b`)
	keywordRE   = regexp.MustCompile(`\b\w{3,}\b`)
	negationWRE = regexp.MustCompile(`\b\w{4,}\b`)
)

// scanned is a frame with what the scan compares, worked out once.
type scanned struct {
	f        lexFrame
	keywords map[string]bool
	negation bool
	words    map[string]bool // summary words of 4+ letters, negation words left out
}

func scanOf(f lexFrame) scanned {
	s := scanned{f: f, keywords: frameKeywords(f), words: map[string]bool{}}
	sum := strings.ToLower(f.SummaryCaption)
	s.negation = negationRE.MatchString(sum)
	for _, w := range negationWRE.FindAllString(sum, -1) {
		if !slices.Contains(negationWords, w) {
			s.words[w] = true
		}
	}
	return s
}

func frameKeywords(f lexFrame) map[string]bool {
	k := map[string]bool{}
	for _, w := range f.Keywords {
		k[strings.ToLower(w)] = true
	}
	for _, w := range keywordRE.FindAllString(strings.ToLower(f.SummaryCaption+" "+f.ReferencePoint), -1) {
		k[w] = true
	}
	return k
}

// negates is Lex's negation pattern: one summary negates and the other
// does not, and they share at least two words of four letters or more.
func negates(a, b scanned) bool {
	if a.negation == b.negation {
		return false
	}
	overlap := 0
	for w := range a.words {
		if b.words[w] {
			if overlap++; overlap >= 2 {
				return true
			}
		}
	}
	return false
}

func contradiction(a, b scanned) (Signal, []string, bool) {
	var shared []string
	for _, m := range a.f.ModuleScope {
		if slices.Contains(b.f.ModuleScope, m) && !slices.Contains(shared, m) {
			shared = append(shared, m)
		}
	}
	if len(shared) == 0 {
		return Signal{}, nil, false
	}
	ka, kb := a.keywords, b.keywords
	for _, p := range oppositePairs {
		if (ka[p[0]] && kb[p[1]]) || (ka[p[1]] && kb[p[0]]) {
			return Signal{Type: "opposite-keywords", Confidence: 0.8, Explanation: fmt.Sprintf("Conflicting guidance: %q vs %q", p[0], p[1])}, shared, true
		}
	}
	if negates(a, b) {
		return Signal{Type: "negation-pattern", Confidence: 0.6, Explanation: "New frame appears to negate existing guidance"}, shared, true
	}
	return Signal{}, nil, false
}

// scanContradictions compares every pair of frames no frame supersedes,
// highest confidence first.
func scanContradictions(all []lexFrame) []Contradiction {
	out := []Contradiction{}
	var frames []scanned
	for _, f := range all {
		if f.SupersededBy == "" {
			frames = append(frames, scanOf(f))
		}
	}
	for i := range frames {
		for j := i + 1; j < len(frames); j++ {
			sig, shared, ok := contradiction(frames[i], frames[j])
			if !ok {
				continue
			}
			out = append(out, Contradiction{FrameA: cframe(frames[i].f), FrameB: cframe(frames[j].f), Signal: sig, ModuleOverlap: shared})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Signal.Confidence > out[j].Signal.Confidence })
	return out
}

func cframe(f lexFrame) ContradictionFrame {
	return ContradictionFrame{ID: f.ID, Timestamp: f.Timestamp, Summary: f.SummaryCaption, Modules: f.ModuleScope}
}
