package analysis

import "strings"

// Words looked for before a pattern's scan. Each list holds words one of
// which every match of its pattern holds, lower-cased: prose holding none
// of them in any case cannot match, and is spared the scan (a pattern
// that is not anchored is tried at every place of the text, which was
// most of the CPU of reading a long prose session's decisions). Each list
// is read in one pass, folding case as the patterns' (?i) does
// (foldWords), rather than by lower-casing the prose (a copy of any prose
// with a capital) and searching the copy once per word.
var (
	// asksReply's phrases, beside its "?".
	asksReplyWords = newFoldWords("reply with", "let me know", "tell me", "approve")
	// optionHead's heads.
	optionHeadWords = newFoldWords("option", "approach", "choice", "variant")
	// optionsIntro's words.
	optionsIntroWords = newFoldWords("options", "approaches", "alternatives", "choices", "two ways", "three ways", "few ways", "several ways", "some ways")
	// whyNotBecause's question.
	whyNotWords = newFoldWords("why not")
)

// asksReplyIn is asksReply.MatchString(s), its pattern scanned only when
// s has no "?" and holds one of its phrases.
func asksReplyIn(s string) bool {
	if strings.IndexByte(s, '?') >= 0 {
		return true
	}
	return asksReplyWords.in(s) && asksReply.MatchString(s)
}
