package analysis

import (
	"bytes"
	"encoding/json"
	"html"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/jsonfast"
)

// Every agent Baton imports names its tools its own way: Claude Code runs
// Bash (or PowerShell) and edits with Edit and Write, Codex runs
// exec_command or shell and edits with apply_patch, Gemini CLI runs
// run_shell_command and edits with replace and write_file, Cursor runs
// run_terminal_cmd and edits with edit_file. A techAction is what one
// call did, whatever the agent: ran a command, read, edited or wrote a
// file.
type techAction struct {
	op      string   // "run", "read", "edit", "write" or "delete" (a patch's "*** Delete File")
	command string   // run: the shell command
	shell   string   // run: "PowerShell" when the command ran in it
	file    string   // read, edit, write, delete: the file
	from    string   // edit: the file's old name when a patch moved it
	written []string // edit, write: the text written (an edit's added lines)
	kept    []string // edit: the file's lines a console shows around the edit, unchanged
	before  string   // write: the file's text as the session last read or wrote it, if it did
	// edit: the lines the edit put in and took out, when the call says
	// (a patch's "+" and "-" lines, an edit's new and old text).
	added, removed int
}

// shellTools are the tools that run a shell command, by agent: Claude
// Code, Codex, Gemini CLI, Cursor, Cline, OpenCode and others.
var shellTools = set("Bash", "PowerShell", "bash", "shell", "exec_command", "shell_command", "local_shell",
	"local_shell_call", "run_shell_command", "run_terminal_cmd", "run_terminal_command", "run_terminal_command_v2",
	"execute_command", "run_command", "terminal", "container.exec", "run_in_terminal")

// fileTools say what a tool does to the file it names, for the tools of
// agents other than Claude Code (whose names call.op knows).
var fileTools = map[string]string{
	"read_file": "read", "read": "read", "view_file": "read", "open_file": "read",
	"write_file": "write", "write": "write", "write_to_file": "write", "create_file": "write",
	"replace": "edit", "edit": "edit", "edit_file": "edit", "edit_file_v2": "edit", "search_replace": "edit",
	"replace_in_file": "edit", "str_replace": "edit", "insert_edit_into_file": "edit", "patch": "edit",
}

// otherInput holds the inputs of other agents' tools that toolInput does
// not read: Codex's command arrays and exec_command's "cmd", the file of
// Gemini CLI's read_file and Cursor's edit_file, the text they write, and
// apply_patch's patch.
type otherInput struct {
	Cmd         json.RawMessage `json:"cmd"`
	CommandLine struct {
		Original string `json:"original"`
	} `json:"commandLine"` // Copilot's run_in_terminal
	Command      json.RawMessage `json:"command"`
	AbsolutePath string          `json:"absolute_path"`
	TargetFile   string          `json:"target_file"`
	FilePathAlt  string          `json:"filePath"`
	Path         string          `json:"path"`
	Contents     string          `json:"contents"`
	CodeEdit     string          `json:"code_edit"`
	NewString    string          `json:"newString"`
	OldString    string          `json:"oldString"`
	Input        string          `json:"input"`
	Patch        string          `json:"patch"`
}

// ranShell reports whether acts ran a command.
func ranShell(acts []techAction) bool {
	for _, a := range acts {
		if a.op == "run" {
			return true
		}
	}
	return false
}

// callActions says what one tool call did.
func callActions(c *call) []techAction {
	switch op := c.op(); op {
	case "write", "edit", "read":
		if c.Name == "apply_patch" {
			break
		}
		if f := c.file(); f != "" {
			a := techAction{op: op, file: f}
			if op == "write" {
				a.written = append(a.written, c.writeContent())
			}
			if op == "edit" {
				for _, e := range c.edits() {
					if e[1] != "" {
						a.written = append(a.written, addedLines(e[0], truncate(e[1], 1<<16)))
					}
				}
			}
			return []techAction{a}
		}
	}
	if c.Name == "Bash" && c.in.Command != "" {
		return commandActions(c.in.Command, "")
	}
	var in otherInput
	if len(c.Input) > 0 {
		_ = jsonfast.Unmarshal(c.Input, &in) // best effort, as parseInput
	}
	switch {
	case c.Name == "apply_patch":
		return patchActions(firstNonEmpty(in.Input, in.Patch, rawString(in.Command)))
	case shellTools[c.Name]:
		cmd := c.in.Command
		if cmd == "" {
			cmd = commandString(in.Cmd)
		}
		if cmd == "" {
			cmd = commandString(in.Command)
		}
		if cmd == "" {
			cmd = in.CommandLine.Original
		}
		shell := ""
		if c.Name == "PowerShell" {
			shell = "PowerShell"
		}
		return commandActions(cmd, shell)
	}
	op := fileTools[c.Name]
	if op == "" {
		return nil
	}
	f := firstNonEmpty(c.in.FilePath, in.AbsolutePath, in.TargetFile, in.FilePathAlt, in.Path)
	if f == "" {
		return nil
	}
	a := techAction{op: op, file: f}
	switch op {
	case "write":
		a.written = append(a.written, firstNonEmpty(c.in.Content, in.Contents, in.CodeEdit))
	case "edit":
		for _, e := range [][2]string{{c.in.OldString, c.in.NewString}, {in.OldString, in.NewString}, {"", in.CodeEdit}} {
			if e[1] != "" {
				a.written = append(a.written, addedLines(e[0], truncate(e[1], 1<<16)))
			}
			if e[0] != "" || e[1] != "" {
				a.added += countLines(e[1])
				a.removed += countLines(e[0])
			}
		}
	}
	return []techAction{a}
}

