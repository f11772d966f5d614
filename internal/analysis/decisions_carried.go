package analysis

import (
	"github.com/baton-dev/baton/internal/baton"
	"regexp"
	"strings"
)

// An option the session carries out without the steward naming it: the
// assistant offers options ("Option 1: use a PAT", "Option 2: a GitHub
// App"), the steward goes on without a pick ("ok, the secret is added,
// now update the action?"), and the assistant changes a file and says
// which course it took ("the workflow now uses your PAT instead of the
// default token"). The option taken is the decision, the others its
// alternatives.

// maxOptionReplies bounds how many steward messages an offer of options
// stays open for: past them the work has moved on.
const maxOptionReplies = 3

// optionsOpen is an assistant offer of options not settled yet.
type optionsOpen struct {
	at      int      // index of the view that offered them, -1 for none
	options []option // the options offered
	replies int      // steward messages since the offer
	changed bool     // a file or setting changed since the offer
}

// openOptions notes the options assistant message i offers, if any.
func (sc *decisionScan) openOptions(i int) {
	options := offeredOptions(sc.vs[i].prose)
	if len(options) < 2 {
		options = suggestedHeadings(sc.vs[i].prose, sc.vs[i].lower())
	}
	if len(options) >= 2 {
		sc.carried = optionsOpen{at: i, options: options}
	}
}

// suggestedHeadings are the numbered headings of an assistant message
// that suggests courses ("## 1. Parallel checksums", "## 2. Cache the
// index"): options the session may take up one of. lower is prose
// lower-cased (lowerText), which the view keeps.
func suggestedHeadings(prose, lower string) []option {
	if !strings.Contains(lower, "suggest") && !strings.Contains(lower, "improvement") {
		return nil
	}
	var heads []string
	for line := range strings.SplitSeq(prose, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			heads = append(heads, line)
		}
	}
	out := lastList(strings.Join(heads, "\n"))
	if len(out) > 8 {
		return nil
	}
	return out
}

// optionReply counts steward message i against the open offer: a pick
// read by the other rules (answered), a refusal, or too many messages
// close it.
func (sc *decisionScan) optionReply(i int, answered bool) {
	if sc.carried.at < 0 {
		return
	}
	sc.carried.replies++
	if answered || refusal.MatchString(sc.vs[i].prose) || sc.carried.replies > maxOptionReplies {
		sc.carried = optionsOpen{at: -1}
	}
}

// optionCarried reads view i, after an open offer the steward replied
// to: a change made, then an assistant message that names one option
// alone settles the offer.
func (sc *decisionScan) optionCarried(i int) {
	o := &sc.carried
	if o.at < 0 || i <= o.at || o.replies == 0 {
		return
	}
	v := &sc.vs[i]
	for k := range v.calls {
		if op := v.calls[k].op(); op == "write" || op == "edit" || mutatingShell(&v.calls[k]) {
			o.changed = true
		}
	}
	if !v.assistant() || !v.text {
		return
	}
	prose := v.prose
	if !o.changed {
		// "I'll implement parallel checksums as a new feature": the
		// course announced, before the change.
		prose = announcedCourses(v.prose)
	}
	key := optionTaken(prose, o.options)
	if key == "" {
		return
	}
	var d baton.Decision
	for _, opt := range o.options {
		if opt.key == key {
			d.Decision = opt.text
		} else if opt.text != "" {
			d.Alternatives = append(d.Alternatives, excerpt(opt.text, decisionLength))
		}
	}
	sc.add(d, &sc.vs[o.at])
	sc.carried = optionsOpen{at: -1}
}

// optionTaken is the key of the one option prose says was taken, "" for
// none or more than one: the option whose own words (those no other
// option has) the prose holds, at least half of them, outside what it
// says was not done ("instead of the default token").
func optionTaken(prose string, options []option) string {
	said := map[string]bool{}
	for _, s := range sentences(plainText(prose)) {
		if loc := comparative.FindStringIndex(s); loc != nil {
			s = s[:loc[0]]
		}
		for _, w := range contentWords(s) {
			said[w] = true
		}
	}
	count := map[string]int{}
	for _, o := range options {
		for _, w := range contentWords(o.text) {
			count[w]++
		}
	}
	key := ""
	for _, o := range options {
		own, named := 0, 0
		for _, w := range contentWords(o.text) {
			if count[w] == 1 {
				own++
				if said[w] {
					named++
				}
			}
		}
		if named == 0 {
			continue
		}
		if key != "" || 2*named < own {
			return ""
		}
		key = o.key
	}
	return key
}

// announceCourse opens a sentence that announces the course taken: "I'll
// implement X", "Let's go with X", "I will use X".
var announceCourse = regexp.MustCompile(`(?i)^(?:#+\s*)?(?:so\s+|ok(?:ay)?,?\s+)?(?:i'll|i will|let's|let me|we'll)\s+(?:now\s+)?(?:implement|go with|use|take|pick|do|build|start with|add)\b`)

// announcedCourses are the sentences of prose that announce a course.
func announcedCourses(prose string) string {
	var out []string
	for _, s := range sentences(plainText(prose)) {
		if announceCourse.MatchString(strings.TrimSpace(s)) {
			out = append(out, s)
		}
	}
	return strings.Join(out, "\n")
}
