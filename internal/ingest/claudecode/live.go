package claudecode

import (
	"bytes"
	"encoding/json"
)

// A transcript read while Claude Code is still writing it (through its
// hooks) is imported again each time it grows, and the store keeps every
// message once and never updates it. So a live reader must not hand over a
// message that a longer read would still change. Two things can change:
//
//   - the last model response, whose content blocks arrive as separate lines
//     sharing one message.id (OpenResponse finds where it starts, so the
//     reader can hold those lines back);
//   - a subagent or sidechain conversation whose spawning tool call has not
//     returned: its place and title come from that call (Options.Live
//     leaves such conversations out until then).

// OpenResponse returns the offset in data, a transcript's complete lines so
// far, where the model response that may still be written starts, or
// len(data) when none may be.
//
// The last response is open from its first line on — tool results written
// between its blocks included — until a line of another response follows,
// or a prompt (a user line that is not only tool results). A reader holds
// back data[OpenResponse(data):] until one of those follows or the agent has
// stopped (the Stop, SubagentStop or SessionEnd hook).
func OpenResponse(data []byte) int {
	open, start := "", len(data)
	end := len(data)
	for end > 0 {
		i := bytes.LastIndexByte(data[:end-1], '\n') + 1
		kind, id := peekLine(data[i:end])
		end = i
		switch kind {
		case lineAssistant:
			switch {
			case id == "" && open == "":
				return len(data) // a response without id is never merged
			case id == "" || (open != "" && id != open):
				return start
			}
			open, start = id, i
		case linePrompt:
			if open == "" {
				return len(data)
			}
			return start
		}
	}
	return start
}

// NextPrompt returns the offset in data of its first prompt line (a user
// line that is not only tool results: a prompt, a slash command, an
// interruption), or -1 when it has none.
func NextPrompt(data []byte) int {
	for at := 0; at < len(data); {
		end := bytes.IndexByte(data[at:], '\n')
		if end < 0 {
			end = len(data) - at
		}
		if kind, _ := peekLine(data[at : at+end]); kind == linePrompt {
			return at
		}
		at += end + 1
	}
	return -1
}

// Line kinds OpenResponse tells apart.
const (
	lineOther = iota
	lineAssistant
	linePrompt
)

// peekLine tells what a transcript line is, decoding no more than it must.
func peekLine(text []byte) (kind int, messageID string) {
	text = bytes.TrimSpace(text)
	if len(text) == 0 || text[0] != '{' {
		return lineOther, ""
	}
	var l struct {
		Type    string `json:"type"`
		Message *struct {
			ID      string          `json:"id"`
			Content json.RawMessage `json:"content"`
		} `json:"message"`
	}
	if json.Unmarshal(text, &l) != nil || l.Message == nil {
		return lineOther, ""
	}
	switch l.Type {
	case "assistant":
		return lineAssistant, l.Message.ID
	case "user":
		content := bytes.TrimSpace(l.Message.Content)
		if len(content) == 0 || content[0] != '[' {
			return linePrompt, ""
		}
		var blocks []struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(content, &blocks) != nil {
			return lineOther, ""
		}
		for _, b := range blocks {
			if b.Type != "tool_result" {
				return linePrompt, ""
			}
		}
	}
	return lineOther, ""
}

// holdUnplaced leaves out of a live parse the agent conversations whose
// spawning call has not returned yet, and every conversation that branches
// off one of them.
func (b *builder) holdUnplaced() {
	held := map[string]bool{}
	for changed := true; changed; {
		changed = false
		for _, c := range b.convs[1:] {
			if !held[c.Key] && (held[c.ParentKey] || (c.agentID != "" && !b.placedByCall(c))) {
				held[c.Key], changed = true, true
			}
		}
	}
	if len(held) == 0 {
		return
	}
	kept := make([]*conv, 0, len(b.convs)-len(held))
	for _, c := range b.convs {
		if !held[c.Key] {
			kept = append(kept, c)
		}
	}
	b.convs = kept
}

// placedByCall reports whether an agent's conversation hangs off the tool
// call that spawned it, as placeChild places it once the call has returned.
func (b *builder) placedByCall(c *conv) bool {
	useID, ok := b.agents[c.agentID]
	if !ok {
		return false
	}
	call, ok := b.calls[useID]
	return ok && call.conv.Key != c.Key // by key: Incremental.Document works on copies
}
