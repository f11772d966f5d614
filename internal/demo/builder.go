package demo

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// session writes one demo document message by message, keeping the clock,
// the source ids and the growing context size as a transcript would.
type session struct {
	n   int
	rng *rand.Rand
	doc baton.ImportDocument

	conv    int       // index of the conversation being written
	counts  []int     // messages written per conversation, for source ids
	clock   time.Time // time of the last message written
	model   string
	context int64 // tokens in the model's context so far
	// think is how long the steward thinks before writing, at least and at most.
	think [2]time.Duration
}

func newSession(n int, start time.Time) *session {
	s := &session{
		n:     n,
		rng:   rand.New(rand.NewPCG(uint64(n), 0xba70)),
		clock: start,
		model: "claude-sonnet-4-5",
		think: [2]time.Duration{10 * time.Second, 90 * time.Second},
	}
	ref := fmt.Sprintf("demo-%02d", n)
	s.doc = baton.ImportDocument{
		Key: ref,
		Session: baton.Session{
			SourceRef:    ref,
			Type:         baton.SessionChat,
			Source:       "api",
			Steward:      baton.StewardRef{ID: StewardUsername, Name: StewardName, ProfileVersion: "1"},
			Version:      "2.0",
			ReviewStatus: baton.ReviewPending,
		},
		Conversations: []baton.ImportConversation{{Key: "main", Kind: baton.ConversationOriginal}},
	}
	s.counts = []int{0}
	s.context = 14000 + int64(s.rng.IntN(5000)) // system prompt and tool definitions
	return s
}

// finish fills what follows from the messages: title of the main
// conversation, start, end and duration.
func (s *session) finish() baton.ImportDocument {
	ss := &s.doc.Session
	ss.StartedAt = s.doc.Conversations[0].Messages[0].Timestamp
	end := ss.StartedAt
	for _, c := range s.doc.Conversations {
		if last := c.Messages[len(c.Messages)-1].Timestamp; last.After(end) {
			end = last
		}
	}
	ss.EndedAt = &end
	ss.DurationSeconds = int64(end.Sub(ss.StartedAt) / time.Second)
	if ss.Tags == nil {
		ss.Tags = []string{}
	}
	s.doc.Conversations[0].Title = ss.Title
	if ss.Assistant.ModelVersion == "" && s.model != "" {
		ss.Assistant.ModelVersion = s.model
	}
	return s.doc
}

// between returns a random duration in [lo, hi).
func (s *session) between(lo, hi time.Duration) time.Duration {
	return lo + time.Duration(s.rng.Int64N(int64(hi-lo)))
}

// pause moves the clock on, for breaks between parts of a session.
func (s *session) pause(d time.Duration) { s.clock = s.clock.Add(d) }

// add appends a message to the current conversation, advancing the clock by
// gap.
func (s *session) add(m baton.Message, gap time.Duration) {
	c := &s.doc.Conversations[s.conv]
	s.counts[s.conv]++
	if c.Key == "main" {
		m.SourceID = fmt.Sprintf("demo-%02d-%d", s.n, s.counts[s.conv])
	} else {
		m.SourceID = fmt.Sprintf("demo-%02d-%s-%d", s.n, c.Key, s.counts[s.conv])
	}
	s.clock = s.clock.Add(max(gap, time.Second))
	m.Timestamp = s.clock
	m.Content, m.Thinking = md(m.Content), md(m.Thinking)
	if m.ContentType == "" {
		m.ContentType = contentType(m.Content)
	}
	if m.Impact.Significance == 0 {
		m.Impact.Significance = 0.5
	}
	s.context += int64(len(m.Content)+len(m.Thinking))*2/7 + 12
	c.Messages = append(c.Messages, m)
}

func contentType(text string) string {
	switch {
	case strings.HasPrefix(strings.TrimSpace(text), "```"):
		return baton.ContentCode
	case strings.Contains(text, "```"):
		return baton.ContentMixed
	default:
		return baton.ContentText
	}
}

// lastID is the source id of the last message of the current conversation.
func (s *session) lastID() string {
	c := s.doc.Conversations[s.conv]
	return c.Messages[len(c.Messages)-1].SourceID
}

// user writes a steward message. The gap is the time to read the last
// message (about 20 characters a second), think, and type this one (about 5).
func (s *session) user(text string) {
	var reading time.Duration
	if c := s.doc.Conversations[s.conv]; len(c.Messages) > 0 {
		reading = time.Duration(len(c.Messages[len(c.Messages)-1].Content)/20) * time.Second
	}
	typing := time.Duration(len(text)/5) * time.Second
	s.add(baton.Message{Role: baton.RoleSteward, Speaker: StewardName, Content: text}, reading+typing+s.between(s.think[0], s.think[1]))
}

// say writes an assistant reply.
func (s *session) say(text string) { s.reply("", text) }

// reply writes an assistant reply with its thinking.
func (s *session) reply(thinking, text string) { s.assistant(thinking, text, "") }

// reflect writes an assistant reply that reflects on the work itself.
func (s *session) reflect(text string) { s.assistant("", text, baton.ContentReflection) }

func (s *session) assistant(thinking, text, contentType string) {
	out := int64(len(text)+len(thinking))/4 + int64(s.rng.IntN(40))
	gap := time.Duration(out/45)*time.Second + s.between(3*time.Second, 12*time.Second)
	s.add(baton.Message{
		Role:        baton.RoleAssistant,
		Content:     text,
		ContentType: contentType,
		Thinking:    thinking,
		Model:       s.model,
		Usage:       s.usage(out),
		Meta:        baton.MessageMeta{ProcessingTimeMs: gap.Milliseconds(), TokenCount: out},
	}, gap)
}

