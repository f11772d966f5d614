package continuity

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
)

// The evidence a bridge's tasks and questions come from. Only these count:
//
//   - the final state of the session's last successful TodoWrite list
//     (in_progress stays in progress, pending is planned, completed is a
//     recent win);
//   - an explicit statement of what comes next ("next I will …", "I still
//     need to …", "next step is to …") or an unchecked "- [ ]" item, in
//     the last RecentWindow steward or assistant messages — earlier ones
//     were usually done later in the session;
//   - a failed tool call that no later call sharing a command with it
//     (errorKeys: the first two words of a command it chains) or on the
//     same file ran successfully, nor a later failure of the same
//     command replaced: an unresolved error, which blocks.
//
// A word like "TODO" inside a phrase ("a TODO app") is never a task.

// RecentWindow is how many of the last prose messages are read for
// statements of what comes next and for open questions (as many as the
// short-term memory holds, ShortTermSize).
const RecentWindow = 10

// Caps that keep a bridge short enough to read before a session.
const (
	maxTasks     = 8
	maxQuestions = 5
	maxDecisions = 5
	maxItems     = 5
	itemLength   = 200
)

// evidence is what a session's messages say about the work at its end.
type evidence struct {
	todos                     []todo   // the last TodoWrite list, in its order
	nextSteps                 []string // explicit statements of what comes next
	unresolved                []toolError
	resolved                  []toolError
	questions                 []baton.OpenQuestion
	reportedDone              []string // the assistant's lines that tick work off ("✅ Fixed the login redirect")
	blockers                  []string
	near                      string // a sentence saying the work is nearly there
	edits                     map[string]int
	editOrder                 []string
	committed                 bool // a git commit succeeded after the last edit
	editedAny                 bool
	model                     string
	stewardWords, stewardMsgs int
	tired                     bool
	recentSentiment           float64
	recentSteward             int
}

type todo struct {
	Content string `json:"content"`
	Status  string `json:"status"`
}

type toolError struct {
	Keys    []string // what a later success must share one of (errorKeys)
	Text    string   // the error's telling line
	Command string   // the command or file that failed
	Seq     int64
	Build   string // the toolchain of a failed build (buildOnly), or ""
	// Misread says the shell or the program did not understand the command
	// line itself (misreadCommand): a wrong invocation, not failing work.
	Misread bool
}

// misreadCues say a command line was not understood: the program or one
// of its subcommands or flags is unknown.
var misreadCues = []string{"command not found", "unrecognized subcommand", "unrecognized command", "unknown command",
	"unknown subcommand", "no such command", "is not recognized as an internal or external command", "invalid choice:",
	"unrecognized arguments", "unrecognized option", "unknown option", "unknown flag"}

// misreadCommand reports a failed command's output that says the command
// line itself was not understood ("error: unrecognized subcommand 'bun'",
// "jq: command not found"). Any later command that runs is the session
// getting past it.
func misreadCommand(out string) bool {
	if len(out) > 2000 {
		out = out[:2000] // the cue is in the first lines the program printed
	}
	return hasAny(strings.ToLower(out), misreadCues)
}

type toolInput struct {
	Command  string `json:"command"`
	FilePath string `json:"file_path"`
	Path     string `json:"path"`
	Todos    []todo `json:"todos"`
}

// prose is a steward or assistant message with text.
type prose struct {
	m    *baton.Message
	text string
}

