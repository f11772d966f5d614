package replay

import (
	"math"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// Score is one deterministic scorer's result for one conversation. A
// scorer that does not apply (no tools, no tokens recorded) has no value.
type Score struct {
	Name    string   `json:"name"`
	Value   *float64 `json:"value"`
	Formula string   `json:"formula"`
	Detail  string   `json:"detail"`
}

// Scores are the deterministic scores of one conversation's messages after
// the shared prefix (what the run itself did).
func Scores(tail []*baton.Message) []Score {
	var tokens int64
	var calls, results, errors, assistantWords, assistantMsgs int
	for _, m := range tail {
		tokens += m.Usage.Total()
		calls += len(m.ToolCalls)
		if m.ToolResult != nil {
			results++
			if m.ToolResult.IsError {
				errors++
			}
		}
		if m.Role == baton.RoleAssistant && strings.TrimSpace(m.Content) != "" {
			assistantMsgs++
			assistantWords += len(strings.Fields(m.Content))
		}
	}
	val := func(x float64) *float64 { x = round3(x); return &x }
	var out []Score
	eff := Score{Name: "token efficiency", Formula: "1000 / (1000 + tokens per assistant answer)"}
	if tokens > 0 && assistantMsgs > 0 {
		per := float64(tokens) / float64(assistantMsgs)
		eff.Value = val(1000 / (1000 + per))
		eff.Detail = ftoa(per) + " tokens per answer"
	} else {
		eff.Detail = "no token usage or no answers recorded"
	}
	out = append(out, eff)
	er := Score{Name: "error rate", Formula: "failed tool results / tool results"}
	if results > 0 {
		er.Value = val(float64(errors) / float64(results))
		er.Detail = itoa(errors) + " of " + itoa(results) + " results failed"
	} else {
		er.Detail = "no tool results"
	}
	out = append(out, er)
	ts := Score{Name: "tool success", Formula: "1 − failed tool results / tool calls"}
	if calls > 0 {
		ts.Value = val(math.Max(0, 1-float64(errors)/float64(calls)))
		ts.Detail = itoa(calls) + " calls, " + itoa(errors) + " failed"
	} else {
		ts.Detail = "no tool calls: not scored"
	}
	out = append(out, ts)
	con := Score{Name: "conciseness", Formula: "200 / max(200, words per assistant answer)"}
	if assistantMsgs > 0 {
		per := float64(assistantWords) / float64(assistantMsgs)
		con.Value = val(200 / math.Max(200, per))
		con.Detail = ftoa(per) + " words per answer"
	} else {
		con.Detail = "no answers"
	}
	out = append(out, con)
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

// ftoa writes x with at most one decimal.
func ftoa(x float64) string { return strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64) }