// system writes a system message.
func (s *session) system(text string) {
	s.add(baton.Message{Role: baton.RoleSystem, Content: text}, time.Second)
}

// insight marks the last message as the one that cracked the problem.
func (s *session) insight(action string) {
	c := &s.doc.Conversations[s.conv]
	m := &c.Messages[len(c.Messages)-1]
	m.Impact = baton.Impact{LedToInsight: true, ChangedDirection: true, TriggeredAction: action, Significance: 0.9}
}

func (s *session) usage(out int64) baton.Usage {
	cached := s.context * int64(80+s.rng.IntN(15)) / 100
	return baton.Usage{
		InputTokens:         s.context - cached,
		OutputTokens:        out,
		CacheReadTokens:     cached,
		CacheCreationTokens: int64(s.rng.IntN(1200)),
	}
}

// tool writes a tool call and its result.
func (s *session) tool(name string, input any, summary, output string, failed bool) {
	raw, err := json.Marshal(input)
	if err != nil {
		panic(err)
	}
	id := s.toolID()
	out := int64(len(raw))/4 + 12
	s.add(baton.Message{
		Role:        baton.RoleToolCall,
		Content:     summary,
		ContentType: baton.ContentCommand,
		ToolCalls:   []baton.ToolCall{{ID: id, Name: name, Input: raw}},
		Model:       s.model,
		Usage:       s.usage(out),
	}, s.between(2*time.Second, 9*time.Second))
	run := s.between(300*time.Millisecond, 4*time.Second)
	if name == "Bash" {
		run = s.between(2*time.Second, 40*time.Second)
	}
	kind := baton.ContentText
	if name == "Read" {
		kind = baton.ContentCode
	}
	s.add(baton.Message{
		Role:        baton.RoleToolResult,
		Content:     output,
		ContentType: kind,
		ToolResult:  &baton.ToolResult{ToolUseID: id, IsError: failed},
	}, run)
}

const idAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

func (s *session) toolID() string {
	b := []byte("toolu_01")
	for range 22 {
		b = append(b, idAlphabet[s.rng.IntN(len(idAlphabet))])
	}
	return string(b)
}

// path makes a file path absolute in the session's working directory, as
// Claude Code writes them.
func (s *session) path(rel string) string {
	if wd := s.doc.Session.Technical.WorkingDirectory; wd != "" && !strings.HasPrefix(rel, "/") {
		return wd + "/" + rel
	}
	return rel
}

func (s *session) read(rel string, firstLine int, text string) {
	p := s.path(rel)
	var b strings.Builder
	for i, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		fmt.Fprintf(&b, "%6d\t%s\n", firstLine+i, line)
	}
	input := map[string]any{"file_path": p}
	if firstLine > 1 {
		input["offset"] = firstLine
		input["limit"] = strings.Count(text, "\n") + 1
	}
	s.tool("Read", input, "Read "+rel, b.String(), false)
}

func (s *session) edit(rel, old, new string) {
	p := s.path(rel)
	old, new = md(old), md(new)
	// Claude Code answers an edit with the edited lines, numbered.
	var b strings.Builder
	fmt.Fprintf(&b, "The file %s has been updated. Here's the result of running ‵cat -n‵ on a snippet of the edited file:\n", p)
	line := 12 + s.rng.IntN(280)
	for i, l := range strings.Split(new, "\n") {
		fmt.Fprintf(&b, "%6d\t%s\n", line+i, l)
	}
	s.tool("Edit", map[string]any{"file_path": p, "old_string": old, "new_string": new},
		"Edit "+rel, strings.TrimSuffix(b.String(), "\n"), false)
}

func (s *session) write(rel, content string) {
	p := s.path(rel)
	content = md(content)
	s.tool("Write", map[string]any{"file_path": p, "content": content},
		"Write "+rel, "File created successfully at: "+p, false)
}

func (s *session) bash(command, description, output string, failed bool) {
	if output == "" {
		output = "(no output)" // what a silent command shows in the transcript
	}
	s.tool("Bash", map[string]any{"command": command, "description": description}, command, output, failed)
}

func (s *session) grep(pattern, where, output string) {
	s.tool("Grep", map[string]any{"pattern": pattern, "path": s.path(where), "output_mode": "content", "-n": true},
		"Grep "+pattern+" in "+where, output, false)
}

// todo is one entry of a TodoWrite list.
type todo struct {
	Content string `json:"content"`
	Status  string `json:"status"` // pending, in_progress, completed
}

func (s *session) todos(items ...todo) {
	done := 0
	for _, t := range items {
		if t.Status == "completed" {
			done++
		}
	}
	s.tool("TodoWrite", map[string]any{"todos": items},
		fmt.Sprintf("Update todos (%d/%d done)", done, len(items)),
		"Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable", false)
}

// fork starts a new conversation of the session that forks from parent
// after the message with source id after, and writes into it from now on.
// Its clock starts a little after now.
func (s *session) fork(key, parent, after, title string) {
	s.doc.Conversations = append(s.doc.Conversations, baton.ImportConversation{
		Key: key, ParentKey: parent, ForkAfterSourceID: after, Kind: baton.ConversationFork, Title: title,
	})
	s.counts = append(s.counts, 0)
	s.conv = len(s.doc.Conversations) - 1
}

// md turns the stand-in backtick ‵ into a real one: Go's raw strings, in
// which the demo's Markdown is written, cannot hold backticks.
func md(text string) string { return strings.ReplaceAll(text, "‵", "`") }

// code fences text as a Markdown code block.
func code(lang, text string) string {
	return "```" + lang + "\n" + strings.TrimSuffix(text, "\n") + "\n```"
}

// pick returns one of the options.
func pick[T any](s *session, options ...T) T { return options[s.rng.IntN(len(options))] }
