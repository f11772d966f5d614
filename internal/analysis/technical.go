package analysis

import (
	"fmt"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// Caps on what the technical context lists.
const (
	maxErrors       = 30
	maxTechnologies = 16
	maxRepositories = 10
	errorLength     = 200
	// resolutionWindow is how many messages after an error its resolution
	// is looked for.
	resolutionWindow = 60
)

// technicalOf computes the technical context (all but the working
// directory and tool version, which the importer sets).
func technicalOf(vs []view, wd string) baton.TechnicalContext {
	return technicalWith(vs, wd, newSessionTechnologies(vs))
}

// technicalWith is technicalOf(vs, wd) reading the session's technologies
// from sessionTechs (technologiesOf(vs)).
func technicalWith(vs []view, wd string, sessionTechs *sessionTechnologies) baton.TechnicalContext {
	changes := codeChanges(vs, wd)
	techs, evidence := sessionTechs.of()
	return baton.TechnicalContext{
		Repositories:       repositoriesOf(vs, wd),
		Technologies:       techs,
		TechnologyEvidence: evidence,
		CodeChanges:        changes,
		Errors:             errorsOf(vs),
	}
}

// fileChange accumulates what a session did to one file.
type fileChange struct {
	file    string
	typ     string
	edits   int
	added   int
	removed int
	lines   int    // lines written by the last Write
	from    string // the old name of a renamed file
	how     string // the command that deleted it
}

func (fc *fileChange) describe() string {
	switch fc.typ {
	case "created":
		d := "created, " + plural(fc.lines, "line")
		if fc.edits > 0 {
			d += fmt.Sprintf("; then %s", plural(fc.edits, "edit"))
		}
		return d
	case "deleted":
		return "deleted with " + fc.how
	case "renamed":
		return "renamed from " + fc.from
	}
	if fc.edits == 0 {
		return "rewritten, " + plural(fc.lines, "line")
	}
	return fmt.Sprintf("%s, +%d −%d lines", plural(fc.edits, "edit"), fc.added, fc.removed)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// codeChanges lists the files a session changed, once each, in order of
// first change. Edit, MultiEdit and NotebookEdit modify a file; Write
// creates one that no earlier call touched and modifies one otherwise;
// "rm" and "git rm" in a Bash command delete, "mv" and "git mv" rename.
// Other agents' tools count the same way (otherChange): Codex's
// apply_patch and shell commands, Gemini CLI's replace and write_file,
// Cursor's edit_file. Calls whose result failed change nothing. Paths
// under the working directory are made relative to it.
func codeChanges(vs []view, wd string) []baton.CodeChange {
	cl := &changeLog{byFile: map[string]*fileChange{}, seen: map[string]bool{}, root: strings.TrimSuffix(wd, "/")}
	for i := range vs {
		for j := range vs[i].calls {
			c := &vs[i].calls[j]
			if c.failed {
				continue
			}
			f := cl.rel(c.file())
			op := c.op()
			if op == "" || op != "bash" && f == "" {
				for _, a := range callActions(c) {
					cl.other(a)
				}
				continue
			}
			switch op {
			case "write":
				cl.write(f, c.writeContent())
			case "edit":
				fc := cl.get(f, "modified")
				for _, e := range c.edits() {
					fc.edits++
					fc.added += countLines(e[1])
					fc.removed += countLines(e[0])
				}
			case "bash":
				cl.shell(c.in.Command)
			}
			if f != "" {
				cl.seen[f] = true
			}
		}
	}
	if len(cl.order) == 0 {
		return nil
	}
	out := make([]baton.CodeChange, len(cl.order))
	for i, fc := range cl.order {
		out[i] = baton.CodeChange{File: fc.file, Type: fc.typ, Description: fc.describe()}
	}
	return out
}

// changeLog is what codeChanges has found so far.
type changeLog struct {
	order  []*fileChange
	byFile map[string]*fileChange
	seen   map[string]bool // files a call touched, changed or not
	root   string          // the working directory
}

func (cl *changeLog) rel(f string) string {
	if cl.root != "" && strings.HasPrefix(f, cl.root+"/") {
		return f[len(cl.root)+1:]
	}
	return f
}

func (cl *changeLog) get(f, typ string) *fileChange {
	fc, ok := cl.byFile[f]
	if !ok {
		fc = &fileChange{file: f, typ: typ}
		cl.byFile[f] = fc
		cl.order = append(cl.order, fc)
	}
	return fc
}

// write records a file written whole: created when no call touched it
// before, modified otherwise.
func (cl *changeLog) write(f, content string) {
	if f == "" {
		return
	}
	if _, changed := cl.byFile[f]; !cl.seen[f] && !changed {
		cl.get(f, "created").lines = countLines(content)
		return
	}
	fc := cl.get(f, "modified")
	if fc.typ == "deleted" {
		fc.typ = "modified"
	}
	if fc.typ == "modified" {
		fc.lines = countLines(content)
	}
}

// shell records the deletions and renames of a shell command.
func (cl *changeLog) shell(cmd string) {
	for _, fsop := range shellFileOps(cmd) {
		switch fsop.kind {
		case "deleted":
			fc := cl.get(cl.rel(fsop.path), "deleted")
			fc.typ, fc.how = "deleted", fsop.how
		case "renamed":
			fc := cl.get(cl.rel(fsop.path), "renamed")
			fc.typ, fc.from = "renamed", cl.rel(fsop.from)
		}
	}
}

// other records what one action of another agent's tool call did: a
// write as write does, an edit with the lines it put in and took out, a
// patch's move as a rename and its delete as a deletion, a command's "rm"
// and "mv" as shell does.
func (cl *changeLog) other(a techAction) {
	f := cl.rel(a.file)
	switch a.op {
	case "write":
		cl.write(f, strings.Join(a.written, ""))
	case "edit":
		if f == "" {
			return
		}
		fc := cl.get(f, "modified")
		if a.from != "" && fc.edits == 0 {
			fc.typ, fc.from = "renamed", cl.rel(a.from)
		}
		fc.edits++
		fc.added += a.added
		fc.removed += a.removed
	case "delete":
		if f == "" {
			return
		}
		fc := cl.get(f, "deleted")
		fc.typ, fc.how = "deleted", "a patch"
	case "run":
		cl.shell(a.command)
	}
	if f != "" {
		cl.seen[f] = true
	}
}

// file is the file a call touches, or "".
func (c *call) file() string { return c.in.file(c.Name) }

// op says what a call does to files: "write", "edit", "read", "bash" or "".
// Other agents' shell tools are "": callActions reads their commands.
// builtinTools are Claude Code's own tools that an editor's bridge
// serves again as MCP tools ("mcp__acp__Edit" is Zed's Edit).
var builtinTools = set("Read", "Write", "Edit", "MultiEdit", "Bash", "Glob", "Grep", "NotebookEdit", "TodoWrite")

// builtinToolName is the name of the built-in tool an MCP tool serves
// again ("mcp__acp__Edit" is Edit), or name.
func builtinToolName(name string) string {
	if !strings.HasPrefix(name, "mcp__") {
		return name
	}
	i := strings.LastIndex(name, "__")
	if base := name[i+2:]; i > len("mcp_") && builtinTools[base] {
		return base
	}
	return name
}

func (c *call) op() string {
	switch c.Name {
	case "Write", "create_file":
		return "write"
	case "Edit", "MultiEdit", "NotebookEdit", "apply_patch":
		return "edit"
	case "Read", "NotebookRead", "view":
		return "read"
	case "Bash":
		return "bash"
	case "str_replace_based_edit_tool":
		switch c.in.Command {
		case "create":
			return "write"
		case "str_replace", "insert":
			return "edit"
		case "view":
			return "read"
		}
		return ""
	}
	return fileTools[c.Name] // Gemini CLI's replace and write_file, Cursor's edit_file, …
}

func (c *call) writeContent() string {
	if c.in.Content != "" {
		return c.in.Content
	}
	return c.in.FileText
}

// edits returns the (old, new) pairs of an edit call.
func (c *call) edits() [][2]string {
	var out [][2]string
	if c.in.OldString != "" || c.in.NewString != "" {
		out = append(out, [2]string{c.in.OldString, c.in.NewString})
	}
	if c.in.NewSource != "" {
		out = append(out, [2]string{"", c.in.NewSource})
	}
	if c.in.NewStr != "" || c.in.OldStr != "" {
		out = append(out, [2]string{c.in.OldStr, c.in.NewStr})
	}
	for _, e := range c.in.Edits {
		out = append(out, [2]string{e.OldString, e.NewString})
	}
	if len(out) == 0 {
		out = append(out, [2]string{"", ""})
	}
	return out
}

func countLines(s string) int {
	if s == "" {
		return 0
	}
	return strings.Count(strings.TrimSuffix(s, "\n"), "\n") + 1
}

type fileOp struct {
	kind, path, from, how string
}

// shellFileOps finds deletions and renames in a shell command.
func shellFileOps(cmd string) []fileOp {
	var ops []fileOp
	for _, seg := range shellSegments(cmd) {
		args := shellArgs(seg)
		how := ""
		switch {
		case len(args) > 1 && args[0] == "git" && args[1] == "rm":
			how, args = "git rm", args[2:]
		case len(args) > 1 && args[0] == "git" && args[1] == "mv":
			how, args = "git mv", args[2:]
		case len(args) > 0 && (args[0] == "rm" || args[0] == "mv" || args[0] == "unlink" || args[0] == "rmdir"):
			how, args = args[0], args[1:]
		default:
			continue
		}
		var paths []string
		for i := 0; i < len(args); i++ {
			a := args[i]
			if redirects, targetNext := redirection(a); redirects {
				// "2>/dev/null", "> log.txt": where the command's output
				// goes, not a file it removes or moves.
				if targetNext {
					i++
				}
				continue
			}
			if !strings.HasPrefix(a, "-") && a != "" {
				paths = append(paths, a)
			}
		}
		if strings.HasSuffix(how, "mv") {
			if len(paths) == 2 {
				to := paths[1]
				if strings.HasSuffix(to, "/") {
					to += path.Base(paths[0])
				}
				ops = append(ops, fileOp{kind: "renamed", path: to, from: paths[0], how: how})
			}
			continue
		}
		for _, p := range paths {
			ops = append(ops, fileOp{kind: "deleted", path: p, how: how})
		}
	}
	return ops
}

// redirection reports whether a shell word redirects a stream ("2>/dev/null",
// ">>", "&>out.log", "2>&1"), and whether its target is the next word
// (">" alone).
func redirection(word string) (redirects, targetNext bool) {
	rest := strings.TrimLeft(word, "0123456789&")
	if rest == "" || rest[0] != '>' && rest[0] != '<' {
		return false, false
	}
	return true, strings.TrimLeft(rest, "<>&") == ""
}

// shellSeparators puts each command of a command line on a line of its own.
var shellSeparators = strings.NewReplacer("&&", "\n", "||", "\n", ";", "\n", "|", "\n")

// ShellSegments is shellSegments(cmd): the commands a command line runs,
// for the bridges' reading of which failure a later success resolves.
func ShellSegments(cmd string) []string { return shellSegments(cmd) }

// shellSegments splits a command line at &&, ||, ;, | and new lines, and
// drops "sudo" and leading VAR=value assignments.
func shellSegments(cmd string) []string {
	cmd = shellSeparators.Replace(cmd)
	var out []string
	for seg := range strings.SplitSeq(cmd, "\n") {
		if words := simpleCommand(seg); words != "" {
			out = append(out, words)
		}
	}
	return out
}

// simpleCommand is the words of seg (strings.Fields) past any leading
// "sudo" and VAR=value words, joined by one space. Most commands are
// written with one space between words: those are returned as a part of
// seg, with no list of words made and joined again.
func simpleCommand(seg string) string {
	start, end := nextShellWord(seg, 0)
	for start >= 0 {
		w := seg[start:end]
		if w != "sudo" && (!strings.Contains(w, "=") || strings.HasPrefix(w, "-")) {
			break
		}
		start, end = nextShellWord(seg, end)
	}
	if start < 0 {
		return ""
	}
	first, last, spaced := start, end, true
	for {
		next, nextEnd := nextShellWord(seg, last)
		if next < 0 {
			break
		}
		spaced = spaced && next == last+1 && seg[last] == ' '
		last = nextEnd
	}
	if spaced {
		return seg[first:last]
	}
	var b strings.Builder
	b.Grow(last - first)
	for start >= 0 {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(seg[start:end])
		start, end = nextShellWord(seg, end)
	}
	return b.String()
}

// nextShellWord finds the first word of s at or after byte i, as
// strings.Fields splits words (at ASCII and Unicode spaces); start is -1
// when there is none.
func nextShellWord(s string, i int) (start, end int) {
	for i < len(s) {
		size := spaceAt(s, i)
		if size == 0 {
			break
		}
		i += size
	}
	if i >= len(s) {
		return -1, -1
	}
	start = i
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf && !squashSpace[c] {
			i++
			continue
		}
		if spaceAt(s, i) > 0 {
			break
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return start, i
}

// spaceAt is the length of the space (unicode.IsSpace) at byte i of s,
// or 0 when the rune there is no space.
func spaceAt(s string, i int) int {
	if c := s[i]; c < utf8.RuneSelf {
		if squashSpace[c] {
			return 1
		}
		return 0
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if unicode.IsSpace(r) {
		return size
	}
	return 0
}

// shellArgs splits a simple command into words, honouring quotes.
func shellArgs(s string) []string {
	if !strings.ContainsAny(s, `'"`) {
		return unquotedShellArgs(s)
	}
	return quotedShellArgs(s)
}

// quotedShellArgs is shellArgs of any command: every word copied byte by
// byte, its quotes taken out. unquotedShellArgs is the same, faster, for a
// command without quotes.
func quotedShellArgs(s string) []string {
	var out []string
	var b strings.Builder
	quote := byte(0)
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			b.WriteByte(c)
		case c == '\'' || c == '"':
			quote, inWord = c, true
		case c == ' ' || c == '\t':
			if inWord {
				out = append(out, b.String())
				b.Reset()
				inWord = false
			}
		default:
			b.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		out = append(out, b.String())
	}
	return out
}

// unquotedShellArgs is shellArgs of a command with no quotes: its words
// are the parts of it between blanks, taken as they are rather than
// copied byte by byte.
func unquotedShellArgs(s string) []string {
	var out []string
	start := -1
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == ' ' || c == '\t' {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// commandKey is the program and sub-command a shell command runs ("go
// test", "npm run"), after any "cd".
func commandKey(cmd string) string {
	for _, seg := range shellSegments(cmd) {
		f := strings.Fields(seg)
		if f[0] == "cd" {
			continue
		}
		if len(f) > 1 && !strings.HasPrefix(f[1], "-") && !strings.ContainsAny(f[1], "/.") {
			return f[0] + " " + f[1]
		}
		return f[0]
	}
	return ""
}

// sameTarget reports whether two calls do the same thing: the same tool on
// the same file, or the same program and sub-command.
func sameTarget(a, b *call) bool {
	if a.Name != b.Name {
		return false
	}
	if fa, fb := a.file(), b.file(); fa != "" || fb != "" {
		return fa == fb
	}
	if a.Name == "Bash" {
		return commandKey(a.in.Command) == commandKey(b.in.Command)
	}
	return true
}

// describe names a call for a resolution: "`go test ./...`", "Edit of db.go".
func (c *call) describe() string {
	if c.Name == "Bash" && c.in.Command != "" {
		return "`" + excerpt(c.in.Command, 80) + "`"
	}
	if f := c.file(); f != "" {
		return c.Name + " of " + path.Base(f)
	}
	return c.Name
}

// errorsOf lists the errors of failed tool results (ToolResult.IsError or
// a <tool_use_error> tag), once per distinct text, each with how it was
// resolved within the next 60 messages: the first later successful result
// of the same tool on the same target (file, or program and sub-command),
// or the first steward or assistant message saying it is fixed, works or
// passes — whichever comes first. What was learned is the first assistant
// sentence in between that says what the issue, problem or root cause
// was.
func errorsOf(vs []view) []baton.ErrorEncountered {
	var out []baton.ErrorEncountered
	index := map[string]int{}
	for i := range vs {
		if !vs[i].failed || rejected(vs[i].m.Content) {
			continue // a call the steward turned down is no error
		}
		text := errorText(vs[i].m.Content)
		if text == "" {
			text = "tool error"
			if c := vs[i].call; c != nil {
				text = c.Name + " failed"
			}
		}
		res, _, learned := resolve(vs, i)
		if k, ok := index[text]; ok {
			if out[k].Resolution == "" {
				out[k].Resolution, out[k].Learned = res, learned
			}
			continue
		}
		if len(out) >= maxErrors {
			continue
		}
		index[text] = len(out)
		out = append(out, baton.ErrorEncountered{Error: text, Resolution: res, Learned: learned})
	}
	return out
}

// resolve finds how the failed result at i was resolved: the resolution,
// the index of the message that resolved it (or -1), and what was learned.
func resolve(vs []view, i int) (resolution string, at int, learned string) {
	target := vs[i].call
	// Once another error has come up, a message saying "fixed" is about
	// the latest one, unless it names this one (its target or a word of
	// its text).
	superseded := false
	var names []string // what names the error (errorNames), read once it is needed
	named := false
	for j := i + 1; j < len(vs) && j <= i+resolutionWindow; j++ {
		w := &vs[j]
		if w.m.Role == baton.RoleToolResult && !w.failed && w.call != nil && target != nil && sameTarget(w.call, target) {
			return w.call.describe() + " succeeded", j, learned
		}
		if w.failed && !(w.call != nil && target != nil && sameTarget(w.call, target)) {
			superseded = true
		}
		if !w.text {
			continue
		}
		if superseded && w.fixes {
			if !named {
				names, named = errorNames(vs[i]), true
			}
			if !mentionsAny(w.lower(), names) {
				continue
			}
		}
		if learned == "" && w.assistant() && w.explains {
			for _, s := range sentences(w.prose) {
				if learnedCueSet.in(lowerText(s)) {
					learned = excerpt(s, errorLength)
					break
				}
			}
		}
		if w.fixes {
			if s := fixSentence(w.prose); s != "" {
				return excerpt(s, errorLength), j, learned
			}
		}
	}
	return "", -1, learned
}

var learnedCues = []string{
	"the issue was", "the problem was", "root cause", "turns out", "was caused by", "the fix was",
	"the culprit", "the bug was", "the error was because", "the reason was",
}

// learnedCueSet is learnedCues, read in one pass (viewBuilder asks it of
// every message with prose).
var learnedCueSet = newPhraseSet(learnedCues...)

var fixWords = set("fixed", "fixes", "works", "passes", "passing", "resolved", "solved", "succeeds", "succeeded", "green")

// fixSentence returns the first sentence of prose that says something is
// fixed, works or passes (not "still not fixed"), or "".
func fixSentence(prose string) string {
	for _, s := range sentences(prose) {
		if strings.HasSuffix(s, "?") {
			continue
		}
		if hasFixWord(lowerText(s)) {
			return s
		}
	}
	return ""
}

// hasFixWord reports whether lower-case text has a fix word (fixWords)
// not negated by one of the two words before it. It reads the words one
// at a time (eachWord): every message's prose is asked.
func hasFixWord(lower string) bool {
	var before1, before2 string // the word before, and the one before that
	for w := range eachWord(lower) {
		if fixWords[w] && !negators[before1] && before1 != "still" && !negators[before2] {
			return true
		}
		before2, before1 = before1, w
	}
	return false
}

// toolUseErrorTags drops Claude Code's <tool_use_error> tags.
var toolUseErrorTags = strings.NewReplacer("<tool_use_error>", "", "</tool_use_error>", "")

// errorText is the gist of a failed result: its first lines, without
// <tool_use_error> tags and "Exit code N" lines, cut to 200 bytes. When
// the output opens on lines that only lead up to the error (a compiler's
// "# package" header, psql's BEGIN, a traceback's frames), the gist starts
// at the first line that says what went wrong.
func errorText(content string) string {
	content = truncate(content, 2000)
	content = toolUseErrorTags.Replace(content)
	var lines []string
	for line := range strings.SplitSeq(content, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "Exit code") {
			continue
		}
		lines = append(lines, line)
	}
	lines = lines[errorLineAt(lines):]
	for n := range lines {
		if len(strings.Join(lines[:n+1], " ")) > errorLength {
			lines = lines[:n+1]
			break
		}
	}
	return excerpt(strings.Join(lines, " "), errorLength)
}

// errorLineAt is the index of the first of the output's opening lines
// that names an error, failure or panic, or else of its first line. After
// Go's "# package" header the next line is the compiler's message, even
// though a "FAIL … [build failed]" line names the failure later.
func errorLineAt(lines []string) int {
	header := false
	for i, line := range lines[:min(len(lines), 12)] {
		switch {
		case strings.HasPrefix(line, "# "):
			header = true
		case header || namesFailure(strings.ToLower(line)):
			return i
		}
	}
	return 0
}

// namesFailure reports whether a lower-cased output line says something
// went wrong.
func namesFailure(line string) bool {
	for _, w := range []string{"error", "fail", "panic", "fatal", "exception"} {
		if strings.Contains(line, w) {
			return true
		}
	}
	return false
}

var gitHosts = []string{"github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "sr.ht"}

// notOwners are first path segments of forge URLs that are not accounts.
var notOwners = set("login", "settings", "features", "orgs", "marketplace", "apps", "sponsors", "topics",
	"about", "pricing", "notifications", "explore", "search", "site", "enterprise", "pulls", "issues", "new")

// repositoriesOf finds repositories: host/owner/name from forge URLs
// (https://github.com/o/r/…) and git remotes (git@github.com:o/r.git) in
// prose, commands and the output of git commands, and from paths under a
// GOPATH (…/src/github.com/o/r/…); then the working directory. A bare
// module path ("go get github.com/x/y", a go.mod read) names a dependency,
// not a repository of the session, and does not count.
func repositoriesOf(vs []view, wd string) []string {
	var out []string
	scan := func(s string, path bool) {
		for _, h := range gitHosts {
			for off := 0; len(out) < maxRepositories; {
				i := strings.Index(s[off:], h)
				if i < 0 {
					break
				}
				i += off
				off = i + len(h)
				before := s[:i]
				ok := strings.HasSuffix(before, "://") || strings.HasSuffix(before, "://www.") || strings.HasSuffix(before, "git@")
				if path {
					ok = strings.HasSuffix(before, "/src/") && !strings.Contains(before, "/pkg/mod/")
				}
				if !ok {
					continue
				}
				if r := repoAt(s, i, h); r != "" {
					out = appendUniqueFold(out, r, maxRepositories)
				}
			}
		}
	}
	for i := range vs {
		v := &vs[i]
		if v.text {
			scan(v.prose, false)
		}
		for _, c := range v.calls {
			scan(c.in.Command, false)
			scan(c.in.URL, false)
			scan(c.file(), true)
		}
		if v.m.Role == baton.RoleToolResult && v.call != nil && v.call.Name == "Bash" && strings.Contains(v.call.in.Command, "git ") {
			scan(truncate(v.m.Content, 4096), false)
		}
	}
	if wd != "" {
		out = appendUniqueFold(out, wd, maxRepositories+1)
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// repoAt reads "host/owner/name" or "host:owner/name" at s[i:].
func repoAt(s string, i int, host string) string {
	rest := s[i+len(host):]
	if rest == "" || (rest[0] != '/' && rest[0] != ':') {
		return ""
	}
	rest = rest[1:]
	end := 0
	slashes := 0
	for end < len(rest) {
		c := rest[end]
		if c == '/' {
			slashes++
			if slashes == 2 {
				break
			}
		} else if !(isASCIIWordByte(c) || c == '-' || c == '.') {
			break
		}
		end++
	}
	owner, name, ok := strings.Cut(rest[:end], "/")
	name = strings.TrimSuffix(strings.TrimRight(name, "."), ".git")
	if !ok || owner == "" || name == "" || notOwners[strings.ToLower(owner)] {
		return ""
	}
	return host + "/" + owner + "/" + name
}

// errorNames are the names of the failed result v that prose mentioning
// it would use: the file or program its call worked on, and the salient
// words of its error text.
func errorNames(v view) []string {
	var names []string
	if c := v.call; c != nil {
		if f := c.file(); f != "" {
			names = append(names, strings.ToLower(path.Base(f)))
		}
		if fields := strings.Fields(c.in.Command); len(fields) > 0 {
			names = append(names, strings.ToLower(path.Base(fields[0])))
		}
	}
	for _, w := range wordsOf(lowerText(errorText(v.m.Content))) {
		if len(w) >= 5 && salient(w) {
			names = append(names, w)
		}
	}
	return names
}

// mentionsAny reports whether lower-case prose names one of names
// (errorNames of a failed result).
func mentionsAny(lower string, names []string) bool {
	for _, n := range names {
		if n != "" && containsPhrase(lower, n) {
			return true
		}
	}
	return false
}
