package analysis

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// What the summary reads of a message besides its prose sentences: the
// command a sentence introduces ("run:" and a fenced block), and which of
// the steward's sentences are pasted output rather than their words.

// fencedCommands maps each line of content that ends with a colon and is
// followed by a short fenced block ("To release, run:" then ```bun verify```)
// of shell commands to that block's commands, quoted: the prose a summary reads has no code
// fences, so "run:" alone lost what to run. A block of more than
// maxIntroducedCommands lines, or with a longer line, is a script or a
// listing, not a command to quote.
func fencedCommands(content string) map[string]string {
	if !strings.Contains(content, "```") {
		return nil
	}
	var out map[string]string
	lines := strings.Split(content, "\n")
	lead := ""
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(line, "```") {
			if line != "" {
				lead = line
			}
			continue
		}
		// A fence: read to its end.
		var body []string
		j := i + 1
		for ; j < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[j]), "```"); j++ {
			body = append(body, lines[j])
		}
		if strings.HasSuffix(lead, ":") && shellFences[strings.ToLower(strings.TrimSpace(strings.TrimPrefix(line, "```")))] {
			if cmds := quotedCommands(body); cmds != "" {
				if out == nil {
					out = map[string]string{}
				}
				out[lead] = cmds
			}
		}
		i, lead = j, ""
	}
	return out
}

// shellFences are the languages a fenced block of commands is labelled
// with, or none: a block of Go or JSON after "the fix:" is code, not a
// command to run.
var shellFences = set("", "bash", "sh", "shell", "console", "zsh", "fish", "powershell", "pwsh", "ps1", "cmd", "bat", "terminal", "shell-session")

// maxIntroducedCommands is the most lines of a fenced block quoted as the
// commands a sentence introduces; maxCommandLength the longest line.
const (
	maxIntroducedCommands = 3
	maxCommandLength      = 100
)

// quotedCommands is the commands of a fenced block's lines, each quoted,
// without prompts ("$ ") and trailing comments; "" when the block is no
// short list of commands.
func quotedCommands(body []string) string {
	var cmds []string
	for _, l := range body {
		l = strings.TrimPrefix(strings.TrimSpace(l), "$ ")
		if i := strings.Index(l, " #"); i > 0 {
			l = strings.TrimSpace(l[:i])
		}
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if len(l) > maxCommandLength || strings.Contains(l, "\"") {
			return ""
		}
		cmds = append(cmds, `"`+l+`"`)
	}
	if len(cmds) == 0 || len(cmds) > maxIntroducedCommands {
		return ""
	}
	return strings.Join(cmds, ", ")
}

// logShape matches what machine output has and prose does not: a source
// position ("node.js:409:1", "main.go:12"), an error class ("TypeError",
// "NS_ERROR_CORRUPTED_CONTENT"), a log level or timestamp opening the
// line, a stack frame, an HTTP status line.
const logShapePattern = `\b[\w-]+\.[a-z]{1,5}:\d+(?::\d+)?\b` +
	`|\b[A-Z]\w*(?:Error|Exception)\b` +
	`|\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+){2,}\b` +
	`|^\s*\[?(?:ERROR|WARN|WARNING|INFO|DEBUG|FATAL|PANIC|TRACE)\b` +
	`|^\s*\[?\d{4}[-/]\d\d[-/]\d\d[T ]\d\d:\d\d|^\s*\[?\d\d:\d\d:\d\d` +
	`|^\s*at \S+ \(|^\s*File "[^"]+", line \d+|^Traceback \(most recent` +
	`|\[HTTP/\d`

var logShape = regexp.MustCompile(logShapePattern)

// logStart is logShape where it opens a text after blanks alone: one
// anchored match, not a search of every position of a long sentence.
var logStart = regexp.MustCompile(`^\s*(?:` + logShapePattern + `)`)

// pastedSplit splits a steward's sentence s on a line that looks like
// machine output (logLine) where their words introduce the paste ("the
// errors from the console: Layout was forced …"): the lead-in up to the
// colon is theirs, the rest pasted. ok is false when s has no such colon.
func pastedSplit(s string, logLine bool) (lead, rest string, ok bool) {
	if !logLine {
		return "", "", false
	}
	i := strings.Index(s, ": ")
	if i < 0 || len(wordsOf(lowerText(s[:i]))) < minSentence {
		return "", "", false
	}
	return s[:i+1], strings.TrimSpace(s[i+2:]), true
}

