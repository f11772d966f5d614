package modelanalysis

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// PromptVersion names the prompt, its bounds and its schema: a change to
// any of them changes it, so answers cached under the old prompt are not
// reused.
const PromptVersion = "1"

// The prompt's bounds. Of a session's main conversation, only the
// steward's and the assistant's words, the tools the assistant ran (name
// and the start of the input) and the tool results that failed go in,
// each cut to MaxMessageChars; system messages, thinking, successful tool
// output and attachments stay out. When those lines come to more than
// MaxPromptChars characters or MaxPromptMessages messages, the first
// third of either budget goes to the start of the session (its goal) and
// the rest to its end (its outcome), with one line saying how many
// messages in between were left out.
const (
	MaxPromptChars    = 24000
	MaxPromptMessages = 200
	MaxMessageChars   = 600
	maxToolInputChars = 160
	// MaxAnswerTokens bounds the model's answer.
	MaxAnswerTokens = 2000
)

// systemPrompt is the instruction every request carries.
const systemPrompt = `You write the record of a conversation between a person (the steward) and an AI assistant, for the steward to read later and for the next session to pick up from.

Return only the JSON the schema asks for:
- title: what the session was about, in at most 8 words, in the conversation's language. Its subject, not the first prompt copied: no slash commands, file paths, URLs or shell commands, never cut mid-word.
- summary: 1 to 3 plain sentences: what was asked, what was done, how it ended. No markup.
- decisions: choices made in the session, each with its rationale (why, and what was rejected, when the conversation says so) and the number of the message where it was made, as [12]. A choice the steward made between options the assistant offered counts, and so does a recommendation the steward accepted. Empty when nothing was decided.
- tasks: the work the steward asked for or the session planned, each as a short imperative phrase (never a raw command), with status "done" when the conversation shows it finished and "open" otherwise. An error the session resolved is not a task. Empty when there were none.

Write only what the conversation says; never invent.`

// Prompt is the user message of the request for a session: a short header
// and the bounded transcript. included is how many messages went in.
func Prompt(sess *baton.Session, msgs []*baton.Message) (prompt string, included int) {
	var lines []string
	for _, m := range msgs {
		if l := promptLine(m); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return "", 0
	}
	kept, left := bound(lines)
	var b strings.Builder
	b.WriteString("Conversation")
	if sess.Source != "" {
		fmt.Fprintf(&b, " (source: %s)", sess.Source)
	}
	fmt.Fprintf(&b, ", %d messages, numbered as in the session:\n\n", len(lines))
	for _, l := range kept {
		if l == "" {
			fmt.Fprintf(&b, "[… %d messages left out …]\n", left)
			continue
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String(), len(kept) - boolInt(left > 0)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// bound keeps the lines within the budgets: all of them, or the start and
// the end with "" where the rest was left out; left is how many were.
func bound(lines []string) (kept []string, left int) {
	total := 0
	for _, l := range lines {
		total += utf8.RuneCountInString(l) + 1
	}
	if total <= MaxPromptChars && len(lines) <= MaxPromptMessages {
		return lines, 0
	}
	headChars, headMsgs := MaxPromptChars/3, MaxPromptMessages/3
	var head []string
	used := 0
	for _, l := range lines {
		n := utf8.RuneCountInString(l) + 1
		if used+n > headChars || len(head) >= headMsgs {
			break
		}
		head = append(head, l)
		used += n
	}
	var tail []string
	for i := len(lines) - 1; i >= len(head); i-- {
		n := utf8.RuneCountInString(lines[i]) + 1
		if used+n > MaxPromptChars || len(head)+len(tail) >= MaxPromptMessages {
			break
		}
		tail = append(tail, lines[i])
		used += n
	}
	left = len(lines) - len(head) - len(tail)
	kept = append(head, "")
	for i := len(tail) - 1; i >= 0; i-- {
		kept = append(kept, tail[i])
	}
	return kept, left
}

// promptLine is one message as the prompt shows it, or "" for a message
// that stays out.
func promptLine(m *baton.Message) string {
	num := fmt.Sprintf("[%d] ", m.Seq)
	switch m.Role {
	case baton.RoleSteward:
		if t := oneLine(m.Content); t != "" {
			return num + "steward: " + clipChars(t, MaxMessageChars)
		}
	case baton.RoleAssistant, baton.RoleToolCall:
		var parts []string
		if m.Role == baton.RoleAssistant {
			if t := oneLine(m.Content); t != "" {
				parts = append(parts, clipChars(t, MaxMessageChars))
			}
		}
		for _, tc := range m.ToolCalls {
			parts = append(parts, "(ran "+tc.Name+" "+clipChars(toolInputText(tc.Input), maxToolInputChars)+")")
		}
		if len(parts) > 0 {
			return num + "assistant: " + clipChars(strings.Join(parts, " "), MaxMessageChars)
		}
	case baton.RoleToolResult:
		if m.ToolResult != nil && m.ToolResult.IsError {
			if t := oneLine(m.Content); t != "" {
				return num + "tool error: " + clipChars(t, maxToolInputChars)
			}
		}
	}
	return ""
}

// toolInputText is a tool call's input as one short line: the command,
// path or query it names, or its JSON.
func toolInputText(in json.RawMessage) string {
	var fields map[string]any
	if json.Unmarshal(in, &fields) == nil {
		for _, k := range []string{"command", "file_path", "path", "pattern", "query", "url", "description"} {
			if s, ok := fields[k].(string); ok && s != "" {
				return oneLine(s)
			}
		}
	}
	return oneLine(string(in))
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func clipChars(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

// cacheKey is the hash an answer is cached under: the prompt version, the
// model and everything sent.
func cacheKey(model, system, prompt string) string {
	h := sha256.New()
	for _, s := range []string{PromptVersion, model, system, string(answerSchema), prompt} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}
