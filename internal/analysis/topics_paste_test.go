package analysis

import (
	"slices"
	"testing"
)

// TestTopicsLeavePastedOutputOut: what the steward pasted — a tool's log,
// a log running on after their words from its clock time — is a program's
// words; its field names are no topics, the steward's own words are.
func TestTopicsLeavePastedOutputOut(t *testing.T) {
	c := newConvo()
	c.steward("the invoice export broke after the upgrade, here is what the job printed:\n" +
		"  • loading manifest path=exports/manifest.yml\n" +
		"  ⨯ export failed after 3s   error=\n" +
		"    │ field retention_days not found in type config.Bucket\n" +
		"Error: The process '/usr/bin/exporter' failed with exit code 1\n\n" +
		"and once more when running it by hand 10:42:07.118 WARN quota bucket nearly full")
	c.assistant("The invoice export fails because the upgrade renamed the bucket's retention setting; the invoice export config needs the new name.")
	c.steward("ok rename it in the invoice export config")
	c.assistant("Renamed the retention setting in the invoice export config; the invoice export runs again.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if !slices.Contains(got, "invoice export") {
		t.Errorf("topics %q leave out the steward's subject", got)
	}
	for _, pasted := range []string{"manifest", "loading manifest", "retention_days", "process", "exit code", "quota", "quota bucket", "warn"} {
		if slices.Contains(got, pasted) {
			t.Errorf("topics %q hold %q, a word of the pasted log", got, pasted)
		}
	}
}
