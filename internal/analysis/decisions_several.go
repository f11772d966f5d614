package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

var (
	// A reply that takes several of the items the assistant listed, by
	// leading with them: "yes, all of those would be useful", "Let's try
	// the first three.", "do all of them".
	severalPick = regexp.MustCompile(`(?i)^\s*(?:(?:yes|yeah|yep|ok(?:ay)?|sure|great|perfect)[,.!]?\s+)?(?:let'?s\s+(?:try|do|go with|start with|take)\s+|i(?:'d| would)\s+(?:like|take|go with)\s+|go with\s+|do\s+|start with\s+)?(?:(all)\s+of\s+(?:those|these|them|the above)|(all)\s+(?:three|four|five|six)|(?:the\s+)?(first)\s+(two|three|four|five))\b`)
	// A bulleted list item: "- Image preview in the app".
	bulletItem = regexp.MustCompile(`^\s*[-*•]\s+(.+)$`)
	// What the first sentence of such a reply must not hold: a
	// negation or a question about the items ("not all of those").
	severalDoubt = regexp.MustCompile(`(?i)\b(?:not|no|none|n't|never)\b|\?`)
)

// severalCount are the counts a reply names its items by.
var severalCount = map[string]int{"two": 2, "three": 3, "four": 4, "five": 5}

// pickedSeveral reads a short reply that takes several of the items an
// assistant message offers and asks about ("Would you like me to add any of
// these features?" … "yes, all of those would be useful"; "Which tasks
// would you like to tackle first?" … "Let's try the first three."): the
// items taken are the decision, those left the alternatives. "The first
// three" counts a numbered list; "all of those" takes the last list, bulleted
// or numbered.
func pickedSeveral(offer *view, reply string) (baton.Decision, bool) {
	if len(reply) > 400 {
		return baton.Decision{}, false
	}
	m := severalPick.FindStringSubmatch(reply)
	if m == nil {
		return baton.Decision{}, false
	}
	first := reply
	if end := strings.IndexAny(reply, ".!\n"); end > 0 {
		first = reply[:end]
	}
	if severalDoubt.MatchString(first) || !asksSteward(offer.prose) {
		return baton.Decision{}, false
	}
	var items []string
	if m[3] != "" {
		for _, o := range lastList(offer.prose) {
			items = append(items, o.text)
		}
	} else {
		items = lastItems(offer.prose)
	}
	if len(items) < 2 || len(items) > 8 {
		return baton.Decision{}, false
	}
	taken := len(items)
	if m[3] != "" {
		if taken = severalCount[strings.ToLower(m[4])]; taken >= len(items) {
			return baton.Decision{}, false // "the first three" of three takes no fewer than all
		}
	}
	for _, it := range items[:taken] {
		if it == "" {
			return baton.Decision{}, false
		}
	}
	var d baton.Decision
	if m[3] != "" {
		d.Decision = "start with " + joinItems(items[:taken])
	} else {
		d.Decision = "take up all of " + joinItems(items)
	}
	for _, it := range items[taken:] {
		d.Alternatives = append(d.Alternatives, excerpt(it, decisionLength))
	}
	return d, true
}

// lastItems is the text of the last run of list items in prose, bulleted or
// numbered, as optionText names each; code blocks and the lines indented
// under an item are left out, and a line that is neither an item nor blank
// ends a run.
func lastItems(prose string) []string {
	var run, last []string
	fence := false
	for line := range strings.SplitSeq(prose, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fence = !fence
			continue
		}
		if fence {
			continue
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		if len(run) > 0 && strings.HasPrefix(line, "  ") {
			continue // a line under an item belongs to it
		}
		text := ""
		if b := bulletItem.FindStringSubmatch(line); b != nil {
			text = b[1]
		} else if n := listHead.FindStringSubmatch(line); n != nil {
			text = n[2]
		}
		if text == "" {
			if len(run) > 0 {
				last, run = run, nil
			}
			continue
		}
		run = append(run, optionText(text))
	}
	if len(run) > 0 {
		return run
	}
	return last
}

// joinItems puts items in a phrase: "A, B and C", each as inSentence
// writes it, since the phrase follows words of its own ("start with …").
func joinItems(items []string) string {
	words := make([]string, len(items))
	for k, it := range items {
		words[k] = inSentence(it)
	}
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// inSentence is an option's text as it reads inside a sentence: the
// capital an item opens with as a line of its own ("Raise the limit",
// "Login page") goes, unless the first word is a name that keeps it
// whatever its place ("Redis cache", "CI runs", "GitHub Actions").
func inSentence(item string) string {
	first, _, _ := strings.Cut(item, " ")
	bare := strings.ToLower(strings.Trim(first, ",:;.*_`"))
	if technologyWords().words[bare] && !imperativeVerbs[bare] && !functionWords[bare] {
		return item
	}
	return lowerFirst(item)
}
