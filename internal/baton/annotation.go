package baton

import (
	"strings"
	"time"
)

// Annotation kinds.
const (
	AnnotationComment = "comment"
	AnnotationLabel   = "label"
	AnnotationScore   = "score"
)

// AnnotationKinds lists every annotation kind.
var AnnotationKinds = []string{AnnotationComment, AnnotationLabel, AnnotationScore}

// SuggestedLabels are the labels pages offer before the steward's own.
var SuggestedLabels = []string{"insight", "mistake", "good-practice", "needs-follow-up"}

// AnnotationFilter says which of a steward's annotations a review lists.
type AnnotationFilter struct {
	Kind      string
	Label     string
	Dimension string
	SessionID string
	// From and To bound when the annotation was made; To is exclusive.
	From, To *time.Time
	// Before is a keyset cursor: only annotations with a smaller id.
	Before int64
	Limit  int
}

// SentimentPoint is one steward or assistant message on a session's
// emotional arc: what the arc chart reads instead of whole messages.
type SentimentPoint struct {
	Seq       int64     `json:"sequence_number" bun:"seq"`
	Role      Role      `json:"role" bun:"role"`
	Timestamp time.Time `json:"timestamp" bun:"ts"`
	Sentiment float64   `json:"sentiment" bun:"sentiment"`
	// Emotion is the message's first emotion label, "" when it has none.
	Emotion string `json:"emotion,omitempty" bun:"emotion"`
}

// RelationshipSample is the steward–assistant relationship after one
// session, as the relationship page charts it over time.
type RelationshipSample struct {
	SessionID string             `json:"session_id"`
	Title     string             `json:"title"`
	StartedAt time.Time          `json:"started_at"`
	Trust     float64            `json:"trust_level"`
	Style     CollaborationStyle `json:"collaboration_style,omitempty"`
	// Health (collaboration health, 0..1) and Momentum come from the
	// session's stored analysis; HasHealth is false for a session analysed
	// before they were kept.
	Health    float64 `json:"collaboration_health"`
	HasHealth bool    `json:"-"`
	Sentiment float64 `json:"average_sentiment"`
	Momentum  string  `json:"momentum,omitempty"`
}

// NormalizeLabel is how a label is kept: trimmed, lower-case, spaces as
// hyphens ("Needs follow up" → "needs-follow-up"), NUL bytes dropped, so
// the same label typed twice filters as one.
func NormalizeLabel(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(strings.ReplaceAll(s, "\x00", ""))), "-")
}
