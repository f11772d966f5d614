package analysis

import (
	"regexp"
	"strings"
)

// A steward's own Markdown export of an agent's session often keeps each
// tool call as a bracketed note in the answer's text, without the call
// itself: "**[Bash: Check the Rust toolchain]**" with the command's fence
// under it, "**[Write: src/main.rs]**", a note of what was done ("**[Ran
// dbus-send to introspect the watcher]**", "**[Added a method to
// service.rs]**"), or only the tools' names ("_[tools: Bash, Read]_").
// The notes are the calls' record: what they name ran or was edited.

// noteVerbs are the verbs that open a note of what the agent did, with
// the action they report.
var noteVerbs = map[string]string{
	"Ran": "run", "Executed": "run", "Reran": "run", "Re-ran": "run", "Attempted": "run", "Tried": "run",
	"Added": "edit", "Edited": "edit", "Updated": "edit", "Modified": "edit", "Changed": "edit", "Fixed": "edit",
	"Removed": "edit", "Replaced": "edit", "Refactored": "edit", "Created": "write", "Wrote": "write",
	"Rewrote": "write",
}

// bracketNote is the text inside a line that is a bracketed note, bold or
// italic ("**[Write: src/app.rs]**", "_[tools: Bash]_"); false for any
// other line (a link, "[x] done", a log's "[INFO] …").
func bracketNote(l string) (string, bool) {
	if len(l) < 4 || l[0] != '*' && l[0] != '_' && l[0] != '[' {
		return "", false
	}
	t := strings.Trim(l, "*_ ")
	if len(t) < 4 || t[0] != '[' || t[len(t)-1] != ']' {
		return "", false
	}
	inner := t[1 : len(t)-1]
	if strings.ContainsAny(inner, "[]") {
		return "", false
	}
	return inner, true
}

// noteAction reads a bracketed note: the action of a note naming a file
// tool and its file, or of a note of what was done (a program it ran, the
// files it edited or wrote); shell is true for a note of a shell tool,
// whose command is the fence under it.
func noteAction(inner string) (acts []techAction, shell bool) {
	if name, arg, ok := strings.Cut(inner, ": "); ok && !strings.Contains(name, " ") {
		op := consoleOp(name)
		if op == "" && shellTools[name] {
			op = "run"
		}
		switch {
		case op == "run":
			return nil, true
		case op != "":
			if f := strings.Trim(arg, "` "); f != "" && !strings.ContainsAny(f, " \t") && (knownFile(f) || configDirTechnology(f) != "") {
				return []techAction{{op: op, file: f}}, false
			}
		}
		return nil, false
	}
	verb, rest, _ := strings.Cut(inner, " ")
	op := noteVerbs[verb]
	switch op {
	case "":
		return nil, false
	case "run":
		return []techAction{{op: "run", command: rest}}, false
	}
	for w := range strings.FieldsSeq(rest) {
		f := strings.Trim(w, "`'\"(),;:.")
		if strings.Contains(f, ".") && (knownFile(f) || configDirTechnology(f) != "") {
			acts = append(acts, techAction{op: op, file: f})
		}
	}
	return acts, false
}

