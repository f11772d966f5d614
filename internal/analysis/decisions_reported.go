package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// Choices the assistant makes on its own and then carries out, with the
// alternatives or the reason in view: an option it picks from the ones it
// listed itself ("We have a few options: 1. … 2. … Let's try option 1:
// …"), an approach it names the cleanest one after giving the reason
// ("Since the commits are unpushed, an interactive rebase is the cleanest
// solution"), a fallback it builds in ("fall back to sequential
// processing if GNU Parallel is not installed"), a value it changed with
// the reason ("Changed the default from A to B to match C"), and a course
// it adopts when it gives way to the steward ("You're right — we should
// use X instead of Y"). A choice the session does not carry out (no file
// written or changed before the steward's next message) is only talk.

var (
	// "Let's try option 1: Create main.py …", "I'll go with approach B".
	selfPick = regexp.MustCompile(`(?i)^(?:so,?\s+|ok(?:ay)?,?\s+|then,?\s+|now,?\s+)?(?:let's|let me|i'll|i will|we'll|we will|i'm going to|i am going to)\s+(?:try|go with|use|take|implement|proceed with|pick|choose|start with|apply)\s+(?:the\s+)?(?:option|approach|solution|alternative)\s*#?([1-9A-D])\b\s*(?:[:—–-]\s*(.{6,}))?$`)
	// A listed option: "1. **Create main.py**: …", "**Option 2: Rename …**",
	// "### Approach B — …".
	listedOption = regexp.MustCompile(`(?im)^\s*(?:#{1,4}\s*)?(?:\*\*)?(?:(?:option|approach|solution|alternative)\s+)?([1-9A-D])[.):]\s*(.{4,})$`)
	// "Since R, X is the cleanest solution", "Given that R, X is the
	// simplest approach".
	sinceApproach = regexp.MustCompile(`(?i)^\W*(?:since|because|as|given that)\s+(.{6,200}?),\s+(?:the\s+|an?\s+)?([^,;:]{3,60}?)\s+(?:is|would be|seems)\s+(?:the\s+)?(?:cleanest|simplest|best|safest|right|correct|proper|most robust)\s+(?:solution|approach|fix|option|way|choice|path)\b`)
	// "Automatically fall back to sequential processing if GNU Parallel
	// is not installed".
	fallbackTo = regexp.MustCompile(`(?i)^(?:(?:it\s+)?(?:now\s+)?(?:automatically\s+)?)falls?\s+back\s+to\s+(.{3,80}?\s+(?:if|when|where)\s+.{2,60}?\b(?:is not|isn't|are not|aren't|is unavailable|are unavailable|is missing|are missing|not installed|not available|not found)\b.*)$`)
	// "Changed default X from A to B to match C".
	changedTo = regexp.MustCompile(`(?i)^(?:.{1,60}?\s(?:—|–|-|:)\s+)?(?:changed|switched|moved)\s+(.{3,80}?)\s+from\s+(.{1,60}?)\s+to\s+(.{1,60}?)\s+(to match|so that|so it|because|since|to keep|to align with|for consistency with|to avoid)\s+(.{4,})$`)
	// "Replaced A with B …", "I've switched the build backend from A to
	// B, which is …": a course reported as the one put in place of
	// another.
	replacedWith = regexp.MustCompile(`(?i)^(?:[-*•]\s+)?(?:(?:i've|i have|we've|we have)\s+)?(?:also\s+)?(?:replaced|swapped)\s+(.{3,80}?)\s+(?:with|for)\s+(.{3,100})$`)
	// "Resolved the Tailwind error by replacing the @apply utilities with
	// CSS variables", "Fixed the flaky test by switching from sleeps to
	// a wait": a fix reported with the course it took in place of
	// another, the fault it fixed the reason.
	fixedByReplacing = regexp.MustCompile(`(?i)^(?:[-*•]\s+|\d{1,2}[.)]\s+)?(?:(?:i've|i have|we've|we have)\s+)?((?:fixed|resolved|solved|avoided|addressed|worked around)\s+.{3,120}?)\s+by\s+(?:replacing\s+(.{3,80}?)\s+(?:with|for)\s+(.{3,100})|switching\s+from\s+(.{2,60}?)\s+to\s+(.{2,100}))$`)
	switchedFrom     = regexp.MustCompile(`(?i)^(?:[-*•]\s+)?(?:(?:i've|i have|we've|we have)\s+)?(?:also\s+)?(switched|changed|moved|migrated|converted)\s+(?:(.{3,80}?)\s+)?from\s+(.{2,60}?)\s+to\s+(.{2,100})$`)
	// The reason after a reported replacement: "…, which is the
	// recommended build system", "… to avoid ambiguity".
	replacementReason = regexp.MustCompile(`(?i)(?:,\s*|\s+)(?:(?:which is|which are|since|because|as it)\s+(.{4,})|((?:so that|so it|to match|to avoid|to keep|to align with|for better|for consistency)\s+.{4,}))$`)
	// ", so the callers need no change": the reason after a course.
	soReason = regexp.MustCompile(`(?i),\s+so(?:\s+that)?\s+`)
	// "You're absolutely right - we should X instead of Y".
	concededCourse = regexp.MustCompile(`(?i)(?:you're|you are)\s+(?:absolutely\s+|totally\s+|completely\s+|quite\s+)?right\s*[-—–,:;!.]\s*(?:and\s+)?(?:we|i)\s+should\s+(.{6,120}?\s+(?:instead of|rather than)\s+.{3,100}?)\s*[.!]?$`)
)

