package analysis

import (
	"regexp"
	"strings"
)

// A chat saved by an exporter (SpecStory's Markdown of Cursor and VS Code
// Copilot chats) writes each tool call into the assistant's prose as
// lines of its own: "Tool use: **read_file** • Read file: src/db.ts",
// "**Chunk 1**", "Lines added: 7, lines removed: 1", "Parameters:",
// "Status: **completed**". Their words (tool, read, edit, chunk, search)
// are the exporter's, the same in every session, not what it is about.

// exportedToolLine matches a line an exporter wrote for a tool call.
var exportedToolLine = regexp.MustCompile(`^(?:Tool use:|Read file:|Edit file:|Searched (?:codebase|web)\b|Grep search\b|Listed (?:current )?directory\b|` +
	`Parameters:|Additional data:|Result:|Status: \*\*|Output mode:|\*\*(?:Input|Output):\*\*|\*\*Chunk \d+\*\*|Lines added: \d)`)

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
