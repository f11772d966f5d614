package continuity

import (
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestQualityFallsOnNoise: a bridge whose tasks are commands, whose
// decisions give no rationale and whose text holds transcript markup
// scores lower clarity than the same bridge written cleanly, and says
// which items are noise.
func TestQualityFallsOnNoise(t *testing.T) {
	clean := baton.BridgeContent{}
	clean.Transferred.Summary = "Moved the invoice export to a streaming writer; large accounts export in seconds."
	clean.Transferred.ActiveTasks = []baton.BridgeTask{{Task: "Add a progress bar to the export page"}, {Task: "Document the CSV columns for finance"}}
	clean.Transferred.RecentDecisions = []baton.BridgeDecision{{Decision: "stream rows instead of building the file in memory", Rationale: "large accounts ran out of memory"}}

	noisy := clean
	noisy.Transferred.Summary = "<summary>Moved the invoice export</summary> to a streaming writer."
	noisy.Transferred.ActiveTasks = []baton.BridgeTask{{Task: "Resolve the failing ls -la docs/ 2>/dev/null && cat export.csv"}, {Task: "Document the CSV columns for finance"}}
	noisy.Transferred.RecentDecisions = []baton.BridgeDecision{{Decision: "stream rows instead of building the file in memory"}}

	qc, qn := Quality(clean), Quality(noisy)
	if qc.Clarity != 1 || len(qc.Noise) != 0 {
		t.Errorf("clean bridge: clarity %v, noise %q", qc.Clarity, qc.Noise)
	}
	if qn.Clarity >= 0.5 {
		t.Errorf("noisy bridge: clarity %v, want it to fall below half", qn.Clarity)
	}
	for _, w := range []string{"is a command", "gives no rationale", "the summary holds markup"} {
		if !strings.Contains(strings.Join(qn.Noise, "\n"), w) || !strings.Contains(qn.Why["clarity"], w) {
			t.Errorf("noise %q / why %q lacks %q", qn.Noise, qn.Why["clarity"], w)
		}
	}
}