// gather reads the evidence of a session's main conversation, in order.
func gather(msgs []*baton.Message) *evidence {
	ev := &evidence{edits: map[string]int{}}
	texts := ev.readWork(msgs)
	for _, p := range texts {
		if p.m.Role == baton.RoleSteward {
			ev.stewardWords += len(strings.Fields(p.text))
			ev.stewardMsgs++
		}
	}
	recent := texts
	if len(recent) > RecentWindow {
		recent = recent[len(recent)-RecentWindow:]
	}
	// The assistant's last prose message: a question it asked before that
	// and then went on past, with no word from the steward ("Want me to
	// add that?", then more work and "Want me to add that fix so existing
	// sessions also get it?"), was dropped or asked again; what stands is
	// what its last message asks.
	lastAssistant := -1
	for i, p := range recent {
		if p.m.Role == baton.RoleAssistant {
			lastAssistant = i
		}
	}
	for i, p := range recent {
		// A question nobody answered: asked in the last prose messages by one
		// side and followed by nothing from the other.
		answered := false
		for _, later := range recent[i+1:] {
			if later.m.Role != p.m.Role {
				answered = true
				break
			}
		}
		ev.readRecent(p, answered)
		if p.m.Role == baton.RoleAssistant {
			ev.readDoneReports(p.text)
		}
		if !answered && (p.m.Role != baton.RoleAssistant || i == lastAssistant) {
			ev.readUnanswered(p)
		}
	}
	return ev
}

// readWork reads the model, the tool calls (todos, edits, commits, and
// the failures later successes resolve) and returns the prose messages.
func (ev *evidence) readWork(msgs []*baton.Message) []prose {
	var texts []prose
	lastEdit, lastCommit := int64(-1), int64(-1)
	// Results first, so a call knows whether it failed.
	results := map[string]*baton.Message{}
	for _, m := range msgs {
		if m.Role == baton.RoleToolResult && m.ToolResult != nil && m.ToolResult.ToolUseID != "" {
			results[m.ToolResult.ToolUseID] = m
		}
	}
	for _, m := range msgs {
		if m.Model != "" {
			ev.model = m.Model
		}
		for _, tc := range m.ToolCalls {
			switch ev.readCall(tc, results[tc.ID], m.Seq) {
			case callEdited:
				lastEdit = m.Seq
			case callCommitted:
				lastCommit = m.Seq
			}
		}
		if (m.Role == baton.RoleSteward || m.Role == baton.RoleAssistant) && strings.TrimSpace(m.Content) != "" {
			// The words of the message, as the analysis reads them: not
			// its code, nor the tool calls and results a chat export
			// writes among them (SpecStory's "<details>" blocks).
			text := analysis.Prose(m.Content)
			if m.Role == baton.RoleAssistant {
				// What the model weighed in a thought summary ("Next,
				// I'll prepare the script") was never said to the steward.
				text = analysis.WithoutThoughtSummaries(text)
			}
			texts = append(texts, prose{m: m, text: text})
		}
	}
	ev.committed = ev.editedAny && lastCommit > lastEdit
	return texts
}

// What a tool call did to the work, as far as the evidence asks.
const (
	callOther = iota
	callEdited
	callCommitted
)

