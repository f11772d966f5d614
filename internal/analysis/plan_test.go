package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestTasksFromAPlanAndReviewSuggestions: a plan the steward asks to carry
// out gives its numbered steps as tasks, less those it says need no work
// and what its code blocks hold; review feedback the steward passes on
// gives its suggestions ("Consider adding …") as tasks, not the line that
// introduces it; "commit this" stays a task of its own beside a step that
// shares one word with it.
func TestTasksFromAPlanAndReviewSuggestions(t *testing.T) {
	c := newConvo()
	c.steward("Implement the following plan:\n\n# Plan: Tooling\n\n## Changes\n\n### 1. CI — already done\n\nThe workflow already runs the linter. No changes needed.\n\n" +
		"### 2. Pre-commit hook: regenerate the README tables\n\n```bash\n### 9. not a step\nprettier --write README.md\n```\n\n### 3. Remove the dangling score/ suggestion from riffs.md\n\nDelete bullet 4.\n\n## Verification\n\n- Run the linter")
	c.assistant("Done: the hook regenerates the tables and riffs.md has three bullets.")
	c.steward("commit this")
	c.steward("I got this feedback on the branch:\n\nThe test suite should cover invalid IDs. Consider adding test cases for IDs that are too short or too long.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Progress.TasksDiscussed
	for _, w := range []string{
		"Pre-commit hook: regenerate the README tables",
		"Remove the dangling score/ suggestion from riffs.md",
		"commit the changes",
		"add test cases for IDs that are too short or too long",
	} {
		if !slices.Contains(got, w) {
			t.Errorf("tasks %q lack %q", got, w)
		}
	}
	for _, not := range []string{"CI — already done", "not a step", "Run the linter", "I got this feedback on the branch"} {
		if slices.Contains(got, not) {
			t.Errorf("tasks %q hold %q", got, not)
		}
	}
	if imperativeOf("changing") != "change" || imperativeOf("adding") != "add" || imperativeOf("splitting") != "split" || imperativeOf("thing") != "" {
		t.Error("imperativeOf")
	}
}
