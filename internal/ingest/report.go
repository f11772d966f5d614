package ingest

import (
	"encoding/json"
	"time"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
)

// AnalysisKey is the key of Session.Attributes under which AnalyzeSession
// keeps what a session has no field for.
const AnalysisKey = "analysis"

// SessionAnalysis is what AnalyzeSession keeps in
// Session.Attributes["analysis"]: the quality score's weighted parts, the
// patterns found, and the session's point on the relationship chart
// (collaboration health and momentum), so pages show them without
// re-reading every message.
type SessionAnalysis struct {
	AnalysedAt   time.Time                  `json:"analysed_at"`
	Quality      analysis.QualityParts      `json:"quality"`
	Patterns     []analysis.Pattern         `json:"patterns"`
	Relationship analysis.RelationshipPoint `json:"relationship"`
}

// StoredAnalysis reads the analysis AnalyzeSession kept on a session; ok
// is false for a session never analysed, or analysed before Baton kept it.
func StoredAnalysis(s *baton.Session) (sa SessionAnalysis, ok bool) {
	v, found := s.Attributes[AnalysisKey]
	if !found || v == nil {
		return sa, false
	}
	if typed, isTyped := v.(SessionAnalysis); isTyped {
		return typed, true
	}
	// Read back from the database it is a map; one round trip types it.
	raw, err := json.Marshal(v)
	if err != nil || json.Unmarshal(raw, &sa) != nil || sa.AnalysedAt.IsZero() {
		return SessionAnalysis{}, false
	}
	return sa, true
}

// RelationshipSample is a session's point on the relationship over time;
// ok is false for a session that was never analysed.
func RelationshipSample(s *baton.Session) (baton.RelationshipSample, bool) {
	sa, stored := StoredAnalysis(s)
	if !stored && s.Relationship.TrustLevel <= 0 {
		return baton.RelationshipSample{}, false
	}
	p := baton.RelationshipSample{
		SessionID: s.ID, Title: s.Title, StartedAt: s.StartedAt,
		Trust: s.Relationship.TrustLevel, Style: s.Relationship.CollaborationStyle,
		Sentiment: s.EmotionalArc.OverallSentiment,
	}
	if stored {
		p.Health, p.HasHealth = sa.Relationship.Health, true
		p.Sentiment = sa.Relationship.Sentiment
		p.Momentum = sa.Relationship.Momentum
	}
	return p, true
}