// readCall reads one tool call of message seq and its result res (nil
// when none came): a failure is unresolved until a success of the same
// key; a success may set the todos, edit a file or commit.
func (ev *evidence) readCall(tc baton.ToolCall, res *baton.Message, seq int64) int {
	var in toolInput
	_ = json.Unmarshal(tc.Input, &in)
	keys := errorKeys(tc.Name, in)
	if res != nil && res.ToolResult.IsError {
		if baton.RejectedBySteward(res.Content) {
			return callOther // the steward turned the call down: nothing to unblock
		}
		if !analysis.IsToolName(tc.Name) || strings.Contains(res.Content, "No such tool available") {
			// A call of a tool that is not there (`Task" > <parameter
			// name="description`, markup the model garbled into a name):
			// the model's slip, which it got past, not work to unblock.
			return callOther
		}
		if lookupTools[tc.Name] || in.Command != "" && lookupCommand(in.Command) {
			// A search that found nothing (grep's exit status 1), a file
			// or folder that is not there to read: a miss on the way, not
			// work that failed.
			return callOther
		}
		failed := toolError{Keys: keys, Text: errorLine(res.Content), Command: subject(tc.Name, in), Seq: seq,
			Build: buildOnly(in.Command), Misread: in.Command != "" && misreadCommand(res.Content)}
		// A command that fails again tells the state now: an earlier
		// failure of the same command is replaced, and was fixed when it
		// failed with another error ("npx tsc --noEmit" failed on a type
		// error, then "npx tsc --noEmit && npx vitest run" on a test).
		kept := ev.unresolved[:0]
		for _, e := range ev.unresolved {
			switch {
			case !sharesKey(e.Keys, keys):
				kept = append(kept, e)
			case e.Text != failed.Text:
				ev.resolved = append(ev.resolved, e)
			}
		}
		ev.unresolved = append(kept, failed)
		return callOther
	}
	// A success resolves every earlier failure that shares a command with
	// it, a command that compiles the code resolves a failed build of its
	// toolchain, and any command that runs resolves one the shell or the
	// program did not understand.
	compiled := compiler(in.Command)
	kept := ev.unresolved[:0]
	for _, e := range ev.unresolved {
		if sharesKey(e.Keys, keys) || compiled != "" && e.Build == compiled || e.Misread && in.Command != "" {
			ev.resolved = append(ev.resolved, e)
		} else {
			kept = append(kept, e)
		}
	}
	ev.unresolved = kept
	switch tc.Name {
	case "TodoWrite":
		if in.Todos != nil {
			ev.todos = in.Todos
		}
	case "Edit", "Write", "MultiEdit", "NotebookEdit", "str_replace_based_edit_tool":
		file := in.FilePath
		if file == "" {
			file = in.Path
		}
		if file != "" {
			if ev.edits[file] == 0 {
				ev.editOrder = append(ev.editOrder, file)
			}
			ev.edits[file]++
		}
		ev.editedAny = true
		return callEdited
	case "Bash":
		if strings.Contains(in.Command, "git commit") {
			return callCommitted
		}
	}
	return callOther
}

// readRecent reads one of the last prose messages: the steward's mood and
// tiredness, unchecked items and next steps, blockers, how near the work
// is to done, and what was left undecided, unless the other side spoke
// after it (answered): "it's unclear whether they mean a PR or a push"
// is settled by the reply that follows.
func (ev *evidence) readRecent(p prose, answered bool) {
	lower := strings.ToLower(p.text)
	if p.m.Role == baton.RoleSteward {
		ev.recentSteward++
		ev.recentSentiment += sentimentOf(p.m)
		if hasAny(lower, tiredCues) {
			ev.tired = true
		}
	}
	leftList := false // the lines are the items of a list of what is left ("Left for the next session:")
	for _, line := range strings.Split(p.text, "\n") {
		if t, ok := uncheckedItem(plainMarks(line)); ok {
			ev.nextSteps = appendUnique(ev.nextSteps, t)
			continue
		}
		if t, ok := checkedItem(plainMarks(line)); ok {
			// A list printed again as the work goes on ("- [x] List
			// the targets" under the same list's "- [ ] List the
			// targets"): the item is done.
			ev.nextSteps = slices.DeleteFunc(ev.nextSteps, func(n string) bool { return sameItem(n, t) })
			continue
		}
		if leftList {
			if t, ok := leftItem(line); ok {
				ev.nextSteps = appendUnique(ev.nextSteps, t)
				continue
			}
			if strings.TrimSpace(line) == "" || strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t") {
				continue // a blank line before the items, or a detail under one
			}
			leftList = false
		}
		if leftLead(line) {
			leftList = true
			continue
		}
		for _, s := range sentences(line) {
			ls := strings.ToLower(s)
			if t, ok := nextStep(plainMarks(s), plainMarks(ls)); ok {
				ev.nextSteps = appendUnique(ev.nextSteps, t)
			}
			if hasAny(ls, blockerCues) && !hasAny(ls, []string{"no longer blocked", "not blocked", "unblocked"}) {
				ev.blockers = appendUnique(ev.blockers, clip(s))
			}
			if hasAny(ls, nearCues) {
				ev.near = clip(s)
			}
			if !answered && hasAny(quotedSpan.ReplaceAllString(ls, ""), uncertainCues) {
				ev.questions = appendQuestion(ev.questions, baton.OpenQuestion{Question: clip(withoutQuestionLabel(s)), Priority: "medium",
					Context: fmt.Sprintf("left undecided by the %s at message %d", p.m.Role, p.m.Seq)})
			}
		}
	}
}