// commandActions is what a shell command did: ran, and for a patch
// applied through the shell ("apply_patch <<'EOF'"), the edits.
func commandActions(cmd, shell string) []techAction {
	if cmd == "" {
		return nil
	}
	if i := strings.Index(cmd, "*** Begin Patch"); i >= 0 && strings.Contains(cmd[:i], "apply_patch") {
		return patchActions(cmd[i:])
	}
	return []techAction{{op: "run", command: cmd, shell: shell}}
}

// commandString reads a command given as a string or as an argument
// vector; a vector that runs a shell with a script ("bash -lc 'go test'")
// is that script, and one that runs PowerShell keeps its words.
func commandString(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	// jsonfast: every shell call of a first sync is read here, and a
	// vector (Codex's commands) is not tried as a string, which it never is.
	if v := bytes.TrimLeft(raw, " \t\r\n"); len(v) == 0 || v[0] != '[' {
		if s, err := jsonfast.String(raw); err == nil {
			return s
		}
	}
	var argv []string
	if jsonfast.Unmarshal(raw, &argv) != nil || len(argv) == 0 {
		return ""
	}
	switch path.Base(argv[0]) {
	case "bash", "sh", "zsh":
		for i := 1; i+1 < len(argv); i++ {
			if strings.HasPrefix(argv[i], "-") && strings.Contains(argv[i], "c") {
				return argv[i+1]
			}
		}
	}
	return strings.Join(argv, " ")
}