// startsAsLog reports whether s opens with what machine output has
// ("TypeError: …", "[11:35:44] GET …", "node.js:409:1"): a steward's own
// sentence may name an error class or a file position further on ("fix
// the TypeError in the parser") and is still theirs.
func startsAsLog(s string) bool {
	return logStart.MatchString(s)
}

// lazyLogLine answers once, and only when asked, whether a line looks like
// machine output: the pattern is dear on a long paste, and most sentences
// never need the answer.
type lazyLogLine struct {
	line         string
	known, isLog bool
}

func (l *lazyLogLine) match() bool {
	if !l.known {
		l.known, l.isLog = true, logShape.MatchString(l.line)
	}
	return l.isLog
}

// What else a message's lines hold that no one said: an exporter's
// record of a tool call ("Listed directory src • 8 results", "Directory:
// /Users/…/app (1 file)"), a path alone on its line, and in a steward's
// message the lines of a terminal pasted in (a shell's prompt and its
// command, a tool's marked output "• by using this software…", a shell
// escape "!curl … | bash", a line of code "from uzpy.main import main").
// Each is evidence the session read, never a sentence of its summary.

// summaryRecord reports a line an exporter or a tool wrote, or a path
// alone: no sentence of the summary.
func summaryRecord(line string) bool {
	l := strings.TrimSpace(line)
	if l == "" {
		return false
	}
	if alignedField(l) || exportedCallLine.MatchString(l) || strings.HasPrefix(l, taskOutputNotice) {
		return true
	}
	if strings.Contains(l, "[](") && strings.Contains(l, "](file:") {
		// An exporter's record of a file read, its link without text
		// ("Read [](file:///home/x/Dockerfile#1-1), lines 1 to 100").
		return true
	}
	switch l[0] {
	case 'T', 'R', 'E', 'S', 'G', 'L', 'P', 'A', 'O', '*':
		if exportedToolLine.MatchString(l) {
			return true
		}
	case 'D':
		if strings.HasPrefix(l, "Directory: ") {
			return true
		}
	case '+', '-':
		// A diff's added or removed line ("+        status = self.status()"),
		// not a list item ("- Add the flag"); or an exporter's parameter
		// of a tool call under "**Input:**" ("- todoList: `[map[…]]`").
		if len(l) > 2 && l[1] == ' ' && l[2] == ' ' || exportedParameter(l) {
			return true
		}
	case 'm', '[':
		// An exporter's print of a tool's parameters, as Go prints a
		// map ("[map[description:Run the tests id:9 status:completed]").
		if strings.HasPrefix(l, "map[") || strings.HasPrefix(l, "[map[") {
			return true
		}
	case '/', '\\', '~', '.':
		// A path alone ("/home/x/src/app.tsx."), not "... and then"; an
		// editor's command that takes files or a shell command, not
		// words ("/add src/app.rb", "/git push -u origin master").
		if !strings.Contains(l, " ") && strings.ContainsAny(l[1:], "/\\") || editorCommandLine(l) {
			return true
		}
	case '"':
		// A line of JSON ("\"document_id\": \"2c3a…\",").
		if jsonFieldLine.MatchString(l) {
			return true
		}
	case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		// A listing's numbered line ("35      books = list_books()",
		// "145 -          assert …"), not "3 but apply the changes".
		if numberedLine.MatchString(l) {
			return true
		}
	}
	return unfencedCode(l) || fileAlone(l) || fileLegend(l)
}

// legendDashes part a file's name from what the file is in a list of
// files: "- `AGENTS.md` — Project context".
var legendDashes = []string{" — ", " – ", " - "}

// fileLegend reports a line of a list of files that says what each is
// ("- [`AGENTS.md`](out/AGENTS.md) — Project context and checklist",
// "docs/common-template.md: YAML front matter 표준 정의"): a legend of the
// files, not what the session did. A line that says what changed in the
// file ("api.go: added the retry", "README.md — updated the install
// steps") is a report of work and stays.
func fileLegend(l string) bool {
	l = stripListMarker(l)
	sp := strings.IndexByte(l, ' ')
	if sp < 0 || !strings.Contains(l[:sp], ".") {
		return false
	}
	name, rest := l[:sp], l[sp:]
	if n, ok := strings.CutSuffix(name, ":"); ok {
		name = n
	} else if !slices.ContainsFunc(legendDashes, func(d string) bool { return strings.HasPrefix(rest, d) }) {
		return false
	}
	name = strings.Trim(plainText(name), "`*_")
	if name == "" || !fileNamed.MatchString(name[strings.LastIndexAny(name, "/\\")+1:]) {
		return false
	}
	first, _, _ := strings.Cut(strings.ToLower(strings.Trim(strings.TrimLeft(rest, " —–-"), "*_`")), " ")
	return !completionWords[first] && !outcomeWords[first] && first != "new" && first != "now"
}

