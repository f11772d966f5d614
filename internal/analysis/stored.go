package analysis

import "github.com/baton-dev/baton/internal/baton"

// What the analysis computes (QualityParts, Pattern, RelationshipPoint,
// here) is kept as domain values (baton.StoredAnalysis), so the store can
// persist it without importing this package. These convert one into the
// other field by field.

func storedQuality(q QualityParts) baton.QualityParts {
	out := baton.QualityParts{Score: q.Score, Parts: make([]baton.QualityPart, len(q.Parts))}
	for i, p := range q.Parts {
		out.Parts[i] = baton.QualityPart{Name: p.Name, Weight: p.Weight, Value: p.Value, Detail: p.Detail}
	}
	return out
}

func storedPatterns(ps []Pattern) []baton.Pattern {
	out := make([]baton.Pattern, len(ps))
	for i, p := range ps {
		out[i] = baton.Pattern{Type: p.Type, Subtype: p.Subtype, Frequency: p.Frequency, Examples: p.Examples, Insight: p.Insight}
	}
	return out
}

func storedPoint(p RelationshipPoint) baton.RelationshipPoint {
	return baton.RelationshipPoint{
		SessionID: p.SessionID, StartedAt: p.StartedAt, Trust: p.Trust, Health: p.Health,
		Sentiment: p.Sentiment, Momentum: p.Momentum, Style: p.Style,
		Exchanges: p.Exchanges, Successes: p.Successes,
	}
}