// rawString is raw as a string when it is one, for apply_patch given as
// a command vector (["apply_patch", "*** Begin Patch…"]).
func rawString(raw json.RawMessage) string {
	if s := commandString(raw); strings.Contains(s, "*** Begin Patch") {
		return s[strings.Index(s, "*** Begin Patch"):]
	}
	return ""
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// patchActions reads an apply_patch patch (Codex's format): "*** Add
// File: p" writes p with the "+" lines that follow, "*** Update File: p"
// edits it (its "+" lines are what the edit added, its "-" lines what it
// took out; "*** Move to: q" renames it), "*** Delete File: p" removes p.
func patchActions(patch string) []techAction {
	var out []techAction
	var b strings.Builder
	flush := func() {
		if len(out) > 0 && b.Len() > 0 {
			out[len(out)-1].written = append(out[len(out)-1].written, b.String())
		}
		b.Reset()
	}
	for l := range strings.SplitSeq(truncate(patch, 1<<17), "\n") {
		switch {
		case strings.HasPrefix(l, "*** Add File: "):
			flush()
			out = append(out, techAction{op: "write", file: strings.TrimSpace(l[len("*** Add File: "):])})
		case strings.HasPrefix(l, "*** Update File: "):
			flush()
			out = append(out, techAction{op: "edit", file: strings.TrimSpace(l[len("*** Update File: "):])})
		case strings.HasPrefix(l, "*** Delete File: "):
			flush()
			out = append(out, techAction{op: "delete", file: strings.TrimSpace(l[len("*** Delete File: "):])})
		case strings.HasPrefix(l, "*** Move to: ") && len(out) > 0:
			last := &out[len(out)-1]
			last.from, last.file = last.file, strings.TrimSpace(l[len("*** Move to: "):])
		case strings.HasPrefix(l, "***"):
			flush()
		case strings.HasPrefix(l, "+") && len(out) > 0:
			b.WriteString(l[1:])
			b.WriteByte('\n')
			out[len(out)-1].added++
		case strings.HasPrefix(l, "-") && len(out) > 0:
			out[len(out)-1].removed++
		}
	}
	flush()
	return out
}

// fileReaders are programs that print the files they are given.
var fileReaders = set("cat", "head", "tail", "sed", "nl", "less", "more", "bat", "batcat", "Get-Content")

// shellCommand is a shell command read once for what it runs
// (segmentTechnologies) and for the words of its simple commands
// (commandArgs): unquoting and splitting a long command twice was most
// of the cost of reading the commands a session ran.
type shellCommand struct {
	ran  []string // its simple commands, each substitution masked as one word (commandTechnologies)
	subs []string // the substitutions' commands
	segs []string // its simple commands as written: shellSegments of it unquoted
}

func readShellCommand(cmd string) shellCommand {
	u := unquoted(cmd)
	rest, subs := substitutions(u)
	c := shellCommand{ran: shellSegments(rest), subs: subs}
	c.segs = c.ran
	if rest != u {
		c.segs = shellSegments(u)
	}
	return c
}

// commandArgs is each simple command of a shell command (its segs), split
// into words (shellArgs).
func commandArgs(segs []string) [][]string {
	out := make([][]string, len(segs))
	for i, seg := range segs {
		out[i] = shellArgs(seg)
	}
	return out
}

// argsReads lists the files of a language a shell command prints ("sed
// -n '1,200p' main.go", "cat src/app.py"), of the command given as its
// simple commands' words (commandArgs): an agent that reads code through
// the shell, as Codex does, reads that language.
func argsReads(segArgs [][]string) []string {
	var out []string
	for _, args := range segArgs {
		if len(args) < 2 || !fileReaders[path.Base(args[0])] {
			continue
		}
		for _, a := range args[1:] {
			if strings.HasPrefix(a, "-") || languageTechnology[languageOfPath(a)] == "" {
				continue
			}
			out = appendUniqueFold(out, a, 20)
		}
	}
	return out
}

// searchers are programs that search files by name or content.
var searchers = set("grep", "egrep", "rg", "ag", "find", "fd", "git")

// argsSearches lists the files patterns of a language that a shell
// command searches, of the command given as its simple commands' words
// (commandArgs): "grep -rn --include=*.go", "find . -name '*.go'", "rg -t
// py", "rg -g '*.ts'", "git grep … -- '*.rs'". An agent that searches a
// language's code reads it.
func argsSearches(segArgs [][]string) []string {
	var out []string
	for _, args := range segArgs {
		prog := ""
		if len(args) > 0 {
			prog = path.Base(args[0])
		}
		if len(args) < 2 || !searchers[prog] || prog == "git" && args[1] != "grep" {
			continue
		}
		for k := 1; k < len(args); k++ {
			a, next := args[k], ""
			if k+1 < len(args) {
				next = args[k+1]
			}
			var pattern string
			switch {
			case strings.HasPrefix(a, "--include="), strings.HasPrefix(a, "--glob="):
				pattern = a[strings.IndexByte(a, '=')+1:]
			case a == "--include", a == "-name", a == "-iname", a == "-g", a == "--glob":
				pattern = next
			case (a == "-t" || a == "--type") && prog == "rg":
				pattern = "*." + next
			case strings.HasPrefix(a, "--type=") && prog == "rg":
				pattern = "*." + a[len("--type="):]
			case strings.HasPrefix(a, "*.") || strings.HasPrefix(a, "**/*."):
				pattern = a
			}
			if globLanguage(pattern) != "" {
				out = appendUniqueFold(out, pattern, 8)
			}
		}
	}
	return out
}

// globLanguage is the language of the files a pattern such as "*.go" or
// "**/*.py" names ("go" for rg's type go), or "".
func globLanguage(pattern string) string {
	pattern = strings.Trim(pattern, "'\"")
	ext, ok := strings.CutPrefix(path.Base(pattern), "*.")
	if !ok {
		return ""
	}
	lang := languages[strings.ToLower(ext)]
	if languageTechnology[lang] == "" {
		return ""
	}
	return lang
}

// grepFiles lists the files of the language that a content search's call
// (Claude Code's Grep) looked in: the pattern it was given ("glob":
// "*.go", "type": "py"), else, when it printed the matching lines
// (output_mode "content"), the files of the language most of its result
// names — a search over several languages' files that happens to list a
// script of another is no work in that one. A Grep in its default mode
// lists only the names of the files holding a match, and reads no line of
// them, as a Glob does.
func grepFiles(c *call, result string) []string {
	var in struct {
		Glob       string `json:"glob"`
		Type       string `json:"type"`
		OutputMode string `json:"output_mode"`
	}
	_ = jsonfast.Unmarshal(c.Input, &in) // best effort, as parseInput
	for _, p := range []string{in.Glob, "*." + in.Type} {
		if globLanguage(p) != "" {
			return []string{strings.Trim(p, "'\"")}
		}
	}
	if in.OutputMode != "content" {
		return nil
	}
	var found []string
	for l := range strings.SplitSeq(truncate(result, 8000), "\n") {
		f, _, _ := strings.Cut(strings.TrimSpace(l), ":")
		if f == "" || strings.ContainsAny(f, " \t") || !strings.ContainsAny(f, "./\\") {
			continue
		}
		found = append(found, f)
	}
	return majorityFile(found)
}

// majorityFile is one file of the language most of a search's results
// are in, when two or more are and they are at least half of the files
// found: a search whose hits are mostly .py files searched Python code.
func majorityFile(found []string) []string {
	byLang := map[string][]string{}
	files := map[string]bool{}
	for _, f := range found {
		files[f] = true
		if lang := languageOfPath(f); languageTechnology[lang] != "" && !slices.Contains(byLang[lang], f) {
			byLang[lang] = append(byLang[lang], f)
		}
	}
	var best []string
	for _, fs := range byLang {
		if len(fs) > len(best) {
			best = fs
		}
	}
	if len(best) < 2 || len(best)*2 < len(files) {
		return nil
	}
	return best[:1]
}

// configDirTechnology names the tool whose configuration directory holds
// f: Cursor's rules, Claude Code's settings, commands and agents, VS Code's
// settings, GitHub's Dependabot, the release notes Changesets keeps.
func configDirTechnology(f string) string {
	f = "/" + strings.TrimPrefix(f, "/")
	switch {
	case strings.Contains(f, "/.cursor/rules/"), strings.HasSuffix(f, "/.cursorrules"):
		return "Cursor"
	case strings.Contains(f, "/.claude/commands/"), strings.Contains(f, "/.claude/agents/"),
		strings.HasSuffix(f, "/.claude/settings.json"), strings.HasSuffix(f, "/.claude/settings.local.json"):
		return "Claude Code"
	case strings.HasSuffix(f, "/.vscode/settings.json"), strings.HasSuffix(f, "/.vscode/launch.json"):
		return "VS Code"
	case strings.HasSuffix(f, "/.github/dependabot.yml"):
		return "Dependabot"
	case strings.Contains(f, "/.changeset/") && strings.HasSuffix(f, ".md"):
		return "Changesets"
	case nextRouteFile(f):
		return "Next.js"
	case strings.HasSuffix(f, ".service") || strings.HasSuffix(f, ".timer") || strings.HasSuffix(f, ".socket"):
		// A unit file: systemd runs the service, on the timer or socket.
		return "systemd"
	}
	return toolConfigTechnology(path.Base(f))
}

// toolConfigTechnology names the tool whose configuration a file is by
// the name tools give their configuration: "astro.config.mjs",
// "pyrightconfig.json", ".yarnrc.yml", "ruff.toml", for a program or
// library Baton knows (toolNames, technologies) whose name is not a
// common word.
func toolConfigTechnology(base string) string {
	lower := strings.ToLower(base)
	stem, _, ok := strings.Cut(lower, ".config.")
	if !ok {
		stem, ok = strings.CutSuffix(lower, "config.json")
	}
	if !ok && strings.HasPrefix(lower, ".") && strings.Contains(lower, "rc") {
		name, _, _ := strings.Cut(lower[1:], ".")
		stem, ok = strings.CutSuffix(name, "rc")
	}
	if !ok {
		for _, ext := range []string{".toml", ".json", ".yaml", ".yml", ".ini"} {
			if stem, ok = strings.CutSuffix(lower, ext); ok {
				break
			}
		}
	}
	if !ok || stem == "" || commonWordTools[stem] {
		return ""
	}
	if t := toolNames[stem]; t != "" {
		return t
	}
	return technologies[stem]
}

// nextRouteFiles are the files Next.js's App Router gives a meaning by
// their name, in a directory under app/.
var nextRouteFiles = set("page", "layout", "loading", "not-found", "error", "template", "route", "default")

// nextRouteFile reports a file that only Next.js reads by its name and
// place: a page, layout or route under app/ (as a Windows path too), or
// the Pages Router's pages/_app and pages/_document.
func nextRouteFile(f string) bool {
	f = strings.ReplaceAll(f, "\\", "/")
	base := path.Base(f)
	ext := path.Ext(base)
	if ext != ".tsx" && ext != ".jsx" && ext != ".ts" && ext != ".js" {
		return false
	}
	name := strings.TrimSuffix(base, ext)
	if strings.Contains(f, "/pages/") && (name == "_app" || name == "_document") {
		return true
	}
	return strings.Contains(f, "/app/") && nextRouteFiles[name] && (ext != ".ts" || name == "route")
}

// Console tool lines: Claude Code's terminal shows each call as
// "⏺ Bash(go test ./...)", "⏺ Update(cli.py)" with the edit's numbered
// lines under it ("12 +  import click").
var consoleTools = map[string]string{
	"Bash": "run", "PowerShell": "run", "Read": "read", "Update": "edit", "Edit": "edit", "MultiEdit": "edit",
	"Write": "write", "Create": "write",
}

// consoleReadMany are the console tools of other agents that read several
// files at once, listed between the parentheses ("⏺ read_many_files(a.cs,
// b.cs)"); Copilot's "view" reads one file or directory.
var consoleReadMany = set("read_many_files", "view")

// consolePatchOne are the patch tools a console line names with the one
// file they change, not the patch: an OpenCode export writes its
// apply_patch calls as "⏺ apply_patch(core/src/app.ts)".
var consolePatchOne = set("apply_patch")

// consoleOp is what the tool a console line names does: Claude Code's
// own, another agent's file tools written the same way ("⏺
// replace(index.js)", "⏺ write_file(src/Stock.cs)" in a Gemini CLI chat),
// or "" for a tool that touches no file of a language (a search).
func consoleOp(name string) string {
	if op := consoleTools[name]; op != "" {
		return op
	}
	if consoleReadMany[name] {
		return "read"
	}
	if consolePatchOne[name] {
		return "edit"
	}
	return fileTools[strings.ToLower(name)]
}

// progressOps are the verbs of the progress lines VS Code's Copilot chat
// writes for its calls, a file after them ("⏺ Read src/lib/types.ts",
// "⏺ Edited src/app/page.tsx#12-20", "⏺ Created tests/unit/a.test.ts").
var progressOps = map[string]string{"Read": "read", "Edited": "edit", "Created": "write"}

// progressAction is the action a progress line reports, when its verb is
// one of progressOps and what follows is one file: "Created 6 todos" or
// "Read tests/unit" (a folder) touch no file of a language.
func progressAction(line string) (techAction, bool) {
	verb, rest, _ := strings.Cut(line, " ")
	op := progressOps[verb]
	if op == "" {
		return techAction{}, false
	}
	f, _, _ := strings.Cut(strings.TrimSpace(rest), "#") // "#1-1, lines 1 to 31": the range read
	f = strings.Trim(f, "`")
	if f == "" || strings.ContainsAny(f, " ,*|") || !knownFile(f) {
		return techAction{}, false
	}
	return techAction{op: op, file: f}, true
}

// consoleFiles lists the files a console file tool's argument names, with
// Windows separators (written doubled, as JSON escapes them) made slashes.
// A read tool that takes several files at once (Roo Code's and IBM Bob's
// read_file) is written with them all, comma-separated ("⏺
// read_file(README.md, app/page.tsx)"), and a long list is cut short with
// "…": each whole path is a file read, the cut one is not.
func consoleFiles(name, arg string) []string {
	files := []string{arg}
	if consoleReadMany[name] || consoleOp(name) == "read" && strings.Contains(arg, ", ") {
		files = strings.Split(strings.TrimSuffix(arg, "…"), ",")
		if strings.HasSuffix(arg, "…") {
			files = files[:len(files)-1]
		}
	}
	var out []string
	for _, f := range files {
		f = strings.ReplaceAll(strings.ReplaceAll(strings.TrimSpace(f), `\\`, "/"), `\`, "/")
		if f != "" && !strings.ContainsAny(f, " |*") {
			out = append(out, f)
		}
	}
	return out
}

// textActions reads the tool calls a transcript kept as text shows: the
// console lines of Claude Code ("⏺ Bash(git log -3)", "⏺ Update(cli.py)"),
// and SpecStory's record of Cursor ("Read file: p", "Edit file: p" with its
// diff, a "Tool use: run_terminal_cmd" with its command's fence or its
// "- command: `…`" input line, a fence naming the file its code is for,
// or a shell fence answered by a terminal's output). A shell fence alone
// is a suggestion, not a command that ran.
func textActions(content string) []techAction {
	if !strings.Contains(content, "⏺") && !strings.Contains(content, "Tool use:") && !strings.Contains(content, " file: ") &&
		!strings.HasPrefix(content, "Read file: ") && !strings.HasPrefix(content, "Edit file: ") && !strings.Contains(content, "```") &&
		!hasBoldBracket(content) {
		return nil
	}
	// A transcript kept as text writes a whole turn of the agent's calls
	// into one message (Claude Code's console, a chat export's "**Tool
	// Call**:" lines, SpecStory's Cursor chat, where a speaker's
	// consecutive sections are one message): its later calls are as much
	// the session's as its first.
	lines := strings.Split(truncate(content, maxTurnText), "\n")
	// SpecStory's record of Cursor writes a command's terminal output as
	// an untagged fence right under the command's fence. Once one such
	// output opens with a prompt or the command's echo, the message is
	// that record: its other outputs (a linter's warnings, a test run's
	// header) show their commands ran as well. So is a message that
	// records the agent's other calls ("Read file: …", "Tool use: …"):
	// the fence under its command is that command's output, whatever it
	// opens with ("npm error code ETARGET").
	terminal := terminalRecord(lines) || recordsCalls(content)
	var out []techAction
	cur := -1 // the action whose written lines follow
	runNext := false
	callNext := false // a "**Tool Call**:" line: the JSON fence under it is the call
	tool := ""        // the tool a "Tool use: **name**" line names, whose "Parameters:" fence may follow
	params := false   // a "Parameters:" line under it: the JSON fence next is the call's input
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if rest, ok := strings.CutPrefix(l, "⏺ "); ok {
			cur = -1
			name, arg, found := strings.Cut(rest, "(")
			op := consoleOp(name)
			if op == "" && shellTools[name] {
				op = "run" // another agent's console ("⏺ bash(git status)")
			}
			if !found {
				if a, ok := progressAction(rest); ok {
					out = append(out, a)
				}
				continue
			}
			if op == "" || !strings.HasSuffix(arg, ")") {
				continue
			}
			arg = strings.TrimSuffix(arg, ")")
			if i+1 < len(lines) && strings.Contains(lines[i+1], "⎿") && strings.Contains(lines[i+1], "not found") {
				continue
			}
			if op == "run" {
				a := techAction{op: op, command: strings.TrimSuffix(arg, "…")}
				if name == "PowerShell" {
					a.shell = "PowerShell"
				}
				out = append(out, a)
				continue
			}
			for _, f := range consoleFiles(name, arg) {
				out = append(out, techAction{op: op, file: f})
			}
			if (op == "edit" || op == "write") && len(out) > 0 {
				cur = len(out) - 1
			}
			continue
		}
		if cur >= 0 {
			if w, ok := consoleWritten(lines[i], out[cur].op); ok {
				out[cur].written = append(out[cur].written, w)
				continue
			}
			if k, ok := consoleKept(lines[i]); ok && out[cur].op == "edit" {
				out[cur].kept = append(out[cur].kept, k)
				continue
			}
		}
		if l == "" {
			continue
		}
		// SpecStory's later record folds each call under a disclosure
		// whose summary names it ("<details><summary>Edit file:
		// src/app.py</summary>", or the summary on a line of its own):
		// the summary is the call's line.
		if summary, ok := strings.CutPrefix(strings.TrimPrefix(l, "<details>"), "<summary>"); ok {
			l = strings.TrimSpace(strings.TrimSuffix(summary, "</summary>"))
		}
		if inner, ok := bracketNote(l); ok {
			acts, shell := noteAction(inner)
			out = append(out, acts...)
			tool, params, runNext, callNext, cur = "", false, shell, false, -1
			continue
		}
		switch {
		case l == "**Tool Call**:":
			callNext = true
			continue
		case tool != "" && l == "Parameters:":
			params = true
			continue
		case params && strings.HasPrefix(l, "```"):
			// SpecStory's newer record writes a call's input as JSON
			// under "Parameters:" ("Tool use: **run_in_terminal**",
			// {"commandLine": {"original": "cargo build"}}).
			end := i + 1
			for end < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[end]), "```") {
				end++
			}
			input := html.UnescapeString(strings.Join(lines[i+1:min(end, len(lines))], "\n"))
			if json.Valid([]byte(input)) {
				c := call{ToolCall: baton.ToolCall{Name: tool, Input: json.RawMessage(input)}, in: parseInput(json.RawMessage(input)), result: -1}
				out = append(out, callActions(&c)...)
			}
			tool, params, runNext, cur = "", false, false, -1
			i = end
			continue
		case strings.HasPrefix(l, "Read [](file://"):
			// Copilot's record of a read: "Read [](file:///src/lib.rs#1-1), lines 1 to 50".
			f := strings.TrimPrefix(l, "Read [](file://")
			if end := strings.IndexAny(f, "#)"); end > 0 {
				out = append(out, techAction{op: "read", file: f[:end]})
			}
			cur = -1
			continue
		case tool != "" && fileTools[strings.ToLower(tool)] != "" && len(l) > 2 && l[0] == '`' && strings.HasSuffix(l, "`") && strings.Count(l, "`") == 2:
			// The file on its own line under the call ("Tool use: **Read**",
			// "`src/app.ts`").
			out = append(out, techAction{op: fileTools[strings.ToLower(tool)], file: strings.ReplaceAll(strings.Trim(l, "` "), "\\", "/")})
			tool, cur = "", -1
			if out[len(out)-1].op != "read" {
				cur = len(out) - 1
			}
			continue
		case callNext && strings.HasPrefix(l, "```"):
			// A chat export that writes each tool call into the answer
			// as its JSON ({"name": "run_command", "input": {…}}): the
			// call is read as the agent's own.
			end := i + 1
			for end < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[end]), "```") {
				end++
			}
			var tc baton.ToolCall
			if json.Unmarshal([]byte(strings.Join(lines[i+1:min(end, len(lines))], "\n")), &tc) == nil && tc.Name != "" {
				c := call{ToolCall: tc, in: parseInput(tc.Input), result: -1}
				out = append(out, callActions(&c)...)
			}
			callNext = false
			cur = -1
			i = end
			continue
		case strings.HasPrefix(l, "Read file: "), strings.Contains(l, "• Read file: "):
			out = append(out, techAction{op: "read", file: strings.TrimSpace(l[strings.Index(l, "Read file: ")+len("Read file: "):])})
			cur = -1
		case strings.HasPrefix(l, "Edit file: "), strings.Contains(l, "• Edit file: "):
			out = append(out, techAction{op: "edit", file: strings.TrimSpace(l[strings.Index(l, "Edit file: ")+len("Edit file: "):])})
			cur = len(out) - 1
		case strings.HasPrefix(l, "Tool use:") && (strings.Contains(l, "terminal") || shellTools[strings.Trim(strings.TrimPrefix(l, "Tool use:"), " *")]):
			tool = toolUseName(l)
			runNext = true
			if _, cmd, ok := strings.Cut(l, "Run command: "); ok {
				out = append(out, techAction{op: "run", command: cmd})
				runNext = false
			}
		case strings.HasPrefix(l, "Tool use:"):
			tool, runNext = toolUseName(l), false
		case runNext && len(l) > 2 && l[0] == '`' && l[1] != '`' && strings.HasSuffix(l, "`") && strings.Count(l, "`") == 2:
			// The command on its own line under the call's description
			// ("Tool use: **Bash**", "Check changes", "`git diff --stat`").
			out = append(out, techAction{op: "run", command: l[1 : len(l)-1]})
			runNext = false
		case runNext && strings.HasPrefix(l, "- command: `") && strings.HasSuffix(l, "`"):
			// The tool's input listed under it: "- command: `mvn -q test`".
			out = append(out, techAction{op: "run", command: strings.TrimSuffix(strings.TrimPrefix(l, "- command: `"), "`")})
			runNext = false
		case strings.HasPrefix(l, "```"):
			info := strings.ToLower(strings.TrimSpace(strings.TrimPrefix(l, "```")))
			end := fenceEnd(lines, i, info == "diff")
			body := strings.Join(lines[min(i+1, len(lines)):min(end, len(lines))], "\n")
			if f := citedFile(l); f != "" {
				// Cursor's citation of a project file's lines
				// ("```12:28:services/frontend/vite.config.js"): code
				// the project holds, read as a Read call's is.
				out = append(out, techAction{op: "read", file: f})
			} else if f := fencedFile(info); f != "" {
				// Cursor's "```python:app/models/cell.py": the code it
				// writes for that file.
				out = append(out, techAction{op: "edit", file: f, written: lines[min(i+1, len(lines)):min(end, len(lines))]})
			} else if f := wholeFileBefore(lines, i); f != "" && info != "diff" && !strings.HasPrefix(body, "<<<<<<< SEARCH") {
				// aider's whole-file edit: the file's path on a line of
				// its own, then all of its new text.
				out = append(out, techAction{op: "write", file: f, written: []string{body}})
			} else if a, ok := editResult(body); ok && info == "" {
				out = append(out, a)
			} else if info == "diff" && strings.HasPrefix(strings.TrimSpace(body), "*** Begin Patch") {
				// An apply_patch call's patch, which names its files
				// ("*** Update File: src/app.ts").
				out = append(out, patchActions(body)...)
				cur = -1
			} else if info == "diff" {
				// The diff of the edit above it, or of the file the
				// words just before it name (an export that dropped the
				// edit's tool line).
				added := diffAdded(lines[min(i+1, len(lines)):min(end, len(lines))])
				if f := diffFileBefore(lines, i); f != "" {
					out = append(out, techAction{op: "edit", file: f, written: added})
					cur = len(out) - 1
				} else if cur >= 0 {
					out[cur].written = append(out[cur].written, added...)
				}
			} else if languages[info] == "shell" || info == "powershell" || info == "ps1" {
				if runNext || answeredByTerminal(lines, end+1, body) || terminal && outputFenceFirst(lines, end+1) != "" {
					a := techAction{op: "run", command: body}
					if info == "powershell" || info == "ps1" {
						a.shell = "PowerShell"
					}
					out = append(out, a)
				}
			}
			runNext = false
			if info != "diff" {
				cur = -1
			}
			i = end
		}
	}
	return out
}

