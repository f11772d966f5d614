package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestTechnologiesImportedInStewardCode: code the steward pastes for
// their project names the packages it imports as theirs, with the import
// as evidence; the same import in the assistant's answer names nothing.
func TestTechnologiesImportedInStewardCode(t *testing.T) {
	c := newConvo()
	c.steward("Add this file as src/ReviewPanel.tsx:\n\n```tsx\nimport React from 'react';\nimport { z } from \"zod\";\n\nexport const ReviewPanel = () => null;\n```")
	c.assistant("Here is how another team might do it:\n\n```tsx\nimport { ref } from 'vue';\n```")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.Technologies
	for _, want := range []string{"React", "Zod"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q", got, want)
		}
	}
	if ev := s.Technical.TechnologyEvidence["React"]; ev != "imported react in code the steward pasted" {
		t.Errorf("React's evidence %q", ev)
	}
	if slices.Contains(got, "Vue") {
		t.Errorf("technologies %q hold a package only the answer imports", got)
	}
}
