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

// TestTasksFromAPlanTitleAndFixHeadings: a plan the steward asks to carry
// out names its work in its title ("Implement the plan: …", or the title
// itself when it opens with a verb), and its steps may be headed by any
// numbered word ("## Fix 2: …"); a step that creates the file the title
// names is a task of its own, not the title said again.
func TestTasksFromAPlanTitleAndFixHeadings(t *testing.T) {
	c := newConvo()
	c.steward("Implement the following plan:\n\n# Plan: Invoice Export UI\n\n## Context\n\nThe invoice page shows no export.\n\n" +
		"## Fix 1: Strip the header row from the parser output\n\nIn parse.ts.\n\n" +
		"## Fix 2 — Create invoice-export.tsx\n\nA new component.\n\n## Verification\n\n- Run the tests")
	c.assistant("Done: both fixes are in.")
	c.steward("Implement the following plan:\n\n# Fix the retry loop on network errors\n\n## Approach\n\nBack off between attempts.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Progress.TasksDiscussed
	for _, w := range []string{
		"Implement the plan: Invoice Export UI",
		"Strip the header row from the parser output",
		"Create invoice-export.tsx",
		"Fix the retry loop on network errors",
	} {
		if !slices.Contains(got, w) {
			t.Errorf("tasks %q lack %q", got, w)
		}
	}
	if slices.Contains(got, "Run the tests") {
		t.Errorf("tasks %q hold the verification step", got)
	}
}

// TestTasksFromAPlanWhoseStepsNameParts: a step heading that names a part
// of the work ("## Step 1: Web App Services") asks for nothing itself; its
// first item that asks for work, under the step or a sub-heading of it, is
// the step. A step headed by work keeps its heading, and one that says it
// needs no changes is dropped.
func TestTasksFromAPlanWhoseStepsNameParts(t *testing.T) {
	plan := "Implement the following plan:\n\n# Plan: Random file keys\n\n## Context\n\nKeys are derived today.\n\n" +
		"## Step 1: Crypto Package\n\n### `src/file/types.ts`\n- Keep the old type for reads\n- Add the encrypted key field to the pointer type\n\n" +
		"## Step 2: Update the folder service\n\n- Add a migration helper\n\n" +
		"## Step 3: Recovery Tool\n\n- No functional changes needed\n"
	got := planSteps(plan)
	want := []string{"Implement the plan: Random file keys", "Add the encrypted key field to the pointer type", "Update the folder service"}
	if !slices.Equal(got, want) {
		t.Errorf("planSteps = %q, want %q", got, want)
	}
	if !namesPart("Web App Services") || namesPart("Unify compile state") || namesPart("Add Signing to the Release") {
		t.Error("namesPart")
	}
}

// TestPlanStepWhosePartsNeedNoChange: a plan's step with no words of its
// own, whose every section (one per file) says no change is needed, asks
// for no work; a step with a section that does change something stays.
func TestPlanStepWhosePartsNeedNoChange(t *testing.T) {
	got := planSteps("Implement the following plan:\n\n# Plan: Stream the report export\n\n" +
		"## Step 1: Export Writer\n\n### `export/writer.go`\n- Write rows as they are read\n\n" +
		"## Step 2: Legacy Viewer\n\n### `web/viewer.html`\n- Reads the same file; no code changes needed\n\n" +
		"## Step 3: Docs\n\n### `docs/export.md`\n- No changes required\n\n### `README.md`\n- Add a section on the streaming export\n\n" +
		"## Verification\n\n- Run the tests")
	want := []string{"Implement the plan: Stream the report export", "Write rows as they are read", "Add a section on the streaming export"}
	if !slices.Equal(got, want) {
		t.Errorf("steps %q, want %q", got, want)
	}
}