// fenceEnd is the index of the line that closes the fence opened at
// lines[open], or len(lines). A diff's context lines keep the file's
// text one space in, so a Markdown file's own fence in a diff ("  ```")
// is no close: a diff's fence closes only at its opening's indentation
// or less.
func fenceEnd(lines []string, open int, diff bool) int {
	indent := len(lines[open]) - len(strings.TrimLeft(lines[open], " \t"))
	end := open + 1
	for ; end < len(lines); end++ {
		t := strings.TrimLeft(lines[end], " \t")
		if strings.HasPrefix(t, "```") && (!diff || len(lines[end])-len(t) <= indent) {
			break
		}
	}
	return end
}

// wholeFileBefore is the file whose path stands alone on the line right
// above the fence opened at lines[open], after a blank line or at the
// message's start, as aider writes a whole file it edits
// ("shutdown.sh", then "```" and the script), or "".
func wholeFileBefore(lines []string, open int) string {
	if open == 0 || open >= 2 && strings.TrimSpace(lines[open-2]) != "" {
		return ""
	}
	f := lines[open-1]
	if f == "" || strings.ContainsAny(f, " \t`*#:|<>") || !strings.Contains(f, ".") || !knownFile(f) {
		return ""
	}
	return f
}

// editResult reads the result Claude Code's Edit or Write returns, kept
// in a record as a fence under the call ("The file /src/app.py has been
// updated. …", "File created successfully at: /src/app.py"): the call
// changed that file.
func editResult(body string) (techAction, bool) {
	first, _, _ := strings.Cut(strings.TrimSpace(body), "\n")
	if f, ok := strings.CutPrefix(first, "File created successfully at: "); ok && f != "" && !strings.Contains(f, " ") {
		return techAction{op: "write", file: f}, true
	}
	if rest, ok := strings.CutPrefix(first, "The file "); ok {
		if f, _, ok := strings.Cut(rest, " has been updated"); ok && f != "" && !strings.Contains(f, " ") {
			return techAction{op: "edit", file: f}, true
		}
	}
	return techAction{}, false
}

