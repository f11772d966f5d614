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

// TestDecisionReplyCourse: the steward's answer to a question the
// assistant asked states a course with its reason or the alternative it
// turns down; a course without either is a request, and a reply to a
// message that asked nothing is read by the other rules only.
func TestDecisionReplyCourse(t *testing.T) {
	c := newConvo()
	c.assistant("| # | Title |\n|---|---|\n| 1 | Offload encryption to a worker |\n| 2 | Add a test-login endpoint |\n\nReply with a number to view details.")
	c.steward("2 but apply the changes to this branch, since it's directly related.")
	checkDecisions(t, c, []baton.Decision{{Decision: "apply the changes to this branch", Rationale: "it's directly related"}})

	c = newConvo()
	c.assistant("Should the export keep the old column names, or follow the new schema?")
	c.steward("Good. Let's follow the new schema, not the old names. Also add a test for the header row.")
	checkDecisions(t, c, []baton.Decision{{Decision: "follow the new schema", Alternatives: []string{"the old names"}}})

	// No reason, no alternative: a request.
	c = newConvo()
	c.assistant("Which format should the report use?")
	c.steward("let's add a summary line at the top")
	checkDecisions(t, c, nil)

	// The assistant asked nothing.
	c = newConvo()
	c.assistant("Done: the export follows the new schema.")
	c.steward("apply the same change to the import, since it reads the same file")
	checkDecisions(t, c, nil)
}

// TestDecisionRuleAgainstCourse: the steward rules a course out with its
// reason ("X should never be updated, it is a snapshot") or says which
// course they want in place of another ("I don't want X, but Y"); a
// "should not" without a reason is a remark.
func TestDecisionRuleAgainstCourse(t *testing.T) {
	c := newConvo()
	c.steward("Please make the docs consistent. The full schema should not be updated ever, it is a point in time snapshot.")
	c.steward("ok it works but does it have to be a float? like i don't want it to show a decimal point, but an integer.")
	c.steward("The build should not take this long.")
	checkDecisions(t, c, []baton.Decision{
		{Decision: "The full schema should not be updated ever", Rationale: "it is a point in time snapshot"},
		{Decision: "i don't want it to show a decimal point, but an integer", Alternatives: []string{"it to show a decimal point"}},
	})
}

// TestDecisionInsteadLeadsAndWhyNot: "Instead of Y, let's X and we'll
// later Z" is the course X against Y, without the lead or the later
// clause; "why not X, so that Y" put as a suggestion is a course with its
// reason, while a question "why not X?" is left to the assistant's answer.
func TestDecisionInsteadLeadsAndWhyNot(t *testing.T) {
	c := newConvo()
	c.steward("Good. Instead of removing the check for the path, let's just create an empty placeholder for the EPUB file and we'll later prepare a minimal version of it (let's put that on our todo).")
	c.steward("one comment is about building images in code - as a suggestion, why not include all needed media in the e2e test, so that these don't need to be generated every time.")
	c.steward("why not run it again?")
	checkDecisions(t, c, []baton.Decision{
		{Decision: "create an empty placeholder for the EPUB file", Alternatives: []string{"removing the check for the path"}},
		{Decision: "include all needed media in the e2e test", Rationale: "these don't need to be generated every time"},
	})
}

// TestDecisionReplyToWeighedQuestion: when the assistant's question puts
// two courses side by side ("X or Y?"), an answer that points at it and
// prefers a course chooses, without a stated reason; a preference that
// does not answer it (the steward's goal) or one to a question that weighs
// nothing stays a request.
func TestDecisionReplyToWeighedQuestion(t *testing.T) {
	c := newConvo()
	c.assistant("A few questions:\n1. What is your goal?\n2. Would you prefer to start with a focused approach or implement the broader vision right away?")
	c.steward("1. List books by last read. I'd like to talk to an assistant about the books I read. re 2, I would like to build a walking skeleton first.")
	checkDecisions(t, c, []baton.Decision{{Decision: "build a walking skeleton first"}})

	c = newConvo()
	c.assistant("What should the first milestone be?")
	c.steward("re the milestone, I would like to build a walking skeleton first.")
	checkDecisions(t, c, nil)
}

// TestDecisionAcceptedWithACondition: an acceptance of the assistant's
// offer that puts another course before the work ("yes, but only after
// you have updated the migration notes") sets the order of the work;
// an acceptance with a question or a routine step before it does not.
func TestDecisionAcceptedWithACondition(t *testing.T) {
	c := newConvo()
	c.assistant("The cache now reads through the new store. Shall I switch the remaining handlers over?")
	c.steward("yes, but only after you have written down the new key layout in docs/cache.md")
	checkDecisions(t, c, []baton.Decision{{Decision: "only after you have written down the new key layout in docs/cache.md"}})

	c = newConvo()
	c.assistant("The schema change is ready. Do you want me to apply it to production?")
	c.steward("ok, but first take a snapshot of the orders table")
	checkDecisions(t, c, []baton.Decision{{Decision: "first take a snapshot of the orders table"}})

	c = newConvo()
	c.assistant("The schema change is ready. Do you want me to apply it to production?")
	c.steward("ok, but first run the tests")
	checkDecisions(t, c, nil)

	c = newConvo()
	c.assistant("The schema change is ready. Do you want me to apply it to production?")
	c.steward("yes, but only after lunch?")
	checkDecisions(t, c, nil)
}
