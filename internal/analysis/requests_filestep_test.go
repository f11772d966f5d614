package analysis

import (
	"reflect"
	"testing"
)

// TestPlanStepsNamingOnlyAFile: a plan's step heading that only names a
// change to a file ("NEW: path", "Modify path") says what the step does
// by the plan's table of files, whose row for that path gives the
// change's purpose; a step heading with words of its own, or a file the
// table does not list, stays as written.
func TestPlanStepsNamingOnlyAFile(t *testing.T) {
	prose := "Implement the following plan:\n\n# Invoice Export\n\n## Changes\n\n" +
		"### 1. NEW: `server/export/csv.go`\n\nWrites the invoices of a month as CSV rows.\n\n" +
		"### 2. MODIFY: `web/routes/invoices.ts`\n\nAdd the route after the list route.\n\n" +
		"### 3. Modify `docs/billing.md`\n\nA paragraph on the export.\n\n" +
		"### 4. Add a download button to the invoice list\n\n" +
		"## Files\n\n| File | Action | Purpose |\n|------|--------|---------|\n" +
		"| `server/export/csv.go` | NEW | Monthly invoice CSV writer |\n" +
		"| `web/routes/invoices.ts` | MODIFY | Route for the CSV download |\n"
	want := []string{
		"Implement the plan: Invoice Export",
		"NEW: server/export/csv.go: Monthly invoice CSV writer",
		"MODIFY: web/routes/invoices.ts: Route for the CSV download",
		"Modify docs/billing.md",
		"Add a download button to the invoice list",
	}
	if got := planSteps(prose); !reflect.DeepEqual(got, want) {
		t.Errorf("plan steps\n%q\nwant\n%q", got, want)
	}
}