// toolUseName is the tool a SpecStory "Tool use: **name** • …" line names.
func toolUseName(l string) string {
	name, _, _ := strings.Cut(strings.TrimSpace(strings.TrimPrefix(l, "Tool use:")), " ")
	return strings.Trim(name, "*")
}

// maxTurnText bounds the text of one message read for a turn's calls.
const maxTurnText = 1 << 16

// fencedFile is the file a code fence's info string names after its
// language ("python:app/models/cell.py"), or "".
func fencedFile(info string) string {
	lang, f, ok := strings.Cut(info, ":")
	if !ok || languages[lang] == "" || !strings.Contains(f, ".") || strings.ContainsAny(f, " \t") {
		return ""
	}
	return f
}

// citedLines is the info string of Cursor's citation of a file's lines:
// the first and last line cited, then the file.
var citedLines = regexp.MustCompile("^```[0-9]+:[0-9]+:([^ \t`]+\\.[A-Za-z0-9]+)$")

// citedFile is the file a fence line citing its lines names, or "".
func citedFile(l string) string {
	if m := citedLines.FindStringSubmatch(l); m != nil {
		return strings.ReplaceAll(m[1], "\\", "/")
	}
	return ""
}

// consoleNumbered is what follows the line number of a numbered line
// under a console edit or write ("  12 +  import click" gives
// "+  import click"); false for a line without one.
func consoleNumbered(line string) (string, bool) {
	t := strings.TrimLeft(line, " ⎿\t")
	j := 0
	for j < len(t) && t[j] >= '0' && t[j] <= '9' {
		j++
	}
	if j == 0 || j == len(t) || t[j] != ' ' {
		return "", false
	}
	return t[j+1:], true
}

