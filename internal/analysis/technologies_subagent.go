package analysis

import (
	"path"
	"strings"
)

// subagentTools start a sub-agent that works for the session (Claude
// Code's Task, later called Agent): its own calls are not in the
// session's file, only the report it returns.
var subagentTools = set("Task", "Agent")

// writtenListHeads are the words of the line that opens a report's list
// of the files the sub-agent wrote ("**Key files created:**", "Files
// modified:", "### Changed files").
var writtenListHeads = []string{"created", "modified", "changed", "written", "updated"}

// maxSubagentFiles bounds the files read from one report.
const maxSubagentFiles = 32

// subagentWrittenFiles lists the files a sub-agent's report says it
// created or modified: the items of a list, each naming a file in a code
// span ("- `apps/api/src/shares/share.entity.ts` -- Share entity"),
// under a line that says they were created, modified or changed. The
// files a report only mentions (what it read or found) are not its
// writes.
func subagentWrittenFiles(report string) []string {
	report = truncate(report, maxScanText)
	var out []string
	inList := false
	for line := range strings.SplitSeq(report, "\n") {
		t := strings.TrimSpace(line)
		if t == "" {
			continue
		}
		item, isItem := strings.CutPrefix(t, "- ")
		if !isItem {
			item, isItem = strings.CutPrefix(t, "* ")
		}
		if !isItem {
			lower := strings.ToLower(t)
			inList = strings.Contains(lower, "file") && hasAnyPhrase(lower, writtenListHeads...) && len(t) < 80
			continue
		}
		if !inList || !strings.HasPrefix(item, "`") {
			continue
		}
		f, _, ok := strings.Cut(item[1:], "`")
		if !ok || strings.ContainsAny(f, " \t") || !strings.Contains(path.Base(f), ".") {
			continue
		}
		out = appendUniqueFold(out, f, maxSubagentFiles)
	}
	return out
}
