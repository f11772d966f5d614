package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// A plan the assistant proposes in its own reply ("Here's a detailed
// plan: 1. Instead of four decorators, we'll have one …") and the steward
// tells it to carry out ("continue", "yes, go ahead") is approved as much
// as a plan-mode exit the steward accepts: its stated choices are the
// session's decisions, read as planDecisions reads an approved plan.

var (
	// A line that introduces or heads a plan: "Here's a detailed plan",
	// "**DETAILED PLAN**", "## Implementation plan", "My plan:".
	planIntro = regexp.MustCompile(`(?im)^(?:#{1,4}\s*)?.{0,60}\b(?:plan|roadmap)\b.{0,60}$`)
	// A list item: "1. …", "- …", "* …".
	planItem = regexp.MustCompile(`(?m)^\s*(?:\d{1,2}[.)]|[-*•])\s+\S`)
	// The steward's go-ahead for a plan, beside the acceptances: "continue",
	// "proceed", "implement it", "execute the plan".
	planGoAhead = regexp.MustCompile(`(?i)^(?:ok(?:ay)?[,.!]?\s+|yes[,.!]?\s+|great[,.!]?\s+|good[,.!]?\s+)?(?:continue|proceed|implement|execute|go on|carry on|start|begin|do it|let's (?:do it|go|start|begin|implement|proceed))\b`)
)

// proposedPlan reports whether an assistant's message lays out a plan: a
// line naming it as one in its opening part or as a heading, and at least
// three list items.
func proposedPlan(v *view) bool {
	if !v.assistant() || !strings.Contains(v.lower(), "plan") {
		return false
	}
	intro := false
	for _, m := range planIntro.FindAllStringIndex(v.prose, -1) {
		line := strings.TrimSpace(v.prose[m[0]:m[1]])
		// "Here's the plan" early on, or a heading of its own anywhere.
		if m[0] < 800 || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "**") {
			intro = true
			break
		}
	}
	return intro && len(planItem.FindAllStringIndex(v.prose, 4)) >= 3
}

// planGoesAhead reports whether the steward's reply tells the assistant
// to carry out what it proposed: an acceptance, or a short "continue",
// "proceed", "implement it" that turns nothing down.
func planGoesAhead(reply string) bool {
	r := strings.TrimSpace(reply)
	if accepts(strings.ToLower(r)) {
		return true
	}
	if len(r) > 200 || hasAnyPhrase(strings.ToLower(r), "no", "not", "don't", "instead", "rather", "but", "wait", "stop") {
		return false
	}
	return planGoAhead.MatchString(r)
}

// proposedPlanApproved reads the choices of the plan the assistant
// proposed in message offer, once the steward's reply goes ahead with
// it.
func proposedPlanApproved(offer *view, reply string) []baton.Decision {
	if !proposedPlan(offer) || !planGoesAhead(reply) {
		return nil
	}
	return planDecisions(offer.prose)
}
