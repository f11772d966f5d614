package replay

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/llm"
)

// Model is the chat model a replay runs against: an *llm.Client (an
// OpenAI-compatible server or Anthropic Messages).
type Model interface {
	Complete(ctx context.Context, req llm.Request) (*llm.Response, error)
}

// Runner drives a replay against a model: it sends the replay's context,
// keeps the answer, and where the model calls a tool it answers from the
// recording (the recorded call of the same tool with the same arguments)
// or stops and says why: a replay never runs a tool for real.
type Runner struct {
	Model Model
	// MaxSteps bounds the model calls of one run (8 when 0).
	MaxSteps int
	// Now stamps the messages the run adds.
	Now func() time.Time
}

// RunResult is how a run ended: the tool answers it gave (recorded or
// missing) and, when it could not finish, why.
type RunResult struct {
	Answers []baton.ToolAnswer
	Steps   int
	Failure string
}

// recording is the recorded run's tool calls, each with its result, in
// order. A replayed call is answered by the next unused recorded call of
// the same tool with the same arguments after the fork point (the call
// the recorded run made at that point), else by the same call made
// anywhere else in the recording.
type recording struct {
	calls   []recordedCall
	forkSeq int64
	used    map[int]bool
}

type recordedCall struct {
	call   baton.ToolCall
	seq    int64
	result *baton.Message
}

func newRecording(recorded []*baton.Message, forkSeq int64) *recording {
	results := map[string]*baton.Message{}
	for _, m := range recorded {
		if m.ToolResult != nil && m.ToolResult.ToolUseID != "" {
			results[m.ToolResult.ToolUseID] = m
		}
	}
	rc := &recording{forkSeq: forkSeq, used: map[int]bool{}}
	for _, m := range recorded {
		for _, tc := range m.ToolCalls {
			if r, ok := results[tc.ID]; ok && tc.ID != "" {
				rc.calls = append(rc.calls, recordedCall{call: tc, seq: m.Seq, result: r})
			}
		}
	}
	return rc
}

// answer finds the recorded result of a call.
func (rc *recording) answer(name string, args json.RawMessage) (result *baton.Message, atForkPoint, ok bool) {
	same := func(c recordedCall) bool { return c.call.Name == name && sameJSON(toolInput(c.call), args) }
	for i, c := range rc.calls {
		if c.seq > rc.forkSeq && !rc.used[i] && same(c) {
			rc.used[i] = true
			return c.result, true, true
		}
	}
	for _, c := range rc.calls {
		if same(c) {
			return c.result, false, true
		}
	}
	return nil, false, false
}

// Run drives one run of a replay. transcript is the context the model
// answers (the fork's transcript: the prefix up to the fork point and
// whatever the fork holds since); recorded is the whole transcript of the
// conversation the replay was forked from, where tool answers come from.
// emit stores each message as it is made, so progress shows while the run
// goes on; a message emit cannot store ends the run.
func (rn *Runner) Run(ctx context.Context, r *baton.Replay, forkSeq int64, transcript, recorded []*baton.Message, emit func(*baton.Message) error) RunResult {
	var res RunResult
	steps := rn.MaxSteps
	if steps <= 0 {
		steps = 8
	}
	now := rn.Now
	if now == nil {
		now = time.Now
	}
	rec := newRecording(recorded, forkSeq)
	msgs := append([]*baton.Message{}, transcript...)
	n := 0
	add := func(m *baton.Message) error {
		n++
		// The replay, its run and the place in the run: storing the same
		// message twice is a duplicate, not a second copy.
		m.SourceID = fmt.Sprintf("replay:%s:%d:%d", r.ID, r.Runs, n)
		m.Timestamp = now()
		msgs = append(msgs, m)
		if err := emit(m); err != nil {
			return fmt.Errorf("the run's messages could not be stored: %s", baton.ErrorMessage(err))
		}
		return nil
	}
	fail := func(err error) RunResult {
		res.Failure = err.Error()
		if ctx.Err() != nil && context.Cause(ctx) != nil && context.Cause(ctx) != ctx.Err() {
			res.Failure = context.Cause(ctx).Error()
		}
		return res
	}
	for res.Steps < steps {
		res.Steps++
		answer, err := rn.Model.Complete(ctx, modelRequest(r, msgs))
		if err != nil {
			return fail(err)
		}
		model := answer.Model
		if model == "" {
			model = r.Model
		}
		out := &baton.Message{Role: baton.RoleAssistant, Content: answer.Text, Model: model, Usage: answer.Usage}
		for _, tc := range answer.ToolCalls {
			out.ToolCalls = append(out.ToolCalls, baton.ToolCall{ID: tc.ID, Name: tc.Name, Input: tc.Arguments})
		}
		if len(out.ToolCalls) > 0 && out.Content == "" {
			out.Role = baton.RoleToolCall
		}
		if err := add(out); err != nil {
			return fail(err)
		}
		if len(out.ToolCalls) == 0 {
			return res // the model answered: the run is done
		}
		for _, tc := range out.ToolCalls {
			if !r.ToolAllowed(tc.Name) {
				return fail(fmt.Errorf("the model called %s, which the replay's tool filter does not allow", tc.Name))
			}
			input := string(toolInput(tc))
			got, atFork, ok := rec.answer(tc.Name, tc.Input)
			if !ok {
				res.Answers = append(res.Answers, baton.ToolAnswer{CallID: tc.ID, Tool: tc.Name, Input: clipText(input, 500)})
				return fail(fmt.Errorf("the model called %s with %s, a call the recorded run never made: there is no recorded answer to give", tc.Name, clipText(input, 200)))
			}
			res.Answers = append(res.Answers, baton.ToolAnswer{CallID: tc.ID, Tool: tc.Name, Input: clipText(input, 500),
				Recorded: true, RecordedSeq: got.Seq, AtForkPoint: atFork})
			isErr := got.ToolResult != nil && got.ToolResult.IsError
			answerMsg := &baton.Message{Role: baton.RoleToolResult, Content: got.Content, ToolResult: &baton.ToolResult{ToolUseID: tc.ID, IsError: isErr},
				Attributes: map[string]any{"replay_answer": "recorded", "recorded_seq": got.Seq}}
			if err := add(answerMsg); err != nil {
				return fail(err)
			}
		}
	}
	res.Failure = fmt.Sprintf("the model was still calling tools after %d steps", steps)
	return res
}

func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n-- // do not cut a character in two
	}
	return s[:n] + "…"
}
