package analysis

import (
	"slices"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestTasksFromRequests: a chat with no todo tool still has tasks — each
// request of the steward, the items of a list a request introduces, a
// question to answer — and neither a decision, pasted output nor a
// command becomes one.
func TestTasksFromRequests(t *testing.T) {
	c := newConvo()
	c.steward("I'd like to cut a 2.3 release of the invoicing service this week. Can you:\n\n- draft release notes from the merged pull requests\n- check that the migrations run on a copy of production\n\nThanks!")
	c.assistant("Here are draft notes. The migrations ran cleanly on the copy; the release notes are done.")
	c.steward("Let's use the calendar versioning scheme because finance reads dates, not numbers.")
	c.steward("what happens to open invoices during the migration?")
	c.assistant("They stay readable; writes wait for the lock.")
	c.steward("ok now run `make release && git push --tags`")
	c.steward("$ kubectl rollout status deploy/invoicing")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Progress.TasksDiscussed
	want := []string{
		"draft release notes from the merged pull requests",
		"check that the migrations run on a copy of production",
		"what happens to open invoices during the migration",
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("tasks %q lack %q", got, w)
		}
	}
	for _, task := range got {
		l := strings.ToLower(task)
		if strings.Contains(l, "calendar versioning") || strings.Contains(l, "kubectl") || strings.Contains(l, "&&") || strings.Contains(l, "git push") {
			t.Errorf("task %q is a decision or a command", task)
		}
	}
	if !slices.Contains(s.Progress.TasksCompleted, "draft release notes from the merged pull requests") {
		t.Errorf("completed %q: the assistant said the notes were done", s.Progress.TasksCompleted)
	}
}

// TestResolvedErrorsAreNotTasks: errors the session got past — a command
// not found and then installed, a missing file then created, a tool use
// the steward turned down — are not left as tasks; an error the session
// ended on is.
func TestResolvedErrorsAreNotTasks(t *testing.T) {
	c := newConvo()
	c.steward("Generate the API client from openapi.yaml")
	c.tool("Bash", obj{"command": "oapi-codegen -package api openapi.yaml"}, "", "bash: oapi-codegen: command not found")
	c.tool("Bash", obj{"command": "go install github.com/deepmap/oapi-codegen/cmd/oapi-codegen@v1.16.2"}, "", "")
	c.tool("Read", obj{"file_path": "/srv/app/api/gen.go"}, "", "File does not exist.")
	c.tool("Write", obj{"file_path": "/srv/app/api/gen.go", "content": "package api\n"}, "File created successfully", "")
	c.tool("Bash", obj{"command": "rm -rf /srv/app/vendor"}, "", "The user doesn't want to proceed with this tool use. The tool use was rejected.")
	c.assistant("Generated the client into api/gen.go.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	for _, task := range s.Progress.TasksDiscussed {
		if strings.HasPrefix(task, "Resolve") {
			t.Errorf("task %q: the session resolved that error", task)
		}
	}

	open := newConvo()
	open.steward("Deploy the worker to staging")
	open.tool("Bash", obj{"command": "fly deploy --app worker-staging"}, "", "Error: failed to fetch an image or build from source: no Dockerfile found")
	s = &baton.Session{}
	New().Session(s, open.analysed(New()))
	if !slices.ContainsFunc(s.Progress.TasksRemaining, func(t string) bool { return strings.HasPrefix(t, "Resolve: Error: failed to fetch") }) {
		t.Errorf("remaining %q: the session ended on that error", s.Progress.TasksRemaining)
	}
}

// TestStaleStatusIsSuperseded: "still waiting on the other two" is no
// blocker once what it waited for arrived and the work went on.
func TestStaleStatusIsSuperseded(t *testing.T) {
	c := newConvo()
	c.steward("Run the three audits in parallel")
	c.assistant("The first audit is back. Still waiting on the other two agents before I can merge the findings.")
	c.tool("Task", obj{"description": "audit dependencies"}, "Dependency audit: 2 outdated packages.", "")
	c.tool("Task", obj{"description": "audit licences"}, "Licence audit: all MIT or Apache-2.0.", "")
	c.assistant("All three audits are in; merged findings below.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	if len(s.Progress.Blockers) > 0 {
		t.Errorf("blockers %q: the other two arrived", s.Progress.Blockers)
	}

	w := newConvo()
	w.steward("Merge the audit findings")
	w.assistant("Still waiting on the licence audit before I can merge the findings.")
	s = &baton.Session{}
	New().Session(s, w.analysed(New()))
	if len(s.Progress.Blockers) != 1 {
		t.Errorf("blockers %q: the session ended waiting", s.Progress.Blockers)
	}
}

