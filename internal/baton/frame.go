package baton

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"
)

// Frame is a Lex frame (schema v3): an immutable episodic snapshot of a piece
// of work. Every field of the schema is kept; a nil slice or pointer is a
// field the frame did not have, so a frame comes back out exactly as it came
// in. Fields Baton does not know (later Lex versions, a runner's own) are
// kept verbatim in Extra, in the order they came.
//
// A frame belongs to one steward (the token or sign-in that stored it);
// userId is kept as the frame says it, it does not choose the owner.
type Frame struct {
	// Required.
	ID             string
	Timestamp      string    // as the frame gave it
	At             time.Time // the instant Timestamp names, UTC
	Branch         string
	ModuleScope    []string
	SummaryCaption string
	ReferencePoint string
	StatusSnapshot FrameStatus

	// Optional, v1.
	Jira         *string
	Keywords     []string
	AtlasFrameID *string
	FeatureFlags []string
	Permissions  []string
	ImageIDs     []string

	// Optional, v2: execution provenance.
	RunID    *string
	PlanHash *string
	Spend    *FrameSpend

	// Optional, v3: LexRunner.
	UserID           *string
	ExecutorRole     *string
	ToolCalls        []string
	GuardrailProfile *string

	// Extra holds the fields schema v3 does not name, verbatim.
	Extra []FrameField

	// Raw is the frame's JSON as it came (compacted: whitespace between
	// tokens dropped, nothing else), kept when it differs from what
	// Canonical writes (another key order, number spelling or escaping),
	// so the frame goes back out byte for byte; nil when it does not.
	Raw []byte

	// Baton's own, never part of the Lex JSON.
	StewardID int64
	CreatedAt time.Time
}

// FrameStatus is a frame's status_snapshot.
type FrameStatus struct {
	NextAction    string
	Blockers      []string
	MergeBlockers []string
	TestsFailing  []string
	Extra         []FrameField
}

// FrameSpend is a frame's spend: prompts and estimated tokens, whole numbers.
type FrameSpend struct {
	Prompts         *int64
	TokensEstimated *int64
	Extra           []FrameField
}

// FrameField is one field of a frame that Baton keeps without knowing it.
type FrameField struct {
	Name  string
	Value json.RawMessage
}

// MarshalJSON writes the frame as Lex JSON: as it came when Raw holds
// that, else as Canonical writes it.
func (f *Frame) MarshalJSON() ([]byte, error) {
	if f.Raw != nil {
		return f.Raw, nil
	}
	return f.Canonical()
}

// Canonical writes the frame as Lex JSON from its fields: the schema's
// fields in the schema's order, the ones the frame had, then its other
// fields as they came; & < > are not escaped (Lex writes them as they are).
func (f *Frame) Canonical() ([]byte, error) {
	var o jsonObject
	o.str("id", f.ID)
	o.str("timestamp", f.Timestamp)
	o.str("branch", f.Branch)
	o.optStr("jira", f.Jira)
	o.strs("module_scope", nonNil(f.ModuleScope))
	o.str("summary_caption", f.SummaryCaption)
	o.str("reference_point", f.ReferencePoint)
	status, err := f.StatusSnapshot.MarshalJSON()
	if err != nil {
		return nil, err
	}
	o.raw("status_snapshot", status)
	o.strs("keywords", f.Keywords)
	o.optStr("atlas_frame_id", f.AtlasFrameID)
	o.strs("feature_flags", f.FeatureFlags)
	o.strs("permissions", f.Permissions)
	o.strs("image_ids", f.ImageIDs)
	o.optStr("runId", f.RunID)
	o.optStr("planHash", f.PlanHash)
	if f.Spend != nil {
		spend, err := f.Spend.MarshalJSON()
		if err != nil {
			return nil, err
		}
		o.raw("spend", spend)
	}
	o.optStr("userId", f.UserID)
	o.optStr("executorRole", f.ExecutorRole)
	o.strs("toolCalls", f.ToolCalls)
	o.optStr("guardrailProfile", f.GuardrailProfile)
	o.extra(f.Extra)
	return o.close(), o.err
}

// MarshalJSON writes status_snapshot in the schema's order.
func (s *FrameStatus) MarshalJSON() ([]byte, error) {
	var o jsonObject
	o.str("next_action", s.NextAction)
	o.strs("blockers", s.Blockers)
	o.strs("merge_blockers", s.MergeBlockers)
	o.strs("tests_failing", s.TestsFailing)
	o.extra(s.Extra)
	return o.close(), o.err
}