// editorCommandLine reports a line that is an editor's slash command
// putting files in the chat or running a command ("/add src/app.rb",
// "/drop main.py", "/git push", "/undo"): what the steward did in the
// editor, not what they said. "/review the retry logic" says something.
func editorCommandLine(l string) bool {
	words := strings.Fields(l)
	name := slashWord(words[0])
	return name != "" && (len(words) == 1 || name == "git" || name == "run" || onlyFileNames(words[1:]))
}

// jsonFieldLine is a line of JSON: a quoted name, its colon and a value.
var jsonFieldLine = regexp.MustCompile(`^"[^"\s]{1,60}":\s`)

// unfencedCode reports a line of code written without its fence, in
// anyone's message: codeLine's shapes, an assignment ("content =
// parts[1].strip()"), an object's field ("text: 'Pass rate by model',"), or
// a condition with a comment after it ("if section.strip():  # skip
// empty"). A sentence puts a space before its brackets.
func unfencedCode(l string) bool {
	return codeLine(l) || strings.IndexByte(l, '=') > 0 && assignmentLine.MatchString(l) ||
		l[len(l)-1] == ',' && objectField.MatchString(l) || codeComment(l)
}

// codeComment reports a line of code with a comment after it, set off by
// two spaces as Python's style has it ("if block is None:  # a shell
// block"): the code before it has no run of a sentence's words.
func codeComment(l string) bool {
	code, _, ok := strings.Cut(l, "  # ")
	return ok && code != "" && !proseRun(code)
}

var (
	// assignmentLine opens with a name, maybe indexed or dotted, and an
	// assignment: "content = …", "result[\"blocks\"] += …".
	assignmentLine = regexp.MustCompile(`^[A-Za-z_][\w.]*(?:\[[^\]]*\])*\s*[-+*/]?=\s`)
	// objectField is a field of an object literal with a quoted value:
	// "text: 'Pass rate by model',".
	objectField = regexp.MustCompile("^[A-Za-z_]\\w*: ['\"`].*['\"`],$")
)

// fileAlone reports a line that is a file's path alone, in a list or in
// code marks ("- `docs/api/reference.md`", "aider/coders/base_coder.py."):
// a list of files touched, not a sentence; with the line it points at
// too ("schemas/v1/product.proto:1").
func fileAlone(l string) bool {
	if !strings.ContainsAny(l, "/\\") {
		return false
	}
	l = strings.Trim(stripListMarker(l), "`*.: ")
	if l == "" || strings.ContainsAny(l, " \t") || !strings.ContainsAny(l, "/\\") {
		return false
	}
	if strings.Contains(l, "://") {
		return true // a link alone
	}
	// "schemas/v1/product.proto:1": the file at a line.
	l = strings.TrimRight(l, "0123456789-")
	l = strings.TrimSuffix(l, ":")
	return fileNamed.MatchString(l[strings.LastIndexAny(l, "/\\")+1:])
}

// spokenLines is prose without the lines no one said (toolRecord,
// summaryRecord, consoleLine): what a peak moment quotes.
func spokenLines(prose string) string {
	var b strings.Builder
	for line := range strings.SplitSeq(prose, "\n") {
		if toolRecord(line) || summaryRecord(line) || consoleLine(line) {
			continue
		}
		b.WriteString(strings.ReplaceAll(line, "⏺", ""))
		b.WriteByte('\n')
	}
	return b.String()
}

// taskOutputNotice opens the line Claude Code writes in the steward's
// turn after a background task's notification, pointing at its output.
const taskOutputNotice = "Read the output file to retrieve the result:"