// TestLookRequests: "have a look at X", "take a look at X" and "go
// through X" or "go over X" ask the session to examine X, though no verb
// of their own opens them.
func TestLookRequests(t *testing.T) {
	for s, want := range map[string]string{
		"Have a look at the failing test in ci.yml":           "Have a look at the failing test in ci.yml",
		"Take a quick look into the release workflow.":        "Take a quick look into the release workflow",
		"Go over the parser tests and flag the flaky ones.":   "Go over the parser tests and flag the flaky ones",
		"go through the storage layer and list unused tables": "go through the storage layer and list unused tables",
	} {
		if got := requestTasks(s); len(got) != 1 || got[0] != want {
			t.Errorf("requestTasks(%q) = %q, want [%q]", s, got, want)
		}
	}
}

// TestPreparatoryReads: reading a file the message attaches prepares the
// work it asks for and is no task of its own; reading what something
// produced, or a read asked for alone, is.
func TestPreparatoryReads(t *testing.T) {
	got := dropPreparatoryReads([]request{{text: "Read current @TODO.md", form: formImperative}, {text: "update @CHANGELOG.md with all the changes", form: formImperative}})
	if len(got) != 1 || got[0].text != "update @CHANGELOG.md with all the changes" {
		t.Errorf("dropPreparatoryReads = %+v", got)
	}
	for _, reqs := range [][]request{
		{{text: "read the results of lints", form: formImperative}, {text: "plan tests in @TODO.md", form: formImperative}},
		{{text: "Read @README.md and summarise it", form: formImperative}},
	} {
		if got := dropPreparatoryReads(reqs); len(got) != len(reqs) {
			t.Errorf("dropPreparatoryReads(%+v) = %+v", reqs, got)
		}
	}
}

// TestTasksFromCodeWorkVerbs: a request may open with what the code is
// to do ("use indent=4 …", "catch exceptions …", "call X on each"); the
// same word before a colon is a label, and a line of pasted code asks for
// nothing.
func TestTasksFromCodeWorkVerbs(t *testing.T) {
	got := requestTasks("use indent=4 on all json.dump calls")
	got = append(got, requestTasks("catch exceptions right at `find_blocks`")...)
	got = append(got, requestTasks("call `find_blocks` on each chunk")...)
	for _, want := range []string{"use indent=4 on all json.dump calls", "catch exceptions right at find_blocks", "call find_blocks on each chunk"} {
		if !slices.Contains(got, want) {
			t.Errorf("tasks %q lack %q", got, want)
		}
	}
	if got := requestTasks("Copy: clarify the value of an account for citations"); len(got) != 0 {
		t.Errorf("a label's text became tasks %q", got)
	}
}

// TestTasksFromVerbsOfRecordsAndFiles: searching, recording, saving,
// downloading, auditing, folding one document into another, reflecting a
// point in the work and recalling what was said to act on it are work
// asked for like "update" or "review".
func TestTasksFromVerbsOfRecordsAndFiles(t *testing.T) {
	for _, s := range []string{
		"Search the handlers for places that swallow context errors",
		"Record the schema change in MIGRATIONS.md",
		"Save the benchmark output next to the report",
		"Download the release archive from the mirror",
		"Audit the permissions of the deploy key",
		"Fold NOTES.md into the design doc",
		"Reflect the new default in the help text",
		"Recall what the reviewer said about retries and apply it",
	} {
		if got := requestTasks(s); !slices.Equal(got, []string{s}) {
			t.Errorf("%q gave tasks %q", s, got)
		}
	}
}

// TestCodeCutAtABracketIsNoTask: a line of code pasted under a request
// that opens with a verb's word and breaks at an opening bracket
// ("format: Literal[") is code, not a second request.
func TestCodeCutAtABracketIsNoTask(t *testing.T) {
	got := requestTasks("Add type hints to the resize helper like so\n\ndef resize(\n    format: Literal[\n        \"png\", \"jpg\"] = \"png\",\n):")
	if want := []string{"Add type hints to the resize helper like so"}; !slices.Equal(got, want) {
		t.Errorf("tasks %q, want %q", got, want)
	}
}

// TestDescribingClauseIsNoQuestion: a sentence without a question mark
// that opens with a question word and then a noun phrase ("where the
// HOST is the machine's public name") describes in a statement's word
// order; one in a question's order ("how does the retry work") asks.
func TestDescribingClauseIsNoQuestion(t *testing.T) {
	if got := requestTasks("where the HOST is the machine's public name and the PORT the one it listens on"); len(got) != 0 {
		t.Errorf("a describing clause became tasks %q", got)
	}
	if got := requestTasks("how does the retry budget get reset between jobs"); len(got) != 1 {
		t.Errorf("a question without its mark gave tasks %q", got)
	}
}

