package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionRecommendedOptionByKey: a recommendation that names an
// option by its key ("I'd recommend **Option 1 (`git filter-repo`)** for
// several reasons:") is the option itself, by the name in its brackets or
// the option's text, the other options its alternatives; the reasons it
// announces are no part of it.
func TestDecisionRecommendedOptionByKey(t *testing.T) {
	c := newConvo()
	c.assistant("Two tools can rewrite the history:\n\n## Option 1: Use `git filter-repo`\n\nFast.\n\n## Option 2: Use BFG Repo-Cleaner\n\nNeeds Java.\n\n" +
		"I'd recommend **Option 1 (`git filter-repo`)** for several reasons:\n\n1. Maintained\n2. Faster")
	c.steward("sounds good")
	checkDecisions(t, c, []baton.Decision{{Decision: "git filter-repo", Alternatives: []string{"Use BFG Repo-Cleaner"}}})

	// No name in brackets: the option's text.
	c = newConvo()
	c.assistant("Option A: keep the cron job\nOption B: move the export to a queue worker\n\nI'd suggest Option B because:\n- retries come for free")
	c.steward("ok")
	checkDecisions(t, c, []baton.Decision{{Decision: "move the export to a queue worker", Alternatives: []string{"keep the cron job"}}})
}

// TestDecisionAcceptedThenNextStep: an acceptance that stands as its own
// sentence accepts, though the request after it says "don't" ("Awesome.
// Can you walk me through it? Please don't write out any secrets."); a
// second sentence that qualifies it ("Yes. But …") or an acceptance
// inside a longer sentence does not.
func TestDecisionAcceptedThenNextStep(t *testing.T) {
	offer := "I'd recommend `git filter-repo` because it is actively maintained."
	c := newConvo()
	c.assistant(offer)
	c.steward("Awesome. Can you walk me through how I would do this? Please don't write out any actual secrets, use placeholders.")
	checkDecisions(t, c, []baton.Decision{{Decision: "git filter-repo", Rationale: "it is actively maintained"}})

	for _, reply := range []string{
		"Yes. But don't rewrite the tags.",
		"ok, can you not rewrite the tags?",
		"Great question, I don't know yet. Can you compare them first?",
	} {
		c = newConvo()
		c.assistant(offer)
		c.steward(reply)
		checkDecisions(t, c, nil)
	}
}

// TestDecisionBriefStatesRequirements: a steward's brief (an issue or a
// guideline of several lines, written or pasted) sets out requirements,
// not choices the session made, even where a sentence sets one course
// against another; the same sentence as a turn of conversation is a
// choice.
func TestDecisionBriefStatesRequirements(t *testing.T) {
	brief := "Can you fix the flaky Windows tests?\n\nFindings\n" +
		"The force-install test failed while replacing the demo extension.\n" +
		"The failed cleanup left the extension installed for later tests.\n" +
		"Spinner output corrupted the go test -json stream.\n\nExpected behavior\n" +
		"Each test should use isolated state.\n" +
		"Missing fixture values should produce focused assertion failures rather than package-wide panics."
	c := newConvo()
	c.steward(brief)
	checkDecisions(t, c, nil)

	c = newConvo()
	c.steward("Missing fixture values should produce focused assertion failures rather than package-wide panics.")
	checkDecisions(t, c, []baton.Decision{{Decision: "Missing fixture values should produce focused assertion failures rather than package-wide panics",
		Alternatives: []string{"package-wide panics"}}})

	// Lines of a code block are not lines of prose.
	c = newConvo()
	c.steward("Use uv pip instead of pip, because the lock file is uv's:\n\n```\nuv pip install -r requirements.txt\nuv pip list\nuv pip check\nuv pip freeze\nuv pip sync\nuv pip tree\n```")
	if got := decisionsFrom(c); len(got) != 1 {
		t.Errorf("a short request above a code block: decisions %+v, want one", got)
	}
}