// readDoneReports keeps the lines of the assistant's prose that tick a
// piece of work off with a check mark ("1. ✅ Fixed E731: Replaced the
// lambda with a def"): a plan it listed earlier in the same words is done.
func (ev *evidence) readDoneReports(text string) {
	for line := range strings.SplitSeq(text, "\n") {
		t, _ := cutListMarker(strings.TrimSpace(line))
		if rest, ok := cutAnyPrefix(t, doneMarks); ok {
			ev.reportedDone = append(ev.reportedDone, strings.TrimSpace(rest))
		}
	}
}

// doneMarks open a line that reports its work done.
var doneMarks = []string{"✅", "✔️", "✔", "☑️", "☑"}

// cutAnyPrefix is s past the first of prefixes it opens with.
func cutAnyPrefix(s string, prefixes []string) (string, bool) {
	for _, p := range prefixes {
		if rest, ok := strings.CutPrefix(s, p); ok {
			return rest, true
		}
	}
	return s, false
}

// readUnanswered keeps the questions of a prose message the other side
// never answered (questionsOf: a heading that asks titles the section
// under it, which answers it; a list's options are one question).
func (ev *evidence) readUnanswered(p prose) {
	text := p.text
	if p.m.Role == baton.RoleAssistant {
		if rest, ok := afterLastToolRecord(p.m.Content); ok {
			text = analysis.WithoutThoughtSummaries(analysis.Prose(rest))
		}
	}
	for _, s := range questionsOf(text) {
		who := "the steward asked"
		if p.m.Role == baton.RoleAssistant {
			who = "the assistant asked"
		}
		ev.questions = appendQuestion(ev.questions, baton.OpenQuestion{Question: clip(s), Priority: "high",
			Context: fmt.Sprintf("%s at message %d; the session ended before an answer", who, p.m.Seq)})
	}
}

// quotedSpan is words in double quotes or code marks: a name the
// sentence quotes ("remove the \"Open Questions\" section"), not what it
// says.
var quotedSpan = regexp.MustCompile("\"[^\"]*\"|“[^”]*”|`[^`]*`")

var (
	nextCues = []string{
		"next i will ", "next, i will ", "next i'll ", "next, i'll ", "next i'm going to ", "next, i'm going to ",
		"i will next ", "i'll next ", "next we need to ", "next, we need to ", "next we should ", "next, we should ",
		"we still need to ", "i still need to ", "still need to ", "the next step is to ", "next step is to ",
		"next step: ", "next steps: ", "next up: ", "tomorrow i'll ", "tomorrow i will ", "tomorrow we ",
		"next session we ", "in the next session ", "left to do: ", "remaining: ",
	}
	blockerCues   = []string{"blocked by", "blocked on", "waiting on", "waiting for"}
	nearCues      = []string{"almost", "nearly", "so close", "one more", "close to working", "just need to"}
	uncertainCues = []string{"open question", "not sure whether", "not sure if", "unclear whether", "unclear if", "need to decide", "undecided"}
	tiredCues     = []string{"tired", "exhausted", "long day", "calling it", "call it a day", "burned out", "burnt out", "late here"}
)

// sentimentOf is a message's sentiment: the analysis's, or the arc column
// when only that was read (EvidenceMessages).
func sentimentOf(m *baton.Message) float64 {
	if m.Semantic.Sentiment != 0 {
		return m.Semantic.Sentiment
	}
	return m.ArcSentiment
}

