package baton

import (
	"encoding/json"
	"strings"
	"time"
)

// Role is who or what produced a message.
type Role string

const (
	RoleSteward    Role = "steward"
	RoleAssistant  Role = "assistant"
	RoleSystem     Role = "system"
	RoleToolCall   Role = "tool_call"
	RoleToolResult Role = "tool_result"
)

// Roles lists every role.
var Roles = []Role{RoleSteward, RoleAssistant, RoleSystem, RoleToolCall, RoleToolResult}

// Valid reports whether r is a known role.
func (r Role) Valid() bool {
	for _, v := range Roles {
		if r == v {
			return true
		}
	}
	return false
}

// Content types of a message.
const (
	ContentText       = "text"
	ContentCode       = "code"
	ContentMixed      = "mixed"
	ContentCommand    = "command"
	ContentReflection = "reflection"
)

// ContentTypes lists every content type.
var ContentTypes = []string{ContentText, ContentCode, ContentMixed, ContentCommand, ContentReflection}

// Message is one message frame, with what agent work needs: speaker,
// thinking, tool calls and results, model, token usage, and the source id
// that makes every write idempotent.
type Message struct {
	ID             int64  `json:"id" bun:"id,pk,autoincrement"`
	StewardID      int64  `json:"-" bun:"steward_id,notnull"`
	SessionID      string `json:"session_id" bun:"session_id,notnull"`
	ConversationID string `json:"conversation_id" bun:"conversation_id,notnull"`
	Seq            int64  `json:"sequence_number" bun:"seq,notnull"`
	SourceID       string `json:"source_id" bun:"source_id,notnull"`

	Role        Role   `json:"role" bun:"role,notnull"`
	Speaker     string `json:"speaker,omitempty" bun:"speaker,notnull"`
	Content     string `json:"content" bun:"content,notnull"`
	ContentType string `json:"content_type" bun:"content_type,notnull"`
	Thinking    string `json:"thinking,omitempty" bun:"thinking,notnull"`

	ToolCalls  []ToolCall  `json:"tool_calls,omitempty" bun:"tool_calls,type:json"`
	ToolResult *ToolResult `json:"tool_result,omitempty" bun:"tool_result,type:json"`

	Model string `json:"model,omitempty" bun:"model,notnull"`
	Usage Usage  `json:"usage" bun:"usage,type:json"`

	Semantic    Semantic     `json:"semantic" bun:"semantic,type:json"`
	CodeContext *CodeContext `json:"code_context,omitempty" bun:"code_context,type:json"`
	References  References   `json:"references" bun:"refs,type:json"`
	Impact      Impact       `json:"impact" bun:"impact,type:json"`
	EditHistory []Edit       `json:"edit_history,omitempty" bun:"edit_history,type:json"`
	Meta        MessageMeta  `json:"metadata" bun:"meta,type:json"`

	Timestamp  time.Time      `json:"timestamp" bun:"ts,notnull"`
	Attributes map[string]any `json:"attributes,omitempty" bun:"attributes,type:json"`

	// Analyzed is set once Baton's own analysis has filled the semantic
	// fields; API writes are analysed in the background.
	Analyzed bool `json:"-" bun:"analyzed,notnull"`

	// ArcSentiment and ArcEmotion copy Semantic.Sentiment and the first of
	// Semantic.Emotions into columns of their own, so the emotional arc of
	// a long session reads without the messages' text. SyncArc keeps them.
	ArcSentiment float64 `json:"-" bun:"arc_sentiment,notnull"`
	ArcEmotion   string  `json:"-" bun:"arc_emotion,notnull"`
}

// SyncArc copies the semantic sentiment and first emotion into the arc columns.
func (m *Message) SyncArc() {
	m.ArcSentiment, m.ArcEmotion = m.Semantic.Sentiment, ""
	if len(m.Semantic.Emotions) > 0 {
		m.ArcEmotion = m.Semantic.Emotions[0]
	}
}

