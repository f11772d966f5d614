package analysis

import "testing"

// TestDecisionNamedOnlyByPointingBack: "Let's go with this" after a plan
// names its course only as "this": no decision is recorded from it, while
// one that names the course is.
func TestDecisionNamedOnlyByPointingBack(t *testing.T) {
	for reply, want := range map[string]int{
		"Good. Let's go with this. I'll tell the team tomorrow.":        0,
		"Let's use that approach.":                                      0,
		"Let's go with the nightly snapshot. I'll tell the team today.": 1,
	} {
		c := newConvo()
		c.steward("How should we back up the tenant databases?")
		c.assistant("Two ways: a nightly snapshot of the volume, or streaming the write-ahead log to object storage. Snapshots are simpler; streaming loses less.")
		c.steward(reply)
		ds := decisionsOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
		if len(ds) != want {
			t.Errorf("after %q: decisions %+v, want %d", reply, ds, want)
		}
	}
}