// TestDecisionOrQuestionWordsCountOnce: a reply to "X, or Y?" names a
// course by two distinct words of it; one word that the course repeats
// ("entire", "pre-entire") is one word shared by chance.
func TestDecisionOrQuestionWordsCountOnce(t *testing.T) {
	c := newConvo()
	c.assistant("Want me to verify the `entire disable` path restores the `.pre-entire` hooks, or check whether running both produces duplicate records?")
	c.steward("yeah mess around with entire and figure out what it does")
	checkDecisions(t, c, nil)

	c = newConvo()
	c.assistant("Want me to verify the disable path restores the hooks, or check whether running both produces duplicate records?")
	c.steward("verify the disable path first")
	checkDecisions(t, c, []baton.Decision{{Decision: "verify the disable path restores the hooks rather than check whether running both produces duplicate records",
		Alternatives: []string{"check whether running both produces duplicate records"}}})
}

// TestDecisionAssistantWorkOrder: where the assistant starts its own work
// ("I'll start with test_decorators.py since it's the main test file") is
// the order of the work, not a choice; the steward starting with one of
// the courses offered is one.
func TestDecisionAssistantWorkOrder(t *testing.T) {
	c := newConvo()
	c.assistant("I'll start with test_decorators.py since it's the main test file for our decorators.")
	checkDecisions(t, c, nil)

	c = newConvo()
	c.assistant("Start with kind or minikube locally.")
	c.steward("I'll start with kind because it runs in Docker")
	checkDecisions(t, c, []baton.Decision{{Decision: "start with kind", Rationale: "it runs in Docker"}})
}

// TestDecisionPlanWalkthroughSteps: a walkthrough's "Step N" sections say
// what to do in turn; their headings and rules for every one of a kind
// are steps of carrying the work out, not choices. A choice heading
// beside them still is one.
func TestDecisionPlanWalkthroughSteps(t *testing.T) {
	plan := "# Run the three tasks tonight\n\n### Step 1: Configure the background agents\n\n- Connect the repository\n\n" +
		"### Step 2: Delegate Tasks (Parallel Execution)\n\n- Each agent works on its own feature branch\n\n" +
		"## Remove the nightly cron — the agents replace it\n\nNothing else runs it.\n"
	c := newConvo()
	c.steward("Implement the following plan:\n\n" + plan)
	checkDecisions(t, c, []baton.Decision{{Decision: "Remove the nightly cron: the agents replace it"}})
}

// TestDecisionRecommendationPhrasings: a recommendation put as "I'd use
// X", "I'd pick X" or under a "Recommended approach:" heading is one the
// steward can accept like "I recommend X".
func TestDecisionRecommendationPhrasings(t *testing.T) {
	for _, tc := range []struct {
		offer string
		want  baton.Decision
	}{
		{"There are two ways to store the drafts. I’d use SQLite for the draft store, not plain JSON files. Shall I set it up?",
			baton.Decision{Decision: "SQLite for the draft store", Alternatives: []string{"plain JSON files"}}},
		{"Both libraries work. I would pick Zod for the request validation because it infers the types.",
			baton.Decision{Decision: "Zod for the request validation", Rationale: "it infers the types"}},
		{"## Recommended approach: a nightly export job\n\nIt keeps the API fast.", baton.Decision{Decision: "a nightly export job"}},
	} {
		c := newConvo()
		c.steward("how should we do this?")
		c.assistant(tc.offer)
		c.steward("yes, go ahead")
		checkDecisions(t, c, []baton.Decision{tc.want})
	}
}

// TestDecisionRecommendedKeyWithReason: a recommendation that names an
// option by its key and then says why ("I recommend Option C for the
// quickest way to a working demo") is the option the key names, the
// others its alternatives, the why its reason.
func TestDecisionRecommendedKeyWithReason(t *testing.T) {
	c := newConvo()
	c.steward("how should we start the docs site?")
	c.assistant("**Would you like me to:**\n\n**Option A** - Write the page templates first\n\n**Option B** - Write the sample articles first\n\n" +
		"**Option C** - Write the templates and the sample articles together\n\nI recommend **Option C** for the quickest way to a working demo.")
	c.steward("yes")
	checkDecisions(t, c, []baton.Decision{{Decision: "Write the templates and the sample articles together",
		Rationale:    "the quickest way to a working demo",
		Alternatives: []string{"Write the page templates first", "Write the sample articles first"}}})
}
