package analysis

import (
	"reflect"
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
