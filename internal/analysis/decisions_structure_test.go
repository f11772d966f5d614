package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionAnswerSettlesNothing: an answer that hands the choice back
// ("You decide") or answers a question about the questioning ("More
// questions" / "Next area") settles no course of the work; a real pick
// beside them still does.
func TestDecisionAnswerSettlesNothing(t *testing.T) {
	c := newConvo()
	c.tool("AskUserQuestion", obj{"questions": []obj{{
		"question": "Should a renamed tag keep its old links?", "header": "Old links", "multiSelect": false,
		"options": []obj{{"label": "Redirect", "description": "old links keep working"}, {"label": "Drop them"},
			{"label": "You decide", "description": "Claude picks the approach that fits the existing routes."}},
	}, {
		"question": "More questions about tags, or move to the next area?", "header": "Tags", "multiSelect": false,
		"options": []obj{{"label": "More questions", "description": "Keep exploring tag details."},
			{"label": "Next area", "description": "Move on to search."}},
	}, {
		"question": "How should archived tags show?", "header": "Archived", "multiSelect": false,
		"options": []obj{{"label": "Greyed out", "description": "visible but muted"}, {"label": "Hidden"}},
	}}}, `User has answered your questions: "Should a renamed tag keep its old links?"="You decide", "More questions about tags, or move to the next area?"="Next area", "How should archived tags show?"="Greyed out". You can now continue with the user's answers in mind.`, "")
	checkDecisions(t, c, []baton.Decision{{Decision: "Archived: Greyed out", Rationale: "visible but muted", Alternatives: []string{"Hidden"}}})
}