// nextStep reads "next I will X" in one sentence.
func nextStep(s, lower string) (string, bool) {
	for _, cue := range nextCues {
		i := strings.Index(lower, cue)
		if i < 0 || (i > 0 && isWordByte(lower[i-1])) {
			continue
		}
		task := strings.TrimSpace(s[i+len(cue):])
		task = strings.TrimRight(task, ".!;:, ")
		if len(strings.Fields(task)) < 2 {
			return "", false
		}
		return clip(capitalize(task)), true
	}
	return "", false
}

// leftLead reports a line that introduces a list of what is left ("Done
// for today. Left for the next session:", "**Next steps:**"): its last
// sentence holds one of leftLeads and ends with a colon.
func leftLead(line string) bool {
	t := strings.TrimRight(strings.TrimSpace(plainMarks(line)), " ")
	if !strings.HasSuffix(t, ":") {
		return false
	}
	said := sentences(t)
	last := strings.ToLower(said[len(said)-1])
	return len(strings.Fields(last)) <= 8 && hasAny(last, analysis.LeftLeads)
}

// leftItem reads a top-level item of a list of what is left ("- Delete
// config.yaml and its loader."): its first sentence.
func leftItem(line string) (string, bool) {
	if line != strings.TrimLeft(line, " \t") {
		return "", false
	}
	rest, item := cutListMarker(strings.TrimSpace(line))
	if !item {
		return "", false
	}
	said := sentences(plainMarks(rest))
	if len(said) == 0 || len(strings.Fields(said[0])) < 2 {
		return "", false
	}
	return clip(capitalize(strings.TrimRight(said[0], ".!;:, "))), true
}

// uncheckedItem reads "- [ ] task".
func uncheckedItem(line string) (string, bool) {
	t := strings.TrimSpace(line)
	for _, p := range []string{"- [ ] ", "* [ ] ", "+ [ ] "} {
		if rest, ok := strings.CutPrefix(t, p); ok && len(strings.Fields(rest)) >= 2 {
			return clip(strings.TrimRight(rest, ". ")), true
		}
	}
	return "", false
}

// checkedItem reads "- [x] task".
func checkedItem(line string) (string, bool) {
	t := strings.TrimSpace(line)
	for _, p := range []string{"- [x] ", "- [X] ", "* [x] ", "* [X] ", "+ [x] "} {
		if rest, ok := strings.CutPrefix(t, p); ok && len(strings.Fields(rest)) >= 2 {
			return clip(strings.TrimRight(rest, ". ")), true
		}
	}
	return "", false
}

// errorKeys are what a later success must share one of to resolve a
// failure: for a shell command, the first two words of each command it
// chains ("go test", "npm run"), past the variables it sets and the steps
// that only set up, wait or show ("cd web", "sleep 1", "| tail"); else
// the file a tool touched, or the tool. "docker run … && until pg_isready
// …; do sleep 1; done && DSN=… go test ./..." is resolved by "DSN=… go
// test -race ./... && docker stop pg".
func errorKeys(tool string, in toolInput) []string {
	switch {
	case in.Command != "":
		var keys []string
		// ShellSegments drops "sudo" and the variables a command sets.
		for _, part := range analysis.ShellSegments(in.Command) {
			f := strings.Fields(part)
			if len(f) > 0 && f[0] == "time" {
				f = f[1:]
			}
			if len(f) == 0 || setupCommands[f[0]] {
				continue
			}
			if len(f) > 2 {
				f = f[:2]
			}
			keys = append(keys, tool+":"+strings.Join(f, " "))
		}
		if len(keys) == 0 {
			f := strings.Fields(in.Command)
			keys = append(keys, tool+":"+strings.Join(f[:min(2, len(f))], " "))
		}
		return keys
	case in.FilePath != "":
		return []string{tool + ":" + in.FilePath}
	case in.Path != "":
		return []string{tool + ":" + in.Path}
	}
	return []string{tool}
}

// lookupTools only read or search: their failures are misses.
var lookupTools = words("Read", "Grep", "Glob", "LS", "WebFetch", "WebSearch", "NotebookRead", "ToolSearch")

