package analysis

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestRequestsLeaveOutConstraints: a sentence that says how things are to
// stay or be ("I want to keep that documentation", "let's keep the
// original filenames", "we should be running against test data") settles
// a choice; it is no work to pick up. The request beside it is.
func TestRequestsLeaveOutConstraints(t *testing.T) {
	for _, c := range []struct {
		prose string
		want  []string
	}{
		{"I want to keep that documentation, which still explains the old flag.", nil},
		{"Let's keep the original filenames for the fixtures. Please add a fixture for the second book.",
			[]string{"add a fixture for the second book"}},
		{"We should be running against the test data locally. Please revise the migration plan!",
			[]string{"revise the migration plan"}},
		{"leave the generated files as they are", nil},
	} {
		if got := requestTasks(c.prose); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: tasks %q, want %q", c.prose, got, c.want)
		}
	}
}

// TestHowToSectionsAreNotTasks: in a prompt the steward writes, the list
// under a label of how to work ("Process:", "Rules:", "Return:") gives the
// steps, limits and form of the work the prompt asks for; its items are
// not tasks. A list under a request ("Please do the following:") still is.
func TestHowToSectionsAreNotTasks(t *testing.T) {
	prose := "Release the 2.4 build of the mobile app to the beta channel.\n\nProcess:\n\n1. Check the changelog entries since 2.3.\n" +
		"2. Write the release notes in the store's format.\n\n**Rules:**\n- Do not bump the major version.\n- Keep the notes under 500 characters.\n\n" +
		"Return:\n- List the build number and the notes\n\nPlease do the following:\n- update the beta testers list\n- notify the QA channel"
	got := requestTasks(prose)
	want := []string{"Release the 2.4 build of the mobile app to the beta channel", "update the beta testers list", "notify the QA channel"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("tasks %q, want %q", got, want)
	}
}

// TestDiscussionQuestionsPastMarkers: "but should we …", "so is that …",
// "or, is it better to …", "can that test be …" weigh what was said, like
// "should we …"; "but fix …" is still work.
func TestDiscussionQuestionsPastMarkers(t *testing.T) {
	for task, want := range map[string]bool{
		"But should we tidy first":                 true,
		"so is that flag still needed":             true,
		"and does the cache survive this":          true,
		"but fix the cache first":                  false,
		"should we tidy first":                     true,
		"or, is it better to port the tools first": true,
		"can that test be inlined into one return": true,
		"or fix the cache first":                   false,
	} {
		if got := discussionQuestion(task); got != want {
			t.Errorf("discussionQuestion(%q) = %v, want %v", task, got, want)
		}
	}
}

// TestSuggestionQuestionIsNoTask: mid-session, a question that puts
// forward another way ("why not …", "wouldn't it …") weighs the work with
// the assistant; the requests around it are still tasks, and the same
// words opening the session ask.
func TestSuggestionQuestionIsNoTask(t *testing.T) {
	c := newConvo()
	c.steward("Please move the cache settings into config.toml.")
	c.assistant("Moved them; the loader reads config.toml first.")
	c.steward("in the loader, why not read the environment before the file?")
	c.assistant("We could; the file would then override it.")
	c.steward("I may be missing something, but wouldn't it be simpler to drop the legacy cache flag entirely?")
	c.assistant("It would; nothing reads it any more.")
	c.steward("Remove the legacy cache flag from the CLI.")
	p := progressOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	want := []string{"move the cache settings into config.toml", "Remove the legacy cache flag from the CLI"}
	if !slices.Equal(p.TasksDiscussed, want) {
		t.Errorf("tasks %q, want %q", p.TasksDiscussed, want)
	}
	for task, want := range map[string]bool{
		"in the loader, why not read the environment before the file":        true,
		"but wouldn't it be simpler to drop the legacy flag":                 true,
		"why is the loader not reading the environment":                      false,
		"the build wouldn't start after the upgrade, can you look into that": false,
	} {
		if got := suggestsInstead(task); got != want {
			t.Errorf("suggestsInstead(%q) = %v, want %v", task, got, want)
		}
	}
}

// TestTodoRestatingARequestIsOneTask: the todo an agent writes for what
// the steward asked is that request, carrying the todo's status; the
// todo's other items are tasks of their own.
func TestTodoRestatingARequestIsOneTask(t *testing.T) {
	c := newConvo()
	c.steward("Please fix the flaky retry test in the payments worker")
	c.tool("TodoWrite", obj{"todos": []obj{
		{"content": "Fix the flaky retry test in payments worker", "status": "completed", "activeForm": "Fixing"},
		{"content": "Add a regression test for the retry backoff", "status": "pending", "activeForm": "Adding"},
	}}, "Todos have been modified successfully", "")
	c.assistant("I replaced the sleep with a channel the worker closes.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Progress.TasksDiscussed
	if len(got) != 2 || !strings.Contains(got[0], "flaky retry test") || got[1] != "Add a regression test for the retry backoff" {
		t.Fatalf("tasks %q: want the request once and the other todo", got)
	}
	if !slices.Contains(s.Progress.TasksCompleted, got[0]) {
		t.Errorf("completed %q: the todo restating the request was completed", s.Progress.TasksCompleted)
	}
}

// TestPastedErrorIsTheTask: output pasted before any request, with no
// words of the steward's own, asks to fix the error it shows — named by
// its most specific line and the command that failed, not by the log's
// bullets or a generic "exit code 1".
func TestPastedErrorIsTheTask(t *testing.T) {
	c := newConvo()
	c.steward("  • running releaser v2.13.2\n  ⨯ release failed after 0s\n    error=\n" +
		"    │ failed to load configuration: yaml: unmarshal errors:\n" +
		"    │   line 31: field retry not found in type config.Notarize\n" +
		"Error: The process '/opt/releaser' failed with exit code 1")
	c.assistant("The retry field is not part of the notarize block; I removed it.")
	c.steward("can you add the retry in the workflow instead?")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	want := "fix failed to load configuration: yaml: unmarshal errors: line 31: field retry not found in type config.Notarize"
	if got := s.Progress.TasksDiscussed; len(got) != 2 || got[0] != want {
		t.Errorf("tasks %q, want %q first", got, want)
	}

	p := newConvo()
	p.steward("➜  shop git:(main) ✗ git push origin main\nerror: No hook configuration found in the current directory or parent directories.\n" +
		"hint: If you just added one, rerun your command")
	s = &baton.Session{}
	New().Session(s, p.analysed(New()))
	if got := s.Progress.TasksDiscussed; len(got) != 1 || !strings.HasPrefix(got[0], "fix git push origin main failing: No hook configuration found") {
		t.Errorf("tasks %q: want the failed push", got)
	}

	// Output pasted with a request's words is part of that request;
	// pasted alone after the work, it is the next thing to fix.
	with := newConvo()
	with.steward("Deploy the worker to staging\n\nerror: connection refused while reading the health endpoint")
	s = &baton.Session{}
	New().Session(s, with.analysed(New()))
	if got := s.Progress.TasksDiscussed; len(got) != 1 {
		t.Errorf("tasks %q: output pasted with a request is part of that work", got)
	}
	later := newConvo()
	later.steward("Deploy the worker to staging")
	later.assistant("Deployed.")
	later.steward("error: connection refused while reading the health endpoint")
	s = &baton.Session{}
	New().Session(s, later.analysed(New()))
	if got := s.Progress.TasksDiscussed; len(got) != 2 || got[1] != "fix connection refused while reading the health endpoint" {
		t.Errorf("tasks %q: output pasted alone after the work is the next thing to fix", got)
	}
}
