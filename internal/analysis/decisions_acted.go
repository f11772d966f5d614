package analysis

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// mutatingShell reports whether a shell call changes the working tree or
// the configuration (removes, moves, writes, configures), as an edit does:
// a choice carried out through the shell rather than an edit tool.
func mutatingShell(c *call) bool {
	var in struct {
		Cmd     any `json:"cmd"`
		Command any `json:"command"`
	}
	if json.Unmarshal(c.Input, &in) != nil {
		return false
	}
	cmd := ""
	for _, v := range []any{in.Cmd, in.Command} {
		switch x := v.(type) {
		case string:
			cmd += " " + x
		case []any:
			for _, p := range x {
				if s, ok := p.(string); ok {
					cmd += " " + s
				}
			}
		}
	}
	for seg := range strings.FieldsFuncSeq(cmd, func(r rune) bool { return r == '&' || r == ';' || r == '|' || r == '\n' }) {
		w := strings.Fields(seg)
		if len(w) == 0 {
			continue
		}
		switch w[0] {
		case "rm", "mv", "cp", "mkdir", "touch", "tee", "ln", "chmod":
			return true
		case "sed", "perl":
			if strings.Contains(seg, " -i") {
				return true
			}
		case "git":
			if len(w) > 1 && (w[1] == "rm" || w[1] == "mv" || w[1] == "rebase" || w[1] == "revert" || w[1] == "filter-branch" || w[1] == "reset") {
				return true
			}
		}
		// "entire configure --checkpoint-remote …", "git config user.name x":
		// a setting written, not one read or the help shown.
		if len(w) > 2 && (w[1] == "configure" || w[1] == "config") && !strings.Contains(seg, "--help") &&
			!strings.Contains(seg, "--get") && !strings.Contains(seg, "--list") && !strings.Contains(seg, "--show") {
			return true
		}
	}
	return false
}

// carriedOut reports whether the session changed a file or the
// configuration after vs[i] and before the steward's next message.
func carriedOut(vs []view, i int) bool {
	if actedOn(vs, i) {
		return true
	}
	for j := i; j < len(vs); j++ {
		if j > i && vs[j].steward() && vs[j].text {
			return false
		}
		for k := range vs[j].calls {
			if mutatingShell(&vs[j].calls[k]) {
				return true
			}
		}
	}
	return false
}

// routineSteps open a step of routine execution, never a choice: running,
// checking, committing, moving on.
var routineSteps = set("run", "rerun", "execute", "check", "look", "inspect", "verify", "test", "see", "confirm", "search",
	"review", "try", "explore", "examine", "investigate", "continue", "commit", "push", "go", "proceed", "stop", "wait",
	"finish")

// routineStep reports whether a clause ("we run the tests and commit",
// "now just go forward") is a step of routine execution.
func routineStep(clause string) bool {
	w := wordsOf(lowerText(clause))
	for len(w) > 0 && (w[0] == "we" || w[0] == "i" || w[0] == "you" || w[0] == "just" || w[0] == "also" || w[0] == "now" || w[0] == "first" || w[0] == "then") {
		w = w[1:]
	}
	return len(w) == 0 || routineSteps[w[0]]
}

var (
	// "#3", "option 2": a reference to a numbered option.
	numberRef = regexp.MustCompile(`(?i)(?:#|\boption\s+)([1-9])\b`)
	// "3, then 4": numbers put in order.
	thenRef = regexp.MustCompile(`\b([1-9])\b[^0-9]{0,20}?\bthen\b`)
	// A numbered item or numbered heading: "2. Merge", "### 3. **Remote HEAD**".
	numberedItem = regexp.MustCompile(`(?m)^\s*(?:#{1,4}\s*)?([1-9])[.)]\s+(.+)$`)
)

// orderedPicks reads a short reply that puts several of the options the
// assistant numbered in an order ("start with #3, then #4, and only then
// #1/#2"): the options in that order are the decision, the ones it leaves
// out the alternatives.
func orderedPicks(offer *view, reply string) (baton.Decision, bool) {
	if len(reply) > 200 || strings.Contains(reply, "?") || refusal.MatchString(reply) {
		return baton.Decision{}, false
	}
	var order []string
	seen := map[string]bool{}
	for _, m := range numberRef.FindAllStringSubmatch(reply, -1) {
		if !seen[m[1]] {
			seen[m[1]] = true
			order = append(order, m[1])
		}
	}
	if len(order) < 2 || !thenRef.MatchString(strings.ReplaceAll(reply, "#", "")) && !strings.Contains(strings.ToLower(reply), " then ") {
		return baton.Decision{}, false
	}
	options := map[string]string{}
	var keys []string
	for _, m := range numberedItem.FindAllStringSubmatch(offer.prose, -1) {
		if m[1] == "1" {
			options = map[string]string{}
			keys = nil
		}
		options[m[1]] = optionText(m[2])
		keys = append(keys, m[1])
	}
	var picked []string
	for _, k := range order {
		text, ok := options[k]
		if !ok || text == "" {
			return baton.Decision{}, false
		}
		if len(picked) > 0 {
			text = inSentence(text) // "Raise the limit, then add a retry" reads as one sentence
		}
		picked = append(picked, text)
	}
	d := baton.Decision{Decision: strings.Join(picked, ", then "), Rationale: reasonIn(reply)}
	for _, k := range keys {
		if !seen[k] && options[k] != "" {
			d.Alternatives = append(d.Alternatives, excerpt(options[k], decisionLength))
		}
	}
	return d, true
}

