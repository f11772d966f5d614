package analysis

import (
	"encoding/json"
	"strings"
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
var routineSteps = set("run", "rerun", "check", "look", "inspect", "verify", "test", "see", "confirm", "search",
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
