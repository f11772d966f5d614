package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

var (
	// revertOrder ends a steward's short message that undoes the change
	// just made: "revert", "nah, this ended up longer. revert", "undo
	// that", "roll it back".
	revertOrder = regexp.MustCompile(`(?i)(?:^|[.,;:!]\s*|\s)(?:please\s+)?(?:revert|undo|roll\s+(?:it\s+|this\s+|that\s+)?back)(?:\s+(?:it|this|that|the\s+(?:change|changes|commit|last\s+commit)))?(?:\s+please)?\s*[.!]*$`)
	// revertWords are words one of which every match of revertOrder
	// holds: a pattern that ends the text is tried at every place of it,
	// and most steward messages hold none of them.
	revertWords = newFoldWords("revert", "undo", "roll")
	// commitLine is the first line of the message of a commit the session
	// made: `git commit -m "refactor: …"`, with a heredoc or not, as a
	// tool call or a console line.
	commitLine = regexp.MustCompile(`git commit(?:\s+-[a-zA-Z-]+)*?\s+-[a-zA-Z]*m\s+["']?(?:\$\(cat\s+<<-?\s*'?EOF'?\s*)?([^"'\n…]{6,120})`)
)

// reverted reads the steward's message i that reverts the change the
// session just committed ("nah, this ended up to be more code. revert"):
// the commit turned down is the decision's subject, what the steward
// says of it the reason. Without a commit since the steward's previous
// message there is nothing named to turn down.
func (sc *decisionScan) reverted(i int) {
	v := &sc.vs[i]
	if len(v.prose) > 200 || strings.Contains(v.prose, "?") || !revertWords.in(v.prose) || !revertOrder.MatchString(strings.TrimSpace(v.prose)) {
		return
	}
	subject := ""
	for j := i - 1; j >= 0 && !(sc.vs[j].steward() && sc.vs[j].text); j-- {
		if s := lastCommitSubject(&sc.vs[j]); s != "" {
			subject = s
			break
		}
	}
	if subject == "" {
		return
	}
	subject = commitType.ReplaceAllString(strings.TrimSpace(subject), "")
	d := baton.Decision{Decision: "revert " + lowerFirst(subject), Alternatives: []string{subject}}
	if why := strings.TrimSpace(revertOrder.ReplaceAllString(strings.TrimSpace(v.prose), "")); len(wordsOf(lowerText(why))) >= 3 {
		d.Rationale = strings.TrimLeft(concessionLead.ReplaceAllString(why, ""), ", ")
	}
	sc.add(d, v)
}

// lastCommitSubject is the subject of the last commit view v makes, in a
// tool call or a console line, or "".
func lastCommitSubject(v *view) string {
	for k := len(v.calls) - 1; k >= 0; k-- {
		if m := commitLine.FindStringSubmatch(v.calls[k].in.Command); m != nil {
			return m[1]
		}
	}
	// A console transcript's commit may stand inside a fenced block of the
	// message, which its prose leaves out.
	if v.assistant() && strings.Contains(v.m.Content, "git commit") {
		if ms := commitLine.FindAllStringSubmatch(v.m.Content, -1); len(ms) > 0 {
			return ms[len(ms)-1][1]
		}
	}
	return ""
}

// lowerFirst lower-cases a subject's first letter unless the word is an
// acronym or a name written with capitals or digits inside it
// ("Consolidate" → "consolidate"; "CI", "E2E", "TypingIndicator" stay).
func lowerFirst(s string) string {
	if len(s) < 2 || s[0] < 'A' || s[0] > 'Z' {
		return s
	}
	for k := 1; k < len(s) && s[k] != ' '; k++ {
		if s[k] >= 'A' && s[k] <= 'Z' || s[k] >= '0' && s[k] <= '9' {
			return s
		}
	}
	return strings.ToLower(s[:1]) + s[1:]
}
