package views

import (
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// A technology the analysis found shows its evidence as the chip's
// tooltip and, for a screen reader or a keyboard, as text inside the chip
// it can focus; one the steward added by correction has none and is a
// plain chip.
func TestTechnologyEvidenceOnHover(t *testing.T) {
	sess := &baton.Session{ID: "s1", Title: "Retry the release"}
	sess.Technical.Technologies = []string{"goreleaser", "Go"}
	sess.Technical.TechnologyEvidence = map[string]string{"goreleaser": "edited .goreleaser.yaml", "Go": "ran `go test ./...`"}

	doc := render(t, CorrectionBlock(CorrectionsOf(sess, nil, "csrf").For(baton.FieldTechnologies)))
	chips := doc.Find(`#correction-technologies ul.chips[aria-label="Technologies"] > li.chip`)
	if chips.Length() != 2 {
		t.Fatalf("chips: %s", html(t, doc.Selection))
	}
	for i, want := range [][2]string{{"goreleaser", "edited .goreleaser.yaml"}, {"Go", "ran `go test ./...`"}} {
		chip := chips.Eq(i)
		if title, _ := chip.Attr("title"); title != want[1] {
			t.Errorf("%s: title %q, want %q", want[0], title, want[1])
		}
		if tab, _ := chip.Attr("tabindex"); tab != "0" {
			t.Errorf("%s: not focusable (tabindex %q)", want[0], tab)
		}
		if got := strings.Join(strings.Fields(chip.Text()), " "); got != want[0]+" : "+want[1] && got != want[0]+": "+want[1] {
			t.Errorf("%s: read as %q", want[0], got)
		}
	}

	// A corrected list: the steward's added technology has no evidence.
	cs := []baton.Correction{{SessionID: "s1", Field: baton.FieldTechnologies,
		Value: baton.FieldValues{Technologies: []string{"Go", "Redis"}}, Extracted: baton.FieldValues{Technologies: sess.Technical.Technologies}}}
	sess.Technical.Technologies = []string{"Go", "Redis"}
	doc = render(t, CorrectionBlock(CorrectionsOf(sess, cs, "csrf").For(baton.FieldTechnologies)))
	chips = doc.Find("#correction-technologies li.chip")
	if chips.Length() != 2 || chips.Eq(0).HasClass("chip-evidence") == false || chips.Eq(1).HasClass("chip-evidence") {
		t.Errorf("corrected chips: %s", html(t, doc.Selection))
	}
	if _, ok := chips.Eq(1).Attr("title"); ok || strings.TrimSpace(chips.Eq(1).Text()) != "Redis" {
		t.Errorf("Redis has evidence: %s", html(t, chips.Eq(1)))
	}

	// The shared page's read-only list shows the same.
	doc = render(t, technologiesList([]string{"Go"}, map[string]string{"Go": "edited main.go"}))
	if title, _ := doc.Find("li.chip-evidence").Attr("title"); title != "edited main.go" {
		t.Errorf("read-only list: %s", html(t, doc.Selection))
	}
}