// keepsCallsAsNotes reports whether an answer records its calls as
// bracketed notes (noteAction), so that the files its words name are the
// files those calls worked on.
func keepsCallsAsNotes(content string) bool {
	// One pass over the brackets: "_" and "*" are too common in code and
	// Markdown for a search of each opening to be cheap.
	for i := strings.IndexByte(content, '['); i >= 0; {
		rest := content[i+1:]
		if i > 0 && content[i-1] == '_' && strings.HasPrefix(rest, "tools: ") ||
			i > 1 && content[i-2:i] == "**" && (strings.HasPrefix(rest, "Bash: ") || strings.HasPrefix(rest, "Read: ") ||
				strings.HasPrefix(rest, "Edit: ") || strings.HasPrefix(rest, "Write: ")) {
			return true
		}
		j := strings.IndexByte(rest, '[')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// hasBoldBracket reports whether content holds "**[", the opening of a
// bold bracketed note.
func hasBoldBracket(content string) bool {
	for i := strings.IndexByte(content, '['); i >= 0; {
		if i > 1 && content[i-2:i] == "**" {
			return true
		}
		j := strings.IndexByte(content[i+1:], '[')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// announcedOpeners open the sentence in which an agent says what it is
// about to do.
var announcedOpeners = []string{"let me ", "now let me ", "i'll ", "i will ", "next, let me "}

// announcedPrograms lists the programs that the sentence just before a
// note of shell calls kept without their commands ("_[tools: Bash]_")
// announces ("Let me confirm the current git state."): the dropped command
// ran them. Each comes with the sentence.
func announcedPrograms(content string) (names, said []string) {
	prev := ""
	for l := range strings.SplitSeq(truncate(content, maxTurnText), "\n") {
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		inner, ok := bracketNote(t)
		if !ok {
			prev = t
			continue
		}
		if tools, ok := strings.CutPrefix(inner, "tools: "); ok && prev != "" && shellNote(tools) {
			ss := sentences(prev)
			s := ss[len(ss)-1]
			lower := strings.ToLower(s)
			if hasAnyPrefix(lower, announcedOpeners) {
				for w := range strings.FieldsSeq(lower) {
					w = strings.Trim(w, "`'\"(),;:.!?")
					if name := programTechnologies[w]; name != "" && !commonWordTools[w] {
						names, said = append(names, name), append(said, s)
					}
				}
			}
		}
		prev = ""
	}
	return names, said
}

// shellNote reports whether a note's list of tools ("Bash, Read") holds a
// shell tool.
func shellNote(tools string) bool {
	for name := range strings.SplitSeq(tools, ",") {
		if shellTools[strings.TrimSpace(name)] {
			return true
		}
	}
	return false
}

// hasAnyPrefix reports whether s opens with one of prefixes.
func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// reportedCheck is an answer's report that it checked its work with a
// program ("Verified with mypy", "formatted it using `black`"): the
// program ran, though the transcript kept no call of it.
var reportedCheck = regexp.MustCompile("(?i)\\b(?:verified|checked|validated|linted|formatted|tested|type-checked|typechecked)" +
	"(?: it| this| everything| the code| the changes| them)? (?:with|using|via) `?([A-Za-z0-9_.+-]+)`?")

// reportedOutcome is an answer's report of what a command it quotes did
// ("`bunx tsc --noEmit` now passes", "`git status` shows nothing to
// commit"): the command ran, though the transcript kept no call of it.
var reportedOutcome = regexp.MustCompile("`([^`\n]{2,200})` (?:now |still |also )?(?:passes|passed|succeeds|succeeded|shows|showed|returns|returned|reports|reported|exits|exited|completed)\\b")

// outcomeVerbs begin the words of reportedOutcome after the quoted command.
var outcomeVerbs = []string{"pass", "succeed", "show", "return", "report", "exit", "completed"}

// reportsOutcome reports whether content may hold a reportedOutcome: a
// closing backtick and a word of outcomeVerbs after it. Most answers have
// none, and are spared the expression.
func reportsOutcome(content string) bool {
	for i := strings.Index(content, "` "); i >= 0; {
		rest := content[i+2:]
		for _, w := range []string{"now ", "still ", "also "} {
			rest = strings.TrimPrefix(rest, w)
		}
		if hasAnyPrefix(rest, outcomeVerbs) {
			return true
		}
		next := strings.Index(content[i+2:], "` ")
		if next < 0 {
			break
		}
		i += 2 + next
	}
	return false
}

// reportedCommit is an answer's report of a commit it made, by the
// commit's hash ("Committed: 3572b26 \"fix the parser\"", "Committed
// locally (`499dc70`, not pushed)") or with its push ("Everything
// committed and pushed to main"): the session worked in Git, though the
// transcript kept no call of it.
var reportedCommit = regexp.MustCompile("(?i)\\bcommitted\\b[^\n.]{0,40}?\\b[0-9a-f]{7,40}\\b|\\bcommitted and pushed\\b")

// reportedChecks lists the programs an answer reports it checked its work
// with or ran, each with the words that report it.
func reportedChecks(content string) (names, said []string) {
	content = truncate(content, maxTurnText)
	if strings.Contains(content, "ed with ") || strings.Contains(content, "ed using ") || strings.Contains(content, "ed via ") {
		for _, m := range reportedCheck.FindAllStringSubmatch(content, 8) {
			w := strings.ToLower(strings.TrimRight(m[1], "."))
			if name := programTechnologies[w]; name != "" && !commonWordTools[w] {
				names, said = append(names, name), append(said, m[0])
			}
		}
	}
	if strings.Contains(content, "ommitted") {
		for _, m := range reportedCommit.FindAllString(content, 4) {
			// A hash has digits; a word of hex letters ("defaced") is none.
			if strings.Contains(m, " and pushed") || strings.ContainsAny(m[len("committed"):], "0123456789") {
				names, said = append(names, "Git"), append(said, m)
				break
			}
		}
	}
	if reportsOutcome(content) {
		for _, m := range reportedOutcome.FindAllStringSubmatch(content, 8) {
			for _, r := range commandTechnologies(m[1]) {
				names, said = append(names, r.name), append(said, m[0])
			}
		}
	}
	return names, said
}
