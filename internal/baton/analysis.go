package baton

import "time"

// StoredAnalysis is what Baton's analysis keeps about a session beyond
// the session's own fields (arc, progress, summary, technical context,
// relationship): the quality score's weighted parts, the patterns found,
// and the session's point on the relationship chart. It is server-owned:
// only the analysis service writes it (package analysis), and it lives in
// its own table, never in Session.Attributes.
type StoredAnalysis struct {
	SessionID    string            `json:"session_id"`
	AnalysedAt   time.Time         `json:"analysed_at"`
	Quality      QualityParts      `json:"quality"`
	Patterns     []Pattern         `json:"patterns"`
	Relationship RelationshipPoint `json:"relationship"`
	// TrustEffect is what the session did to trust, whatever it was
	// before; nil for an analysis stored before it was kept.
	TrustEffect *TrustEffect `json:"trust_effect,omitempty"`
}

// TrustEffect is what a session's exchanges do to the trust the steward
// came in with: trust after = min(High, max(Low, trust before + Shift)),
// the trust before first clamped to the trust range. Adding each
// exchange's delta and clamping after every step comes to that.
type TrustEffect struct {
	Shift float64 `json:"shift"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// QualityPart is one weighted part of a session's quality score.
type QualityPart struct {
	Name   string  `json:"name"`
	Weight float64 `json:"weight"`
	Value  float64 `json:"value"` // 0..1
	Detail string  `json:"detail"`
}

// QualityParts is a session's quality: the parts and their weighted sum.
type QualityParts struct {
	Parts []QualityPart `json:"parts"`
	Score float64       `json:"score"`
}

// Pattern is a recurring shape of a conversation (a conversation
// pattern).
type Pattern struct {
	Type      string `json:"type"` // question_answer, problem_solving, emotional, collaboration
	Subtype   string `json:"subtype"`
	Frequency int    `json:"frequency"`
	// Examples are up to three occurrences, each the sequence numbers of
	// its messages in order.
	Examples [][]int64 `json:"examples"`
	Insight  string    `json:"insight"`
}

// RelationshipPoint is the relationship after one session, for charts.
type RelationshipPoint struct {
	SessionID string             `json:"session_id"`
	StartedAt time.Time          `json:"started_at"`
	Trust     float64            `json:"trust"`
	Health    float64            `json:"collaboration_health"`
	Sentiment float64            `json:"average_sentiment"`
	Momentum  string             `json:"momentum"`
	Style     CollaborationStyle `json:"collaboration_style"`
	Exchanges int                `json:"exchanges"`
	Successes int                `json:"successes"`
}