// exportedCallLine is a line an exporter writes for a tool call, the
// tool's name and what it did in brackets: "**[Bash: Build the app]**",
// "[Write: /home/x/app/main.rs]", "[Tool: WebFetch]", "_[tools: Read]_".
var exportedCallLine = regexp.MustCompile(`^(?:\*\*|_)?\[(?:[A-Z][A-Za-z]+|tools)(?::[^\]]*)?\](?:\*\*|_)?$`)

// alignedField reports a line a program printed as a field and its
// value, the values lined up in a column by runs of spaces ("Total
// duration (API):  18s", "claude-opus:  190.5k input, 874 output"): a
// short name, its colon, two spaces or more, then a figure.
func alignedField(l string) bool {
	i := strings.Index(l, ":  ")
	if i <= 0 || i > 40 || len(strings.Fields(l[:i])) > 4 {
		return false
	}
	// A figure, not words: "TASK:  make the output minimal" is the
	// steward's.
	value := strings.TrimLeft(l[i+1:], " ")
	return value != "" && (value[0] >= '0' && value[0] <= '9' || value[0] == '$')
}

// exportedParameter reports an exporter's line for a tool call's
// parameter: a list item of a name and its value in code ("- operation:
// `write`").
func exportedParameter(l string) bool {
	rest, ok := strings.CutPrefix(l, "- ")
	if !ok {
		return false
	}
	name, value, ok := strings.Cut(rest, ": ")
	return ok && isIdent(name) && strings.HasPrefix(value, "`")
}

// numberedLine opens a line of a file or a diff shown with its line
// numbers: the number, then a run of spaces or a diff's mark.
var numberedLine = regexp.MustCompile(`^\d{1,5}(?: {2,}| [+-] |\t)`)

// withoutLeadingMentions is a line that opens with the files an editor
// attached ("@xtask/** @docs/plan.md verify the plan is done") without
// them when the words after them ask for work: the files are the
// context, the rest is the sentence. "@README.md is outdated" keeps its
// subject.
func withoutLeadingMentions(line string) string {
	rest := strings.TrimSpace(line)
	n := 0
	for strings.HasPrefix(rest, "@") {
		end := strings.IndexByte(rest, ' ')
		if end < 0 {
			return line
		}
		rest = strings.TrimSpace(rest[end:])
		n++
	}
	first, _, _ := strings.Cut(rest, " ")
	// "@NOTES.md implement tasks": too short a request without its file.
	if n == 0 || !imperativeVerbs[strings.ToLower(first)] || len(strings.Fields(rest)) < minAskWords {
		return line
	}
	return rest
}

// mentionsAsNames writes an editor's mentions of files ("@src/app/x.tsx",
// "@README.md:48", "@IaoPool.tsx (51-58)") as the files' names, once
// where the same is mentioned again and again: the directories and the
// lines they point at are no words of the sentence.
// A particle glued to a mention ("@common-template.md은 …": Korean and
// Japanese mark a noun's role after it) stays glued to the name.
func mentionsAsNames(line string) string {
	last := ""
	var b strings.Builder
	end := 0
	for _, loc := range fileMention.FindAllStringIndex(line, -1) {
		m := line[loc[0]:loc[1]]
		b.WriteString(line[end:loc[0]])
		end = loc[1]
		at := strings.IndexByte(m, '@')
		b.WriteString(m[:at])
		name := mentionedFile(mentionName.FindStringSubmatch(m[at:])[1])
		if name == last {
			continue
		}
		last = name
		b.WriteString(name)
		if r, _ := utf8.DecodeRuneInString(line[end:]); !particleRune(r) {
			b.WriteString(" ")
		}
	}
	b.WriteString(line[end:])
	return strings.Join(strings.Fields(b.String()), " ")
}

// consoleLine reports a line a terminal drew, in anyone's message (a
// console transcript an exporter saved holds the assistant's turns with
// it): a box or tree drawing, a console's status line ("⏵⏵ auto-accept
// edits on"), a shell's prompt.
func consoleLine(line string) bool {
	l := strings.TrimSpace(line)
	if len(l) < 2 {
		return false
	}
	r, _ := utf8.DecodeRuneInString(l)
	return r >= 0x2500 && r <= 0x259f || strings.ContainsRune("➜❯⎿⏵", r) || r == '$' && l[1] == ' ' || r == 'T' && exitStatsLine(l)
}

