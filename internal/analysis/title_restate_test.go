package analysis

import (
	"strings"
	"testing"
)

// TestTitleFromRestatement: when the assistant opens its answer by taking
// on the request in its own words ("I'll help you create …"), the title
// is that restatement, from its verb on, without the purpose clause of
// the assistant's own finding its way or the steward's "your project" —
// even when the prompt's own words are a long, wandering sentence.
func TestTitleFromRestatement(t *testing.T) {
	for _, tc := range []struct {
		name  string
		turns []string
		want  string
	}{
		{
			name: "a request written as a rule of thumb",
			turns: []string{
				"create a rule that specifies that when fixing a bug to first always create a failing test that covers the behavior prior to fixing it",
				"I'll help you create a rule for test-driven bug fixing. First, let me check the rules directory.",
				"ok",
				"The rule for test-driven bug fixing is in place: a failing test comes before every bug fix.",
			},
			want: "Create a rule for test-driven bug fixing",
		},
		{
			name: "the steward's project and a purpose clause left out",
			turns: []string{
				"hey so i was thinking we could maybe have scipy in here too since the color code needs it",
				"I'll add scipy as a dependency to your project to check the build still works.",
				"thanks",
				"scipy is now a dependency; the scipy import works.",
			},
			want: "Add scipy as a dependency",
		},
		{
			name: "a curly apostrophe",
			turns: []string{
				"the windows functional tests keep failing at random on CI, can you do something on a best effort basis",
				"I’ll reduce the Windows test flakiness in the functional tests.",
				"ok",
				"The Windows test flakiness came from temporary directories still open; the flakiness is gone.",
			},
			want: "Reduce Windows test flakiness in functional tests",
		},
		{
			// "I'll help" with no "you" still opens the work; the
			// eight words end before the purpose clause they would
			// have cut ("… document to make").
			name: "a prompt that points at files, restated without its addressee",
			turns: []string{
				"Read @NOTES.md and work on @ROADMAP.md",
				"I'll help improve and expand the ROADMAP.md document to make it clearer for new contributors. Let me read it first.",
				"ok",
				"The ROADMAP.md document now lists each milestone with its owner and its date.",
			},
			want: "Improve and expand ROADMAP.md document",
		},
		{
			// "apply" ends in -ly as "quickly" does, but it is the
			// verb of the work, not an adverb before it.
			name: "a restated verb in -ly",
			turns: []string{
				"Apply the retention policy to ./config/archive_buckets",
				"I'll apply the retention policy to the archive buckets. Let me list them first.",
				"ok",
				"The retention policy now covers every archive bucket.",
			},
			want: "Apply the retention policy to the archive buckets",
		},
	} {
		if got := titleOf(tc.turns...); got != tc.want {
			t.Errorf("%s: title %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestTitleNotFromProcessStep: an answer that opens with a step of the
// assistant's own process ("I'll explore the docs folder") restates no
// request: the title comes from the prompt.
func TestTitleNotFromProcessStep(t *testing.T) {
	got := titleOf(
		"Review the changelog format and suggest improvements to the changelog categories",
		"I'll explore the docs folder and the README to understand what we have.",
		"go on",
		"The changelog categories could follow Keep a Changelog; the changelog format is otherwise fine.",
	)
	if lower := strings.ToLower(got); !strings.Contains(lower, "changelog") || strings.Contains(lower, "explore") {
		t.Fatalf("title %q, want the prompt's changelog request", got)
	}
}

// TestRestatedWork: the openings that take on a request, and those that
// do not.
func TestRestatedWork(t *testing.T) {
	for _, tc := range []struct {
		sentence, want string
		ok             bool
	}{
		{"I'll help you to set up the release workflow.", "set up the release workflow.", true},
		{"I will create a vidrenmatch.py script for videos.", "create a vidrenmatch.py script for videos.", true},
		{"I'm going to refactor the parser.", "refactor the parser.", true},
		{"I'll search for Go version specifications in the project.", "", false},
		{"Let me check the logs.", "", false},
		{"The error is a shellcheck warning.", "", false},
		{"I'll help", "", false},
	} {
		s, ok := restatedWork(strings.Fields(tc.sentence), true)
		if ok != tc.ok || strings.Join(s.words, " ") != tc.want {
			t.Errorf("%q: %q, %v; want %q, %v", tc.sentence, strings.Join(s.words, " "), ok, tc.want, tc.ok)
		}
	}
}

// TestTitleFromDiagnosisOfFencedPaste: an error pasted in a code fence
// after a line ending in a colon (an editor's "fix this error" prompt) is
// titled as a log pasted bare is: by what the answer says it is.
func TestTitleFromDiagnosisOfFencedPaste(t *testing.T) {
	got := titleOf(
		"For the code present, we get this error:\n```\nUse 'cd ... || exit' or 'cd ... || return' in case cd fails.\n```\nHow can I resolve this? If you propose a fix, please make it concise.",
		"The error is a shellcheck warning about the `cd` command potentially failing. Here's the fix: add `|| exit` to the `cd` command so the script stops when cd fails.",
	)
	if lower := strings.ToLower(got); !strings.Contains(lower, "shellcheck") || strings.Contains(lower, "concise") {
		t.Fatalf("title %q, want the answer's diagnosis (a shellcheck warning)", got)
	}
	checkTitleForm(t, "fenced paste", got)
}

// TestPastedInFence: a fence introduced by a colon is a paste; a fence
// after a request, or none, is not.
func TestPastedInFence(t *testing.T) {
	for content, want := range map[string]bool{
		"we get this error:\n```\nboom\n```\nhow to fix?":       true,
		"Here is the config:\n\n```yaml\na: 1\n```":             true,
		"Please add a retry to this function.\n```go\nf()\n```": false,
		"add a retry to the fetcher":                            false,
	} {
		if got := pastedInFence(content); got != want {
			t.Errorf("pastedInFence(%q) = %v, want %v", content, got, want)
		}
	}
}

// TestUnderHeading: the heading a namespaced command gave a prompt stays
// over a restatement that opens with its verb; any other restatement
// replaces the title whole.
func TestUnderHeading(t *testing.T) {
	for _, tc := range []struct{ title, restated, want string }{
		{"Security review: all of the billing work", "Review all the billing module code", "Security review: all the billing module code"},
		{"Security review: all of it", "Audit the billing module", "Audit the billing module"},
		{"Fix the flaky upload test", "Fix the upload test's race", "Fix the upload test's race"},
		{"Performance review: the cache", "Review the cache layer for the import path under heavy load", "Performance review: cache layer for import path"},
	} {
		if got := underHeading(tc.title, tc.restated); got != tc.want {
			t.Errorf("underHeading(%q, %q) = %q, want %q", tc.title, tc.restated, got, tc.want)
		}
	}
}

// TestTitleRestatementAfterAcknowledgement: an answer that opens by
// acknowledging the prompt ("Certainly!", "Yes, that's a good point.")
// restates the request in the sentence after; a request stated in the
// steward's own words from its verb on keeps its wording over the
// restatement's framing.
func TestTitleRestatementAfterAcknowledgement(t *testing.T) {
	for _, tc := range []struct {
		name  string
		turns []string
		want  string
	}{
		{
			name: "the request's details name more than the request",
			turns: []string{
				"the weekly report needs more. for each team/region, plot the total number of open_tickets+stale_tickets across all weeks of that team/region",
				"Certainly! I'll add a bar chart of open tickets per team to the weekly report. Here's the change:",
				"ok",
				"The weekly report now shows the bar chart of open and stale tickets per team and region.",
			},
			want: "Add bar chart of open tickets per team",
		},
		{
			name: "the steward's request kept over the framing",
			turns: []string{
				"add a test for the rate limiter. send eleven requests in one second, check the eleventh is refused. wait a second. check the next one passes.",
				"Sure! I'll add a new test case to the TestRateLimiter class in tests/test_limits.py.",
				"ok",
				"The rate limiter test passes: the eleventh request is refused, the next one after a second passes.",
			},
			want: "Add a test for the rate limiter",
		},
	} {
		if got := titleOf(tc.turns...); got != tc.want {
			t.Errorf("%s: title %q, want %q", tc.name, got, tc.want)
		}
	}
}

// An answer is read for a restatement only when it holds a word an
// opening begins with; the prefilter never turns one away.
func TestMayOpenRestatement(t *testing.T) {
	for _, s := range []string{
		"Certainly! I'll add the flag.", "Sure, i'll add it", "I'll add the flag.", "I’ll add it", "i will", "I'm going to", "I'd be happy to help you", "Let me fix it",
		"LET me", "**I**'ll", "Done. I can help you with that", "x\nlet", "I", "let", "İ'll help", "iWill",
	} {
		if !mayOpenRestatement(s) {
			t.Errorf("mayOpenRestatement(%q) = false", s)
		}
	}
	for _, s := range []string{
		"", "line number 2 the long transcript of an earlier session, one more line of it",
		"Done: the tests pass.", "It works", "letters in a list", "Fixed the inline import",
	} {
		if mayOpenRestatement(s) {
			t.Errorf("mayOpenRestatement(%q) = true", s)
		}
	}
	// Every answer the prefilter turns away finds no restatement without it.
	answers := []string{"Done: the tests pass.", "Fixed the inline import.", "The build is green now; run make test.",
		"Here is the plan:\n1. read the docs\n2. write the code"}
	for _, a := range answers {
		for _, pastAck := range []bool{false, true} {
			if s, ok := firstWordSentence(a, pastAck); ok {
				if _, ok := restatedWork(s.words, pastAck); ok {
					t.Errorf("%q restates", a)
				}
			}
		}
		if mayOpenRestatement(a) {
			t.Errorf("%q restates", a)
		}
	}
}

// TestRestatementAfterGreeting: an answer that greets before it takes on
// the request ("Hello! I'll help you …") restates it as one that opens
// "Sure!" does: the greeting is read past, and a prompt that only greets
// is titled by the restatement.
func TestRestatementAfterGreeting(t *testing.T) {
	for _, greeting := range []string{"Hello!", "Hi there!", "Hey,"} {
		got := titleOf(
			"hi there",
			greeting+" I'll help you set up the release workflow with goreleaser. Let me look at the repository.",
			"thanks",
			"The goreleaser release workflow now builds every platform.",
		)
		if got != "Set up the release workflow with goreleaser" {
			t.Errorf("answer opening %q: title %q, want the restated release workflow", greeting, got)
		}
	}
	// A greeting that asks what to do restates nothing: the request comes
	// in the steward's next prompt.
	got := titleOf(
		"hello",
		"Hello! How can I help you today?",
		"set up the goreleaser release workflow",
		"The goreleaser release workflow now builds every platform.",
	)
	if got != "Set up the goreleaser release workflow" {
		t.Errorf("greeting that asks: title %q, want the next prompt's request", got)
	}
}
