package analysis

import (
	"regexp"
	"strings"
)

// transcriptTag is a tag of a transcript's markup, not of HTML under
// discussion: a name with a hyphen or an underscore (<task-notification>,
// <tool_use_error>), or one of the few plain names transcripts use.
var transcriptTag = regexp.MustCompile(`</?(?:[a-zA-Z][a-zA-Z0-9]*[-_][a-zA-Z0-9_-]*|summary|thinking|result|status|output|example|instructions|context|task|command)(?:\s[^<>]*)?/?>`)

// toolCallDetails is the folded block in which SpecStory's export of a
// Cursor chat records a tool call, its summary naming the call ("MCP tool
// call", "Edit file: README.md", "Listed current directory • 8 results")
// and its body the call's description, parameters and result: what the
// tool said, not the session's words. A block the message was cut in
// goes to the end.
var toolCallDetails = regexp.MustCompile(`(?s)<details>\s*<summary>\s*(?:MCP tool call|Tool use|Edit file|Read file|Listed |Searched |Grep search|Codebase search)[^<]*</summary>.*?(?:</details>|$)`)

// stripTranscriptMarkup removes a transcript's markup from prose: the
// blocks whose content is markup too (markupBlock), and the marks of the
// others; HTML under discussion ("a <button> element") stays.
func stripTranscriptMarkup(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	if strings.Contains(s, "<details") {
		s = toolCallDetails.ReplaceAllString(s, " ")
	}
	s = markupBlock.ReplaceAllString(s, " ")
	return transcriptTag.ReplaceAllString(s, " ")
}
