package continuity

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// A summary longer than a bridge holds is cut after its last whole
// sentence, never mid-word.
func TestClipSentences(t *testing.T) {
	long := strings.Repeat("The importer streams each part of the export. ", 50) // 2,300 characters
	got := clipSentences(long, maxSummaryChars)
	if utf8.RuneCountInString(got) > maxSummaryChars || !strings.HasSuffix(got, "export.") {
		t.Errorf("clipSentences cut %d characters mid-sentence: …%q", utf8.RuneCountInString(got), got[len(got)-30:])
	}
	// One sentence longer than the limit: cut at a word, marked.
	if got := clipSentences("streaming importer of large exports", 20); got != "streaming importer…" {
		t.Errorf("clipSentences = %q", got)
	}
	if got := clipSentences("Short. Enough.", 20); got != "Short. Enough." {
		t.Errorf("clipSentences = %q", got)
	}
}
