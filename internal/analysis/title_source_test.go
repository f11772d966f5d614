package analysis

import "testing"

// TestTitleSourceSaysWhereTitleCameFrom: the eval counts failing titles
// by where the analysis found them, so each way of finding one names
// itself: the first prompt's own sentence (which one, and whether it
// asks, requests or states), or the first answer's heading when the
// prompt says nothing of its subject.
func TestTitleSourceSaysWhereTitleCameFrom(t *testing.T) {
	for _, c := range []struct {
		turns []string
		want  titleSource
	}{
		{[]string{"Rename the retry helper to backoff. It lives in the queue package.", "Renamed the retry helper to backoff."}, titleFromFirstPrompt + ", its first sentence (a request)"},
		{[]string{"Our nightly export to the warehouse keeps timing out. Why does the warehouse export take longer every night?", "The warehouse export reads every row again each night."}, titleFromFirstPrompt + ", a later sentence (a question)"},
		{[]string{"the archive importer doesn't handle `Skipped \"Large Binary Blob\" entry` and `Loaded 3 (of 4) parts, 1 pending`",
			"I looked at the importer's parser.\n\n## Plan: Parse skipped blob entries and partial load lines\n\nThe parser matches neither the skipped blob entries nor the partial load lines."}, titleFromAnswer},
	} {
		conv := newConvo()
		for i, text := range c.turns {
			if i%2 == 1 {
				conv.assistant(text)
			} else {
				conv.steward(text)
			}
		}
		title, got := sessionTitleFrom(buildViews(testAnalyzer, conv.analysed(testAnalyzer)))
		if got != c.want {
			t.Errorf("title %q came from %q, want %q", title, got, c.want)
		}
	}
}
