package analysis

import (
	"regexp"
	"strings"
	"sync"

	"github.com/baton-dev/baton/internal/baton"
)

// A course the steward sets by naming what the work is to be built with:
// "let's create an MCP server using Qdrant and mem0", "in dev we should be
// using a local mlflow rather than the docker one". Of the many tools a
// piece of work could take, the steward picked these; it is a decision
// when the session then uses them (they are among its technologies, by
// the same evidence of use). A sentence about the steward ("I don't have
// constraints beyond using X") or about what exists ("it runs everything
// using X") sets no course.

var (
	// meansNamed is what a sentence names the work's means with: "using
	// X", "built on X", "on top of X" (Polish "z użyciem", Spanish and
	// Portuguese "usando", French "en utilisant").
	meansNamed = regexp.MustCompile(`(?i)\b(?:using|on top of|built on|z użyciem|usando|en utilisant)\s+(.{2,120})$`)
	// meansNamedWords are words one of which every match of meansNamed
	// holds ("z użyciem" by its ASCII ending).
	meansNamedWords = newFoldWords("using", "on top of", "built on", "yciem", "usando", "en utilisant")
	// meansImperative is a sentence that is itself the order to build
	// with something: "use uv pip", "please switch to pnpm", "請使用
	// wget".
	meansImperative = regexp.MustCompile(`(?i)^(?:(?:please|let's|let us|just|and|so|ok|okay|now|instead|then),?\s+)*(?:use|switch to|stick with|go with)\s+(.{2,120})$|^(?:請|请)?(?:改用|使用)\s*(.{2,60})$`)
	// aboutSelf opens a sentence about the steward or about what is, not
	// a course to take.
	aboutSelf = regexp.MustCompile(`(?i)^(?:i|i'm|i am|i've|i have|i don't|my|it|this|that|there|we're|we are|we have)\b|\bi don't have\b`)
)

// requestedMeans reads the courses the steward's message i sets by naming
// the technologies to build with, among those the session uses.
func (sc *decisionScan) requestedMeans(i int) {
	v := &sc.vs[i]
	if len(v.prose) > maxRequestMessage || len(sc.plans[i]) > 0 || stewardBrief(v.prose) {
		return
	}
	for _, s := range sc.sentencesOf(i) {
		s = strings.TrimRight(strings.TrimSpace(plainText(stripListMarker(s))), ".!")
		if s == "" || strings.HasSuffix(s, "?") || !mayNameMeans(s) ||
			(mayBeHypothetical(s) && hypothetical.MatchString(s)) || aboutSelf.MatchString(s) {
			continue
		}
		means := ""
		if m := submatchIf(meansNamed, s, meansNamedWords); m != nil {
			means = m[1]
		} else if m := meansImperative.FindStringSubmatch(s); m != nil && !hasAnyPhrase(strings.ToLower(s), "instead", "rather", "not") {
			// "use X instead of Y", "use X, not Y": read as the
			// comparative it is (comparativeOf).
			means = m[1] + m[2]
		} else {
			continue
		}
		means = strings.ToLower(means)
		for _, t := range sc.technologies() {
			if wordIndex(means, strings.ToLower(t)) >= 0 {
				d := baton.Decision{Decision: s}
				settleReason(&d)
				sc.add(d, v)
				break
			}
		}
	}
}

// meansWords are the words meansNamed looks for, lower-cased.
var meansWords = []string{"using", "on top of", "built on", "użyciem", "usando", "en utilisant"}

// meansOrderWords are the words meansImperative looks for, lower-cased.
var meansOrderWords = []string{"use", "switch to", "stick with", "go with", "使用", "改用"}

// mayNameMeans is false when meansNamed cannot match s: s holds none of
// meansWords in any case. Most of a steward's sentences name no means,
// and looking first spares them the patterns' scans, which were a tenth
// of a Codex rollout's first sync. As in mayBeHypothetical, a sentence
// with a long s (ſ, which the pattern's (?i) folds to s) is left to the
// pattern.
func mayNameMeans(s string) bool {
	if strings.ContainsRune(s, 'ſ') {
		return true
	}
	lower := strings.ToLower(s)
	for _, w := range meansWords {
		if strings.Contains(lower, w) {
			return true
		}
	}
	for _, w := range meansOrderWords {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// technologies are the technologies the session uses, read once, when a
// steward's sentence first names its means.
func (sc *decisionScan) technologies() []string {
	if sc.techs == nil {
		sc.techs, _ = sc.sessionTechs.of()
		if sc.techs == nil {
			sc.techs = []string{}
		}
	}
	return sc.techs
}

// sessionTechnologies is technologiesOf(vs) for one analysis of a
// session, read by whichever of its two readers asks first (the
// technical context, and the decisions' scan on the summary's goroutine)
// and shared, read only, with the other: each read it for itself, ~5% of
// a first sync's CPU.
type sessionTechnologies struct {
	vs       []view
	once     sync.Once
	techs    []string
	evidence map[string]string
}

func newSessionTechnologies(vs []view) *sessionTechnologies {
	return &sessionTechnologies{vs: vs}
}

func (t *sessionTechnologies) of() ([]string, map[string]string) {
	t.once.Do(func() { t.techs, t.evidence = technologiesOf(t.vs) })
	return t.techs, t.evidence
}