// textEdits are the marks a transcript exported as text leaves where the
// assistant changed a file, its tool calls written out rather than
// recorded: Claude Code's console ("⏺ Update(", "⏺ Write("), Gemini CLI's
// and Copilot CLI's ("⏺ replace(", "⏺ write_file(", "⏺ apply_patch("),
// an editor's exported record ("Tool use: **edit_file**", "Tool use:
// **edit_file_v2**", "Tool use: **apply_patch**", a diff block), aider's
// SEARCH/REPLACE blocks, a Claude Code export's bracketed tool lines
// ("**[Write: path]**", "**[Edit: path]**"). A tool is an edit by its name:
// it edits, writes, replaces, patches or creates.
var textEdits = []string{"```diff", "<<<<<<< SEARCH", "Edit file:", "**[Write: ", "**[Edit: ", "**[MultiEdit: "}

var (
	textEditTool    = regexp.MustCompile(`(?i)Tool use: \*\*\w*(?:edit|write|replace|patch|create_file)\w*\*\*`)
	textEditConsole = regexp.MustCompile(`⏺ (?:Update|Write|Edit|MultiEdit|replace|write_file|apply_patch|edit|create|str_replace\w*)\(`)
)

// editedInText reports whether an assistant message exported as text
// shows a file changed, when its tool calls were not recorded as calls.
func editedInText(v *view) bool {
	if !v.assistant() || len(v.calls) > 0 {
		return false
	}
	for _, mark := range textEdits {
		if strings.Contains(v.m.Content, mark) {
			return true
		}
	}
	if strings.Contains(v.m.Content, "```") && emptyCodeBlock(v.m.Content) {
		return true
	}
	if strings.Contains(v.m.Content, "Tool use: **") {
		for _, name := range textEditTool.FindAllString(v.m.Content, -1) {
			if !strings.Contains(strings.ToLower(name), "todo") { // "todo_write" writes a todo list, no file
				return true
			}
		}
	}
	return strings.Contains(v.m.Content, "⏺ ") && textEditConsole.MatchString(v.m.Content)
}

// emptyCodeBlock reports whether text holds a code block with nothing in
// it: "Let me fix these syntax issues: ```\n\n```". A chat export that
// drops its tool calls (SpecStory's Copilot history) keeps each edit as
// such an empty block, the change itself left out. Fences are paired in
// order, so the closing fence of one block and the opening one of the
// next are not read as an empty block.
func emptyCodeBlock(text string) bool {
	open, empty := false, false
	for line := range strings.SplitSeq(text, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "```") && !open:
			open, empty = true, true
		case strings.HasPrefix(t, "```") && open:
			if empty && t == "```" {
				return true
			}
			open = false
		case open && t != "":
			empty = false
		}
	}
	return false
}

// toolless reports whether the session's export holds no tool call
// anywhere, neither recorded as a call nor written out in the text: many
// chat exports (ChatGPT, Cursor, Copilot, Gemini) keep only the prose, so
// whether a course was carried out cannot be seen in them.
func toolless(vs []view) bool {
	for i := range vs {
		if len(vs[i].calls) > 0 || vs[i].call != nil || editedInText(&vs[i]) || toolInText(vs[i].m.Content) {
			return false
		}
	}
	return true
}

// textTool is a tool call an export wrote out as text: a console line
// ("⏺ Read(src/app.go)", "⏺ Bash(go test)"), an editor's record ("Tool
// use: **read_file**"), a bracketed tool line ("**[Read: src/app.go]**").
var textTool = regexp.MustCompile(`⏺ \w+\(|Tool use: \*\*|\*\*\[\w+: `)

// toolInText reports whether text shows a tool call written out, any
// tool, not only one that edits (editedInText): the export keeps its
// tool calls, so what was carried out can be seen in it.
func toolInText(text string) bool {
	return (strings.Contains(text, "⏺ ") || strings.Contains(text, "Tool use: ") || strings.Contains(text, "**[")) && textTool.MatchString(text)
}

// settledWithoutTools reports whether, in a session whose export shows no
// tool calls, the course the assistant states in message i stands: the
// steward's next message goes along with it without holding it back
// ("wait, first …"), or none follows. Such an export drops the edits that
// would show the course carried out, so the steward's going on is the
// only mark left of it.
func settledWithoutTools(vs []view, i int) bool {
	for j := i + 1; j < len(vs); j++ {
		if vs[j].steward() && vs[j].text {
			return !heldBack.MatchString(vs[j].prose) && goneAlongWith(vs, i)
		}
	}
	return true
}

// heldBack opens a reply that stops the assistant before it goes on:
// "wait, first tell me why", "hold on", "stop".
var heldBack = regexp.MustCompile(`(?i)^\W*(?:wait|hold on|hang on|stop|first|before that|not yet)\b`)

// actedOrLetStand is actedOn, or, in a session exported without its tool calls,
// a course stated and let stand (settledWithoutTools).
func (sc *decisionScan) actedOrLetStand(i int) bool {
	return actedOn(sc.vs, i) || sc.toolless && settledWithoutTools(sc.vs, i)
}

// carriedOrLetStand is carriedOut, or, in a session exported without its tool
// calls, a course stated and let stand (settledWithoutTools).
func (sc *decisionScan) carriedOrLetStand(i int) bool {
	return carriedOut(sc.vs, i) || sc.toolless && settledWithoutTools(sc.vs, i)
}
