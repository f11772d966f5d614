package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestStewardConstraintsSettleADesign: a steward's rule for the work ("as
// a rule, …"), a shape every part takes ("each rule should be …"), a
// "make sure to" that chooses, and a prohibition with its reason are
// decisions; a question, a routine "make sure to run the tests", a bare
// prohibition and a hypothetical are not.
func TestStewardConstraintsSettleADesign(t *testing.T) {
	c := newConvo()
	c.steward("Add a clone subcommand.\n\nNote that as a rule, we want to organize all business logic in per-domain modules.")
	checkDecisions(t, c, []baton.Decision{{Decision: "organize all business logic in per-domain modules"}})

	c = newConvo()
	c.steward("each rule should be a distinct mdc file in that rules dir")
	checkDecisions(t, c, []baton.Decision{{Decision: "each rule should be a distinct mdc file in that rules dir"}})

	c = newConvo()
	c.steward("make sure to split subcommands into their own directories. add a cursor rule recording this preference")
	checkDecisions(t, c, []baton.Decision{{Decision: "split subcommands into their own directories"}})

	c = newConvo()
	c.steward("Please don't write docstrings in specs, these are redundant with the describe/it names")
	checkDecisions(t, c, []baton.Decision{{Decision: "don't write docstrings in specs", Rationale: "redundant with the describe/it names"}})

	checkStewardSaysNoDecision(t,
		"make sure to run the tests before you push",
		"Should each rule be a distinct file?",
		"don't write docstrings in specs",
		"if each handler should be async, we need a pool",
	)
}

// TestStewardSetsWhatAPartShouldBe: the steward saying what a named part
// of the work should be ("the changelog should be grouped by component")
// sets its design; a state the work should reach ("the tests should be
// fixed", "the user should be able to …"), a fault ("the list should be
// sorted but it isn't") and a question are none.
func TestStewardSetsWhatAPartShouldBe(t *testing.T) {
	c := newConvo()
	c.steward("ok, the changelog should be grouped by component with the new features first")
	checkDecisions(t, c, []baton.Decision{{Decision: "the changelog should be grouped by component with the new features first"}})

	checkStewardSaysNoDecision(t,
		"the failing tests should be fixed before the release",
		"the user should be able to export the report as CSV",
		"the list should be sorted by date but it shows the oldest last",
		"should the changelog be grouped by component?",
	)
}

// TestStatedDecisionsNeedOneCourseAboutTheProject: "the solution is to use
// X or Y" leaves two courses open, and the assistant picking its own
// workflow or skill for the request is a step of its work; neither is a
// decision. The same sentences with one course about the project are.
func TestStatedDecisionsNeedOneCourseAboutTheProject(t *testing.T) {
	c := newConvo()
	c.assistant("The solution is to use environment variables or a proper test setup.")
	c.assistant("I'll use the GitHub CI troubleshooting workflow for this since the request is about a failed Actions job.")
	checkDecisions(t, c, nil)

	c = newConvo()
	c.assistant("The solution is to use environment variables for the test mode.")
	c.assistant("I'll use the reusable release workflow since every repository already calls it.")
	checkDecisions(t, c, []baton.Decision{
		{Decision: "use environment variables for the test mode"},
		{Decision: "use the reusable release workflow", Rationale: "every repository already calls it"},
	})
}

