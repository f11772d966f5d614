package analysis

import (
	"slices"
	"testing"
)

func TestSentencesKeepPathPatternDots(t *testing.T) {
	cases := map[string][]string{
		"Done: the handler streams; go test ./... passes. Next the docs.": {
			"Done: the handler streams; go test ./... passes.", "Next the docs.",
		},
		"Ran golangci-lint on pkg/... again. It is clean.": {
			"Ran golangci-lint on pkg/... again.", "It is clean.",
		},
		"Wait... that is odd. Try again.": {"Wait...", "that is odd.", "Try again."},
	}
	for prose, want := range cases {
		if got := sentences(prose); !slices.Equal(got, want) {
			t.Errorf("sentences(%q) = %q, want %q", prose, got, want)
		}
	}
}

// A sentence that ends inside bold, an aside or a quotation ends with
// the marks that close it: the next sentence does not run on from it.
func TestSentencesEndInsideClosingMarks(t *testing.T) {
	cases := map[string][]string{
		"**Decision: keep the queue in memory.** Re-check it under load.": {
			"**Decision: keep the queue in memory.**", "Re-check it under load.",
		},
		"It failed twice (see the log.) Then it passed.": {"It failed twice (see the log.)", "Then it passed."},
		"She said “ship it.” So we did.":                 {"She said “ship it.”", "So we did."},
		"Is it _really_ done?* No.":                      {"Is it _really_ done?*", "No."},
		"Use **bold** and `code.` here.":                 {"Use **bold** and `code.` here."},
	}
	for prose, want := range cases {
		if got := sentences(prose); !slices.Equal(got, want) {
			t.Errorf("sentences(%q) = %q, want %q", prose, got, want)
		}
	}
}

// A list typed or exported as text opens its items with "•": the
// bullet is no word of the sentence.
func TestSentencesDropTextBullets(t *testing.T) {
	got := sentences("The refactor:\n• Removed unused functions.\n• [x] Created load_images() for clarity.")
	want := []string{"The refactor:", "Removed unused functions.", "Created load_images() for clarity."}
	if !slices.Equal(got, want) {
		t.Errorf("sentences = %q, want %q", got, want)
	}
}
