package analysis

import (
	"slices"
	"testing"
)

// The same request on another file is another task: "Run the linter on
// ./services/billing_sample_api", then on ./services/billing_sample_doc.md.
// The same request on the same file said again is one.
func TestSameRequestOnAnotherFileIsAnotherTask(t *testing.T) {
	c := newConvo()
	c.steward("Run the linter on ./services/billing_sample_api")
	c.assistant("The linter passed on ./services/billing_sample_api with no warnings.")
	c.steward("Run the linter on ./services/billing_sample_doc.md")
	c.assistant("The linter passed on ./services/billing_sample_doc.md too.")
	c.steward("Run the linter on ./services/billing_sample_doc.md again please")
	c.assistant("Still clean.")
	got := progressOf(buildViews(testAnalyzer, c.analysed(testAnalyzer))).TasksDiscussed
	want := []string{"Run the linter on ./services/billing_sample_api", "Run the linter on ./services/billing_sample_doc.md"}
	if !slices.Equal(got, want) {
		t.Errorf("tasks = %q, want %q", got, want)
	}
}