// exitStatsLine reports a line of the totals Claude Code prints when it
// exits ("Total cost: $0.84", "Total duration (wall): 27m 7.9s"): the
// console's figures, pasted with the transcript, not anyone's words.
func exitStatsLine(l string) bool {
	for _, o := range []string{"Total cost:", "Total duration (", "Total code changes:", "Token usage by model:"} {
		if strings.HasPrefix(l, o) {
			return true
		}
	}
	return false
}

// pastedOutputLine reports a steward's line that a terminal or an editor
// wrote, by how it opens: a shell's prompt ("$ ", "➜  repo git:(main) ✗"),
// a tool's mark ("• ", "│", "× Failed", "⎿"), a shell escape typed at an
// assistant's prompt ("!curl -fsSL …"), a line of code ("from x import
// y", "def main():"). Only its opening is read: a steward's message may
// be a long paste.
func pastedOutputLine(line string) bool {
	l := strings.TrimSpace(line)
	if len(l) < 2 {
		return false
	}
	r, n := utf8.DecodeRuneInString(l)
	switch {
	case r >= 0x2500 && r <= 0x259f, strings.ContainsRune(logMarks+statusMarks+"➜❯⎿⏵☐☒", r):
		return true
	case (r == '"' || r == '{' || r == '[') && strings.Contains(l, "\":"):
		return true // a line of JSON
	case r == '$' && l[1] == ' ', r == '!' && l[1] >= 'a' && l[1] <= 'z':
		return true
	case strings.Contains(l[n:], " git:("):
		return true
	}
	if codeOpening(l) {
		return true
	}
	first, _, _ := strings.Cut(l, " ")
	if level, ok := strings.CutSuffix(first, ":"); ok && logLevels[strings.ToLower(level)] {
		return true // "Error: The process … failed", "error: No prek.toml …"
	}
	return false
}

// codeOpening reports a line that opens as code does, in anyone's message
// (an exported chat may hold code the assistant wrote without its fence):
// a keyword followed by code's punctuation ("def main() -> str:", "from
// x import y", "import { z } from"), or a call alone on its line
// ("print(f\"Server: {status}\")", "console.log(x);").
func codeOpening(l string) bool {
	first, rest, _ := strings.Cut(l, " ")
	if first == "from" {
		return strings.Contains(rest, " import ")
	}
	if codeKeywords[first] {
		return strings.ContainsAny(rest, "{}()=;:<>\"'")
	}
	open := strings.IndexByte(first, '(')
	return open > 0 && isIdent(strings.ReplaceAll(first[:open], ".", "_")) &&
		(strings.HasSuffix(l, ")") || strings.HasSuffix(l, ");"))
}

// clockAt is where a log's time of day ("11:35:44", "[09:02:17.381")
// stands in s after its first word, or -1: a byte scan, not a pattern's
// search, as it reads every sentence of a steward's message.
func clockAt(s string) int {
	for i := strings.IndexByte(s, ':'); i >= 0 && i+6 <= len(s); {
		if i >= 1 && digit(s[i-1]) && digit(s[i+1]) && digit(s[i+2]) && s[i+3] == ':' && digit(s[i+4]) && digit(s[i+5]) {
			start := i - 1
			if start >= 1 && digit(s[start-1]) {
				start--
			}
			if start > 0 && (s[start-1] == ' ' || s[start-1] == '[') {
				if start >= 2 && s[start-1] == '[' {
					return start - 1
				}
				return start
			}
		}
		next := strings.IndexByte(s[i+1:], ':')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return -1
}

func digit(b byte) bool { return b >= '0' && b <= '9' }

// withoutConsoleResults drops from a console view pasted as text (Claude
// Code's "⏺ Bash(pytest …)" then "  ⎿  Error: …") the rest of each tool
// result: the lines indented under its "⎿" line (pytest's header, pip's
// "Collecting …" lines, a listing), blank lines among them too. They are
// what the tool printed, not what steward or assistant said. The "⎿"
// line itself is left to toolRecord.
func withoutConsoleResults(prose string) string {
	var b strings.Builder
	b.Grow(len(prose))
	under := -1 // the column of the "⎿" whose result is being dropped
	for line := range strings.SplitSeq(prose, "\n") {
		body := strings.TrimLeft(line, " \t")
		indent := len(line) - len(body)
		if under >= 0 && (body == "" || indent > under) {
			continue
		}
		under = -1
		if strings.HasPrefix(body, "⎿") {
			under = indent
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return strings.TrimSuffix(b.String(), "\n")
}