// consoleWritten reads one numbered line under a console edit or write:
// "  12 +  import click" is an added line, "   3    kept" a kept one
// (which a write wrote).
func consoleWritten(line, op string) (string, bool) {
	rest, ok := consoleNumbered(line)
	if !ok {
		return "", false
	}
	switch {
	case strings.HasPrefix(rest, "+"):
		return strings.TrimPrefix(rest[1:], " "), true
	case strings.HasPrefix(rest, "-"):
		return "", false
	case op == "write":
		return strings.TrimPrefix(rest, " "), true
	}
	return "", false
}

// consoleKept reads one numbered line under a console edit that the edit
// kept: "   5    import click".
func consoleKept(line string) (string, bool) {
	rest, ok := consoleNumbered(line)
	if !ok || strings.HasPrefix(rest, "+") || strings.HasPrefix(rest, "-") {
		return "", false
	}
	return strings.TrimPrefix(rest, "   "), true
}

// answeredByTerminal reports whether the fence opening at or after line
// i (past blank lines) holds a terminal's output for command: untagged,
// its first line a shell prompt ("host:dir user$ go test", zsh's
// "user@host dir % ", PowerShell's "PS C:\\> ") or the terminal's echo of
// the command (its whole first line, or the tail of its last line where
// the terminal wrapped a long one).
func answeredByTerminal(lines []string, i int, command string) bool {
	first := outputFenceFirst(lines, i)
	if first == "" {
		return false
	}
	if strings.HasSuffix(first, "$") || strings.Contains(first, "$ ") || strings.HasSuffix(first, "%") ||
		strings.Contains(first, "> ") && strings.HasPrefix(first, "PS ") || zshPrompt(first) {
		return true
	}
	cmdLines := strings.Split(strings.TrimSpace(command), "\n")
	head, tail := strings.TrimSpace(cmdLines[0]), strings.TrimSpace(cmdLines[len(cmdLines)-1])
	echo := strings.TrimLeft(first, "<>$% ")
	return len(head) >= 8 && strings.Contains(first, head) ||
		len(echo) >= 12 && len(echo) < len(tail) && strings.HasSuffix(tail, echo)
}