// ToolCall is one tool the assistant asked to run.
type ToolCall struct {
	ID    string          `json:"id"`
	Name  string          `json:"name"`
	Input json.RawMessage `json:"input,omitempty"`
}

// ToolResult says which tool call a tool_result message answers.
type ToolResult struct {
	ToolUseID string `json:"tool_use_id"`
	IsError   bool   `json:"is_error"`
}

// RejectedBySteward reports whether a failed tool result's text says the
// steward turned the call down (Claude Code: "The user doesn't want to
// proceed with this tool use", "[Request interrupted by user for tool
// use]"): a choice the steward made, not an error to resolve, so it is no
// error encountered, no blocked task and no challenge to hand on.
func RejectedBySteward(content string) bool {
	if len(content) > 1000 {
		content = content[:1000]
	}
	l := strings.ToLower(content)
	return strings.Contains(l, "doesn't want to proceed") || strings.Contains(l, "tool use was rejected") ||
		strings.Contains(l, "user rejected") || strings.Contains(l, "request interrupted")
}

// Usage is the token usage of one model response.
type Usage struct {
	InputTokens         int64 `json:"input_tokens,omitempty"`
	OutputTokens        int64 `json:"output_tokens,omitempty"`
	CacheReadTokens     int64 `json:"cache_read_tokens,omitempty"`
	CacheCreationTokens int64 `json:"cache_creation_tokens,omitempty"`
}

// Total is every token the response consumed or produced.
func (u Usage) Total() int64 {
	return u.InputTokens + u.OutputTokens + u.CacheReadTokens + u.CacheCreationTokens
}

// Semantic is what a message means: client-supplied embedding, topics,
// entities, intent, sentiment and emotions.
type Semantic struct {
	Embedding []float32 `json:"embedding,omitempty"`
	Topics    []string  `json:"topics"`
	Entities  []Entity  `json:"entities"`
	Intent    string    `json:"intent,omitempty"`
	Sentiment float64   `json:"sentiment"`
	Emotions  []string  `json:"emotions,omitempty"`
}

// EmbeddingDims is the only embedding length a message accepts.
const EmbeddingDims = 384

// Entity is a thing a message names: a file, a URL, a symbol, a technology.
type Entity struct {
	Text       string  `json:"text"`
	Type       string  `json:"type"`
	Confidence float64 `json:"confidence"`
}

// CodeContext is the code a message is about.
type CodeContext struct {
	Language          string     `json:"language"`
	FilePath          string     `json:"file_path,omitempty"`
	LineRange         *LineRange `json:"line_range,omitempty"`
	SymbolsReferenced []string   `json:"symbols_referenced"`
}

// LineRange is an inclusive range of lines.
type LineRange struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// References are the messages and outside things a message points to.
type References struct {
	RepliesTo          string        `json:"replies_to,omitempty"`
	ReferencesMessages []string      `json:"references_messages"`
	External           []ExternalRef `json:"references_external"`
}

// ExternalRef is a pointer to documentation, an issue, a commit, a file or a URL.
type ExternalRef struct {
	Type       string `json:"type"`
	Identifier string `json:"identifier"`
	Title      string `json:"title,omitempty"`
}

// Impact is what a message led to.
type Impact struct {
	LedToInsight     bool    `json:"led_to_insight"`
	TriggeredAction  string  `json:"triggered_action,omitempty"`
	ChangedDirection bool    `json:"changed_direction"`
	Significance     float64 `json:"significance"`
}

// Edit is one earlier version of a message.
type Edit struct {
	Timestamp       time.Time `json:"timestamp"`
	PreviousContent string    `json:"previous_content"`
	EditType        string    `json:"edit_type"`
}

// MessageMeta is the metadata block of a message.
type MessageMeta struct {
	ProcessingTimeMs int64 `json:"processing_time_ms,omitempty"`
	TokenCount       int64 `json:"token_count,omitempty"`
	RequiresFollowUp bool  `json:"requires_follow_up"`
}
