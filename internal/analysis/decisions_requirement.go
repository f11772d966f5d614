package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// A requirement the steward states about the form a part of the product
// takes settles its design even with no alternative named: "the title
// should be AI-generated in conventional-commit format", "the log lines
// must be formatted as JSON". Its subject is a part of the
// work (a noun, not "you", "we", "it" or "this"), its verb says what the
// part is or does, and it is not an expectation about the present state
// ("the tests should pass now", "this should be fixed", "the build must
// have failed").

var (
	// "the PR title should be generated …", "session files must live in
	// XDG_STATE_HOME": a subject of up to five words before the modal.
	requirementShape = regexp.MustCompile(`(?i)^(?:(?:also|and|but|so|plus|ideally|basically|instead|then),?\s+)?((?:the|our|each|every|all|any|new)\s+)?([\w./-]+(?:\s+[\w./-]+){0,4})\s+(should|must)\s+(not\s+|never\s+|always\s+|only\s+)?([\w-]+)\s+(.{4,160})$`)
	// Subjects that are no part of the product: a person, a pronoun, or
	// a vague "this" / "everything".
	requirementNotSubject = map[string]bool{"i": true, "we": true, "you": true, "it": true, "they": true, "he": true, "she": true,
		"this": true, "that": true, "these": true, "those": true, "there": true, "which": true, "what": true, "everything": true,
		"something": true, "anything": true, "nothing": true, "one": true, "who": true, "claude": true, "agent": true, "assistant": true,
		"majority": true, "most": true, "some": true, "rest": true, "none": true, "both": true}
	// "the tests should X", "the build must X", "the fix should X": the
	// work's state or its next step, not a part of the product.
	requirementWorkSubject = map[string]bool{"test": true, "tests": true, "build": true, "ci": true, "pipeline": true,
		"fix": true, "change": true, "changes": true, "pr": true, "commit": true, "error": true, "errors": true, "issue": true,
		"bug": true, "problem": true, "result": true, "results": true, "code": true, "step": true, "next": true, "you": true,
		"we": true, "i": true, "it": true, "this": true, "that": true, "which": true}
	// Verbs after the modal that say how a part is or behaves. A verb of
	// the state of the work ("pass", "work", "compile", "fail") is an
	// expectation about now, not a requirement.
	requirementVerbs = map[string]bool{"be": true, "use": true, "show": true, "display": true, "include": true, "contain": true,
		"return": true, "print": true, "match": true, "accept": true, "take": true, "support": true, "live": true, "go": true,
		"stay": true, "remain": true, "follow": true, "respect": true, "read": true, "write": true, "store": true, "save": true,
		"keep": true, "list": true, "appear": true, "look": true, "behave": true, "default": true, "fall": true, "start": true,
		"open": true, "send": true, "call": true, "emit": true, "log": true, "render": true, "link": true, "point": true,
		"reflect": true, "handle": true, "ignore": true, "skip": true, "load": true, "run": true, "happen": true, "expose": true,
		"require": true, "allow": true, "let": true, "get": true, "have": true, "produce": true, "output": true, "sort": true,
		"stop": true, "wait": true, "retry": true, "exit": true, "respond": true}
	// The form the part is to take, which rules the other forms out: a
	// format or convention, a naming, an exact measure ("in the
	// conventional commits format", "more restrictive to match exactly 12
	// hex characters", "named in kebab-case"). A requirement without one
	// ("the status indicator should be in the footer") is a request like
	// any other.
	requirementForm = regexp.MustCompile(`(?i)\b(?:format(?:ted)?|convention(?:s|al)?|exactly|restrictive|strict(?:ly)?|pattern|schema|nam(?:ed|ing)|[a-z]+-case|camelcase|prefix(?:ed)?|suffix(?:ed)?|standard|spec(?:ification)?)\b`)
	// "should be fixed now", "must have been", "should be fine": the
	// present state of the work, not a requirement on the product.
	requirementStateNow = regexp.MustCompile(`(?i)\b(?:now|already|still|yet|hopefully|probably|definitely|anymore|by now|at this point|right now)\b|^(?:be\s+)?(?:fine|ok|okay|good|correct|right|enough|possible|easy|simple|straightforward|working|fixed|done|ready|resolved|gone|there|set|able to see|visible|available|clear|obvious|similar|the same|better|worse|faster|slower)\b|^have\s+(?:been|\w+ed)\b|^be\s+(?:fixed|done|resolved|gone|updated|committed|pushed|merged|deployed|installed|running|working|addressed|handled)\b`)
)

// maxRequirements is the most requirements one steward message states
// for them to be its own choices: more is a pasted guideline or
// specification, a list of rules written before the session began.
const maxRequirements = 2

// stewardRequirements reads the requirements the sentences of a steward's
// message state (stewardRequirement), none when there are more than
// maxRequirements.
func stewardRequirements(ss []string) []baton.Decision {
	var out []baton.Decision
	for _, s := range ss {
		s = strings.TrimRight(strings.TrimSpace(plainText(s)), ".!")
		if s == "" || strings.HasSuffix(s, "?") || (mayBeHypothetical(s) && hypothetical.MatchString(s)) {
			continue
		}
		if _, ok := stewardConstraint(s); ok {
			continue // read by stewardConstraint
		}
		if r, ok := stewardRequirement(s); ok {
			out = append(out, baton.Decision{Decision: r})
		}
	}
	if len(out) > maxRequirements {
		return nil
	}
	return out
}

// stewardRequirement reads the requirement a steward's sentence states
// about how a part of the product behaves, if it states one.
func stewardRequirement(s string) (string, bool) {
	m := requirementShape.FindStringSubmatch(s)
	if m == nil {
		return "", false
	}
	subject := strings.ToLower(m[2])
	first := strings.Fields(subject)[0]
	if m[1] == "" && requirementNotSubject[first] || requirementNotSubject[subject] {
		return "", false
	}
	// "the tests should X", "the build must X": the state of the work.
	for _, w := range strings.Fields(subject) {
		if requirementWorkSubject[strings.Trim(w, ".,")] {
			return "", false
		}
	}
	verb := strings.ToLower(m[5])
	if !requirementVerbs[verb] {
		return "", false
	}
	rest := verb + " " + m[6]
	if !requirementForm.MatchString(rest) {
		return "", false
	}
	if requirementStateNow.MatchString(rest) || requirementStateNow.MatchString(m[6]) {
		return "", false
	}
	return strings.TrimSpace(m[1] + m[2] + " " + m[3] + " " + m[4] + rest), true
}
