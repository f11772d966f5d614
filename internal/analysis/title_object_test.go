package analysis

import (
	"strings"
	"testing"
)

// TestTitleOfVerbWithoutObject: a prompt whose object is a code span the
// title leaves out ("the importer doesn't handle `…`") makes a title that
// ends on its verb; the answer's heading, which says what is handled,
// titles the session instead.
func TestTitleOfVerbWithoutObject(t *testing.T) {
	got := titleOf("the archive importer doesn't handle `Skipped \"Large Binary Blob\" entry` and `Loaded 3 (of 4) parts, 1 pending`",
		"I looked at the archive importer's line parser and the sample archives.\n\n## Plan: Parse skipped blob entries and partial load lines\n\n"+
			"The importer's parser matches neither the skipped blob entries nor the partial load lines; add both patterns and tests for skipped blob entries and partial load lines.")
	checkTitleForm(t, "verb without object", got)
	if low := strings.ToLower(got); !strings.Contains(low, "blob") && !strings.Contains(low, "partial load") {
		t.Errorf("title = %q, want what the importer does not handle", got)
	}
	for _, tc := range []struct {
		title string
		want  bool
	}{
		{"Importer doesn't handle", true},
		{"Fix the importer", false},
		{"Add", false},
	} {
		if got := endsWantingObject(tc.title); got != tc.want {
			t.Errorf("endsWantingObject(%q) = %v, want %v", tc.title, got, tc.want)
		}
	}
}
