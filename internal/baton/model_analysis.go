package baton

import "time"

// SourceExtracted is the source of a field the deterministic extraction
// wrote; a field a model wrote has the model's name as its source.
const SourceExtracted = "extracted"

// Fields a model may write of a session's analysis.
const (
	ModelFieldTitle     = "title"
	ModelFieldSummary   = "summary"
	ModelFieldDecisions = "decisions"
	ModelFieldTasks     = "tasks"
)

// ModelFields are the fields a model may write, in the order pages show them.
var ModelFields = []string{ModelFieldTitle, ModelFieldSummary, ModelFieldDecisions, ModelFieldTasks}

// Outcomes of a session analysis' model step.
const (
	ModelWritten  = "written"  // the model answered; its fields are in
	ModelCached   = "cached"   // the same question was answered before: no request
	ModelFallback = "fallback" // the model was asked and failed: the extraction stays
	ModelSkipped  = "skipped"  // the model was not asked (the session is open, or the budget is spent)
)

// FieldSource says what produced one field of a session's analysis, and
// why the extraction stayed where a model was asked.
type FieldSource struct {
	Field  string `json:"field"`
	Source string `json:"source"` // SourceExtracted or the model's name
	Reason string `json:"reason,omitempty"`
}

// ModelAnalysis is the model step of a session's last analysis: which
// fields the model wrote, what it cost, and, when the extraction stayed,
// why. Only the analysis service writes it.
type ModelAnalysis struct {
	SessionID string `json:"session_id"`
	// AnalysedAt is the analysis it belongs to (StoredAnalysis.AnalysedAt):
	// a later analysis without a model makes it stale.
	AnalysedAt time.Time     `json:"analysed_at"`
	Model      string        `json:"model"`
	Status     string        `json:"status"`
	Reason     string        `json:"reason,omitempty"`
	Fields     []FieldSource `json:"fields"`
	// Usage and CostUSD are what the answer cost when it was asked for
	// (a cached answer cost nothing this time); Priced is false for a
	// model the price table does not know.
	Usage         Usage   `json:"usage"`
	CostUSD       float64 `json:"cost_usd"`
	Priced        bool    `json:"priced"`
	CacheKey      string  `json:"cache_key,omitempty"`
	PromptVersion string  `json:"prompt_version,omitempty"`
}

// SourceOf is what produced a field: the model's name or SourceExtracted.
func (m *ModelAnalysis) SourceOf(field string) string {
	if m != nil {
		for _, f := range m.Fields {
			if f.Field == field {
				return f.Source
			}
		}
	}
	return SourceExtracted
}

// ModelUsage is what a steward's analyses spent on the model on one day.
type ModelUsage struct {
	Day      string  `json:"day"` // YYYY-MM-DD, UTC
	Requests int64   `json:"requests"`
	Tokens   int64   `json:"tokens"`
	CostUSD  float64 `json:"cost_usd"`
}

// CachedAnswer is a model's validated answer kept by the content it was
// asked about, with what it cost when it was asked for.
type CachedAnswer struct {
	Key     string  `json:"key"`
	Model   string  `json:"model"`
	Output  RawJSON `json:"output"`
	Usage   Usage   `json:"usage"`
	CostUSD float64 `json:"cost_usd"`
	Priced  bool    `json:"priced"`
}
