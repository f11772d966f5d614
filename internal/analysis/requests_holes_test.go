package analysis

import (
	"reflect"
	"strings"
	"testing"
)

// TestRequestTextKeepsWhatCodeAndLinksName: a command in backticks or a
// link in a request is the thing the request is about; the task keeps
// the command's name and the link's site instead of a hole in its words.
func TestRequestTextKeepsWhatCodeAndLinksName(t *testing.T) {
	for prose, want := range map[string]string{
		"run `python ./tools/lint.py report` to see what the linter found.":              "run python tools/lint.py report to see what the linter found",
		"Please rerun `npx vitest --coverage -t parser` and read the report.":            "rerun npx vitest and read the report",
		"the importer should read the orders from https://www.example.org/api/v2 daily.": "the importer should read the orders from example.org daily",
	} {
		if got := requestTasks(prose); !reflect.DeepEqual(got, []string{want}) {
			t.Errorf("requestTasks(%q) = %q, want %q", prose, got, want)
		}
	}
}

// TestRequestTextLeavesNoHalfStatement: a request cut at its length limit
// inside a parenthesis ends before it, and a conversion whose source was
// code ("Convert `x = 1` → `let x = 1`") names nothing left to convert.
func TestRequestTextLeavesNoHalfStatement(t *testing.T) {
	long := "Move the export button to the toolbar and keep its tooltip the same as the one in the menu (we can revisit the wording later on with the designers)."
	if got, want := requestTasks(long), []string{"Move the export button to the toolbar and keep its tooltip the same as the one in the menu"}; !reflect.DeepEqual(got, want) {
		t.Errorf("long request: %q, want %q", got, want)
	}
	if got, want := requestTasks("Port the helpers to Go:\n- Convert `total = sum(xs)` → `total := 0`"), []string{"Port the helpers to Go"}; !reflect.DeepEqual(got, want) {
		t.Errorf("conversion of code: %q, want %q", got, want)
	}
}

// TestPathFromTheProjectRootIsTheStewardsWords: a path written from the
// project's root ("/docs/setup.md") is the steward naming a file, and
// the sentence that holds it still asks; a path a program prints (under
// /Users or /tmp, or many folders deep) marks pasted output.
func TestPathFromTheProjectRootIsTheStewardsWords(t *testing.T) {
	got := requestTasks("Looks right, but we should describe how the sample data was built in /docs/samples.md")
	if len(got) != 1 || !strings.Contains(got[0], "/docs/samples.md") {
		t.Errorf("tasks %q, want the request naming /docs/samples.md", got)
	}
	for _, pasted := range []string{
		"open /Users/ana/src/shop/cart/views.py",
		"read /tmp/agent/tasks/b27c.output",
		"check /srv/build/shop/cart/out/report.txt",
	} {
		if got := requestTasks(pasted); len(got) != 0 {
			t.Errorf("%q gave tasks %q, want none", pasted, got)
		}
	}
}