// TestOptionPickedInAnyShape: options offered as "1. **X** - …", "**1. X**",
// "### 1. X" or "A) X" under a question that asks to choose, picked as
// "2", "let's do 2", "go with 2", "the second one" or "I prefer the
// second", are the option chosen, the other its alternative. A list of
// questions offers no options.
func TestOptionPickedInAnyShape(t *testing.T) {
	offers := []string{
		"Two ways:\n\n1. **Rebase onto main** - keeps history linear\n2. **Merge main in** - keeps the commits\n\nWhich do you prefer?",
		"Two ways:\n\n**1. Rebase onto main** - keeps history linear\n**2. Merge main in** - keeps the commits\n\nWhich do you prefer?",
		"Two ways:\n\n### 1. Rebase onto main\nKeeps history linear.\n### 2. Merge main in\nKeeps the commits.\n\nWhich would you like?",
		"Two ways:\n\nA) Rebase onto main\nB) Merge main in\n\nWhich one?",
	}
	for _, o := range offers {
		for _, r := range []string{"2", "let's do 2", "go with 2", "the second one", "I prefer the second"} {
			c := newConvo()
			c.assistant(o)
			c.steward(r)
			checkDecisions(t, c, []baton.Decision{{Decision: "Merge main in", Alternatives: []string{"Rebase onto main"}}})
		}
	}
	c := newConvo()
	c.assistant("Before I start:\n\n1. Which platform do you target?\n2. Do you need offline mode?\n\nWhich matters more?")
	c.steward("2")
	checkDecisions(t, c, nil)
}

// TestApproachNamedThenCarriedOut: "For the write mode, `workspace-write`
// is the correct replacement — it allows writes" followed by the edit is
// a decision with its reason; the same sentence with no change after it
// is a remark.
func TestApproachNamedThenCarriedOut(t *testing.T) {
	c := newConvo()
	c.assistant("For the write mode, `workspace-write` is the correct replacement — it allows file modifications in the workspace.")
	c.tool("Edit", obj{"file_path": "src/provider.ts", "old_string": "network-only", "new_string": "workspace-write"}, "updated", "")
	checkDecisions(t, c, []baton.Decision{{Decision: "use workspace-write", Rationale: "it allows file modifications in the workspace"}})

	// Followed by a read only, in a session that records its tool calls.
	c = newConvo()
	c.assistant("For the write mode, `workspace-write` is the correct replacement — it allows file modifications in the workspace.")
	c.tool("Read", obj{"file_path": "src/provider.ts"}, "mode: network-only", "")
	checkDecisions(t, c, nil)
}

// TestOptionNamedByItsWords: the steward picks an offered option by its
// words ("I'd go with the hybrid") rather than its number; a reply that
// names two options, or a long one with no pick in it, picks none.
func TestOptionNamedByItsWords(t *testing.T) {
	offer := "There are two ways to do this:\n\n1. **Hybrid cache** — keep the index in memory, spill to disk\n" +
		"2. **Full rewrite** — replace the store with SQLite\n\nWhich would you prefer?"
	c := newConvo()
	c.assistant(offer)
	c.steward("I'd go with the hybrid cache")
	checkDecisions(t, c, []baton.Decision{{Decision: "Hybrid cache", Alternatives: []string{"Full rewrite"}}})

	c = newConvo()
	c.assistant(offer)
	c.steward("I'd go with the hybrid cache or the full rewrite")
	checkDecisions(t, c, nil)

	c = newConvo()
	c.assistant(offer)
	c.steward("the cache on our staging box already runs out of memory every night when the batch jobs start")
	checkDecisions(t, c, nil)
}

// TestDecisionRequirementRulesOut: a steward's requirement that rules
// other courses out by "only" or by what it is to do without; a plain
// "should" is a request.
func TestDecisionRequirementRulesOut(t *testing.T) {
	c := newConvo()
	c.steward("Build the members page. Also, the dashboard tab should only appear if the person is logged in.")
	checkDecisions(t, c, []baton.Decision{{Decision: "the dashboard tab should only appear if the person is logged in"}})

	c = newConvo()
	c.steward("Plugin cleanup should tolerate transient file locks without test-specific sleeps.")
	checkDecisions(t, c, []baton.Decision{{Decision: "Plugin cleanup should tolerate transient file locks without test-specific sleeps", Alternatives: []string{"test-specific sleeps"}}})

	c = newConvo()
	c.steward("The dashboard tab should appear after login.")
	checkDecisions(t, c, nil)
}

