package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestTechnologiesFromSubagentReport: a sub-agent's report lists the
// files it created or modified under a line that says so; those files
// are the session's writes. The files it only read or found are not.
func TestTechnologiesFromSubagentReport(t *testing.T) {
	c := newConvo()
	c.steward("execute plan 14-01")
	c.tool("Task", obj{"description": "Execute plan 14-01", "prompt": "Execute the plan."},
		"## PLAN COMPLETE\n\n**Key files created:**\n\n- `/src/crypto/rewrap.ts` -- reWrapKey function\n- `/src/shares/share.entity.ts` -- Share entity\n\n**Files read:**\n\n- `/scripts/seed.py` -- fixtures\n", "")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	if ev := s.Technical.TechnologyEvidence["TypeScript"]; ev != "wrote rewrap.ts" {
		t.Errorf("TypeScript's evidence %q (technologies %q)", ev, s.Technical.Technologies)
	}
	if slices.Contains(s.Technical.Technologies, "Python") {
		t.Errorf("technologies %q hold the language of a file the sub-agent only read", s.Technical.Technologies)
	}
}

func TestSubagentWrittenFiles(t *testing.T) {
	report := "Done.\n\n### Files modified\n* `internal/a.go` - the fix\n* not a file\n- `docs/How To.md` - spaces\n\nSee `cmd/main.go` for more.\n"
	got := subagentWrittenFiles(report)
	if want := []string{"internal/a.go"}; !slices.Equal(got, want) {
		t.Errorf("subagentWrittenFiles = %q, want %q", got, want)
	}
}