// outputFenceFirst is the first non-blank line of the untagged fence
// that opens at or after line i (past blank lines), or "" when no such
// fence follows.
func outputFenceFirst(lines []string, i int) string {
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	if i >= len(lines) || strings.TrimSpace(lines[i]) != "```" {
		return ""
	}
	for i++; i < len(lines) && strings.TrimSpace(lines[i]) == ""; i++ {
	}
	if i >= len(lines) || strings.HasPrefix(strings.TrimSpace(lines[i]), "```") {
		return ""
	}
	return strings.TrimSpace(lines[i])
}

// fenceAt reads the ``` fence that line i opens: its info string in lower
// case and the index of its closing line (len(lines) when it is not
// closed); ok is false when line i opens no fence.
func fenceAt(lines []string, i int) (info string, end int, ok bool) {
	l := strings.TrimSpace(lines[i])
	if !strings.HasPrefix(l, "```") {
		return "", 0, false
	}
	info = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(l, "```")))
	end = i + 1
	for end < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[end]), "```") {
		end++
	}
	return info, end, true
}

// recordedCallLines open the lines SpecStory writes for an editor
// agent's calls other than its commands.
var recordedCallLines = []string{"Read file: ", "Edit file: ", "Tool use:", "Searched codebase", "Grep search for",
	"Listed directory", "Searched web"}