// lookupPrograms only read, search or show; lookupGit the subcommands of
// git that do.
var (
	lookupPrograms = words("cd", "pushd", "popd", "ls", "cat", "head", "tail", "less", "more", "grep", "egrep", "fgrep",
		"rg", "ag", "ack", "find", "fd", "locate", "wc", "sort", "uniq", "cut", "tr", "awk", "column", "nl", "echo", "printf",
		"pwd", "which", "whereis", "type", "file", "stat", "tree", "du", "df", "diff", "cmp", "jq", "yq", "true")
	lookupGit = words("status", "log", "diff", "show", "grep", "branch", "ls-files", "rev-parse", "blame", "remote")
)

// lookupCommand reports a shell command all of whose steps only read,
// search or show ("cd src && grep -rn TODO | sort | head", "ls docs/",
// "git log --oneline -5").
func lookupCommand(cmd string) bool {
	segments := analysis.ShellSegments(cmd)
	for _, part := range segments {
		f := strings.Fields(part)
		switch {
		case len(f) == 0:
		case f[0] == "git":
			if len(f) < 2 || !lookupGit[f[1]] {
				return false
			}
		case !lookupPrograms[f[0]]:
			return false
		}
	}
	return len(segments) > 0
}

// setupCommands set up, wait, or show what another command did: a chain's
// step of theirs is not what it runs.
var setupCommands = words("cd", "pushd", "popd", "export", "set", "source", ".", "sleep", "echo", "printf", "tee",
	"head", "tail", "grep", "cat", "true", "false", "until", "while", "do", "done", "then", "fi", "if", "clear",
	"mkdir", "rm", "wc", "sort", "less", "more")

// sharesKey reports whether two failures or successes share a key.
func sharesKey(a, b []string) bool {
	for _, k := range a {
		if slices.Contains(b, k) {
			return true
		}
	}
	return false
}

// compilingCommands are, for each toolchain, the subcommands that compile
// the project's code before they do anything else, and buildCommands those
// that only compile it. A build that failed is fixed once any of the
// first passes: "go build ./..." failed, then "go test ./internal/export/"
// passed. A failed test is not fixed by a build that passes.
var (
	compilingCommands = map[string]map[string]bool{
		"go":     words("build", "test", "run", "vet", "install"),
		"cargo":  words("build", "check", "test", "run", "clippy"),
		"dotnet": words("build", "test", "run", "publish"),
		"swift":  words("build", "test", "run"),
		"mvn":    words("compile", "test", "package", "verify", "install"),
	}
	buildCommands = map[string]map[string]bool{
		"go":     words("build"),
		"cargo":  words("build", "check"),
		"dotnet": words("build"),
		"swift":  words("build"),
		"mvn":    words("compile"),
	}
)

// compiler is the toolchain a shell command compiles the code with, or "".
func compiler(command string) string {
	return toolchainOf(command, compilingCommands)
}

// buildOnly is the toolchain of a command that only compiles the code, or
// "".
func buildOnly(command string) string {
	return toolchainOf(command, buildCommands)
}

func words(ws ...string) map[string]bool {
	out := make(map[string]bool, len(ws))
	for _, w := range ws {
		out[w] = true
	}
	return out
}

func toolchainOf(command string, subcommands map[string]map[string]bool) string {
	f := strings.Fields(command)
	if len(f) < 2 || !subcommands[f[0]][f[1]] {
		return ""
	}
	return f[0]
}

func subject(tool string, in toolInput) string {
	switch {
	case in.Command != "":
		return clip(firstLine(in.Command))
	case in.FilePath != "":
		return tool + " " + in.FilePath
	case in.Path != "":
		return tool + " " + in.Path
	}
	return tool
}