// MarshalJSON writes spend in the schema's order.
func (s *FrameSpend) MarshalJSON() ([]byte, error) {
	var o jsonObject
	if s.Prompts != nil {
		o.value("prompts", *s.Prompts)
	}
	if s.TokensEstimated != nil {
		o.value("tokens_estimated", *s.TokensEstimated)
	}
	o.extra(s.Extra)
	return o.close(), o.err
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// jsonObject writes one JSON object field by field, in the order asked.
type jsonObject struct {
	buf bytes.Buffer
	n   int
	err error
}

func (o *jsonObject) key(name string) {
	if o.n == 0 {
		o.buf.WriteByte('{')
	} else {
		o.buf.WriteByte(',')
	}
	o.n++
	o.quoted(name)
	o.buf.WriteByte(':')
}

// quoted writes s as a JSON string, as MarshalPlain does: printable ASCII
// without a quote or a backslash as it is, anything else through it.
func (o *jsonObject) quoted(s string) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			b, _ := MarshalPlain(s)
			o.buf.Write(b)
			return
		}
	}
	o.buf.WriteByte('"')
	o.buf.WriteString(s)
	o.buf.WriteByte('"')
}

func (o *jsonObject) value(name string, v any) {
	b, err := MarshalPlain(v)
	if err != nil {
		o.err = err
		return
	}
	o.raw(name, b)
}

// MarshalPlain is json.Marshal without HTML escaping, as JavaScript's
// JSON.stringify writes & < and >.
func MarshalPlain(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

func (o *jsonObject) raw(name string, b []byte) {
	o.key(name)
	o.buf.Write(b)
}

func (o *jsonObject) str(name, v string) {
	o.key(name)
	o.quoted(v)
}

func (o *jsonObject) optStr(name string, v *string) {
	if v != nil {
		o.str(name, *v)
	}
}

func (o *jsonObject) strs(name string, v []string) {
	if v == nil {
		return
	}
	o.key(name)
	o.buf.WriteByte('[')
	for i, s := range v {
		if i > 0 {
			o.buf.WriteByte(',')
		}
		o.quoted(s)
	}
	o.buf.WriteByte(']')
}

func (o *jsonObject) extra(fields []FrameField) {
	for _, f := range fields {
		o.raw(f.Name, f.Value)
	}
}

func (o *jsonObject) close() []byte {
	if o.n == 0 {
		return []byte("{}")
	}
	o.buf.WriteByte('}')
	return o.buf.Bytes()
}

// Recall modes: every term must match, or any.
const (
	RecallAll = "all"
	RecallAny = "any"
)

// FrameTerm is one term of a recall query: words that must stand next to
// each other (a hyphenated word, a path, a ticket id, a run of CJK
// characters), the last of them a prefix when Prefix is set.
type FrameTerm struct {
	Words  []string
	Prefix bool
}

// FrameRecall is a recall query after normalisation: what the store runs.
type FrameRecall struct {
	// IncludeSuperseded keeps frames another frame supersedes (their
	// superseded_by is set); recall leaves them out otherwise.
	IncludeSuperseded bool
	Terms             []FrameTerm
	Mode              string // RecallAll or RecallAny
	Module            string // exact module_scope entry, or ""
	Branch            string // exact branch, or ""
	Since             *time.Time
	Until             *time.Time
	Limit             int
}

// FrameHit is one recalled frame and why it ranks where it does.
type FrameHit struct {
	Frame     *Frame  `json:"frame"`
	Score     float64 `json:"score"`
	Relevance float64 `json:"relevance"`
	Recency   float64 `json:"recency"`
}

// FrameRecallResult is the answer to a recall.
type FrameRecallResult struct {
	Query   string      `json:"query"`
	Terms   []string    `json:"terms"`
	Ignored []string    `json:"ignored,omitempty"`
	Mode    string      `json:"mode"`
	Hits    []*FrameHit `json:"hits"`
	Count   int         `json:"count"`
	// Checked is how many candidates the ranking checked against the
	// query to know the best ones; every other match scores lower.
	Checked int     `json:"checked"`
	TookMS  float64 `json:"took_ms"`
	Message string  `json:"message,omitempty"`
}

// FrameFilter selects a steward's frames for a timeline or an export,
// newest first, in keyset pages.
type FrameFilter struct {
	Branch string
	Module string
	Jira   string // exact ticket, or "" for any
	// IncludeSuperseded keeps frames another frame supersedes.
	IncludeSuperseded bool
	Since             *time.Time
	Until             *time.Time
	Cursor            string // from the previous page's NextCursor
	Limit             int
}

// FramePage is one page of a timeline.
type FramePage struct {
	Frames     []*Frame `json:"frames"`
	NextCursor string   `json:"next_cursor"`
}

// Frame import outcomes.
const (
	FrameCreated   = "created"
	FrameDuplicate = "duplicate" // the same frame is stored already
	FrameConflict  = "conflict"  // a different frame is stored under its id
	FrameInvalid   = "invalid"
)

// FrameImportResult says what happened to one frame of a batch.
type FrameImportResult struct {
	Index  int    `json:"index"`
	ID     string `json:"id,omitempty"`
	Status string `json:"status"`
	Error  string `json:"error,omitempty"`
	Field  string `json:"field,omitempty"`
}

// ParseFrameTime reads a frame's timestamp: RFC 3339 with Z or an offset
// (2025-12-01T10:30:00Z, 2025-12-01T12:30:00.5+02:00), or a date and time
// without one, taken as UTC (2025-12-01T10:30:00). It returns the instant in UTC.
func ParseFrameTime(s string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC(), nil
	}
	if t, err := time.Parse("2006-01-02T15:04:05.999999999", s); err == nil {
		return t.UTC(), nil
	}
	return time.Time{}, Invalid("timestamp", "timestamp must be an RFC 3339 time such as 2025-12-01T10:30:00Z or 2025-12-01T12:30:00+02:00; got %q", s)
}

