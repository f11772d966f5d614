package replay

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/pricing"
	"github.com/baton-dev/baton/internal/store"
)

// CreateMatrix replays one fork point of one of the steward's
// conversations (src, read with Conversation) with up to
// baton.MaxMatrixRuns parameter sets: one replay per set, all made in one
// transaction, each started in the background when a model is
// configured. A field of set i is named "runs[i].field"; key, when set,
// makes the matrix once (a form sent twice).
func (s *Service) CreateMatrix(ctx context.Context, stewardID int64, src Source, atMessageID int64, title, key string, runs []Request) (*baton.ReplayMatrix, []*baton.Replay, error) {
	title = strings.TrimSpace(title)
	if len(title) > 200 {
		return nil, nil, baton.Invalid("title", "title must be at most 200 characters")
	}
	if len(key) > 90 {
		return nil, nil, baton.Invalid("key", "key must be at most 90 characters")
	}
	if len(runs) == 0 {
		return nil, nil, baton.Invalid("runs", "give at least one parameter set")
	}
	if len(runs) > baton.MaxMatrixRuns {
		return nil, nil, baton.Invalid("runs", "a replay matrix has at most %d parameter sets; got %d", baton.MaxMatrixRuns, len(runs))
	}
	if atMessageID <= 0 {
		return nil, nil, baton.Invalid("at_message_id", "at_message_id is required: the id of the message the runs fork after")
	}
	reqs := make([]store.ReplayRequest, len(runs))
	for i := range runs {
		r := runs[i]
		r.Key = ""
		if err := r.Check(fmt.Sprintf("runs[%d].", i)); err != nil {
			return nil, nil, err
		}
		if r.Title == "" {
			r.Title = fmt.Sprintf("set %d: %s", i+1, r.Describe())
		}
		r.AtMessageID = atMessageID
		reqs[i] = r.stored()
		if key != "" {
			reqs[i].Key = fmt.Sprintf("%s/%d", key, i)
		}
	}
	if title == "" {
		title = fmt.Sprintf("%d parameter sets", len(runs))
	}
	at, err := s.forkMessage(ctx, stewardID, src, atMessageID)
	if err != nil {
		return nil, nil, err
	}
	m, out, err := s.store.CreateReplayMatrix(ctx, stewardID, src.Conversation, at, title, reqs)
	if err != nil {
		return nil, nil, err
	}
	if s.runner != nil {
		for i, r := range out {
			if r.Status != baton.ReplayPrepared {
				continue // a form sent twice: its runs started the first time
			}
			started, err := s.start(ctx, stewardID, r.ID, baton.ReplayPrepared)
			if err != nil && baton.ErrorCode(err) != baton.ECONFLICT {
				return m, out, err
			}
			if started != nil {
				out[i] = started
			}
		}
	}
	return m, out, nil
}

// Describe is a parameter set in a few words: what it changes from the
// recorded run.
func (r Request) Describe() string {
	var parts []string
	if r.Model != "" {
		parts = append(parts, r.Model)
	}
	if r.Temperature != nil {
		parts = append(parts, "temperature "+ftoa(*r.Temperature))
	}
	if r.MaxTokens != nil {
		parts = append(parts, "max tokens "+itoa(*r.MaxTokens))
	}
	if r.SystemPrompt != "" {
		parts = append(parts, "own system prompt")
	}
	if len(r.ToolAllow) > 0 {
		parts = append(parts, "tools "+strings.Join(r.ToolAllow, ", "))
	}
	if len(r.ToolDeny) > 0 {
		parts = append(parts, "without "+strings.Join(r.ToolDeny, ", "))
	}
	if r.ExtraContext != "" {
		parts = append(parts, "extra context")
	}
	if len(parts) == 0 {
		return "as recorded"
	}
	return strings.Join(parts, ", ")
}

// MatrixRun is one run of a matrix with what it is compared by: its
// transcript (the prefix up to the fork point included) and its diff
// against the baseline (Compute(baseline, run)).
type MatrixRun struct {
	Replay   *baton.Replay
	Messages []*baton.Message
	Diff     *Diff
}

// ScoreDelta is one scorer's value for a run beside the baseline's.
type ScoreDelta struct {
	Score
	Baseline *float64 `json:"baseline"`
	// Delta is run minus baseline when both have a value.
	Delta *float64 `json:"delta"`
	// Worse is true when the delta goes the wrong way for this scorer.
	Worse bool `json:"worse"`
}

