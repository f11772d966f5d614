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

// Lines SpecStory writes for Cursor's tool calls among the agent's words:
// a file the agent read ("Read file: src/app.ts") and a call that timed
// out ("Tool call timed out after 5000ms").
const (
	readFileMark = "Read file: "
	timedOutMark = "Tool call timed out after "
)

// holdsCallNotes reports whether prose may hold the lines
// withoutCallNotes drops.
func holdsCallNotes(prose string) bool {
	return strings.Contains(prose, readFileMark) || strings.Contains(prose, timedOutMark)
}

// withoutCallNotes is prose without the lines SpecStory writes for
// Cursor's tool calls between the agent's words ("Read file:
// src/brosh/mcp.py", "Tool call timed out after 10s (read file)"): what
// the tool did, not what the agent said. Every analysis reads a view's
// prose; the path of a file read became a topic and a sentence.
func withoutCallNotes(prose string) string {
	var b strings.Builder
	b.Grow(len(prose))
	for line := range strings.SplitSeq(prose, "\n") {
		body := strings.TrimLeft(line, " \t")
		if strings.HasPrefix(body, readFileMark) || strings.HasPrefix(body, timedOutMark) {
			continue
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// editBlockEnd closes the edit block Aider writes for a change to a file:
// "<<<<<<< SEARCH", the lines to find, "=======", the lines to put in
// their place, ">>>>>>> REPLACE".
const editBlockEnd = ">>>>>>> REPLACE"

// withoutEditBlocks is prose without Aider's edit blocks left outside a
// code fence: the ones its own report of a failed edit quotes bare
// ("SearchReplaceNoExactMatch: This SEARCH block failed to exactly match
// …"), and the end of one whose fence a fence inside the file's text
// closed early (an edit to a Markdown file with a code block in it). A
// block is dropped from its "<<<<<<< SEARCH" line, or from its "======="
// line when the fence held the opening, to its closing line: the lines
// between are the file's, not anyone's words.
func withoutEditBlocks(prose string) string {
	lines := strings.Split(prose, "\n")
	kept := lines[:0]
	start := -1        // the first line of the block being read, in kept
	searching := false // the block opened with its "<<<<<<< SEARCH" line
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case t == "<<<<<<< SEARCH":
			start, searching = len(kept), true
		case t == "=======" && !searching:
			// The latest such line: an earlier one underlined a
			// heading.
			start = len(kept)
		case t == editBlockEnd && start >= 0:
			kept = kept[:start]
			start, searching = -1, false
			continue
		}
		kept = append(kept, l)
	}
	return strings.Join(kept, "\n")
}
