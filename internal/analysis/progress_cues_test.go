package analysis

import (
	"strings"
	"testing"
)

// Each cue holds one of nextCueParts, or mayHoldNextCue would skip the
// lines it names.
func TestNextCuesHoldAPart(t *testing.T) {
	for _, cue := range nextCues {
		if !mayHoldNextCue(cue) {
			t.Errorf("next cue %q holds none of nextCueParts %q", cue, nextCueParts)
		}
	}
	for _, w := range meansWords {
		if !strings.Contains(meansNamed.String(), w) {
			t.Errorf("means word %q is not in meansNamed %s", w, meansNamed)
		}
	}
	for _, w := range meansOrderWords {
		if !strings.Contains(meansImperative.String(), w) {
			t.Errorf("means word %q is not in meansImperative %s", w, meansImperative)
		}
	}
}
