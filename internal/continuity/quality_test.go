package continuity

import (
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestQualityFallsOnNoise: a bridge whose tasks are commands or raw error
// output, whose decisions give no rationale and whose text holds
// transcript markup scores lower clarity than the same bridge written
// cleanly, and says which items are noise and why.
func TestQualityFallsOnNoise(t *testing.T) {
	clean := baton.BridgeContent{}
	clean.Transferred.Summary = "Moved the invoice export to a streaming writer; large accounts export in seconds."
	clean.Transferred.ActiveTasks = []baton.BridgeTask{{Task: "Add a progress bar to the export page"}, {Task: "Document the CSV columns for finance"},
		{Task: "Fix the login error: users see a blank page"}}
	clean.Transferred.RecentDecisions = []baton.BridgeDecision{{Decision: "stream rows instead of building the file in memory", Rationale: "large accounts ran out of memory"}}

	noisy := clean
	noisy.Transferred.Summary = "<summary>Moved the invoice export</summary> to a streaming writer."
	noisy.Transferred.ActiveTasks = []baton.BridgeTask{{Task: "Resolve the failing ls -la docs/ 2>/dev/null && cat export.csv"},
		{Task: "Resolve: Error: Cannot find module 'vite' imported from vite.config.ts"},
		{Task: "--- FAIL: TestExport (0.02s) export_test.go:41: got 3 rows"},
		{Task: "Document the CSV columns for finance"}, {Task: "Resolve the failing go vet ./..."}, {Task: "!deploy status --all"}}
	noisy.Transferred.RecentDecisions = []baton.BridgeDecision{{Decision: "stream rows instead of building the file in memory"}}
	noisy.Transferred.OpenQuestions = []baton.OpenQuestion{{Question: "<task-notification>agent finished</task-notification> is the export done?"}}

	qc, qn := Quality(clean), Quality(noisy)
	if qc.Clarity != 1 || len(qc.Noise) != 0 {
		t.Errorf("clean bridge: clarity %v, noise %q", qc.Clarity, qc.Noise)
	}
	if qn.Clarity >= 0.2 {
		t.Errorf("noisy bridge: clarity %v, want it to fall below a fifth", qn.Clarity)
	}
	for _, w := range []string{
		`task "Resolve the failing ls -la docs/ 2>/dev/null && cat export.c…" is a command, not a task`,
		`task "Resolve: Error: Cannot find module 'vite' imported from vite…" is raw error output`,
		`task "--- FAIL: TestExport (0.02s) export_test.go:41: got 3 rows" is raw error output`,
		`decision "stream rows instead of building the file in memory" gives no rationale`,
		`question "<task-notification>agent finished</task-notification> is the…" holds markup`,
		"the summary holds markup",
		`task "Resolve the failing go vet ./..." is a command, not a task`,
		`task "!deploy status --all" is a command, not a task`,
	} {
		if !strings.Contains(strings.Join(qn.Noise, "\n"), w) {
			t.Errorf("noise %q lacks %q", qn.Noise, w)
		}
	}
	if len(qn.Noise) != 8 || !strings.HasSuffix(qn.Why["clarity"], "; 8 items are noise") {
		t.Errorf("noise %q (%s): the clean task is not noise", qn.Noise, qn.Why["clarity"])
	}
}

// A bridge that hands on no task and no question has none off the
// session's subject: its relevance is whole, and says why.
func TestRelevanceWithNothingHandedOn(t *testing.T) {
	q := Quality(baton.BridgeContent{Transferred: baton.TransferredContext{Summary: "Added the syntax-error bar graph; both graphs label their bars."}})
	if q.Relevance != 1 || !strings.Contains(q.Why["relevance"], "no task or question") {
		t.Errorf("relevance = %v (%s), want 1", q.Relevance, q.Why["relevance"])
	}
}