// reportedChoices reads the choices of the assistant's message i that
// the session carries out: a course announced is carried out after it, a
// change reported was made since the steward's last message (or after
// it), and a course conceded to a steward's question is the steward's,
// agreed to.
func (sc *decisionScan) reportedChoices(i int) {
	v := &sc.vs[i]
	low := v.lower()
	fixes := hasAnySubstring(low, "by replacing", "by switching")
	if !fixes && !hasAnySubstring(low, "option", "approach", "solution", "alternative", "fall back", "falls back", "changed", "switched", "moved", "replaced", "swapped", "migrated", "converted", "right") {
		return
	}
	for _, s := range sc.sentencesOf(i) {
		plain := strings.TrimSpace(plainText(s))
		// A fix reported done with its means: the report is the evidence
		// of the change, which a chat exported without its tool calls
		// does not show.
		if fixes {
			if d, ok := fixReported(plain); ok {
				sc.add(d, v)
				continue
			}
		}
		d, kind, ok := reportedChoice(plain, v.prose)
		if !ok {
			continue
		}
		switch {
		case carriedOut(sc.vs, i),
			kind == reportedChange && changedSince(sc.vs, i),
			kind == concededChoice && sc.askedBefore(i):
			sc.dropShorter(d.Decision)
			sc.add(d, v)
		}
	}
}

// fixReported reads a fix the sentence s reports with the course it took
// in place of another ("Resolved the build error by replacing the
// plugin's rules with CSS variables"): the replacement, the fault fixed
// its reason.
func fixReported(s string) (baton.Decision, bool) {
	if !strings.Contains(s, " by replacing ") && !strings.Contains(s, " by switching from ") {
		return baton.Decision{}, false
	}
	m := fixedByReplacing.FindStringSubmatch(strings.TrimRight(s, " .!"))
	if m == nil {
		return baton.Decision{}, false
	}
	if m[2] != "" {
		from := strings.Trim(m[2], "`\"' ")
		return baton.Decision{Decision: "replace " + from + " with " + strings.Trim(m[3], "`\"' "), Rationale: m[1], Alternatives: []string{from}}, true
	}
	from := strings.Trim(m[4], "`\"' ")
	return baton.Decision{Decision: "switch from " + from + " to " + strings.Trim(m[5], "`\"' "), Rationale: m[1], Alternatives: []string{from}}, true
}

