package analysis

import (
	"encoding/json"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// convo builds a conversation message by message, a minute apart, with
// sequence numbers from 1.
type convo struct {
	msgs  []*baton.Message
	clock time.Time
	calls int
}

func newConvo() *convo {
	return &convo{clock: time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)}
}

func (c *convo) add(m *baton.Message) *baton.Message {
	m.Seq = int64(len(c.msgs) + 1)
	m.Timestamp = c.clock.Add(time.Duration(len(c.msgs)) * time.Minute)
	c.msgs = append(c.msgs, m)
	return m
}

func (c *convo) steward(text string) *baton.Message {
	return c.add(&baton.Message{Role: baton.RoleSteward, Content: text})
}

func (c *convo) assistant(text string) *baton.Message {
	return c.add(&baton.Message{Role: baton.RoleAssistant, Content: text})
}

// turns adds texts as the steward's and the assistant's turns by turn,
// the steward's first.
func (c *convo) turns(texts ...string) *convo {
	for i, text := range texts {
		if i%2 == 0 {
			c.steward(text)
		} else {
			c.assistant(text)
		}
	}
	return c
}

// tool adds a tool call and its result; a non-empty errText makes the
// result fail with that text.
func (c *convo) tool(name string, input any, output, errText string) {
	c.calls++
	id := "call" + string(rune('a'+c.calls%26)) + time.Duration(c.calls).String()
	raw, _ := json.Marshal(input)
	c.add(&baton.Message{Role: baton.RoleToolCall, Content: name, ToolCalls: []baton.ToolCall{{ID: id, Name: name, Input: raw}}})
	res := &baton.Message{Role: baton.RoleToolResult, Content: output, ToolResult: &baton.ToolResult{ToolUseID: id}}
	if errText != "" {
		res.Content = errText
		res.ToolResult.IsError = true
	}
	c.add(res)
}

func (c *convo) analysed(a *Analyzer) []*baton.Message {
	for _, m := range c.msgs {
		a.Message(m)
	}
	return c.msgs
}

type obj = map[string]any

// say adds prose with its analysis given, so a test controls sentiment,
// intent and emotions exactly.
func (c *convo) say(role baton.Role, text string, sentiment float64, intent string, emotions ...string) *baton.Message {
	return c.add(&baton.Message{Role: role, Content: text, Semantic: baton.Semantic{
		Sentiment: sentiment, Intent: intent, Emotions: emotions, Topics: []string{}, Entities: []baton.Entity{},
	}})
}

func seqs(ms ...*baton.Message) []int64 {
	out := make([]int64, len(ms))
	for i, m := range ms {
		out[i] = m.Seq
	}
	return out
}
