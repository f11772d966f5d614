package analysis

import (
	"slices"
	"strings"
	"testing"
)

// TestTopicsLeaveExportedToolLinesOut: the lines an exporter writes for
// each tool call of a saved chat ("Tool use: **read_file** • Read file:
// …", "**Chunk 1**") are the same in every session: their words are no
// topics, the conversation's are.
func TestTopicsLeaveExportedToolLinesOut(t *testing.T) {
	c := newConvo()
	c.steward("the invoice totals are wrong after the currency conversion")
	c.assistant("Let me look at the currency conversion.\n\nTool use: **read_file** • Read file: src/convert.ts\n\n" +
		"Tool use: **search_replace** • Edit file: src/convert.ts\n\n**Chunk 1**\nLines added: 4, lines removed: 2\n\n" +
		"The currency conversion rounded each line before the invoice totals were summed.")
	c.steward("good, now check the currency conversion for refunds")
	c.assistant("Tool use: **grep** • Grep for \"convert\" in \"src\" • 3 matches\n\nParameters:\n\nResult:\n\nStatus: **completed**\n\n" +
		"Refunds use the same currency conversion; the invoice totals and refunds now agree.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if !slices.Contains(got, "currency conversion") {
		t.Errorf("topics %q miss the subject", got)
	}
	for _, w := range []string{"tool", "chunk", "search", "edit", "grep", "status", "parameters", "result", "matches"} {
		if slices.Contains(got, w) {
			t.Errorf("topics %q hold %q, a word of the exporter's tool lines", got, w)
		}
	}
	if got := withoutExportedToolLines("Tool use: **read_file**\nthe subject\n**Chunk 2**\nLines added: 3, lines removed: 1\n**Tool Call**:\n**Tool Result**:"); got != "the subject" {
		t.Errorf("withoutExportedToolLines = %q", got)
	}
}

// TestTopicsLeaveExportedListingsOut: the table of names an exporter folds
// under a directory listing ("Listed directory src • **12** results") is
// what the folder holds; its file names are no topics unless the
// conversation speaks of them.
func TestTopicsLeaveExportedListingsOut(t *testing.T) {
	listing := "<details>\n            <summary>Listed current directory • **6** results</summary>\n        \n| Name |\n|-------|\n" +
		"| 📄 `README.md` |\n| 📄 `CHANGELOG.md` |\n| 📄 `pyproject.toml` |\n| 📁 `src` |\n| 📄 `LICENSE` |\n| 📄 `NOTES.md` |\n\n</details>\n\n"
	c := newConvo()
	c.steward("the entry point fails: No module named app.main")
	c.assistant("The entry point names a module that is missing. Let me look at the project.\n\n" + listing +
		"The entry point should name the cli module instead; I changed the entry point to it.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	for _, w := range []string{"readme", "changelog", "pyproject.toml", "license", "notes.md"} {
		if slices.Contains(got, w) {
			t.Errorf("topics %q hold %q, a name of the exporter's listing", got, w)
		}
	}
	if got := withoutExportedListings("before\n" + listing + "after"); strings.Contains(got, "README") || !strings.Contains(got, "after") {
		t.Errorf("withoutExportedListings = %q", got)
	}
}

// TestTopicsLeaveExportedCallParametersOut: an exporter lists each tool
// call's parameters under it ("- operation: `write`", a plan's steps
// dumped as "- stepList: `[map[status:completed title:…]]`", "- input:"
// above a patch): the program's fields, repeated with every call, are no
// topics; what the conversation says of the work is.
func TestTopicsLeaveExportedCallParametersOut(t *testing.T) {
	planCall := "Tool use: **manage_step_list**\n\n**Input:**\n\n- operation: `write`\n" +
		"- stepList: `[map[description:Bump the runtime id:1 status:completed title:Runtime bump] map[description:Check the lockfile id:2 status:in-progress title:Lockfile check]]`\n\n"
	c := newConvo()
	c.steward("move the service to the new runtime version")
	c.assistant(planCall + "Tool use: **apply_patch**\n\n**Input:**\n\n- explanation: `Pin the runtime version in the manifest.`\n- input:\n\n" +
		"I pinned the runtime version in the service manifest.")
	c.steward("does the runtime version work in the service manifest?")
	c.assistant(planCall + "Yes: the service starts on the new runtime version and the manifest keeps it pinned.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if !slices.Contains(got, "service manifest") {
		t.Errorf("topics %q miss the subject", got)
	}
	for _, w := range []string{"title", "status", "description", "steplist", "operation", "input", "explanation"} {
		if slices.Contains(got, w) {
			t.Errorf("topics %q hold %q, a parameter of the exporter's tool calls", got, w)
		}
	}
	call := "Tool use: **edit**\n\n**Input:**\n\n- path: `a.go`\n- input:\n\nthe subject"
	if got := withoutCallParameters(withoutExportedToolLines(call)); strings.TrimSpace(got) != "the subject" {
		t.Errorf("withoutCallParameters = %q", got)
	}
	// The other fields keep the parameters: the technologies read the
	// commands a call ran from them.
	if got := withoutExportedToolLines(call); !strings.Contains(got, "- path: `a.go`") {
		t.Errorf("withoutExportedToolLines = %q", got)
	}
}