// TestTasksFromDesiredState: a sentence saying what a thing of the code
// should do asks for that change; one about the people or a hedge ("it
// should work now") does not.
func TestTasksFromDesiredState(t *testing.T) {
	for _, s := range []string{"all events should contain the version number as a property", "event() should take kwargs that get added to properties"} {
		if got := requestTasks(s); len(got) != 1 || got[0] != s {
			t.Errorf("requestTasks(%q) = %q, want the sentence", s, got)
		}
	}
	for _, s := range []string{"it should work now", "I must say the new layout looks great"} {
		if got := requestTasks(s); len(got) != 0 {
			t.Errorf("requestTasks(%q) = %q, want none", s, got)
		}
	}
}

// TestRequestDoneByReportedWork: a request the assistant then reports work
// on in the first person past ("I removed the stale hook") is completed,
// not left open for the next session; one whose work it has not done yet
// stays open.
func TestRequestDoneByReportedWork(t *testing.T) {
	c := newConvo()
	c.steward("Please fix the push, I no longer use that hook manager.")
	c.assistant("I removed the stale generated pre-push hook, leaving the other hooks alone.")
	p := sessionProgress(c)
	if len(p.TasksCompleted) != 1 || len(p.TasksRemaining) != 0 {
		t.Errorf("completed %q, remaining %q: the assistant reported the hook removed", p.TasksCompleted, p.TasksRemaining)
	}

	c = newConvo()
	c.steward("Please fix the push, I no longer use that hook manager.")
	c.assistant("I haven't removed the hook yet: it is shared with the other checkout, so tell me which one to keep.")
	p = sessionProgress(c)
	if len(p.TasksRemaining) != 1 {
		t.Errorf("remaining %q: nothing was removed yet", p.TasksRemaining)
	}
}

// TestAnsweredQuestionIsSettled: a question the assistant answered is
// settled, not handed on as open; a request put as a question ("could you
// commit …?") is settled only by the work.
func TestAnsweredQuestionIsSettled(t *testing.T) {
	c := newConvo()
	c.steward("What does the session show command do?")
	c.assistant("It prints one session's transcript with its checkpoints, newest first, and exits.")
	p := sessionProgress(c)
	if len(p.TasksCompleted) != 1 || len(p.TasksRemaining) != 0 {
		t.Errorf("completed %q, remaining %q: the question was answered", p.TasksCompleted, p.TasksRemaining)
	}
}

// sessionProgress is the progress the analyser finds in c.
func sessionProgress(c *convo) baton.Progress {
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	return s.Progress
}

// TestRequestLeftMidStep: a session that ends while the assistant is
// still at work ("Let me fix this:", "so I'm pulling that step's log")
// leaves the request open, whatever the assistant found on the way ("the
// release job completed"); one whose last answer reports the work done
// and then says what comes next is done.
func TestRequestLeftMidStep(t *testing.T) {
	for _, closing := range []string{
		"The click handler is never bound because the script loads first. Let me fix this:",
		"The handler returned no body, so I'm reading its log next.",
		"I'm checking the handler now.",
	} {
		c := newConvo()
		c.steward("The export button on the reports page does nothing. Please fix the export button.")
		c.assistant("The export job completed and wrote its file, so the job is not what fails.")
		c.assistant(closing)
		if p := sessionProgress(c); len(p.TasksRemaining) != 1 || len(p.TasksCompleted) != 0 {
			t.Errorf("after %q: completed %q, remaining %q; want the request open", closing, p.TasksCompleted, p.TasksRemaining)
		}
	}
	c := newConvo()
	c.steward("The export button on the reports page does nothing. Please fix the export button.")
	c.assistant("I fixed the export button: its click handler is now bound after the page renders. Let me know if the report looks right.")
	if p := sessionProgress(c); len(p.TasksCompleted) != 1 {
		t.Errorf("completed %q, remaining %q; want the request done", p.TasksCompleted, p.TasksRemaining)
	}

	c = newConvo()
	c.steward("Which reports can be exported?")
	c.assistant("Let me check the export routes first.")
	if p := sessionProgress(c); len(p.TasksRemaining) != 1 {
		t.Errorf("completed %q, remaining %q; a question the assistant only set out to answer is open", p.TasksCompleted, p.TasksRemaining)
	}
}

