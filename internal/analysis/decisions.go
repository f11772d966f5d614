package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// decisionsOf finds a session's decisions, at most maxDecisions, once
// each, in order:
//
//   - a sentence that states one (decisionOf): "we'll go with X because
//     Y", "let's use X instead of Y", "decided to X", "I switched to X
//     since Y", "the fix is to X";
//   - an option the steward picks from those the assistant offered
//     ("I like Option C", "option 2", "the second one"): the option's
//     text, the others as the alternatives;
//   - a recommendation of the assistant ("I recommend X", "I'd go with
//     X", "My recommendation: X") that the steward accepts ("yes", "let's
//     do that", "sounds good") — one the steward answers with another
//     choice is not a decision.
func decisionsOf(vs []view) []baton.Decision {
	out := []baton.Decision{}
	add := func(d baton.Decision, v *view) {
		if len(out) >= maxDecisions || d.Decision == "" {
			return
		}
		d.Decision = strings.TrimSpace(plainText(stripMarkup(d.Decision)))
		d.Rationale = strings.TrimSpace(plainText(stripMarkup(d.Rationale)))
		if d.Decision == "" {
			return
		}
		for _, x := range out {
			if strings.EqualFold(x.Decision, d.Decision) {
				return
			}
		}
		d.Timestamp = v.m.Timestamp
		out = append(out, d)
	}
	lastOffer := -1 // the latest assistant message with prose
	for i := range vs {
		v := &vs[i]
		if !v.text || len(out) >= maxDecisions {
			continue
		}
		if v.steward() && lastOffer >= 0 {
			if d, ok := pickedOption(&vs[lastOffer], v.prose); ok {
				add(d, v)
			} else if d, ok := acceptedRecommendation(&vs[lastOffer], v.lower); ok {
				add(d, v)
			}
		}
		if v.assistant() {
			lastOffer = i
		}
		if !decisionCue(v.lower) {
			continue
		}
		for _, s := range decisionSentences(v.prose) {
			if d, ok := decisionOf(plainText(s), v.steward()); ok {
				add(d, v)
			}
		}
	}
	return out
}

var (
	// "option C", "option 2", "Option B:"; the steward's pick.
	optionPick = regexp.MustCompile(`(?i)\b(?:option|approach|choice|variant)\s+([a-e1-5])\b`)
	// "the second one", "the first approach".
	ordinalPick = regexp.MustCompile(`(?i)\b(?:the\s+)?(first|second|third|fourth|last)\s+(?:one|option|approach)\b`)
	// An offered option: "Option C — Thank you footer", "**Option 2:** …",
	// "### Option A: …", "2. …" under a list of options.
	optionHead = regexp.MustCompile(`(?im)^[\s#>*_-]*(?:option|approach|choice|variant)\s+([a-e1-5])\s*[:—–\-.)]*\s*(.*)$`)
	// "I recommend X", "I'd go with X", "my recommendation: X", "I suggest X".
	recommendation = regexp.MustCompile(`(?i)\b(?:i(?:'d| would)? recommend(?:ing)?|my recommendation(?: is)?:?|i(?:'d| would) go with|i(?:'d| would) suggest|i suggest|recommended:)\s+(.+)`)
)

// pickedOption reads the steward's pick of an option the assistant
// message offer listed.
func pickedOption(offer *view, reply string) (baton.Decision, bool) {
	if len(reply) > 600 {
		return baton.Decision{}, false // a long reply is more than a pick
	}
	heads := optionHead.FindAllStringSubmatch(offer.prose, -1)
	if len(heads) < 2 {
		return baton.Decision{}, false
	}
	key := ""
	if m := optionPick.FindStringSubmatch(reply); m != nil {
		key = strings.ToLower(m[1])
	} else if m := ordinalPick.FindStringSubmatch(reply); m != nil {
		switch strings.ToLower(m[1]) {
		case "first":
			key = strings.ToLower(heads[0][1])
		case "second":
			key = strings.ToLower(heads[1][1])
		case "third":
			if len(heads) > 2 {
				key = strings.ToLower(heads[2][1])
			}
		case "last":
			key = strings.ToLower(heads[len(heads)-1][1])
		}
	}
	if key == "" {
		return baton.Decision{}, false
	}
	var d baton.Decision
	for _, h := range heads {
		text := optionText(h[2])
		if strings.ToLower(h[1]) == key {
			d.Decision = text
		} else if text != "" {
			d.Alternatives = append(d.Alternatives, excerpt(text, decisionLength))
		}
	}
	if d.Decision == "" {
		return baton.Decision{}, false
	}
	d.Decision = excerpt(d.Decision, decisionLength)
	d.Rationale = excerpt(reasonIn(reply), decisionLength)
	return d, true
}

// optionText is an option's heading made plain: no emphasis, no trailing
// colon.
func optionText(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(plainText(s), "**", ""), "__", "")
	return strings.TrimRight(strings.Trim(strings.TrimSpace(s), "*_ "), ":—–- ")
}

// acceptances are replies that take what was just proposed.
var acceptances = []string{"yes", "yep", "yeah", "sure", "ok", "okay", "sounds good", "let's do that", "let's do it",
	"lets do that", "go ahead", "do it", "do that", "perfect", "great", "agreed", "lgtm", "makes sense", "go for it",
	"that works", "works for me", "please do", "let's go with", "i agree", "good idea", "はい", "お願いします", "それで"}

// acceptedRecommendation reads a recommendation of the assistant message
// offer that the steward's reply accepts.
func acceptedRecommendation(offer *view, reply string) (baton.Decision, bool) {
	if !strings.Contains(offer.lower, "recommend") && !strings.Contains(offer.lower, "go with") && !strings.Contains(offer.lower, "suggest") {
		return baton.Decision{}, false
	}
	r := strings.TrimSpace(reply)
	if len(r) > 200 || hasAnyPhrase(r, "no", "not", "don't", "instead", "rather", "but") {
		return baton.Decision{}, false
	}
	accepted := false
	for _, a := range acceptances {
		if r == a || strings.HasPrefix(r, a+" ") || strings.HasPrefix(r, a+",") || strings.HasPrefix(r, a+"!") || strings.HasPrefix(r, a+".") {
			accepted = true
			break
		}
	}
	if !accepted {
		return baton.Decision{}, false
	}
	for _, s := range sentences(offer.prose) {
		m := recommendation.FindStringSubmatch(plainText(s))
		if m == nil {
			continue
		}
		d, ok := decisionOf("we'll go with "+m[1], true)
		if !ok {
			continue
		}
		d.Decision = strings.TrimPrefix(d.Decision, "go with ")
		if r := reasonAfterDash(d.Decision); r != "" {
			d.Rationale = r
			d.Decision = strings.TrimSpace(d.Decision[:strings.Index(d.Decision, " — ")])
		}
		return d, true
	}
	return baton.Decision{}, false
}

// reasonAfterDash is what follows " — " in "X — it's the standard".
func reasonAfterDash(s string) string {
	if i := strings.Index(s, " — "); i >= 0 {
		return strings.TrimSpace(s[i+len(" — "):])
	}
	return ""
}

// reasonIn is the reason a reply gives, after because / since / as.
func reasonIn(s string) string {
	if loc := rationaleMarker.FindStringIndex(s); loc != nil {
		return strings.TrimRight(strings.TrimSpace(s[loc[1]:]), ".!")
	}
	return ""
}
