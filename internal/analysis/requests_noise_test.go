package analysis

import (
	"reflect"
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestRequestTasksLeaveOutPastedOutput: what a program printed — "error:"
// and "hint:" lines, the list under them, a bracketed log line, a shell
// prompt — asks for nothing; the steward's own words after it do.
func TestRequestTasksLeaveOutPastedOutput(t *testing.T) {
	prose := "dev@box:~/shop$ make deploy\n" +
		"error: no inventory file found in the current directory\n" +
		"hint: create one with the init command\n" +
		"- To skip this check, run the deploy with the force flag\n" +
		"- To install the inventory, add a hosts file\n" +
		"[12:01:33.120] [deploy] Attempt 1/3 failed: Set DEPLOY_TOKEN or run the login command\n\n" +
		"please restore the inventory file the cleanup deleted"
	if got, want := requestTasks(prose), []string{"restore the inventory file the cleanup deleted"}; !reflect.DeepEqual(got, want) {
		t.Errorf("tasks %q, want %q", got, want)
	}
	if got := firstProseLine(prose); got != "please restore the inventory file the cleanup deleted" {
		t.Errorf("first prose line %q", got)
	}
}

// TestTableIsOutput: a table a tool printed, in columns, is output: the
// opening message's first line of words is the one under it. Prose typed
// with two spaces after a full stop is words.
func TestTableIsOutput(t *testing.T) {
	prose := "Tool         Total Time (s)  Per File (s)    Success         Failed\n" +
		"svgo         12.10           0.30            40              2\n\n" +
		"the benchmark script stops with printf: invalid number"
	if got := firstProseLine(prose); got != "the benchmark script stops with printf: invalid number" {
		t.Errorf("first prose line %q", got)
	}
	if looksLikeOutput("wow, cool.  OK.  How might we add this to the control panel?") {
		t.Error("prose with two spaces after its full stops read as output")
	}
}

// TestRequestTasksOfAPlanWithoutSteps: a plan with no numbered steps asks
// for its approach; its verification list asks for nothing of its own.
func TestRequestTasksOfAPlanWithoutSteps(t *testing.T) {
	prose := "Implement the following plan:\n\n# Plan: Make export the default subcommand\n\n## Approach\n\n" +
		"Mark the export command as the default so the bare command exports.\n\n## Verification\n\n" +
		"1. Run the unit tests to ensure no regressions\n2. Test both invocations work\n"
	for _, task := range requestTasks(prose) {
		if task == "Run the unit tests to ensure no regressions" || task == "Test both invocations work" {
			t.Errorf("a verification step became a task: %q", task)
		}
	}
}

// TestRequestTasksNameTheirWork: a request that only points back ("detect
// that", "do this yourself, and then fix it", "make it even simpler",
// "start with #3, then #1", "try option one or two", "start
// implementation") or only at what follows ("populate them as follows",
// "convert →") names no work; a bare
// "commit" asks to commit the changes; a watch-mode prompt's task is the
// comment it marks, not its own wording.
func TestRequestTasksNameTheirWork(t *testing.T) {
	for _, c := range []struct {
		prose string
		want  []string
	}{
		{"how can we detect that?", nil},
		{"go ahead and do this yourself, and then fix it", nil},
		{"validate that statement", nil},
		{"update that documentation", []string{"update that documentation"}},
		{"make it even simpler", nil},
		{"start with #3, then #4, and only then #1/#2", nil},
		{"let's try option one or two", nil},
		{"can you try the first three", nil},
		{"Start implementation", nil},
		{"try the second approach to the cache", []string{"try the second approach to the cache"}},
		{"plan the migration of the two services", []string{"plan the migration of the two services"}},
		{"make the export even simpler", []string{"make the export even simpler"}},
		{"Populate them as follows", nil},
		{"Convert →", nil},
		{"let's plan out 4.6", []string{"plan out 4.6"}},
		{"commit", []string{"commit the changes"}},
		{"commit and push.", []string{"commit and push the changes"}},
		{"Find the \"AI\" comments below (marked with █) in the code files I've shared with you.\n" +
			"They contain my questions that I need you to answer and other instructions for you.\n\n" +
			"src/index.ts:\n⋮\n│export * from './list.ts';\n█// AI? What is this collection library missing?\n",
			[]string{"What is this collection library missing"}},
	} {
		if got := requestTasks(c.prose); !reflect.DeepEqual(got, c.want) && !(len(got) == 0 && len(c.want) == 0) {
			t.Errorf("requestTasks(%q) = %q, want %q", c.prose, got, c.want)
		}
	}
}

// TestTasksLeaveOutDiscussionQuestions: after the session's first request,
// a yes/no or "why" question weighs what was said and is no task; a
// question asking what or how still is, and so is an opening question.
func TestTasksLeaveOutDiscussionQuestions(t *testing.T) {
	c := newConvo()
	c.steward("Is the invoice mailer still sending reminders to closed accounts?")
	c.assistant("Yes: the mailer ignores the account status.")
	c.steward("Can you fix the duplicate refund rows in the nightly export?")
	c.assistant("Fixed; refunds are written once.")
	c.steward("is that query written in raw SQL?")
	c.steward("why is the second join needed at all?")
	c.steward("how does the export pick which orders to send?")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Progress.TasksDiscussed
	for _, w := range []string{
		"Is the invoice mailer still sending reminders to closed accounts",
		"fix the duplicate refund rows in the nightly export",
		"how does the export pick which orders to send",
	} {
		if !slices.Contains(got, w) {
			t.Errorf("tasks %q lack %q", got, w)
		}
	}
	for _, not := range []string{"is that query written in raw SQL", "why is the second join needed at all"} {
		if slices.Contains(got, not) {
			t.Errorf("tasks %q hold the discussion question %q", got, not)
		}
	}
}

// TestTasksLeaveOutRemarksAlongTheWay: after the first request, a question
// that names nothing ("what do you think?") is no task, and past a
// message's first request only the sentences that open with a verb are:
// "I want to treat that as a failing test" and "isn't there a place for
// mocks?" comment on the work the message asked for.
func TestTasksLeaveOutRemarksAlongTheWay(t *testing.T) {
	c := newConvo()
	c.steward("Can you move the invoice totals into a separate report module?")
	c.assistant("Moved; the report module holds the totals now.")
	c.steward("What do you think? What's the simplest thing that would work?")
	c.assistant("A single query per month.")
	c.steward("Let's switch the exporter to streaming writes. I want to treat the old buffer as a failing test. " +
		"Isn't there a place for mocks in the exporter specs? Add a benchmark for the monthly export.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Progress.TasksDiscussed
	want := []string{
		"move the invoice totals into a separate report module",
		"switch the exporter to streaming writes",
		"Add a benchmark for the monthly export",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("tasks %q, want %q", got, want)
	}
	// The opening message's requests are all kept, whatever their form.
	c = newConvo()
	c.steward("Let's switch the exporter to streaming writes. I want to put the old buffer behind a flag.")
	s = &baton.Session{}
	New().Session(s, c.analysed(New()))
	if got, want := s.Progress.TasksDiscussed, []string{"switch the exporter to streaming writes", "put the old buffer behind a flag"}; !reflect.DeepEqual(got, want) {
		t.Errorf("opening tasks %q, want %q", got, want)
	}
}

// TestRequestTasksAreWholePhrases: a code span that names something ("the
// `git pr` command") stays in the task, one holding a command line keeps
// the command's name without its flags; a request whose colon introduces its object ("add test cases for:
// IDs that …") keeps the object instead of ending on "for".
func TestRequestTasksAreWholePhrases(t *testing.T) {
	for _, c := range []struct{ prose, want string }{
		{"please add a command called `git pr` which outputs a markdown document", "add a command called git pr which outputs a markdown document"},
		{"please document the `baton import --watch` flag in the README", "document the baton import flag in the README"},
		{`Consider adding test cases for: checkpoint IDs that are too short (e.g., "abc123"), too long (e.g., "a1b2c3d4e5f6789"), or contain invalid characters (e.g., "a1b2c3d4e5gg").`,
			"add test cases for checkpoint IDs"},
	} {
		if got := requestTasks(c.prose); !slices.Equal(got, []string{c.want}) {
			t.Errorf("%q: tasks %q, want %q", c.prose, got, c.want)
		}
	}
}

// TestRequestsSkipWrappedOutputAndAttachedFiles: output the steward wraps
// in a tag (<Logs>…</Logs>) and a file an editor attaches (<context
// ref=…>) are not the steward's words: their lines ask for nothing, and
// the steward's own sentence is the task.
func TestRequestsSkipWrappedOutputAndAttachedFiles(t *testing.T) {
	c := newConvo()
	c.steward("this happens when I run the manual release\n<Logs>\n$ changeset version\nAll files have been updated. Review them and commit at your leisure\n" +
		"Proceed with the publish to beta\nerror: 404 Not Found\n</Logs>")
	c.assistant("The publish step uses the wrong token; switched it to npm publish.")
	c.steward("add a section on tags to the template\n\n<context ref=\"file:///repo/docs/template.md\">\n# Template\n\nUpdate the version on every release.\n</context>")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Progress.TasksDiscussed
	for _, not := range []string{"Review them and commit at your leisure", "Proceed with the publish to beta", "Update the version on every release"} {
		if slices.Contains(got, not) {
			t.Errorf("tasks %q hold %q, a line of output or of an attached file", got, not)
		}
	}
	if !slices.Contains(got, "add a section on tags to the template") {
		t.Errorf("tasks %q lack the steward's request", got)
	}
}

// TestPastedErrorMidSessionIsATask: output the steward pastes with no
// words of their own is the next thing to fix, also after earlier
// requests; a message with words of its own asks what they say.
func TestPastedErrorMidSessionIsATask(t *testing.T) {
	c := newConvo()
	c.steward("add a --verbose flag to the image script")
	c.assistant("Added the flag.")
	c.steward("$ ./examples.sh\nprocessing louis.jpg\nerror: at least one channel (luminance, saturation, hue) must be enabled")
	c.assistant("Fixed: the defaults now enable all channels.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Progress.TasksDiscussed
	want := "fix ./examples.sh failing: at least one channel (luminance, saturation, hue) must be enabled"
	if !slices.Contains(got, want) || !slices.Contains(got, "add a --verbose flag to the image script") {
		t.Errorf("tasks %q, want the request and %q", got, want)
	}
}

// TestPastedErrorNamedByItsClass: a Python or Java error line names its
// class before the colon ("ValueError: …", "IllegalStateException: …"):
// that line is the error pasted output shows.
func TestPastedErrorNamedByItsClass(t *testing.T) {
	got := pastedErrorTask("$ ./examples.sh\nTraceback (most recent call last):\n  File \"cli.py\", line 12, in main\nValueError: At least one channel must be enabled")
	if want := "fix `./examples.sh` failing: ValueError: At least one channel must be enabled"; got != want {
		t.Errorf("task %q, want %q", got, want)
	}
}

// TestPersonCannotIsNoError: the steward's sentence about what someone
// cannot do ("if you cannot think of a shorter way") is no error line,
// while a program's "cannot" is one.
func TestPersonCannotIsNoError(t *testing.T) {
	if got := pastedErrorTask("Ah, OK, that's worse. Back to your first proposal, if you cannot think of an even shorter way to write it"); got != "" {
		t.Errorf("a person's cannot became the task %q", got)
	}
	want := "fix Cannot find module 'express' from server.js"
	if got := pastedErrorTask("Error: Cannot find module 'express' from server.js"); got != want {
		t.Errorf("task %q, want %q", got, want)
	}
}

// TestRetriedAttemptWrapsTheError: a line reporting one failed try of
// several ("Attempt 1/3 failed: … Original error: …") wraps the error
// printed under it, which names the problem.
func TestRetriedAttemptWrapsTheError(t *testing.T) {
	got := pastedErrorTask("[Remediation] Phase 2: Executing error fixes\n[OpenAI Codex] Attempt 1/3 failed: authentication required. Original error: CLI exited with code 2\nstderr: error: invalid value 'network-only' for '--sandbox <SANDBOX_MODE>'")
	if want := "fix stderr: error: invalid value 'network-only' for '--sandbox <SANDBOX_MODE>'"; got != want {
		t.Errorf("task %q, want %q", got, want)
	}
}

// TestDiagnosticNamesItsFile: a line a compiler or linter printed opens
// on where the problem is ("pkg/store/cache.go:118:9:",
// "D:\build\src\ledger.c(12,7):"); the task names the file and what is
// wrong, not the directories or the line and column numbers.
func TestDiagnosticNamesItsFile(t *testing.T) {
	got := pastedErrorTask(`D:\build\src\ledger.c(12,7): error: 'amount' undeclared (first use in this function)`)
	if want := "fix ledger.c: error: 'amount' undeclared (first use in this function)"; got != want {
		t.Errorf("task %q, want %q", got, want)
	}

	c := newConvo()
	c.steward("pkg/store/cache.go:118:9: SA4006 this value of err is never used")
	c.assistant("The error from Close is now returned.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	want := "fix cache.go: SA4006 this value of err is never used"
	if got := s.Progress.TasksDiscussed; len(got) != 1 || got[0] != want {
		t.Errorf("tasks %q, want %q", got, want)
	}

	// A file named with its line in the steward's own sentence stays as
	// written: the location is not at the head of a printed line.
	c = newConvo()
	c.steward("look at cache.go:118 where the error is dropped")
	s = &baton.Session{}
	New().Session(s, c.analysed(New()))
	if got := s.Progress.TasksDiscussed; len(got) != 1 || got[0] != "look at cache.go:118 where the error is dropped" {
		t.Errorf("tasks %q, want the sentence as written", got)
	}
}
