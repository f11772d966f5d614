package analysis

import (
	"slices"
	"strings"
	"testing"
)

// TestSequencedStepsAreRequests: a sentence that asks for steps in order
// ("X, then Y") is a request per step, a step opening with its sequencer
// ("Then re-prioritize …") opens with its verb, a step that only analyzes
// what the next one changes is part of that work; a question's clauses
// stay one question.
func TestSequencedStepsAreRequests(t *testing.T) {
	got := requestTasks("Fix the flaky upload test, then remove the stale LOG.md file. " +
		"Then re-prioritize the TODO list by impact.")
	want := []string{"Fix the flaky upload test", "remove the stale LOG.md file", "re-prioritize the TODO list by impact"}
	if !slices.Equal(got, want) {
		t.Errorf("tasks %q, want %q", got, want)
	}
	// A first step that only studies what the next one changes serves it:
	// the work is the next step.
	got = requestTasks("Analyze the importer module, then split the parser out of it. " +
		"Examine the failing fixtures and then update the golden files.")
	want = []string{"split the parser out of it", "update the golden files"}
	if !slices.Equal(got, want) {
		t.Errorf("tasks %q, want %q", got, want)
	}
	if got := requestTasks("Analyze the importer module for dead code."); len(got) != 1 {
		t.Errorf("an analysis asked on its own gave tasks %q", got)
	}
	got = requestTasks("Is it better to port all the tools now, then continue with the scripting harness later?")
	if len(got) != 1 || !strings.HasPrefix(got[0], "Is it better") {
		t.Errorf("a question became %q", got)
	}
}

// TestWordsAboveAPastedLog: in a long message that pastes a log, every
// short paragraph of the steward's above the log asks; in one that pastes
// a document whole, only the opening paragraph is the steward's.
func TestWordsAboveAPastedLog(t *testing.T) {
	log := strings.Repeat("2025-02-27 17:32:51,142 - __main__ - INFO - Found 0 result containers\n", 30)
	got := requestTasks("Bing works in the falla script now.\n\n" +
		"Try to improve the yahoo engine first, then update the selectors in lib_falla.\n\n" + log)
	for _, want := range []string{"Try to improve the yahoo engine first", "update the selectors in lib_falla"} {
		if !slices.Contains(got, want) {
			t.Errorf("tasks %q lack %q", got, want)
		}
	}
	doc := "Apply the same structure to my app.\n\n" + strings.Repeat("Build a reading workflow that shows one-line takeaways on every card for busy readers. ", 25)
	if got := requestTasks(doc); !slices.Equal(got, []string{"Apply the same structure to my app"}) {
		t.Errorf("a pasted document gave tasks %q", got)
	}
}

// TestQuestionsAboutWhatWasDone: mid-session, a question or a request for
// an explanation about what the assistant did ("you changed", "you were
// using") discusses the work rather than asking for more; a request to
// fix what it did is still work.
func TestQuestionsAboutWhatWasDone(t *testing.T) {
	conv := newConvo()
	conv.steward("add a dry-run flag to the migration command")
	conv.assistant("Added --dry-run to the migrate command and ran the migration.")
	conv.steward("Explain to me the change in types, before you had a string and now you changed it to a list. " +
		"Last time you were using --dry-run first, why not now? Fix the flag parsing you added.")
	p := progressOf(buildViews(testAnalyzer, conv.analysed(testAnalyzer)))
	want := []string{"add a dry-run flag to the migration command", "Fix the flag parsing you added"}
	if !slices.Equal(p.TasksDiscussed, want) {
		t.Errorf("tasks %q, want %q", p.TasksDiscussed, want)
	}
}

