package analysis

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A hyphenated compound is one noun or one modifier: "manual-commit
// strategy", "push-to-talk", "pre-commit hook", "no-await-in-loop". The
// word scan (wordsOf) cuts it at its hyphens into words that name nothing
// alone ("manual", "pre", "talk"), and the pairs of nounPairs did not take
// it at all; so a compound is a term of its own, its parts are not words
// of the message, and it pairs with the noun after it.

// hyphenCompound is the compound a field of prose (a run without spaces)
// writes, lower-cased and without the punctuation around it, or "": two
// to four parts of letters or digits, two characters or more each, joined
// by single hyphens, the last a word that may close a noun phrase (not a
// stop word: "real-time", "built-in", "follow-up" qualify, they name
// nothing), not a participle ("filesystem-based", "hard-coded": a
// modifier, as a word ending in "-ed" is no topic alone), and not opened
// by a prefix that makes a verb or an adjective ("re-run",
// "self-explanatory", "multi-stage"). One that ends in a generic head
// ("Login-Test", "checkout-page") is its words: the first names the
// subject (genericHeads).
func hyphenCompound(field string) string {
	if strings.IndexByte(field, '-') < 0 {
		return ""
	}
	field = strings.TrimFunc(field, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if len(field) > 40 || strings.IndexByte(field, '-') < 0 {
		return ""
	}
	parts := 1
	start := 0
	for i := 0; i <= len(field); i++ {
		if i < len(field) && field[i] != '-' {
			continue
		}
		part := field[start:i]
		if utf8.RuneCountInString(part) < 2 || strings.ContainsFunc(part, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			return ""
		}
		if i < len(field) {
			parts++
		}
		start = i + 1
	}
	if parts > 4 {
		return ""
	}
	lower := strings.ToLower(field)
	last := lower[strings.LastIndexByte(lower, '-')+1:]
	if utf8.RuneCountInString(last) < 3 || notTopicWords[last] || !strings.ContainsFunc(last, unicode.IsLetter) ||
		strings.HasSuffix(last, "ed") && !strings.HasSuffix(last, "eed") || genericHeads[last] {
		return ""
	}
	if first := lower[:strings.IndexByte(lower, '-')]; compoundPrefixes[first] {
		return ""
	}
	return lower
}

// hyphenCompounds are the compounds of prose (hyphenCompound), and the
// prose with them left out, for the word scan.
func hyphenCompounds(prose string) (compounds []string, rest string) {
	if strings.IndexByte(prose, '-') < 0 {
		return nil, prose
	}
	var b strings.Builder
	last := 0
	cut := false
	for i := 0; i < len(prose); {
		if prose[i] == ' ' || prose[i] == '\n' || prose[i] == '\t' {
			i++
			continue
		}
		j := i
		for j < len(prose) && prose[j] != ' ' && prose[j] != '\n' && prose[j] != '\t' {
			j++
		}
		if c := hyphenCompound(prose[i:j]); c != "" {
			compounds = append(compounds, c)
			b.WriteString(prose[last:i])
			b.WriteByte(' ')
			last = j
		} else if k := boundPrefixEnd(prose[i:j]); k > 0 {
			// The prefix of a compound that is no term ("multi" of
			// "multi-replace") is no word either: the rest is.
			b.WriteString(prose[last:i])
			b.WriteByte(' ')
			last = i + k
			cut = true
		}
		i = j
	}
	if compounds == nil && !cut {
		return nil, prose
	}
	b.WriteString(prose[last:])
	return compounds, b.String()
}

// boundPrefixEnd is where the rest of a field written with a prefix that
// is no word alone ("multi-replace", "self-hosted", "re-run") begins, past
// its hyphen, or 0.
func boundPrefixEnd(field string) int {
	start := strings.IndexFunc(field, unicode.IsLetter)
	hyphen := strings.IndexByte(field, '-')
	if start < 0 || hyphen <= start || hyphen == len(field)-1 || !boundPrefixes[strings.ToLower(field[start:hyphen])] {
		return 0
	}
	return hyphen + 1
}

// boundPrefixes are the prefixes of compoundPrefixes that are no word of
// their own ("so" and "well" are).
var boundPrefixes = set("re", "self", "multi")

// compoundPrefixes open compounds that are verbs or adjectives.
var compoundPrefixes = set("re", "self", "well", "so", "multi")
