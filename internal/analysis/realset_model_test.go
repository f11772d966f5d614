package analysis_test

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/modelanalysis"
	"github.com/baton-dev/baton/internal/store"
)

// evalModel runs the real set through a model: with BATON_EVAL_MODEL=1,
// `make eval` imports every session with model-written analysis on, as
// `baton serve` does with BATON_LLM_ANALYSIS=1, against the endpoint the
// BATON_LLM_* settings name (see the README's Model endpoint), and scores
// what the sessions then hold. The daily budget applies only when
// BATON_LLM_ANALYSIS_DAILY_TOKENS or _USD sets one. Without the switch the
// evaluation is the extraction's alone and nothing leaves the machine.
type evalModel struct {
	st        *store.Store
	stewardID int64
	model     string
	status    map[string]int
	reasons   map[string]int
	fields    map[string]int // fields the model wrote
	usage     baton.Usage
	costUSD   float64
	unpriced  int
}

// newEvalModel turns model analysis on for im when BATON_EVAL_MODEL=1,
// and returns what counts its steps (nil when off).
func newEvalModel(t *testing.T, st *store.Store, im *ingest.Importer, stewardID int64) *evalModel {
	if os.Getenv("BATON_EVAL_MODEL") != "1" {
		return nil
	}
	cfg, err := modelanalysis.ConfigFromEnv(os.Getenv)
	if err != nil {
		t.Fatalf("BATON_EVAL_MODEL=1: %v", err)
	}
	if os.Getenv("BATON_LLM_ANALYSIS_DAILY_TOKENS") == "" {
		cfg.DailyTokens = 0
	}
	w := modelanalysis.New(st, cfg)
	im.Analysis().SetModelWriter(w)
	return &evalModel{st: st, stewardID: stewardID, model: w.Model(),
		status: map[string]int{}, reasons: map[string]int{}, fields: map[string]int{}}
}

// note counts the model step of one imported session.
func (m *evalModel) note(t *testing.T, sessionID string) {
	if m == nil {
		return
	}
	step, err := m.st.ModelAnalysis(context.Background(), m.stewardID, sessionID)
	if err != nil {
		t.Fatalf("%s: model step: %v", sessionID, err)
	}
	m.status[step.Status]++
	if step.Reason != "" {
		m.reasons[clipReason(step.Reason)]++
	}
	for _, f := range step.Fields {
		if f.Source != baton.SourceExtracted {
			m.fields[f.Field]++
		} else if f.Reason != "" && f.Reason != step.Reason {
			m.reasons[f.Field+": "+clipReason(f.Reason)]++
		}
	}
	m.usage.InputTokens += step.Usage.InputTokens
	m.usage.OutputTokens += step.Usage.OutputTokens
	m.usage.CacheReadTokens += step.Usage.CacheReadTokens
	m.usage.CacheCreationTokens += step.Usage.CacheCreationTokens
	m.costUSD += step.CostUSD
	if !step.Priced && step.Usage.Total() > 0 {
		m.unpriced++
	}
}

func clipReason(s string) string {
	if r := []rune(s); len(r) > 100 {
		return string(r[:100]) + "…"
	}
	return s
}

// header says, at the top of the report, that a model wrote the fields
// and what it cost; "" when the model was off.
func (m *evalModel) header() string {
	if m == nil {
		return ""
	}
	var b strings.Builder
	model := m.model
	if model == "" {
		model = "(the server's default model)"
	}
	fmt.Fprintf(&b, "# with model-written analysis (BATON_EVAL_MODEL=1): %s, prompt version %s\n", model, modelanalysis.PromptVersion)
	fmt.Fprintf(&b, "# model steps: %s; fields written by the model: %s\n", countsOf(m.status), countsOf(m.fields))
	cost := fmt.Sprintf("$%.4f", m.costUSD)
	if m.unpriced > 0 {
		cost += fmt.Sprintf(" (+%d sessions of a model without a price)", m.unpriced)
	}
	fmt.Fprintf(&b, "# tokens: %d in, %d out, %d cache read; estimated cost %s\n", m.usage.InputTokens, m.usage.OutputTokens, m.usage.CacheReadTokens, cost)
	reasons := make([]string, 0, len(m.reasons))
	for r := range m.reasons {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	for _, r := range reasons {
		fmt.Fprintf(&b, "# extraction kept (%d): %s\n", m.reasons[r], r)
	}
	return b.String()
}

// countsOf is "a=1, b=2", by key.
func countsOf(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%d", k, m[k])
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}
