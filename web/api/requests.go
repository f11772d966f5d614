package api

import (
	"fmt"
	"sort"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// API requests decode into these types, never into rows: each holds only
// what a client may set. What Baton owns (ids, owner, counters, row times,
// derived values, its own analysis) has no field here, so a body that
// sends it is refused, naming the field (decodeJSON rejects unknown
// fields), and reserved attribute keys are refused by name too.
//
// A field added to baton.Session or baton.Message that clients may set
// must be added here as well, or the API refuses it.

// reservedAttributeKeys are the keys of a session's or message's
// attributes that Baton itself writes: "analysis" (where analyses were
// kept before migration 0005, and pages must never mistake a client's
// for Baton's) and "hook" (the hook protocol's own state).
var reservedAttributeKeys = []string{"analysis", "hook"}

// checkAttributes refuses reserved keys in client-sent attributes.
func checkAttributes(field string, attrs map[string]any) error {
	var found []string
	for _, k := range reservedAttributeKeys {
		if _, ok := attrs[k]; ok {
			found = append(found, k)
		}
	}
	if len(found) == 0 {
		return nil
	}
	sort.Strings(found)
	return baton.Invalid(field+"."+found[0], "%s.%s is reserved for Baton; use another key", field, found[0])
}

// sessionCreateRequest is the body of POST /api/v1/sessions: the
// session fields a client may supply. Baton recomputes the analysed parts
// (arc, progress, summary, technical context, relationship) when it
// analyses the session.
type sessionCreateRequest struct {
	Title        string                 `json:"title"`
	Type         baton.SessionType      `json:"conversation_type"`
	Source       string                 `json:"source"`
	SourceRef    string                 `json:"source_ref"`
	Branch       string                 `json:"branch"`
	Tags         []string               `json:"tags"`
	StartedAt    time.Time              `json:"started_at"`
	EndedAt      *time.Time             `json:"ended_at"`
	Steward      baton.StewardRef       `json:"steward"`
	Assistant    baton.Assistant        `json:"assistant"`
	Summary      baton.Summary          `json:"summary"`
	Progress     baton.Progress         `json:"progress"`
	EmotionalArc baton.EmotionalArc     `json:"emotional_arc"`
	Relationship baton.Relationship     `json:"relationship"`
	Technical    baton.TechnicalContext `json:"technical_context"`
	Continuity   baton.Continuity       `json:"continuity"`
	Version      string                 `json:"version"`
	ReviewStatus baton.ReviewStatus     `json:"review_status"`
	Attributes   map[string]any         `json:"attributes"`
	// PreviousSession is the id of the session this one continues (its
	// continuity.previous_session is read too); Baton links the two.
	PreviousSession *string `json:"previous_session"`
}

// session is the new session the request asks for.
func (r *sessionCreateRequest) session() (*baton.Session, error) {
	if err := checkAttributes("attributes", r.Attributes); err != nil {
		return nil, err
	}
	return &baton.Session{
		Title: r.Title, Type: r.Type, Source: r.Source, SourceRef: r.SourceRef, Branch: r.Branch, Tags: r.Tags,
		StartedAt: r.StartedAt, EndedAt: r.EndedAt, Steward: r.Steward, Assistant: r.Assistant,
		Summary: r.Summary, Progress: r.Progress, EmotionalArc: r.EmotionalArc, Relationship: r.Relationship,
		Technical: r.Technical, Continuity: r.Continuity, Version: r.Version, ReviewStatus: r.ReviewStatus,
		Attributes: r.Attributes,
	}, nil
}

// messageRequest is one message of POST /api/v1/sessions/{id}/messages:
// the message fields a client may supply. What the client sends of
// the semantic block and code context is kept; Baton's analysis fills the
// rest.
type messageRequest struct {
	SourceID    string             `json:"source_id"`
	Role        baton.Role         `json:"role"`
	Speaker     string             `json:"speaker"`
	Content     string             `json:"content"`
	ContentType string             `json:"content_type"`
	Thinking    string             `json:"thinking"`
	ToolCalls   []baton.ToolCall   `json:"tool_calls"`
	ToolResult  *baton.ToolResult  `json:"tool_result"`
	Model       string             `json:"model"`
	Usage       baton.Usage        `json:"usage"`
	Semantic    baton.Semantic     `json:"semantic"`
	CodeContext *baton.CodeContext `json:"code_context"`
	References  baton.References   `json:"references"`
	Impact      baton.Impact       `json:"impact"`
	EditHistory []baton.Edit       `json:"edit_history"`
	Meta        baton.MessageMeta  `json:"metadata"`
	// Timestamp is nil when the client sent none: the message is
	// stamped as it is stored. A zero time sent is refused, as an
	// imported document's is.
	Timestamp  *time.Time     `json:"timestamp"`
	Attributes map[string]any `json:"attributes"`
}

// message is the new message the request asks for.
func (r *messageRequest) message() *baton.Message {
	m := &baton.Message{
		SourceID: r.SourceID, Role: r.Role, Speaker: r.Speaker, Content: r.Content, ContentType: r.ContentType,
		Thinking: r.Thinking, ToolCalls: r.ToolCalls, ToolResult: r.ToolResult, Model: r.Model, Usage: r.Usage,
		Semantic: r.Semantic, CodeContext: r.CodeContext, References: r.References, Impact: r.Impact,
		EditHistory: r.EditHistory, Meta: r.Meta, Attributes: r.Attributes,
	}
	if r.Timestamp != nil {
		m.Timestamp = *r.Timestamp
	}
	return m
}

// appendRequest is the body of POST /api/v1/sessions/{id}/messages (and
// of a conversation's messages).
type appendRequest struct {
	ConversationID string            `json:"conversation_id"`
	Messages       []*messageRequest `json:"messages"`
}

// messages are the new messages the request asks for.
func (r *appendRequest) messages() ([]*baton.Message, error) {
	if r.Messages == nil {
		return nil, baton.Invalid("messages", "messages is required: a list of up to %d messages", baton.MaxBatch)
	}
	msgs := make([]*baton.Message, len(r.Messages))
	for i, m := range r.Messages {
		if m == nil {
			return nil, baton.Invalid("messages", "messages must not contain null")
		}
		if err := checkAttributes(fmt.Sprintf("messages[%d].attributes", i), m.Attributes); err != nil {
			return nil, err
		}
		if m.Timestamp != nil && m.Timestamp.IsZero() {
			return nil, baton.CheckTime(fmt.Sprintf("messages[%d].timestamp", i), *m.Timestamp)
		}
		msgs[i] = m.message()
	}
	return msgs, nil
}