// MatrixRow is one run of a matrix against the baseline (the recorded
// conversation after the same fork point).
type MatrixRow struct {
	Replay      *baton.Replay `json:"replay"`
	Verdict     string        `json:"verdict"`
	VerdictRule string        `json:"verdict_rule"`
	Scores      []ScoreDelta  `json:"scores"`
	Messages    int           `json:"messages"`
	Errors      int           `json:"errors"`
	ErrorsDelta int           `json:"errors_delta"`
	Tokens      int64         `json:"tokens"`
	TokensDelta int64         `json:"tokens_delta"`
	// CostUSD is the estimated cost of the run's priced tokens; Priced is
	// false when neither side's models have a price.
	CostUSD      float64 `json:"estimated_cost_usd"`
	CostDeltaUSD float64 `json:"estimated_cost_delta_usd"`
	Priced       bool    `json:"priced"`
	// Duration is how long the run took (its latest run, from start to
	// end, or so far); DurationDelta is that minus the recorded run's
	// time from the fork point to its last message.
	Duration      time.Duration `json:"duration_ns"`
	DurationDelta time.Duration `json:"duration_delta_ns"`
	// Regression orders the rows, worst first (see MatrixOrder).
	Regression []float64 `json:"-"`
}

// MatrixBaseline is the recorded conversation after the fork point, as
// the rows are measured against it.
type MatrixBaseline struct {
	Messages int           `json:"messages"`
	Errors   int           `json:"errors"`
	Tokens   int64         `json:"tokens"`
	CostUSD  float64       `json:"estimated_cost_usd"`
	Duration time.Duration `json:"duration_ns"`
	Scores   []Score       `json:"scores"`
}

// MatrixOrder says how the rows are sorted, for the page.
const MatrixOrder = "Worst first: failed runs, then the verdict furthest from the original, then the most added tool errors, then the largest drop in scores, then the most added tokens; runs still in progress come last."

// lowerIsBetter names the scorers whose value should fall.
var lowerIsBetter = map[string]bool{"error rate": true}

var verdictRank = map[string]float64{Equivalent: 0, Similar: 1, Mixed: 2, Divergent: 3}

// MatrixRows measures each run against the baseline (the whole recorded
// transcript; the runs fork after message atMessageID) and sorts them
// worst first. now ends the duration of a run still in progress.
func MatrixRows(baseline []*baton.Message, atMessageID int64, runs []MatrixRun, now time.Time) (MatrixBaseline, []MatrixRow) {
	tailOf := func(msgs []*baton.Message) []*baton.Message {
		for i, m := range msgs {
			if m.ID == atMessageID {
				return msgs[i+1:]
			}
		}
		return nil
	}
	bt := tailOf(baseline)
	btok := pricing.Totals(bt)
	base := MatrixBaseline{Messages: len(bt), Errors: errorsOf(bt), Tokens: btok.Total, CostUSD: btok.CostUSD, Scores: Scores(bt)}
	if len(bt) > 0 {
		var at time.Time
		for _, m := range baseline {
			if m.ID == atMessageID {
				at = m.Timestamp
			}
		}
		if !at.IsZero() {
			base.Duration = max(0, bt[len(bt)-1].Timestamp.Sub(at))
		}
	}
	rows := make([]MatrixRow, 0, len(runs))
	for _, run := range runs {
		tail := tailOf(run.Messages)
		tok := pricing.Totals(tail)
		row := MatrixRow{Replay: run.Replay, Messages: len(tail), Errors: errorsOf(tail), Tokens: tok.Total, CostUSD: tok.CostUSD,
			Priced: tok.Unpriced < tok.Total || btok.Unpriced < btok.Total}
		row.ErrorsDelta = row.Errors - base.Errors
		row.TokensDelta = row.Tokens - base.Tokens
		row.CostDeltaUSD = row.CostUSD - base.CostUSD
		if r := run.Replay; r.StartedAt != nil {
			end := now
			if r.Finished() && r.CompletedAt != nil {
				end = *r.CompletedAt
			}
			row.Duration = max(0, end.Sub(*r.StartedAt))
			row.DurationDelta = row.Duration - base.Duration
		}
		if run.Diff != nil {
			row.Verdict, row.VerdictRule = run.Diff.Verdict, run.Diff.VerdictRule
		}
		drop := 0.0
		for i, sc := range Scores(tail) {
			d := ScoreDelta{Score: sc, Baseline: base.Scores[i].Value}
			if sc.Value != nil && d.Baseline != nil {
				v := round3(*sc.Value - *d.Baseline)
				d.Delta = &v
				if lowerIsBetter[sc.Name] {
					v = -v
				}
				d.Worse = v < 0
				drop -= v
			}
			row.Scores = append(row.Scores, d)
		}
		status := 1.0
		switch run.Replay.Status {
		case baton.ReplayFailed:
			status = 2
		case baton.ReplayPrepared, baton.ReplayRunning:
			status = 0
		}
		row.Regression = []float64{status, verdictRank[row.Verdict], float64(row.ErrorsDelta), drop, float64(row.TokensDelta)}
		rows = append(rows, row)
	}
	slices.SortStableFunc(rows, func(a, b MatrixRow) int {
		for i := range a.Regression {
			if c := compareFloat(b.Regression[i], a.Regression[i]); c != 0 {
				return c
			}
		}
		return a.Replay.MatrixPosition - b.Replay.MatrixPosition
	})
	return base, rows
}

func compareFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func errorsOf(msgs []*baton.Message) int {
	n := 0
	for _, m := range msgs {
		if m.ToolResult != nil && m.ToolResult.IsError {
			n++
		}
	}
	return n
}
