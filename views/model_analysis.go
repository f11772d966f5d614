package views

import (
	"fmt"

	"github.com/baton-dev/baton/internal/baton"
)

// modelFieldName is a field's name as the page says it.
func modelFieldName(field string) string {
	switch field {
	case baton.ModelFieldTitle:
		return "Title"
	case baton.ModelFieldSummary:
		return "Summary"
	case baton.ModelFieldDecisions:
		return "Decisions"
	case baton.ModelFieldTasks:
		return "Tasks"
	}
	return humanize(field)
}

// modelStatusLine says what the model step of the last analysis did.
func modelStatusLine(m *baton.ModelAnalysis) string {
	switch m.Status {
	case baton.ModelWritten:
		return "Written by " + m.Model + " after the extraction."
	case baton.ModelCached:
		return "Written by " + m.Model + ", answered from the cache: the session had not changed, nothing was sent."
	case baton.ModelSkipped:
		return "The model was not asked: " + m.Reason + "."
	default:
		return "The model's answer was not used, the extraction stays: " + m.Reason + "."
	}
}

// modelUsageLine is the tokens and estimated cost of the model's answer.
func modelUsageLine(m *baton.ModelAnalysis) string {
	cost := "cost unknown (no list price for the model)"
	if m.Priced {
		cost = fmt.Sprintf("≈ $%.4f", m.CostUSD)
	}
	s := fmt.Sprintf("%s tokens in, %s out · %s", count(m.Usage.InputTokens+m.Usage.CacheReadTokens+m.Usage.CacheCreationTokens), count(m.Usage.OutputTokens), cost)
	if m.Status == baton.ModelCached {
		s += " when it was asked; nothing this time"
	}
	return s
}
