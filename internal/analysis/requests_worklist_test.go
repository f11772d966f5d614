package analysis

import (
	"slices"
	"testing"
)

// TestWorkListItemsAreTasks: a list the assistant commits to working
// through ("Let me fix all of these.") holds the session's tasks, each
// item past the bold lead that only locates it; a list it only reports,
// or one followed by anything else, holds none.
func TestWorkListItemsAreTasks(t *testing.T) {
	listed := "The review left three points:\n\n" +
		"1. **`cache.go:88`** — the eviction loop never releases the lock on error\n" +
		"2. **Docs** — the README still names the removed flag\n" +
		"   - nested detail that is not an item\n" +
		"3. Rename the retry helper to match the package style\n\n"
	want := []string{
		"the eviction loop never releases the lock on error",
		"the README still names the removed flag",
		"Rename the retry helper to match the package style",
	}
	if got := workList(listed + "Let me fix all of these."); !slices.Equal(got, want) {
		t.Errorf("work list %q, want %q", got, want)
	}
	if got := workList(listed + "Let me read the relevant files and address them."); !slices.Equal(got, want) {
		t.Errorf("work list after a longer commitment %q, want %q", got, want)
	}
	for _, closing := range []string{"These are all minor.", "Which of these should I look at?", "Let me know what you think of them.",
		// An offer on the steward's word: the list above reports.
		"If you'd like a usage message too, let me know and I can add those next.",
		"If you want, I'll fix them as well."} {
		if got := workList(listed + closing); got != nil {
			t.Errorf("%q: a reported list became tasks %q", closing, got)
		}
	}
}

// TestWorkListInAConversation: the items become the session's tasks
// beside the steward's request, and an opening "/clear" does not hide
// that the next message opens the conversation (its stated problem is the
// task).
func TestWorkListInAConversation(t *testing.T) {
	conv := newConvo()
	conv.command("/clear", "", "")
	conv.steward("there are new reviewer comments on the cache pull request")
	conv.assistant("Two things need fixing:\n\n1. **Line 12** — the lock is never released on error\n" +
		"2. **Line 40** — the TTL is read in seconds but set in milliseconds\n\nLet me fix both of them.")
	p := progressOf(buildViews(testAnalyzer, conv.analysed(testAnalyzer)))
	want := []string{
		"there are new reviewer comments on the cache pull request",
		"the lock is never released on error",
		"the TTL is read in seconds but set in milliseconds",
	}
	if !slices.Equal(p.TasksDiscussed, want) {
		t.Errorf("tasks %q, want %q", p.TasksDiscussed, want)
	}
}

// TestPlannedListItemsAreTasks: a numbered list the assistant introduces
// as what it is about to do ("I need to:") restates the work asked, item
// by item; items that narrate or describe rather than open with a verb
// are not tasks, and a list under a line that does not set out work
// ("The file has three parts:") or that offers it on the steward's word
// ("Let me know if you'd like me to:") holds none.
func TestPlannedListItemsAreTasks(t *testing.T) {
	reply := "Based on the review of the UI code, I'll now make the changes. I need to:\n" +
		"1. Remove the mismatched tabs and clean up the UI\n" +
		"2. Remove the \"Capture Type\" label\n" +
		"3. It keeps the window list as it is\n\n" +
		"Here's my implementation:"
	want := []string{"Remove the mismatched tabs and clean up the UI", "Remove the \"Capture Type\" label"}
	if got := workList(reply); !slices.Equal(got, want) {
		t.Errorf("planned list %q, want %q", got, want)
	}
	for _, prose := range []string{
		"The file has three parts:\n1. Remove the old header\n2. Update the footer",
		"Let me do this:\n1. First, I'll check if GNU Parallel is available\n2. Then, I'll restructure the script",
		"The parser handles quoted fields now.\n\nLet me know if you'd like me to:\n1. Add tests for the quoting rules\n2. Update the README with an example",
	} {
		if got := workList(prose); got != nil {
			t.Errorf("%q: tasks %q, want none", prose, got)
		}
	}
}
