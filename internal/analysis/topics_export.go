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
// "**Tool Call**:" and "**Tool Result**:", and a Claude Code chat's
// to-do call with "**Agent task list:**". Their words (tool, read, edit, chunk, search)
// are the exporter's, the same in every session, not what it is about.

// exportedToolLine matches a line an exporter wrote for a tool call.
var exportedToolLine = regexp.MustCompile(`^(?:Tool use:|Read file:|Edit file:|Searched (?:codebase|web)\b|Grep search\b|Listed (?:current )?directory\b|` +
	`Parameters:|Additional data:|Result:|Status: \*\*|Output mode:|\*\*(?:Input|Output):\*\*|\*\*Chunk \d+\*\*|Lines added: \d|` +
	`\*\*Tool (?:Call|Result)\*\*:|\*\*Agent task list:\*\*)`)

// exportedToolResult matches a line an exporter wrote under a tool call
// for its result: a row of the table of files, matches or pages it found
// ("| `src/db.ts` | L12-40 |"), the folder it listed ("Directory:
// **src** (3 files)"), a bare outcome ("File not found"), or the heading
// over the task list a call wrote (SpecStory's "## To-do List", written
// without its hyphen; its items are the assistant's plan and stay).
var exportedToolResult = regexp.MustCompile(`^(?:\||Directory: \*\*|(?:File not found|No results found|Incorrect tool arguments|#{2,3} (?:[Tt]o-?[Dd]o|[Tt]ask) [Ll]ist)$)`)

// withoutExportedToolLines is prose without the lines an exporter wrote
// for tool calls (exportedToolLine) and for their results
// (exportedToolResult) up to the next words of the message's own.
func withoutExportedToolLines(prose string) string {
	if !strings.Contains(prose, ":") && !strings.Contains(prose, "• **") {
		return prose
	}
	lines := strings.Split(prose, "\n")
	kept := lines[:0]
	underCall := false
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case exportedToolLine.MatchString(t):
			underCall = true
			continue
		case t == "":
		case underCall && exportedToolResult.MatchString(t):
			continue
		default:
			underCall = false
		}
		kept = append(kept, l)
	}
	return strings.Join(kept, "\n")
}

// withoutCallParameters is prose without the parameter lines an exporter
// lists under each tool call (exportedCallParameter), which remain in a
// message's prose when the call's own lines are gone
// (withoutExportedToolLines keeps them: the technologies read the
// commands a call ran from them, "- command: `mvn -q test`"). To the
// topics they are the program's fields, repeated with every call.
func withoutCallParameters(prose string) string {
	if !strings.Contains(prose, "- ") || !strings.Contains(prose, ":") {
		return prose
	}
	lines := strings.Split(prose, "\n")
	kept := lines[:0]
	for _, l := range lines {
		if !exportedCallParameter(strings.TrimSpace(l)) {
			kept = append(kept, l)
		}
	}
	return strings.Join(kept, "\n")
}

// exportedCallParameter reports an exporter's line for a parameter of a
// tool call: its name and its value in code ("- operation: `write`",
// "- stepList: `[map[title:Run tests status:completed]]`"), or its name
// alone, the value in the code block below ("- input:").
func exportedCallParameter(l string) bool {
	if name, ok := strings.CutPrefix(l, "- "); ok && strings.HasSuffix(name, ":") && isIdent(name[:len(name)-1]) {
		return true
	}
	return exportedParameter(l)
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

// A console transcript (Claude Code's, Gemini CLI's, Copilot CLI's, IBM
// Bob's, as pasted or exported) writes each shell command the agent ran
// into the answer as a line of its own: "⏺ Bash(git log --oneline -10)",
// "⏺ run_shell_command(npx serverless deploy --stage dev)". The command's
// words are the program's and its options' ("git checkout", "oneline"),
// not what the session is about; a commit message it writes ("git commit
// -m "Add list all command"") is the agent's own words and stays. A
// shell call given a description instead of the command ("⏺ Bash(Check
// TypeScript errors after the cast)") is written in words and stays too.

// consoleShellCall matches the opening of a console's line for a call of
// a shell tool.
var consoleShellCall = regexp.MustCompile(`⏺ (?:Bash|bash|shell|run_shell_command|execute_command)\(`)

// commitMessageArg matches the message a command gives git commit.
var commitMessageArg = regexp.MustCompile(`-m\s+"([^"]*)"`)

// withoutConsoleCommands is prose with the commands of the console's shell
// calls (consoleShellCall) left out, up to the parenthesis that closes
// the call or the end of its line, all but their commit messages.
func withoutConsoleCommands(prose string) string {
	if !strings.Contains(prose, "⏺ ") {
		return prose
	}
	locs := consoleShellCall.FindAllStringIndex(prose, -1)
	if locs == nil {
		return prose
	}
	var b strings.Builder
	last := 0
	for _, loc := range locs {
		if loc[0] < last {
			continue
		}
		start := loc[1]
		end := consoleCallEnd(prose, start)
		if !commandAsTyped(prose[start:end]) {
			continue
		}
		b.WriteString(prose[last:start])
		for _, m := range commitMessageArg.FindAllStringSubmatch(prose[start:end], -1) {
			b.WriteString(m[1])
			b.WriteString(". ")
		}
		last = end
	}
	b.WriteString(prose[last:])
	return b.String()
}

// consoleCallEnd is where the argument of a console call opening at start
// ends: at the parenthesis that closes it, or at the end of its line.
func consoleCallEnd(prose string, start int) int {
	depth := 0
	for i := start; i < len(prose); i++ {
		switch prose[i] {
		case '(':
			depth++
		case ')':
			if depth == 0 {
				return i
			}
			depth--
		case '\n':
			return i
		}
	}
	return len(prose)
}

// commandAsTyped reports a shell call's argument that is a command as typed
// ("git log", "./run.sh", "$env = …", "GOOS=windows go test"), not a
// description of it in words ("Check TypeScript errors").
func commandAsTyped(arg string) bool {
	arg = strings.TrimSpace(arg)
	if arg == "" {
		return false
	}
	switch c := arg[0]; {
	case 'a' <= c && c <= 'z', c == '.', c == '/', c == '~', c == '$':
		return true
	}
	first, _, _ := strings.Cut(arg, " ")
	name, _, ok := strings.Cut(first, "=")
	return ok && name != "" && strings.ToUpper(name) == name
}

// withoutExitTotals is prose without the totals Claude Code prints when it
// exits, pasted or exported with the transcript ("Total cost: $1.86",
// "Total duration (wall): 13m 32.6s", "Usage by model:" and a line for
// each model: "claude-opus: 64.6k input, 419 output, 63.5k cache read,
// 0 cache write"): the same figures in every session, whose words
// ("cache read", "code changes") are no topic of it.
func withoutExitTotals(prose string) string {
	// The cost is in dollars: a search for the rare "$" first spares most
	// messages the longer search.
	if strings.IndexByte(prose, '$') < 0 || !strings.Contains(prose, "Total cost:") {
		return prose
	}
	lines := strings.Split(prose, "\n")
	kept := lines[:0]
	totals := false
	for _, l := range lines {
		t := strings.TrimLeft(l, " \t\u00a0⎿")
		switch {
		case exitStatsLine(t) || t == "Usage by model:":
			totals = true
			continue
		case totals && strings.Contains(t, " input, ") && strings.Contains(t, " output"):
			continue
		}
		totals = false
		kept = append(kept, l)
	}
	return strings.Join(kept, "\n")
}
