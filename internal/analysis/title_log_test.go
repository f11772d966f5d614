package analysis

import (
	"strings"
	"testing"
)

// TestTitleScriptLogPasted: a script's own log pasted with a short
// question ("why?") is titled by what the answer says it looks at, not by
// the log's first line, its table of results or the shell's error line.
func TestTitleScriptLogPasted(t *testing.T) {
	got := titleOf(
		"[DEPLOY] Release Packaging Tool\n[DEPLOY] Packing ./dist for upload\n[OK] All archives found\n\n"+
			"Target       Size (MB)     Archives     Uploaded\n"+
			"----         ---------     --------     --------\n"+
			"./tools/pack.sh: line 88: printf: 1.2 MB: invalid number\n\nWhy broken?",
		"Looking at the packaging script error, I can see that printf is handed a value with its unit. Let me fix the format.",
	)
	checkTitleForm(t, "script log", got)
	if low := strings.ToLower(got); !strings.Contains(low, "packaging script") || strings.Contains(low, "deploy") {
		t.Errorf("title = %q, want what the answer looks at (the packaging script error), not the log's first line", got)
	}
}

func TestPastedLineScriptLog(t *testing.T) {
	for line, want := range map[string]bool{
		"[INFO] Starting the server":                                        true,
		"[BENCHMARK] Finding SVG files recursively":                         true,
		"Tool         Total Time (s)  Per File (s)    OK":                   true,
		"./build.sh: line 12: jq: command not found":                        true,
		"[x] done with the migration, what next?":                           false,
		"Pushed.  However, still nothing.  I think there is a deeper issue": false,
	} {
		if got := pastedLine(line); got != want {
			t.Errorf("pastedLine(%q) = %v, want %v", line, got, want)
		}
	}
}

// TestLookedAtNamesTheThing: "Looking at X," names X only when X is more
// than a pronoun or one generic word.
func TestLookedAtNamesTheThing(t *testing.T) {
	for sentence, want := range map[string]string{
		"Looking at the benchmark script failure, I can see a printf error.": "benchmark script failure,",
		"Looking at the code, I can see that pplx.py lacks the variable.":    "",
		"Looking at this, the test fails.":                                   "",
		"Let me look at the script.":                                         "",
	} {
		if got := strings.Join(lookedAt(strings.Fields(sentence)), " "); got != want {
			t.Errorf("lookedAt(%q) = %q, want %q", sentence, got, want)
		}
	}
}

// TestTitleCleanItUp: a prompt that says what is wrong with a thing and
// asks to clean it up, the detail in between naming other words, is titled
// by the work the answer takes on ("Let me clean up the UI …"): a
// sentence that opens with "So" is not asking for anything.
func TestTitleCleanItUp(t *testing.T) {
	got := titleOf(
		"The settings page is a mess. It has two save buttons: one at the top then one at the bottom. "+
			"So the fields are duplicated (the list of accounts shows when I open the Billing side panel). Clean it up.",
		"Let me clean up the settings page as you asked. I'll look at the view first.",
	)
	checkTitleForm(t, "clean it up", got)
	if low := strings.ToLower(got); !strings.Contains(low, "clean up the settings page") {
		t.Errorf("title = %q, want the clean-up of the settings page", got)
	}
}

// TestTitleWhyNotSuggests: "why not …" after a comma suggests the work: it
// asks, as a question does.
func TestTitleWhyNotSuggests(t *testing.T) {
	for sentence, want := range map[string]bool{
		"as a suggestion, why not keep the fixtures in the repository":  true,
		"why not cache the thumbnails":                                  true,
		"I wonder why not everyone reads the docs":                      false,
		"the comments are about the construction of images in the code": false,
	} {
		if got := suggests(strings.Fields(sentence)); got != want {
			t.Errorf("suggests(%q) = %v, want %v", sentence, got, want)
		}
	}
}

// TestLetMeRestatesOnlyTheRequestsVerb: "Let me …" restates the request
// when it repeats the request's verb; otherwise it opens a step.
func TestLetMeRestatesOnlyTheRequestsVerb(t *testing.T) {
	for _, tc := range []struct {
		prompt, answer string
		want           bool
	}{
		{"The settings page is a mess. Clean it up.", "Let me clean up the settings page.", true},
		{"The import fails on empty rows, can you sort it out?", "Let me add a guard for empty rows first.", false},
	} {
		c := newConvo()
		c.steward(tc.prompt)
		c.assistant(tc.answer)
		vs := buildViews(testAnalyzer, c.analysed(testAnalyzer))
		if _, got := restatement(vs, 0, true); got != tc.want {
			t.Errorf("restatement of %q by %q = %v, want %v", tc.prompt, tc.answer, got, tc.want)
		}
	}
}

// TestTitleFencedErrorKind: an error pasted in a code fence, its kind
// named before the word ("Parsing error: …"), then a request that points
// at it ("Fix it"): the error titles the session, not the request's
// pointing words, wherever the fence stands among the prompt's sentences.
func TestTitleFencedErrorKind(t *testing.T) {
	got := titleOf(
		"For the code present, we get this error:\n```\nParsing error: Stylelint was configured to run on `src/ui/button.css` using `configBasedir`: /home/ana/app\nHowever, that config does not include this file.\n```\nFix it, verify, and then give a concise explanation.",
		"Let me check the config.",
		"thanks",
		"The Stylelint config did not include src/ui; I added the folder to the Stylelint config's files, and Stylelint now parses button.css.",
	)
	if !strings.Contains(strings.ToLower(got), "stylelint") {
		t.Fatalf("title %q does not name the Stylelint error", got)
	}
	checkTitleForm(t, "fenced error", got)
	if fencedError("```\nok\n```\nSyntax error: later") != "" {
		t.Errorf("an error line after the fence is the prompt's prose, not the fenced log's")
	}
}