// TestExportedTaskListHeadingIsNoProse: the heading an exporter writes
// over a task-list call's list ("## To-do List" under the call's line, a
// Claude Code chat's "**Agent task list:**") is the exporter's, while the
// list's items are the assistant's plan and stay.
func TestExportedTaskListHeadingIsNoProse(t *testing.T) {
	for in, want := range map[string]string{
		"Planning the import.\n\nTool use: **manage_step_list**\n\n## To-do List\n\n- [x] Map the ledger columns\n- [ ] Load the sample ledger": "Planning the import.\n\n\n\n- [x] Map the ledger columns\n- [ ] Load the sample ledger",
		"Planning the import.\n\nTool use: **manage_step_list**\n\n## Task List\n\n- [ ] Load the sample ledger":                                "Planning the import.\n\n\n\n- [ ] Load the sample ledger",
		"Done.\n\n**Agent task list:**\n- [X] Map the ledger columns":                                                                           "Done.\n\n- [X] Map the ledger columns",
		"Our plan:\n\n## Task List\n\n- map the ledger columns":                                                                                 "Our plan:\n\n## Task List\n\n- map the ledger columns",
	} {
		if got := withoutExportedToolLines(in); got != want {
			t.Errorf("withoutExportedToolLines(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTopicsLeaveConsoleCommandsOut: a console transcript writes each
// shell command the agent ran as a line of the answer ("⏺ Bash(git
// checkout main)"); the command's words ("git checkout", "oneline") are
// the program's, while the message of a commit it makes and a call
// described in words are the agent's.
func TestTopicsLeaveConsoleCommandsOut(t *testing.T) {
	c := newConvo()
	c.steward("the nightly export drops rows with a null region, fix the export filter")
	c.assistant("I'll look at the export filter first.\n⏺ Bash(git checkout main && git log --oneline -5)\n" +
		"⏺ run_shell_command(git checkout -b export-fix)\nThe export filter compares the region to an empty string.")
	c.steward("ok")
	c.assistant("⏺ Bash(git checkout export-fix && git rebase main)\n⏺ Bash(git checkout main)\nThe branch is up to date.")
	c.steward("commit it")
	c.assistant("⏺ Bash(git checkout export-fix && git commit -m \"Keep rows with a null region in the nightly export\")\n" +
		"⏺ Bash(Check the export filter tests)\nCommitted: the export filter keeps rows with a null region.")
	got := topicsWithout(t, c, "git checkout", "checkout", "oneline")
	if !slices.Contains(got, "export filter") {
		t.Errorf("topics %q miss the subject", got)
	}
	for _, tc := range []struct{ in, want string }{
		{"Let me see.\n⏺ Bash(git log --oneline -10)\nDone.", "Let me see.\n⏺ Bash()\nDone."},
		{"⏺ bash(GOOS=windows go test ./... (twice))", "⏺ bash()"},
		{"⏺ Bash(git commit -m \"Add the export filter\")", "⏺ Bash(Add the export filter. )"},
		{"⏺ Bash(Check the export filter tests)", "⏺ Bash(Check the export filter tests)"},
		{"⏺ Read(src/export.go)", "⏺ Read(src/export.go)"},
	} {
		if got := withoutConsoleCommands(tc.in); got != tc.want {
			t.Errorf("withoutConsoleCommands(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestTopicsLeaveExitTotalsOut: the totals a console prints when it exits,
// kept with a pasted transcript, are the same figures in every session;
// "cache read" and "code changes" are no topic of it.
func TestTopicsLeaveExitTotalsOut(t *testing.T) {
	totals := "\n\nTotal cost:            $1.20\nTotal duration (API):  1m 2.0s\nTotal duration (wall): 9m 3.1s\n" +
		"Total code changes:    40 lines added, 2 lines removed\nUsage by model:\n" +
		"    claude-haiku:  500 input, 40 output, 300 cache read, 0 cache write\n" +
		"     claude-opus:  90.1k input, 800 output, 80.2k cache read, 0 cache write\n"
	c := newConvo()
	c.steward("the trie search misses words that share a prefix")
	c.assistant("The trie search stopped at the first shared prefix; it walks every branch now." + totals)
	c.steward("and the suffix links?")
	c.assistant("The suffix links of the trie are built breadth first, so the trie search finds overlapping words." + totals)
	got := topicsWithout(t, c, "cache read", "cache write", "code changes", "cache")
	if !slices.Contains(got, "trie search") {
		t.Errorf("topics %q miss the subject", got)
	}
	if got := withoutExitTotals("Done." + totals + "Next line."); got != "Done.\n\nNext line." {
		t.Errorf("withoutExitTotals = %q", got)
	}
}