// FrameFields splits a JSON object into its fields, in order.
func FrameFields(raw []byte) ([]FrameField, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil {
		return nil, err
	} else if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, Errorf(EINVALID, "not a JSON object")
	}
	var out []FrameField
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, FrameField{Name: tok.(string), Value: v})
	}
	return out, nil
}

// DecodeFrame reads a frame back from the Lex JSON it was stored as: every
// field into its place, the ones the schema does not name into Extra in
// their order, as frames.Parse reads them, but without Parse's checks (the
// frame passed them when it was stored; a rule added since must not make
// it unreadable). Raw is left nil.
func DecodeFrame(raw []byte) (*Frame, error) {
	fields, err := FrameFields(raw)
	if err != nil {
		return nil, err
	}
	f := &Frame{}
	for _, fl := range fields {
		v := []byte(fl.Value)
		switch fl.Name {
		case "id":
			err = json.Unmarshal(v, &f.ID)
		case "timestamp":
			if err = json.Unmarshal(v, &f.Timestamp); err == nil {
				f.At, err = ParseFrameTime(f.Timestamp)
			}
		case "branch":
			err = json.Unmarshal(v, &f.Branch)
		case "module_scope":
			err = json.Unmarshal(v, &f.ModuleScope)
		case "summary_caption":
			err = json.Unmarshal(v, &f.SummaryCaption)
		case "reference_point":
			err = json.Unmarshal(v, &f.ReferencePoint)
		case "status_snapshot":
			err = f.StatusSnapshot.UnmarshalJSON(v)
		case "jira":
			err = json.Unmarshal(v, &f.Jira)
		case "keywords":
			err = json.Unmarshal(v, &f.Keywords)
		case "atlas_frame_id":
			err = json.Unmarshal(v, &f.AtlasFrameID)
		case "feature_flags":
			err = json.Unmarshal(v, &f.FeatureFlags)
		case "permissions":
			err = json.Unmarshal(v, &f.Permissions)
		case "image_ids":
			err = json.Unmarshal(v, &f.ImageIDs)
		case "runId":
			err = json.Unmarshal(v, &f.RunID)
		case "planHash":
			err = json.Unmarshal(v, &f.PlanHash)
		case "spend":
			f.Spend = &FrameSpend{}
			err = f.Spend.UnmarshalJSON(v)
		case "userId":
			err = json.Unmarshal(v, &f.UserID)
		case "executorRole":
			err = json.Unmarshal(v, &f.ExecutorRole)
		case "toolCalls":
			err = json.Unmarshal(v, &f.ToolCalls)
		case "guardrailProfile":
			err = json.Unmarshal(v, &f.GuardrailProfile)
		default:
			f.Extra = append(f.Extra, fl)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", fl.Name, err)
		}
	}
	return f, nil
}

