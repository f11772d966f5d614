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

// TestGenericHeadAloneWhenNeverQualified: a session that speaks of "the
// page" in several messages and never says which page is about that
// page: the head is its topic. One named in a single message is not.
func TestGenericHeadAloneWhenNeverQualified(t *testing.T) {
	c := newConvo()
	c.steward("The page renders blank after the router upgrade. Why?")
	c.assistant("The page mounts before the router resolves its routes, so nothing matches.")
	c.assistant("Waiting for the router fixes it: the page renders its header and table again.")
	c.steward("Does the page still load quickly?")
	c.assistant("Yes, the page loads in the same time; the router wait is a few milliseconds.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if !slices.Contains(got, "page") {
		t.Errorf("topics %q, want %q (a head the session never qualifies)", got, "page")
	}

	c = newConvo()
	c.steward("Rename the router options and check the service once.")
	c.assistant("Renamed the router options; the router tests pass.")
	got = keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if slices.Contains(got, "service") {
		t.Errorf("topics %q hold %q, named in one message only", got, "service")
	}
}