// TestOwnWishAfterRequest: after a request, the steward's wish for what
// they will do themselves says what the work is for or how they came to
// ask, not work of its own; a wish for work on the code, one that adds to
// the request ("also", "too") and one that opens the message ask for it.
func TestOwnWishAfterRequest(t *testing.T) {
	for in, want := range map[string][]string{
		"Can you add a CSV export to the report page? I would like to share the numbers with my team.": {"add a CSV export to the report page"},
		"What happens to the lock if the job dies? Say I want to restart it by hand from my shell.":    {"What happens to the lock if the job dies"},
		"Please fix the login redirect. I want to put the session check behind a flag.":                {"fix the login redirect", "put the session check behind a flag"},
		"Please fix the login redirect. I'd like to also add a logout button to my page.":              {"fix the login redirect", "add a logout button to my page"},
		"Please fix the login redirect. I want to run it on my staging box too.":                       {"fix the login redirect", "run it on my staging box too"},
		"I'd like to add a dark mode toggle to my settings page.":                                      {"add a dark mode toggle to my settings page"},
	} {
		if got := requestTasks(in); !slices.Equal(got, want) {
			t.Errorf("requestTasks(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestQuotedAndPrintedLinesAskForNothing: in a message of the steward's
// own words, a quoted line ("> …") is what someone else wrote or a
// program printed, and the lines under a shell prompt are what the
// command printed, up to the next blank line; a message quoted
// throughout is the steward's own.
func TestQuotedAndPrintedLinesAskForNothing(t *testing.T) {
	for prose, want := range map[string][]string{
		"When I type a note the prompt shows:\n\n> Delete all drafts older than a week\n\nwhy does the prompt come back?": {"why does the prompt come back"},
		"$ ./build.sh\nBuilding the site.\nUpdate the index page when a new post lands.\n\nfix the build script":          {"fix the build script"},
		"> Rename the config loader and add a test for it":                                                                {"Rename the config loader and add a test for it"},
	} {
		if got := requestTasks(prose); !slices.Equal(got, want) {
			t.Errorf("requestTasks(%q) = %q, want %q", prose, got, want)
		}
	}
}

// TestShownParagraphAsksForNothing: the paragraph under a line that
// introduces what the steward saw ("and the app printed:") and a blank
// line is pasted, whatever its words; words right under the line, and
// the paragraphs after the pasted one, are the steward's own.
func TestShownParagraphAsksForNothing(t *testing.T) {
	for prose, want := range map[string][]string{
		"I ran the importer and the app printed:\n\nNothing to import. Would you like to add a source?\n\nwhy is the source list empty?": {"why is the source list empty"},
		"here is what I get:\nwhy does the export skip the first row?":                                                                   {"why does the export skip the first row"},
	} {
		if got := requestTasks(prose); !slices.Equal(got, want) {
			t.Errorf("requestTasks(%q) = %q, want %q", prose, got, want)
		}
	}
}

// TestSentencesThatAskForNoWork: a request's opener before a thing not to
// do, a state to hear, a pause, or words that name nothing asks for no
// work; nor does a name that opens with a verb's word and what it is. A
// "please" before a dash and a reason asks for what it follows.
func TestSentencesThatAskForNoWork(t *testing.T) {
	for s, want := range map[string][]string{
		"We're close. Let's not get sloppy now.":                                  nil,
		"Ugh. Please tell me this is a small one.":                                nil,
		"I need a minute. These failures keep coming.":                            nil,
		"We have two months and four people. Help me think it through?":           nil,
		"Open Banking is nice-to-have for the launch.":                            nil,
		"Check Python is installed on the runner.":                                {"Check Python is installed on the runner"},
		"Please tell me what the cache key is.":                                   {"what the cache key is"},
		"Doc comments on the new types please — someone else will maintain this.": {"Doc comments on the new types"},
	} {
		if got := requestTasks(s); !slices.Equal(got, want) {
			t.Errorf("requestTasks(%q) = %q, want %q", s, got, want)
		}
	}
}

// A long request cut at its first clause keeps the clause a verb that
// says or makes sure takes as its object ("instructions that state that
// …"): cut before it, the task named nothing.
func TestRequestKeepsTheClauseItsVerbStates(t *testing.T) {
	s := "I want to create instructions that state that it is not allowed to write elaborate comments on functions and only keep it to the minimal information needed."
	want := "create instructions that state that it is not allowed to write elaborate comments"
	if got := requestTasks(s); len(got) != 1 || got[0] != want {
		t.Errorf("requestTasks = %q, want [%q]", got, want)
	}
}
