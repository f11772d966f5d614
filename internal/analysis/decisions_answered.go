package analysis

import "strings"

// combinedAnswers are the generic answers that take several of the
// offered courses at once: what they take is in the option's description.
var combinedAnswers = set("both", "all", "両方", "すべて")

// answerNamesOption is the option a steward's own words, written in place of
// the offered options, name: the one option whose label shares a content
// word with the answer when no other option's label does, or -1. A
// question back names none.
func answerNamesOption(options []questionOption, answer string) int {
	if strings.Contains(answer, "?") || strings.Contains(answer, "？") || len(wordsOf(lowerText(answer))) < 3 {
		return -1
	}
	said := map[string]bool{}
	for _, w := range contentWords(answer) {
		said[w] = true
	}
	named := -1
	for k, o := range options {
		for _, w := range contentWords(o.Label) {
			if said[w] {
				if named >= 0 && named != k {
					return -1 // two options named: no pick
				}
				named = k
			}
		}
	}
	return named
}
