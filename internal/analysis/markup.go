package analysis

import (
	"regexp"
	"strings"
)

// transcriptTag is a tag of a transcript's markup, not of HTML under
// discussion: a name with a hyphen or an underscore (<task-notification>,
// <tool_use_error>), or one of the few plain names transcripts use.
var transcriptTag = regexp.MustCompile(`</?(?:[a-zA-Z][a-zA-Z0-9]*[-_][a-zA-Z0-9_-]*|summary|thinking|result|status|output|example|instructions|context|task|command)(?:\s[^<>]*)?/?>`)

// stripTranscriptMarkup removes a transcript's markup from prose: the
// blocks whose content is markup too (markupBlock), and the marks of the
// others; HTML under discussion ("a <button> element") stays.
func stripTranscriptMarkup(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	s = markupBlock.ReplaceAllString(s, " ")
	return transcriptTag.ReplaceAllString(s, " ")
}
