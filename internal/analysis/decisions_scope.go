package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// A step the assistant announces with its scope bounded against the wider
// course ("I'll remove only that stale hook so pushes no longer run it,
// leaving the other hooks untouched") chooses the narrow course over the
// wide one: a decision once it is carried out.

var (
	// "I'll remove only …", "I'm going to update just …": an announced
	// step, its verb and the rest.
	announcedStep = regexp.MustCompile(`(?i)^(?:so\s+|now\s+|next,?\s+|instead,?\s+)?(?:i'll|i will|i'm going to|we'll|we will|let me)\s+(?:just\s+)?([a-z]+)\s+(.{6,})$`)
	// ", leaving the other hooks untouched": what the step leaves alone.
	leavingAlone = regexp.MustCompile(`(?i),?\s+(?:and\s+)?(?:leaving|leave|keeping|keep)\s+(.{3,80}?)\s+(?:untouched|unchanged|intact|alone|in place|as is|as they are|as it is)$`)
	// "without touching the lockfile": what the step does not do.
	withoutTouching = regexp.MustCompile(`(?i),?\s+without\s+(?:touching|changing|modifying|removing|deleting|rewriting|editing)\s+(.{3,80})$`)
	// "only that stale hook", "just the darwin binaries": the object
	// bounded.
	onlyObject = regexp.MustCompile(`(?i)^(?:only|just)\s+\S`)
	// The reason the step gives: "so pushes no longer run prek".
	stepReason = regexp.MustCompile(`(?i)[,;]?\s+(?:so that|so|because|since|as)\s+`)
)

// scopedStepCue is a cheap test before scopedStep runs.
func scopedStepCue(lower string) bool {
	return hasAnyPhrase(lower, "only", "leaving", "without", "untouched", "intact")
}

// scopedStep reads a step the assistant announces with its scope bounded:
// the step, what it leaves alone as the alternative set aside, and its
// reason.
func scopedStep(s string) (baton.Decision, bool) {
	s = strings.TrimRight(strings.TrimSpace(s), ".!:")
	m := announcedStep.FindStringSubmatch(s)
	if m == nil || strings.HasSuffix(s, "?") || routineStep(m[1]) {
		return baton.Decision{}, false
	}
	verb, rest := strings.ToLower(m[1]), m[2]
	var d baton.Decision
	bounded, leaves := onlyObject.MatchString(rest), false
	for _, re := range []*regexp.Regexp{leavingAlone, withoutTouching} {
		if loc := re.FindStringSubmatchIndex(rest); loc != nil {
			d.Alternatives = []string{"touch " + rest[loc[2]:loc[3]]}
			rest = rest[:loc[0]] + ", leaving " + rest[loc[2]:loc[3]] + " alone"
			bounded, leaves = true, true
			break
		}
	}
	if !bounded {
		return baton.Decision{}, false
	}
	if loc := stepReason.FindStringIndex(rest); loc != nil && loc[0] > 0 {
		reason := rest[loc[1]:]
		rest = rest[:loc[0]]
		// ", leaving … alone" after the reason stays with the step.
		if k := strings.Index(reason, ", leaving "); k >= 0 {
			rest += reason[k:]
			reason = reason[:k]
		}
		d.Rationale = strings.TrimSpace(reason)
	}
	// A bounded step with neither a reason nor what it spares is a
	// step of the work ("I'll read only the first lines").
	if d.Rationale == "" && !leaves {
		return baton.Decision{}, false
	}
	d.Decision = verb + " " + strings.TrimSpace(rest)
	if n := len(wordsOf(lowerText(d.Decision))); n < 3 || n > maxDecisionWords {
		return baton.Decision{}, false
	}
	return d, true
}
