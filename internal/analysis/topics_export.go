package analysis

import (
	"regexp"
	"strings"
)

// A chat saved by an exporter (SpecStory's Markdown of Cursor and VS Code
// Copilot chats) writes each tool call into the assistant's prose as
// lines of its own: "Tool use: **read_file** • Read file: src/db.ts",
// "**Chunk 1**", "Lines added: 7, lines removed: 1", "Parameters:",
// "Status: **completed**"; another heads each call and its result with
// "**Tool Call**:" and "**Tool Result**:". Their words (tool, read, edit, chunk, search)
// are the exporter's, the same in every session, not what it is about.

// exportedToolLine matches a line an exporter wrote for a tool call.
var exportedToolLine = regexp.MustCompile(`^(?:Tool use:|Read file:|Edit file:|Searched (?:codebase|web)\b|Grep search\b|Listed (?:current )?directory\b|` +
	`Parameters:|Additional data:|Result:|Status: \*\*|Output mode:|\*\*(?:Input|Output):\*\*|\*\*Chunk \d+\*\*|Lines added: \d|` +
	`\*\*Tool (?:Call|Result)\*\*:)`)

// withoutExportedToolLines is prose without the lines an exporter wrote
// for tool calls (exportedToolLine).
func withoutExportedToolLines(prose string) string {
	if !strings.Contains(prose, ":") {
		return prose
	}
	lines := strings.Split(prose, "\n")
	kept := lines[:0]
	for _, l := range lines {
		if !exportedToolLine.MatchString(strings.TrimSpace(l)) {
			kept = append(kept, l)
		}
	}
	return strings.Join(kept, "\n")
}

// exportedListing matches what an exporter folds under a tool call's
// summary: "<details><summary>Listed directory src • **12** results
// </summary>" (the summary's marks already gone from a message's prose,
// stripTranscriptMarkup) and the table of names below it, up to
// "</details>". The
// files a listing shows are what the folder holds, not what the session
// speaks of.
var exportedListing = regexp.MustCompile(`(?s)<details>\s*(?:<summary>)?\s*(?:Listed |Searched |Grep search|Read file)[^<\n]*(?:</summary>)?.*?</details>`)

// withoutExportedListings is prose without the listings an exporter folded
// under its tool calls (exportedListing).
func withoutExportedListings(prose string) string {
	if !strings.Contains(prose, "<details>") {
		return prose
	}
	return exportedListing.ReplaceAllString(prose, "\n")
}