// MarshalFrameFields writes fields as one JSON object, in order.
func MarshalFrameFields(fields []FrameField) []byte {
	var o jsonObject
	o.extra(fields)
	return o.close()
}

// UnmarshalJSON reads status_snapshot as MarshalJSON writes it.
func (s *FrameStatus) UnmarshalJSON(b []byte) error {
	fields, err := FrameFields(b)
	if err != nil {
		return err
	}
	*s = FrameStatus{}
	for _, f := range fields {
		switch f.Name {
		case "next_action":
			err = json.Unmarshal(f.Value, &s.NextAction)
		case "blockers":
			err = json.Unmarshal(f.Value, &s.Blockers)
		case "merge_blockers":
			err = json.Unmarshal(f.Value, &s.MergeBlockers)
		case "tests_failing":
			err = json.Unmarshal(f.Value, &s.TestsFailing)
		default:
			s.Extra = append(s.Extra, f)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// UnmarshalJSON reads spend as MarshalJSON writes it.
func (s *FrameSpend) UnmarshalJSON(b []byte) error {
	fields, err := FrameFields(b)
	if err != nil {
		return err
	}
	*s = FrameSpend{}
	for _, f := range fields {
		switch f.Name {
		case "prompts":
			s.Prompts, err = wholeNumber(f.Value)
		case "tokens_estimated":
			s.TokensEstimated, err = wholeNumber(f.Value)
		default:
			s.Extra = append(s.Extra, f)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// wholeNumber reads a spend count however a frame spelled it (12, 12.0,
// 1.2e1): frames.Parse takes each spelling of a whole number.
func wholeNumber(v json.RawMessage) (*int64, error) {
	var num json.Number
	if err := json.Unmarshal(v, &num); err != nil {
		return nil, err
	}
	if n, err := num.Int64(); err == nil {
		return &n, nil
	}
	x, err := num.Float64()
	if err != nil || x != math.Trunc(x) {
		return nil, fmt.Errorf("%s is not a whole number", v)
	}
	n := int64(x)
	return &n, nil
}

// Frame–session links: how a frame was matched to the session it was taken in.
const (
	FrameLinkRun    = "run"    // the frame's runId is the session's id or source reference (Claude Code's session id)
	FrameLinkBranch = "branch" // same branch, and the frame's time falls within the session
)

// FrameSession is a session a frame was taken in.
type FrameSession struct {
	SessionID string `json:"session_id"`
	Title     string `json:"title"`
	Link      string `json:"link"`
}

// FrameStats counts a steward's frames: all of them, and those at or after
// Since with what they spent (spend.prompts and spend.tokens_estimated).
type FrameStats struct {
	Total           int           `json:"total"`
	Oldest          *time.Time    `json:"oldest,omitempty"`
	Newest          *time.Time    `json:"newest,omitempty"`
	Since           *time.Time    `json:"since,omitempty"`
	SinceFrames     int           `json:"since_frames"`
	Prompts         int64         `json:"prompts"`
	TokensEstimated int64         `json:"tokens_estimated"`
	Modules         []ModuleCount `json:"modules,omitempty"`
}

// ModuleCount is how many frames name a module in their module_scope.
type ModuleCount struct {
	Module string `json:"module"`
	Frames int    `json:"frames"`
}

// SupersededBy is the id of the frame that replaces f (its superseded_by,
// Lex schema v5), "" when none does.
func (f *Frame) SupersededBy() string {
	for _, x := range f.Extra {
		if x.Name == "superseded_by" {
			var s string
			_ = json.Unmarshal(x.Value, &s)
			return strings.TrimSpace(s)
		}
	}
	return ""
}

// MergedFrom is the ids of the frames f merges (its merged_from, v5).
func (f *Frame) MergedFrom() []string {
	for _, x := range f.Extra {
		if x.Name == "merged_from" {
			var l []string
			_ = json.Unmarshal(x.Value, &l)
			return l
		}
	}
	return nil
}

// LaterSchema is the Lex schema version that added a frame field beyond
// v3 (turnCost … module_attribution), 0 for any other name.
func LaterSchema(name string) int {
	switch name {
	case "turnCost", "capabilityTier", "taskComplexity":
		return 4
	case "superseded_by", "merged_from":
		return 5
	case "contradiction_resolution":
		return 6
	case "module_attribution":
		return 7
	}
	return 0
}