// dropShorter forgets the latest decision found when decision states it
// in full: the steward's "can't we use the job queue?" read as "use the
// job queue", then conceded as "use the job queue instead of a retry
// queue".
func (sc *decisionScan) dropShorter(decision string) {
	if n := len(sc.out); n > 0 {
		last := strings.ToLower(sc.out[n-1].Decision)
		if len(last) < len(decision) && strings.HasPrefix(strings.ToLower(decision), last) {
			sc.out = sc.out[:n-1]
		}
	}
}

// The kinds of choice reportedChoice reads, for the evidence each needs.
const (
	announcedCourse = iota // carried out after it is stated
	reportedChange         // or made before it is reported
	concededChoice         // or put by the steward's question the assistant agrees to
)

// fromWord and rightWord are words every match of changedTo and
// concededCourse holds.
var fromWord, rightWord = newFoldWords("from"), newFoldWords("right")

// reportedChoice reads the choice one sentence of an assistant message
// (whose whole prose is given, for the options it listed) states, and its
// kind.
func reportedChoice(s, prose string) (baton.Decision, int, bool) {
	s = strings.TrimRight(s, " .!")
	if strings.HasSuffix(s, "?") {
		return baton.Decision{}, 0, false
	}
	if m := selfPick.FindStringSubmatch(s); m != nil {
		d, ok := selfPicked(m[1], m[2], prose)
		return d, announcedCourse, ok
	}
	if m := sinceApproach.FindStringSubmatch(s); m != nil {
		return baton.Decision{Decision: "use " + strings.Trim(m[2], "` "), Rationale: m[1]}, announcedCourse, true
	}
	if m := fallbackTo.FindStringSubmatch(s); m != nil {
		// "Falls back to …" and "fall back to …" are one choice.
		return baton.Decision{Decision: "fall back to " + m[1]}, announcedCourse, true
	}
	// The patterns below are tried at many places of s: only when it
	// holds their words.
	if m := submatchIf(changedTo, s, fromWord); m != nil {
		what, from, to := strings.Trim(m[1], "` "), strings.Trim(m[2], "`\"' "), strings.Trim(m[3], "`\"' ")
		return baton.Decision{Decision: "change " + what + " from " + from + " to " + to, Rationale: m[4] + " " + m[5], Alternatives: []string{from}}, reportedChange, true
	}
	if d, ok := reportedReplacement(s); ok {
		return d, reportedChange, true
	}
	if m := submatchIf(concededCourse, s, rightWord); m != nil {
		d := baton.Decision{Decision: m[1]}
		if alt := alternativeOf(m[1]); alt != "" {
			d.Alternatives = []string{alt}
		}
		return d, concededChoice, true
	}
	return baton.Decision{}, 0, false
}

// changedSince reports whether the session changed a file or the
// configuration between the steward's latest message before vs[i] and
// vs[i]: the change a report at vs[i] is about.
func changedSince(vs []view, i int) bool {
	for j := i; j >= 0; j-- {
		if j < i && vs[j].steward() && vs[j].text {
			return false
		}
		for k := range vs[j].calls {
			if op := vs[j].calls[k].op(); op == "write" || op == "edit" || mutatingShell(&vs[j].calls[k]) {
				return true
			}
		}
		if editedInText(&vs[j]) {
			return true
		}
	}
	return false
}

// askedBefore reports whether the steward's latest message before view i
// asks a question: a course the assistant then concedes to is the one
// the question put.
func (sc *decisionScan) askedBefore(i int) bool {
	for j := i - 1; j >= 0; j-- {
		if sc.vs[j].steward() && sc.vs[j].text {
			return strings.Contains(sc.vs[j].prose, "?")
		}
	}
	return false
}

