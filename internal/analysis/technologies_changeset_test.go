package analysis

import (
	"slices"
	"testing"
)

// TestChangesetIsNoMarkdownWork: writing .changeset/some-fix.md records a
// release note for Changesets, in its format; it shows Changesets in use,
// not work in Markdown. A Markdown document the session writes elsewhere
// still does.
func TestChangesetIsNoMarkdownWork(t *testing.T) {
	te := newTechEvidence()
	actionTechnologies(techAction{op: "write", file: "/repo/.changeset/fix-cart-totals.md",
		written: []string{"---\n\"@shop/core\": patch\n---\n\nFix the cart's totals.\n"}}, te)
	if !slices.Contains(te.order, "Changesets") || slices.Contains(te.order, "Markdown") {
		t.Errorf("writing a changeset: technologies %q, want Changesets and no Markdown", te.order)
	}
	te = newTechEvidence()
	actionTechnologies(techAction{op: "write", file: "/repo/docs/release-process.md", written: []string{"# Releasing\n"}}, te)
	if !slices.Contains(te.order, "Markdown") {
		t.Errorf("writing a document: technologies %q lack Markdown", te.order)
	}
}
