package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionAnsweredCombinedOrInOwnWords: a question tool's "Both"
// answer takes what its option's description says it combines; an answer
// written in the steward's own words picks the one option it names, the
// words its reason. Words naming two options, or a question back, pick
// none.
func TestDecisionAnsweredCombinedOrInOwnWords(t *testing.T) {
	ask := func(answer string) *convo {
		c := newConvo()
		c.tool("AskUserQuestion", obj{"questions": []obj{{
			"question": "Where should the export action live?", "header": "Export entry", "multiSelect": false,
			"options": []obj{
				{"label": "Toolbar button", "description": "One click from every page."},
				{"label": "Report menu", "description": "Beside print and share."},
				{"label": "Both", "description": "A toolbar button for quick exports, plus a report menu entry with the options."},
			},
		}}}, `User has answered your questions: "Where should the export action live?"="`+answer+`". You can now continue with the user's answers in mind.`, "")
		return c
	}
	checkDecisions(t, ask("Both"), []baton.Decision{{
		Decision:     "Export entry: A toolbar button for quick exports, plus a report menu entry with the options",
		Alternatives: []string{"Toolbar button", "Report menu"},
	}})
	checkDecisions(t, ask("for now only the menu, until the toolbar is redesigned"), nil) // names both
	checkDecisions(t, ask("just the toolbar for this release"), []baton.Decision{{
		Decision:     "Export entry: Toolbar button",
		Rationale:    "just the toolbar for this release",
		Alternatives: []string{"Report menu", "Both"},
	}})
	checkDecisions(t, ask("why not the toolbar?"), nil)
}