// selfPicked is the option the assistant picked by its key (an option's
// number or letter) from the ones its message lists: the text it restated
// after the pick, else the listed option's; the other options are the
// alternatives. A key no listed option has picks nothing.
func selfPicked(key, restated, prose string) (baton.Decision, bool) {
	var d baton.Decision
	found := false
	for _, m := range listedOption.FindAllStringSubmatch(prose, -1) {
		text := optionText(m[2])
		if text == "" {
			continue
		}
		if strings.EqualFold(m[1], key) && !found {
			found = true
			d.Decision = text
			continue
		}
		d.Alternatives = append(d.Alternatives, excerpt(text, decisionLength))
	}
	if !found || len(d.Alternatives) == 0 {
		return baton.Decision{}, false
	}
	if r := strings.TrimSpace(restated); r != "" {
		// "Create main.py that calls cli(). This way, …": the restated
		// course, its reason after it.
		if loc := soReason.FindStringIndex(r); loc != nil {
			d.Rationale, r = r[loc[1]:], r[:loc[0]]
		} else if loc := rationaleAt(r); loc != nil {
			d.Rationale, r = r[loc[1]:], r[:loc[0]]
		}
		d.Decision = r
	}
	return d, true
}

// reportedVerb is the course a reported change's verb names.
var reportedVerb = map[string]string{"switched": "switch", "changed": "change", "moved": "move", "migrated": "migrate", "converted": "convert"}

// reportedReplacement reads a course the assistant reports it put in
// place of another, with the reason it gives: "I've switched the build
// backend from setuptools to hatchling, which is the recommended build
// system for uv projects". Without a reason it is a step of the work.
func reportedReplacement(s string) (baton.Decision, bool) {
	var d baton.Decision
	var rest string
	if m := replacedWith.FindStringSubmatch(s); m != nil {
		rest = m[2]
		d.Alternatives = []string{strings.Trim(m[1], "`\"' ")}
		d.Decision = "replace " + d.Alternatives[0] + " with "
	} else if m := switchedFrom.FindStringSubmatch(s); m != nil {
		rest = m[4]
		d.Alternatives = []string{strings.Trim(m[3], "`\"' ")}
		d.Decision = reportedVerb[strings.ToLower(m[1])] + " "
		if what := strings.Trim(m[2], "`\"' "); what != "" {
			d.Decision += what + " "
		}
		d.Decision += "from " + d.Alternatives[0] + " to "
	} else {
		return baton.Decision{}, false
	}
	loc := replacementReason.FindStringSubmatchIndex(rest)
	if loc == nil {
		return baton.Decision{}, false
	}
	// "which is the standard tool": the reason; "to avoid X": the purpose,
	// kept whole.
	if loc[2] >= 0 {
		d.Rationale = rest[loc[2]:loc[3]]
	} else {
		d.Rationale = rest[loc[4]:loc[5]]
	}
	if genericReason(d.Rationale) {
		return baton.Decision{}, false
	}
	d.Decision += strings.Trim(rest[:loc[0]], "`\"' ")
	return d, true
}

// genericVirtues are the words of a reason any change to code may claim:
// readability, best practices, clean code, the style a linter asks for.
var genericVirtues = set("for", "to", "and", "the", "a", "better", "improved", "improve", "readability", "readable",
	"maintainability", "maintainable", "clarity", "clearer", "cleaner", "clean", "code", "quality", "style",
	"follow", "best", "practice", "practices", "convention", "conventions", "idiomatic", "pythonic", "pep", "8",
	"lint", "linter", "linting")

// genericReason reports whether a reason names only genericVirtues ("for
// better readability and to follow best practices"): a replacement so
// reasoned is a cleanup, the kind a list of lint fixes holds ("Replaced
// lambda assignment with a proper function definition"), with no
// alternative weighed against it.
func genericReason(reason string) bool {
	words := wordsOf(lowerText(reason))
	for _, w := range words {
		if !genericVirtues[w] {
			return false
		}
	}
	return len(words) > 0
}
