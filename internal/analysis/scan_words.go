package analysis

import "strings"

// Words looked for before a pattern's scan. Each list holds words one of
// which every match of its pattern holds, lower-cased: prose holding none
// of them in any case cannot match, and is spared the scan (a pattern
// that is not anchored is tried at every place of the text, which was
// most of the CPU of reading a long prose session's decisions).
var (
	// asksReply's phrases, beside its "?".
	asksReplyWords = []string{"reply with", "let me know", "tell me", "approve"}
	// optionHead's heads.
	optionHeadWords = []string{"option", "approach", "choice", "variant"}
	// whyNotBecause's question.
	whyNotWords = []string{"why not"}
)

// holdsAnyWord reports whether s holds one of words (lower-case ASCII) in
// any case. Lower-casing maps the Kelvin sign to k as the patterns' (?i)
// folds it; none of the words above holds an s, the one letter (?i) also
// folds from a rune lower-casing leaves alone (the long s, ſ).
func holdsAnyWord(s string, words []string) bool {
	lower := strings.ToLower(s)
	for _, w := range words {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// asksReplyIn is asksReply.MatchString(s), its pattern scanned only when
// s has no "?" and holds one of its phrases.
func asksReplyIn(s string) bool {
	if strings.IndexByte(s, '?') >= 0 {
		return true
	}
	return holdsAnyWord(s, asksReplyWords) && asksReply.MatchString(s)
}