// recordsCalls reports whether content, an answer, records the agent's
// calls as SpecStory does: one of its lines opens with a recorded call.
func recordsCalls(content string) bool {
	for _, p := range recordedCallLines {
		if strings.HasPrefix(content, p) || strings.Contains(content, "\n"+p) {
			return true
		}
	}
	return false
}

// terminalRecord reports whether lines hold a shell fence answered by a
// terminal's output (answeredByTerminal).
func terminalRecord(lines []string) bool {
	for i := 0; i < len(lines); i++ {
		info, end, ok := fenceAt(lines, i)
		if !ok {
			continue
		}
		if (languages[info] == "shell" || info == "powershell") && end < len(lines) &&
			answeredByTerminal(lines, end+1, strings.Join(lines[i+1:end], "\n")) {
			return true
		}
		i = end
	}
	return false
}

// zshPrompt reports a line that opens with zsh's default prompt,
// "user@host dir % " (after a virtual environment's "(name) ").
func zshPrompt(line string) bool {
	at := strings.IndexByte(line, '@')
	pct := strings.Index(line, " % ")
	return at > 0 && pct > at && !strings.Contains(line[:at], " ") || at > 0 && pct > at && strings.HasPrefix(line, "(")
}

// searchSummaries open SpecStory's record of an editor's search, whose
// results follow as a table of files ("Searched codebase "KMS policy" •
// **25** results", then "| `moto/kms/utils.py` | L155-197 |").
var searchSummaries = []string{"Searched codebase", "Grep search for", "Searched workspace"}

// searchTableFiles lists, per search recorded as text, one file of the
// language most of its results are in (majorityFile).
func searchTableFiles(content string) []string {
	if !hasAnyPhrase(content, searchSummaries...) {
		return nil
	}
	var out []string
	lines := strings.Split(truncate(content, maxTurnText), "\n")
	for i := 0; i < len(lines); i++ {
		if !hasAnyPhrase(lines[i], searchSummaries...) {
			continue
		}
		var found []string
		for i++; i < len(lines); i++ {
			t := strings.TrimSpace(lines[i])
			if t == "" || strings.HasPrefix(t, "<") || strings.HasPrefix(t, "| File") || strings.HasPrefix(t, "|--") {
				if t == "" && len(found) > 0 {
					break
				}
				continue
			}
			if !strings.HasPrefix(t, "|") {
				break
			}
			// "| `moto/kms/utils.py` | L155-197 |", "| `file:///src/a.swift` | L2 | … |"
			cell := strings.TrimSpace(strings.Split(t[1:], "|")[0])
			if f := strings.TrimPrefix(strings.Trim(cell, "`"), "file://"); f != "" && !strings.ContainsAny(f, " `") {
				found = append(found, f)
			}
		}
		out = append(out, majorityFile(found)...)
	}
	return out
}