// errorLine picks the line of a tool's output that says what failed.
func errorLine(out string) string {
	first := ""
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if first == "" {
			first = l
		}
		ll := strings.ToLower(l)
		if strings.Contains(ll, "error") || strings.Contains(ll, "fail") || strings.Contains(ll, "panic") ||
			strings.Contains(ll, "undefined") || strings.Contains(ll, "not found") || strings.Contains(ll, "expected") {
			return clip(l)
		}
	}
	return clip(first)
}

// stripCode is a message's text outside its code fences: a fence closes
// only on a line of its own marks, so a fenced Markdown document that
// holds a fenced example ("```markdown" inside "```markdown") is code to
// its real end (analysis.OutsideFences).
func stripCode(s string) string {
	return strings.TrimSpace(analysis.OutsideFences(s))
}

var sentenceEnd = regexp.MustCompile(`[.!?]\**(\s+|$)`)

// sentences splits prose at sentence ends, keeping the end mark.
func sentences(s string) []string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		rest := line
		for {
			loc := sentenceEnd.FindStringSubmatchIndex(rest)
			if loc == nil {
				if t := strings.TrimSpace(rest); t != "" {
					out = append(out, t)
				}
				break
			}
			// The sentence keeps the bold or italic marks that close
			// it ("**Which lists do you mean?** The rules …").
			if t := strings.TrimSpace(rest[:loc[2]]); t != "" {
				out = append(out, t)
			}
			rest = rest[loc[1]:]
		}
	}
	return out
}

func hasAny(s string, cues []string) bool {
	for _, c := range cues {
		if strings.Contains(s, c) {
			return true
		}
	}
	return false
}

func isWordByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// clip flattens text to one line of at most itemLength characters.
func clip(s string) string { return clipN(s, itemLength) }

func clipN(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return strings.ToUpper(string(r)) + s[n:]
}

func sameItem(a, b string) bool {
	// A text clipped to fit ("… to conform to the new interface,
	// removing…") is the start of the whole one.
	a = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(a)), "…")
	b = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(b)), "…")
	return a == b || (len(a) > 12 && strings.HasPrefix(b, a)) || (len(b) > 12 && strings.HasPrefix(a, b))
}

func appendUnique(list []string, s string) []string {
	if strings.TrimSpace(s) == "" {
		return list
	}
	for _, x := range list {
		if sameItem(x, s) {
			return list
		}
	}
	return append(list, s)
}

// questionLabel opens a sentence that labels itself an open question
// ("Open question for later: do we migrate …?"): the question is what
// follows it.
var questionLabel = regexp.MustCompile(`(?i)^(?:an?\s+|one\s+)?open\s+question(?:\s+for\s+(?:later|next\s+time|the\s+next\s+session))?\s*[:—–-]\s*`)

// withoutQuestionLabel is s past its open-question label, capitalized.
func withoutQuestionLabel(s string) string {
	s = strings.TrimSpace(s)
	if loc := questionLabel.FindStringIndex(s); loc != nil && loc[1] < len(s) {
		return capitalize(s[loc[1]:])
	}
	return s
}

// sameQuestion reports two texts that ask the same thing: the same item
// (sameItem), or nearly every content word of the shorter also in the
// longer, as the steward's "Do we migrate existing multi-company
// customers automatically or let them opt in?" and the source's
// "Migrate existing multi-company customers automatically or by
// opt-in?" are.
func sameQuestion(a, b string) bool {
	if sameItem(a, b) {
		return true
	}
	wa, wb := contentWords(a), contentWords(b)
	if len(wa) > len(wb) {
		wa, wb = wb, wa
	}
	if len(wa) < 3 {
		return false
	}
	shared := 0
	for _, w := range wa {
		if slices.Contains(wb, w) {
			shared++
		}
	}
	return shared*5 >= len(wa)*4
}

func appendQuestion(list []baton.OpenQuestion, q baton.OpenQuestion) []baton.OpenQuestion {
	for _, x := range list {
		if sameQuestion(x.Question, q.Question) {
			return list
		}
	}
	return append(list, q)
}
