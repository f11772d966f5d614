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

// TestDecisionRecommendationBuiltAsPlan: the steward builds the plan the
// assistant proposed (the editor writes "Implement the plan as specified
// …"): the plan's recommendation is accepted, though the message says
// "do NOT" about the plan file. Another request accepts nothing.
func TestDecisionRecommendationBuiltAsPlan(t *testing.T) {
	offer := "Recommending we keep the existing Flask service for the login endpoints. I added a backend section to the plan."
	c := newConvo()
	c.steward("Plan the signup page. Should we move the backend to Django?")
	c.assistant(offer)
	c.steward("Implement the plan as specified, it is attached for your reference. Do NOT edit the plan file itself.")
	checkDecisions(t, c, []baton.Decision{{Decision: "keep the existing Flask service for the login endpoints"}})

	c = newConvo()
	c.steward("Plan the signup page. Should we move the backend to Django?")
	c.assistant(offer)
	c.steward("Explain the plan's second step to me.")
	checkDecisions(t, c, nil)
}

// TestDecisionRecommendationInCreatedPlan: an editor's exported chat
// writes the plan the assistant proposed as a create_plan call, its
// Markdown in the call's JSON parameters (backticks written "&#96;"); the
// steward builds it ("Implement the plan as specified …"). The plan is
// what the assistant said: its recommendation is accepted. The same
// plan asked about and not built accepts nothing.
func TestDecisionRecommendationInCreatedPlan(t *testing.T) {
	offer := "Reading the API before planning.\n\nTool use: **create_plan**\n\n\nParameters:\n\n```json\n" +
		`{"name": "Login plan", "overview": "Add login to the API.", ` +
		`"plan": "# Login plan\n\n## Sessions\n\n**Option A**: a cookie session in &#96;api&#96;.\n**Option B**: tokens in local storage.\n\nI recommend keeping a server-side session in an httpOnly cookie because tokens in local storage leak to scripts.\n", ` +
		`"todos": [{"content": "Add the sessions table", "id": "t1", "status": "pending"}]}` +
		"\n```\nStatus: **completed**\n\n\nTool use: **create_plan**\n"
	c := newConvo()
	c.steward("Plan the login page.")
	c.assistant(offer)
	c.steward("Implement the plan as specified, it is attached for your reference. Do NOT edit the plan file itself.")
	checkDecisions(t, c, []baton.Decision{{Decision: "keeping a server-side session in an httpOnly cookie", Rationale: "tokens in local storage leak to scripts"}})

	c = newConvo()
	c.steward("Plan the login page.")
	c.assistant(offer)
	c.steward("How long will the sessions table take to add?")
	checkDecisions(t, c, nil)
}