// TestDecisionCourseNarrowedToOne: the steward narrows the work to one
// thing ("only" among the first words of the course); an "only" deep in
// a long request narrows nothing.
func TestDecisionCourseNarrowedToOne(t *testing.T) {
	c := newConvo()
	c.steward("I want us to be working only on one endpoint at a time.")
	checkDecisions(t, c, []baton.Decision{{Decision: "working only on one endpoint at a time"}})

	c = newConvo()
	c.steward("We can start only with the Postgres backend (we'll add others later).")
	checkDecisions(t, c, []baton.Decision{{Decision: "start only with the Postgres backend"}})

	c = newConvo()
	c.steward("I want to write guidelines that say comments are not allowed on functions and only keep the minimal information.")
	checkDecisions(t, c, nil)
}

// TestDecisionPartsKeptApart: the steward keeps parts apart ("let's keep
// the async code separate"), against putting them together; a question
// about it, or "keep" of something else, is none.
func TestDecisionPartsKeptApart(t *testing.T) {
	c := newConvo()
	c.steward("Also add a decorator for async. Let's keep the async code separate.")
	checkDecisions(t, c, []baton.Decision{{Decision: "keep the async code separate"}})

	c = newConvo()
	c.steward("keep the parsers in their own package")
	checkDecisions(t, c, []baton.Decision{{Decision: "keep the parsers in their own package"}})

	for _, s := range []string{"should we keep the async code separate?", "keep the docs in sync with the code"} {
		c = newConvo()
		c.steward(s)
		checkDecisions(t, c, nil)
	}
}

// TestStewardRulesOutACourse: a steward's "X should not be Y" rules a
// course out for a part of the work when it gives the reason after a dash
// (kept as the rationale) or the one case that allows it ("unless …"); a
// fault the steward reports ("it should not crash …") and a "should not"
// with neither rule nothing out.
func TestStewardRulesOutACourse(t *testing.T) {
	c := newConvo()
	c.steward("Set up a new exporter service. It should not be a Docker image - too heavy for the lab boxes")
	checkDecisions(t, c, []baton.Decision{{Decision: "It should not be a Docker image", Rationale: "too heavy for the lab boxes"}})

	c = newConvo()
	c.steward("Outliers in the survey should not be dropped unless the sensor log shows a fault.")
	checkDecisions(t, c, []baton.Decision{{Decision: "Outliers in the survey should not be dropped unless the sensor log shows a fault"}})

	checkStewardSaysNoDecision(t,
		"The editor should not crash unless the disk is full.",
		"The sidebar should not be hidden - but it is after the reload.",
		"The exporter should not be a Docker image.",
		"Should the cache not be shared between workers?",
	)
}

// TestDecisionAlwaysNeverRule: a rule the steward sets in the imperative
// for every case ("always …", "never …", "if in doubt, always …") or a
// property it requires ("X is a must") is a constraint; "never mind", a
// statement of what always happens and a question are not, nor is a
// routine step.
func TestDecisionAlwaysNeverRule(t *testing.T) {
	for _, tc := range []struct {
		say  string
		want string
	}{
		{"Port the parser to Go. If in doubt, always prefer the standard library over a new dependency.", "If in doubt, always prefer the standard library over a new dependency"},
		{"Add the login page. Never store the session token in local storage.", "Never store the session token in local storage"},
		{"Never mind, the build is green now.", ""},
		{"It always fails on the second run.", ""},
		{"Always run the linter first.", ""},
		{"Never been a problem before, so leave it.", ""},
		// A property required of the work.
		{"Make the menu radial. Even spacing is a must !", "Even spacing is a must"},
		{"Offline support is non-negotiable.", "Offline support is non-negotiable"},
		{"Is a lock file a must?", ""},
	} {
		c := newConvo()
		c.steward(tc.say)
		c.assistant("Understood.")
		var want []baton.Decision
		if tc.want != "" {
			want = []baton.Decision{{Decision: tc.want}}
		}
		checkDecisions(t, c, want)
	}
}
