package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionsWithRationaleAndAlternatives: decisions as real sessions
// state them — "instead of … because …", a choice already made ("I
// switched to X since Y"), "the fix is to …", an option the steward picks
// from those offered, a recommendation the steward accepts — each with
// its rationale and the alternatives turned down; a recommendation the
// steward answers with something else is none.
func TestDecisionsWithRationaleAndAlternatives(t *testing.T) {
	c := newConvo()
	c.steward("We'll start fresh instead of forking the old billing repo, because its history is full of customer data.")
	c.assistant("I switched to the official installer script since the marketplace action pins an old version.")
	c.assistant("The fix is to raise the webhook timeout to 30 seconds.")
	c.assistant("Three ways to version the API:\n\n**Option A — URL prefix** (/v2/…)\n**Option B — Accept header**\n**Option C — Date-based versions** like Stripe")
	c.steward("option C, because our partners already pin dates")
	c.assistant("I'd recommend Redis streams for the job queue — it is already in the stack.")
	c.steward("sounds good")
	c.assistant("I'd go with a nightly cron for the export.")
	c.steward("no, let's keep it on demand")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Summary.Decisions
	find := func(text string) *baton.Decision {
		for i := range got {
			if got[i].Decision == text {
				return &got[i]
			}
		}
		t.Errorf("decisions %+v lack %q", got, text)
		return nil
	}
	if d := find("start fresh"); d != nil && (d.Rationale != "its history is full of customer data" || !slices.Equal(d.Alternatives, []string{"forking the old billing repo"})) {
		t.Errorf("start fresh: %+v", d)
	}
	if d := find("switch to the official installer script"); d != nil && d.Rationale != "the marketplace action pins an old version" {
		t.Errorf("installer: %+v", d)
	}
	find("raise the webhook timeout to 30 seconds")
	if d := find("Date-based versions like Stripe"); d != nil && (d.Rationale != "our partners already pin dates" || len(d.Alternatives) != 2) {
		t.Errorf("option C: %+v", d)
	}
	if d := find("Redis streams for the job queue"); d != nil && d.Rationale != "it is already in the stack" {
		t.Errorf("recommendation: %+v", d)
	}
	for _, d := range got {
		if d.Decision == "a nightly cron for the export" || d.Decision == "go with a nightly cron for the export" {
			t.Errorf("a recommendation the steward turned down became a decision: %+v", d)
		}
	}
}
