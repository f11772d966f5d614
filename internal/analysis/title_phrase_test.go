package analysis

import (
	"strings"
	"testing"
)

// TestToPhraseEndHead: a window that stops on a modifier or on a clause's
// subject runs on to the word that ends the phrase, not past a verb that
// wants its complement.
func TestToPhraseEndHead(t *testing.T) {
	for _, tc := range []struct {
		sentence string
		lo, hi   int
		want     string
	}{
		{"the chart legend is showing wrong colour values can you check and fix the mapping", 0, 6, "the chart legend is showing wrong colour values"},
		{"figure out how the importer works and see how it will clash with the old parser which is slow", 0, 5, "figure out how the importer works"},
		{"which extra checks need to be added to the nightly release pipeline for the launch", 0, 3, "which extra checks"},
	} {
		words := strings.Fields(tc.sentence)
		if got := strings.Join(words[tc.lo:toPhraseEnd(words, tc.lo, tc.hi)], " "); got != tc.want {
			t.Errorf("toPhraseEnd(%q, %d, %d) = %q, want %q", tc.sentence, tc.lo, tc.hi, got, tc.want)
		}
	}
}

// TestTitleTalkAbout: "let's talk about X" is titled by X, whole.
func TestTitleTalkAbout(t *testing.T) {
	got := titleOf("now let's talk about which payment providers need to be supported at launch.",
		"Stripe and Adyen cover the payment providers for the launch markets.")
	checkTitleForm(t, "talk about", got)
	if low := strings.ToLower(got); strings.HasPrefix(low, "talk") || !strings.Contains(low, "payment providers need") {
		t.Errorf("title = %q, want the subject the talk is about, whole", got)
	}
}
