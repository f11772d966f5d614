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
