package comparison

import (
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/replay"
)

// Result is what a comparison shows: the diff and each run's scores.
type Result struct {
	Diff             *replay.Diff
	ScoresA, ScoresB []replay.Score
}

func analyse(a, b []*baton.Message) Result {
	d := replay.Compute(a, b)
	return Result{Diff: d, ScoresA: replay.Scores(a[d.PrefixLength:]), ScoresB: replay.Scores(b[d.PrefixLength:])}
}

// redactMessages copies messages with their texts redacted (none: the
// messages as they are).
func redactMessages(msgs []*baton.Message, redact func(string) string) []*baton.Message {
	if redact == nil {
		return msgs
	}
	out := make([]*baton.Message, len(msgs))
	for i, m := range msgs {
		c := *m
		c.Content, c.Thinking = redact(m.Content), redact(m.Thinking)
		c.ToolCalls = nil
		for _, tc := range m.ToolCalls {
			tc.Input = []byte(redact(string(tc.Input)))
			c.ToolCalls = append(c.ToolCalls, tc)
		}
		out[i] = &c
	}
	return out
}