// TestImperativeSeries: a sentence of comma-separated clauses that each
// open with a verb asks for each; an adverb before the first verb goes;
// commas inside parentheses or before a non-verb split nothing.
func TestImperativeSeries(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"Read current TODO.md , update CHANGELOG.md file that details all the changes, and update README.md so that it explains the project",
			[]string{"Read current TODO.md", "update CHANGELOG.md file that details all the changes", "update README.md so that it explains the project"}},
		{"Periodically run the lints to see results", []string{"run the lints to see results"}},
		{"update TODO (remove things that are done, add things we should do next)", []string{"update TODO (remove things that are done, add things we should do next)"}},
		{"fix the parser, which breaks on tabs", []string{"fix the parser, which breaks on tabs"}},
		{"the tests fail, fix them", []string{"the tests fail, fix them"}},
	}
	for _, c := range cases {
		if got := imperativeSeries(c.in); !slices.Equal(got, c.want) {
			t.Errorf("imperativeSeries(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestLeadInBeforeTheVerb: a sentence that opens with a word tying it to
// what came before ("Now", "Next", "OK, but", "Also") and then a verb
// asks for that work; a lead-in that is its own sentence ("OK.") does not
// carry the next one, and a question after a lead-in stays a question.
func TestLeadInBeforeTheVerb(t *testing.T) {
	got := requestTasks("OK, but explain how the cache key is built. Now check the retry budget in worker.go.")
	want := []string{"explain how the cache key is built", "check the retry budget in worker.go"}
	if !slices.Equal(got, want) {
		t.Errorf("tasks %q, want %q", got, want)
	}
	if got := requestTasks("Also, give me the migration as a single SQL file."); !slices.Equal(got, []string{"give me the migration as a single SQL file"}) {
		t.Errorf("tasks %q", got)
	}
	if got := requestTasks("So check mark the box?"); len(got) != 0 {
		t.Errorf("a short question after a lead-in became %q", got)
	}
}

// TestRepeatAndAlternativeVerbs: "do the same for …" asks to repeat the
// work just done somewhere else, also mid-session after "please" (it is
// no yes/no question for opening with "do"), and two verbs joined by a
// slash ("add/amend") open a request as either would; "the same" that
// names a thing ("do the same tests fail") is no such request.
func TestRepeatAndAlternativeVerbs(t *testing.T) {
	conv := newConvo()
	conv.steward("add retries to the fetch client in http.go")
	conv.assistant("Added retries with backoff to the fetch client.")
	conv.steward("Please do the same for the upload client in upload.go.")
	conv.steward("Then add/amend the notes in DESIGN.md with what we changed.")
	p := progressOf(buildViews(testAnalyzer, conv.analysed(testAnalyzer)))
	want := []string{"add retries to the fetch client in http.go", "do the same for the upload client in upload.go",
		"add/amend the notes in DESIGN.md with what we changed"}
	if !slices.Equal(p.TasksDiscussed, want) {
		t.Errorf("tasks %q, want %q", p.TasksDiscussed, want)
	}
	if doesTheSame(strings.Fields("do the same tests fail on main")) {
		t.Error(`"do the same tests fail" read as a request to repeat work`)
	}
}

// TestTwoStepsOfWorkOnWhatCameBefore: a reply of verbs alone that names
// two steps of work ("yes, merge and release") asks for them on what was
// said before, as "commit and push" does; one verb with a word pointing
// back ("do it", "fix that") or two that name no work ("try that again")
// names nothing a reader could pick up.
func TestTwoStepsOfWorkOnWhatCameBefore(t *testing.T) {
	for _, c := range []struct{ message, want string }{
		{"yes, merge and release", "merge and release"},
		{"Sounds good. Test it and publish", "Test it and publish"},
	} {
		if got := requestTasks(c.message); !slices.Equal(got, []string{c.want}) {
			t.Errorf("%q gave tasks %q, want %q", c.message, got, []string{c.want})
		}
	}
	for _, message := range []string{"ok, do it", "fix that", "try that again", "ok, go ahead and start"} {
		if got := requestTasks(message); len(got) != 0 {
			t.Errorf("%q gave tasks %q, want none", message, got)
		}
	}
}

// TestContinueNamesTheWorkItGoesOnWith: "continue" with the work it goes
// on with asks for that work ("Continue the schema review and prepare the
// release notes", "continue the course from section 3"); "continue",
// "please continue" or "continue as planned" go on with work named
// before and name none.
func TestContinueNamesTheWorkItGoesOnWith(t *testing.T) {
	for _, message := range []string{
		"Continue the schema review and prepare the release notes.",
		"ok, continue the course from section 3",
	} {
		if got := requestTasks(message); len(got) != 1 || !strings.HasPrefix(strings.ToLower(got[0]), "continue the ") {
			t.Errorf("%q gave tasks %q, want the request to continue", message, got)
		}
	}
	for _, message := range []string{"continue", "please continue", "yes, continue as planned"} {
		if got := requestTasks(message); len(got) != 0 {
			t.Errorf("%q gave tasks %q, want none", message, got)
		}
	}
}
