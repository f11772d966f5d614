package analysis

import (
	"slices"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestThoughtSummariesLeftOut: the summaries of its reasoning a model
// writes as it goes, which a chat export puts among the answer's words
// (a bold heading whose first word is a verb's -ing form, over a
// paragraph in the first person), are left out; a heading of the answer
// over its own text, a heading that ends with a colon and the answer
// glued to the last summary's last sentence stay.
func TestThoughtSummariesLeftOut(t *testing.T) {
	cases := []struct{ name, prose, want string }{
		{"summary then answer",
			"**Weighing the cache options**\n\nI'm comparing the two stores. My guess is the disk one is enough.\n\nThe cache now lives on disk.",
			"\nThe cache now lives on disk."},
		{"summaries glued to each other and to the answer",
			"**Sorting the imports**\n\nI'll group them by package.**Checking the result****Summarizing the change**\n\nI'll say what moved.Grouped the imports by package in every file.\n\nNext: run the linter.",
			"Grouped the imports by package in every file.\n\nNext: run the linter."},
		{"a heading of the answer",
			"**Installing the tools**\n\nRun `make tools` once; it fetches the linters.",
			"**Installing the tools**\n\nRun `make tools` once; it fetches the linters."},
		{"a heading over a list",
			"**Testing results:**\n\nI ran the suite.\n\n**Remaining work**\n\n- I still owe the docs",
			"**Testing results:**\n\nI ran the suite.\n\n**Remaining work**\n\n- I still owe the docs"},
		{"a console's thinking block",
			"✻ Thinking…\n\n  The user wants the list command. This allows for future expansion (list finished).\n\n  - Pro: explicit\n\n⏺ Added the list command.",
			"⏺ Added the list command."},
		{"a bold sentence inside a paragraph",
			"Done.\n**Updating the config** was the only step, and I did it.",
			"Done.\n**Updating the config** was the only step, and I did it."},
	}
	for _, c := range cases {
		if got := withoutThoughtSummaries(c.prose); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// TestDecisionNotReadFromThoughtSummary: a course a model weighs in its
// summary of its reasoning is not one it put to the steward or reported;
// the same words in its answer are.
func TestDecisionNotReadFromThoughtSummary(t *testing.T) {
	c := newConvo()
	c.steward("the report page is slow")
	c.assistant("**Evaluating caching strategies**\n\nI've decided to use Redis instead of an in-process map because it survives restarts.\n\nI profiled the page: the query runs twice per request.")
	checkDecisions(t, c, nil)

	c = newConvo()
	c.steward("the report page is slow")
	c.assistant("I profiled the page.\n\nI've decided to use Redis instead of an in-process map because it survives restarts.")
	if got := decisionsFrom(c); len(got) != 1 || got[0].Decision != "use Redis" {
		t.Errorf("decisions from the answer = %+v, want the Redis one", got)
	}
}

// TestDecisionScriptRunIsRoutine: executing a script is running it, a
// step of routine execution ("I've decided to execute the setup script"),
// not a choice.
func TestDecisionScriptRunIsRoutine(t *testing.T) {
	c := newConvo()
	c.steward("set the project up")
	c.assistant("The submodules are in place, so I've decided to execute `scripts/setup.sh` next.")
	c.tool("Bash", obj{"command": "./scripts/setup.sh"}, "ok", "")
	checkDecisions(t, c, nil)
}

// TestDecisionCleanupReasonIsNoChoice: a replacement whose only reason is
// one any change to code may claim (readability, best practices) is a
// cleanup, as a list of lint fixes holds; one with a reason of its own is
// a choice.
func TestDecisionCleanupReasonIsNoChoice(t *testing.T) {
	c := newConvo()
	c.steward("fix the linter's complaints")
	c.tool("Edit", obj{"file_path": "pool.py", "old_string": "key = lambda x: x.id", "new_string": "def key(x):\n    return x.id"}, "ok", "")
	c.assistant("Summary of changes:\n\n1. Renamed `PoolException` to `PoolError`\n2. Replaced the lambda assignment with a named function for better readability and to follow best practices\n3. Removed unused variables")
	checkDecisions(t, c, nil)

	c = newConvo()
	c.steward("fix the linter's complaints")
	c.tool("Edit", obj{"file_path": "pool.py", "old_string": "key = lambda x: x.id", "new_string": "def key(x):\n    return x.id"}, "ok", "")
	c.assistant("Summary of changes:\n\n1. Replaced the lambda assignment with a named function so that the tracebacks name it")
	checkDecisions(t, c, []baton.Decision{{Decision: "replace the lambda assignment with a named function",
		Rationale: "so that the tracebacks name it", Alternatives: []string{"the lambda assignment"}}})
}

// TestSummaryNotReadFromThoughtSummary: the summary and its outcomes are
// what the assistant told the steward and did, not what its thought
// summaries weighed ("I've decided to run the setup script", "I want this
// final message to be clear"); the answer glued to the last one is read.
func TestSummaryNotReadFromThoughtSummary(t *testing.T) {
	c := newConvo()
	c.steward("Add the licence field to every package manifest under packages.")
	c.assistant("**Planning the manifest updates**\n\nI've decided to run a small Node script over the folders, as I predicted. I want this final message to be clear and short.Added the licence field to all 40 manifests under packages.\n\nEach one now names the MIT licence.")
	sum := summaryOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	for _, said := range append([]string{sum.AutoGenerated}, sum.MainOutcomes...) {
		if strings.Contains(said, "decided") || strings.Contains(said, "final message") {
			t.Errorf("the summary reads the thought summary: %q", said)
		}
	}
	if !slices.ContainsFunc(sum.MainOutcomes, func(o string) bool { return strings.HasPrefix(o, "Added the licence field") }) {
		t.Errorf("outcomes = %q, want the answer's 'Added the licence field …'", sum.MainOutcomes)
	}
}

// TestSummaryOfThoughtsAlone: a session whose assistant messages hold
// nothing but thought summaries (an export that kept only the model's
// thoughts beside its tool calls) is summed up from them, with no
// outcome.
func TestSummaryOfThoughtsAlone(t *testing.T) {
	c := newConvo()
	c.steward("init")
	c.assistant("**Examining the setup scripts**\n\nI've read the dependencies script and the config generator of the parser project. I've decided the dependencies script is the setup to run first, as I predicted.")
	sum := summaryOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if !strings.Contains(sum.AutoGenerated, "dependencies script") {
		t.Errorf("summary = %q, want it read from the thoughts", sum.AutoGenerated)
	}
	if len(sum.MainOutcomes) != 0 {
		t.Errorf("outcomes = %q, want none from thoughts", sum.MainOutcomes)
	}
}
