package analysis

import (
	"slices"
	"testing"
)

// TestGenericHeadStandsForItsPhrase: a long session speaks of "the test"
// in many messages and names which test once ("the phase test"); the
// head alone is no topic, the phrase it ends is, though it scores less
// than a topic needs on its own. A phrase opened by an adjective saying
// how good the thing is ("comprehensive test") is not taken.
func TestGenericHeadStandsForItsPhrase(t *testing.T) {
	c := newConvo()
	c.steward("The phase test keeps failing on CI, can you find out why?")
	c.assistant("The test compares rendered diagrams; a comprehensive test would also check the legend.")
	c.assistant("Running the test locally: it passes, so the difference is the renderer version on CI.")
	c.assistant("The test pins the renderer now.")
	c.steward("Run the test again please.")
	c.assistant("The test passes on CI as well.")
	c.assistant("The renderer pin is committed; the test and the legend check are green.")
	c.steward("Good. Anything else about the test?")
	c.assistant("No, the test is stable; the legend check stays as it was.")
	c.steward("Thanks.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if !slices.Contains(got, "phase test") {
		t.Errorf("topics %q, want %q (the phrase the generic head stands for)", got, "phase test")
	}
	for _, not := range []string{"test", "comprehensive test"} {
		if slices.Contains(got, not) {
			t.Errorf("topics %q hold %q", got, not)
		}
	}
}
