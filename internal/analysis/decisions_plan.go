package analysis

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// Decisions carried by the structure of a session rather than by one
// sentence's wording: an approved plan's stated choices, the option of an
// "either X or Y" the assistant goes on to take, a numbered option the
// steward picks by its number or its words.

// maxPlanDecisions caps the decisions read from one plan: a long plan
// states many steps, and only the few that choose are decisions.
const maxPlanDecisions = 3

// choiceVerbs open a clause that says what to do, beside the imperative
// verbs of a request: the verbs a design choice starts with.
var choiceVerbs = set("use", "switch", "go", "shell", "return", "call", "pass", "store", "put", "prefer", "avoid",
	"skip", "treat", "rely", "mark", "walk", "wrap", "compute", "derive", "emit", "log", "fetch", "print", "hide",
	"expose", "inline", "reuse", "match", "require", "accept", "reject", "allow", "save", "load", "parse", "delegate",
	"handle", "raise", "target", "point", "base", "ship", "vendor", "pin", "thank", "credit", "name", "output",
	"record", "track", "detect", "cache", "batch", "poll", "route", "link", "embed", "leave", "hardcode", "hard-code",
	"default", "fall", "shorten", "lower", "limit", "cap", "bound", "gate", "guard", "filter", "ignore", "exclude",
	"include", "regenerate", "reorder", "merge", "stick", "adopt", "choose", "pick", "continue", "start", "rename",
	"clear", "reset", "separate", "group", "consolidate", "collapse", "unify", "centralise", "centralize", "introduce", "persist", "restructure", "reorganize", "reorganise")

// choiceClause reports whether a clause states what to do: it opens with
// an imperative ("use the install script", "return an error"), or with
// "we'll", "let's", "I'll", "we should" and the like. A description of
// what code does ("returns an empty string instead of an error", "logs
// leak to the terminal instead of the file") is no choice.
func choiceClause(s string) bool {
	w := wordsOf(lowerText(strings.TrimSpace(s)))
	if len(w) == 0 {
		return false
	}
	switch w[0] {
	case "we'll", "let's", "lets", "i'll", "we're", "i'm":
		return true
	case "we", "i":
		return len(w) > 1 && (w[1] == "will" || w[1] == "should" || w[1] == "can" || w[1] == "decided" || w[1] == "chose" || w[1] == "prefer")
	case "just", "simply", "instead", "then", "also", "so", "now":
		return len(w) > 1 && (imperativeVerbs[w[1]] || choiceVerbs[w[1]])
	}
	return imperativeVerbs[w[0]] || choiceVerbs[w[0]]
}

// planSource is a plan the steward approved: the plan pasted after
// "Implement the following plan:", or the plan of a plan-mode exit the
// steward accepted.
type planSource struct {
	at   int    // index of the view holding it
	text string // the plan, Markdown
}

// approvedPlans finds the plans the steward approved.
func approvedPlans(vs []view) []planSource {
	var out []planSource
	for i := range vs {
		v := &vs[i]
		if v.steward() && v.text {
			first, rest, _ := strings.Cut(strings.TrimSpace(v.prose), "\n")
			if planRequest.MatchString(strings.TrimSpace(first)) {
				out = append(out, planSource{at: i, text: rest})
			}
			continue
		}
		for k := range v.calls {
			c := &v.calls[k]
			if c.Name != "ExitPlanMode" || c.result < 0 || !planApproved(vs[c.result].m.Content, c.failed) {
				continue
			}
			var in struct {
				Plan string `json:"plan"`
			}
			if json.Unmarshal(c.Input, &in) == nil && strings.TrimSpace(in.Plan) != "" {
				out = append(out, planSource{at: i, text: in.Plan})
			}
		}
	}
	return out
}

// planApproved reads a plan-mode exit's result: the steward approved the
// plan ("User has approved your plan"), not turned it down.
func planApproved(result string, failed bool) bool {
	lower := strings.ToLower(truncate(result, 400))
	if strings.Contains(lower, "approved") {
		return true
	}
	return !failed && !strings.Contains(lower, "doesn't want to proceed") && !strings.Contains(lower, "rejected")
}

var (
	// "Decision: X", "**Key design decision:** X", "Approach: X".
	planDecisionLabel = regexp.MustCompile(`(?i)^(?:key\s+|main\s+|chosen\s+)?(?:design\s+|architectural\s+|technical\s+)?(?:decision|approach|choice)\s*[:—–]\s*(.+)`)
	// A heading over the plan's choices: "## Design decisions", "## Key
	// decisions", "## Trade-offs".
	planDecisionHeading = regexp.MustCompile(`(?i)\b(?:decisions?|trade-?offs?)\b`)
	// A heading over the plan's chosen course: "## Approach", "## Design",
	// "## Proposed solution". Its opening statement is the choice; the
	// items under it are the steps that carry it out.
	planApproachHeading = regexp.MustCompile(`(?i)^(?:the\s+|our\s+|proposed\s+|chosen\s+|recommended\s+)?(?:approach|design|strategy|solution)\s*:?$`)
	// Sections that describe or check rather than choose.
	planOtherHeading = regexp.MustCompile(`(?i)\b(?:context|background|problem|summary|overview|verification|verify|testing|tests?|files?|risks?|questions?|notes?|scope|non-goals?|root cause|current)\b`)
	// The reason a plan's step gives for itself: "… so tables stay in
	// sync", "… because …", "… to avoid …".
	// "(instead of the current one)": the alternative in an aside.
	insteadAside = regexp.MustCompile(`(?i)\s*\((?:instead of|rather than)\s+([^()]+)\)`)
	// "MUST", "NEVER", "ALWAYS": a rule the plan insists on, capitals and all.
	planRule = regexp.MustCompile(`\b(?:MUST|NEVER|ALWAYS)\b`)
	// "Consolidate Decorators: ": a plan step's label, a few capitalised
	// words before a colon.
	planItemLabel = regexp.MustCompile(`^[A-Z][\w'/&-]*(?:\s+[\w'/&-]+){0,4}:\s+`)
	// "All statements use …", "Every handler returns …": a rule for every
	// one of a kind.
	universalRule = regexp.MustCompile(`(?i)^(?:all|every|each)\s+\S+`)
	// "is", "was": a sentence that says what is, not what to do.
	stateVerb  = regexp.MustCompile(`(?i)\b(?:is|are|was|were|isn't|aren't|wasn't|weren't)\b`)
	planReason = regexp.MustCompile(`(?i)[,;]?\s+(?:because|since|so that|so|to avoid|to keep|to prevent|given that)\s+`)
)

// planDecisions reads the choices an approved plan states: a line labelled
// as the decision or approach, the items under a "decisions" heading, a
// section heading that names a choice (headingChoice), a step chosen
// against another ("X instead of Y"), and a step that gives its reason
// ("add X before Y so the tables stay in sync"); at most
// maxPlanDecisions, in that order.
func planDecisions(plan string) []baton.Decision {
	var labelled, headed, compared, reasoned []baton.Decision
	section := ""
	heading := -1   // index in headed of the current section's heading, -1 for none
	opened := false // the approach section's opening statement is read
	fence := false
	for line := range strings.SplitSeq(truncate(plan, 3*maxRequestMessage), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") {
			fence = !fence
			continue
		}
		if fence || t == "" || strings.HasPrefix(t, "|") {
			continue
		}
		if strings.HasPrefix(t, "#") {
			section = plainText(t)
			opened = false
			heading = -1
			if d, ok := headingChoice(t); ok {
				headed = append(headed, d)
				heading = len(headed) - 1
			}
			continue
		}
		// A section whose heading names a choice is read whatever words
		// it holds ("Unify the compile state during background compiles").
		if heading < 0 && otherSection(section) {
			continue
		}
		// The section's reason for the choice its heading names: "…, so
		// rename operations are visible".
		if heading >= 0 && headed[heading].Rationale == "" {
			for _, s := range sentences(plainText(t)) {
				if loc := planReason.FindStringIndex(s); loc != nil && loc[0] > 0 {
					headed[heading].Rationale = strings.TrimRight(strings.TrimSpace(s[loc[1]:]), ".:;")
					break
				}
			}
		}
		bullet := stripListMarker(t) != t
		text := plainText(t)
		if !bullet && !opened && planApproachHeading.MatchString(strings.TrimSpace(strings.TrimLeft(section, "# "))) {
			opened = true
			if d, ok := planChoice(text, true); ok && choiceClause(text) {
				labelled = append(labelled, d)
				continue
			}
			// A paragraph of several sentences states the approach one
			// part at a time ("Add an optional field to X. New files get
			// random keys; old ones fall back to the derived key."): each
			// sentence that says what to do or how the new design behaves
			// is a choice of the plan; one that says what is ("the handler
			// is slow") describes.
			if ss := sentences(text); len(ss) > 1 {
				for _, s := range ss {
					if strings.HasSuffix(s, "?") || !choiceClause(s) && (stateVerb.MatchString(s) || faultWords.MatchString(s)) {
						continue
					}
					if d, ok := planChoice(s, true); ok {
						labelled = append(labelled, d)
					}
				}
				continue
			}
		}
		if m := planDecisionLabel.FindStringSubmatch(text); m != nil {
			if d, ok := planChoice(m[1], true); ok {
				labelled = append(labelled, d)
			}
			continue
		}
		// "Every entity MUST have a migration — synchronize cannot be
		// relied upon", "All DDL statements use IF NOT EXISTS": a rule the
		// plan sets for all the work. "All 11 tables are documented" says
		// what is.
		if bullet && (planRule.MatchString(text) || universalRule.MatchString(text) && !stateVerb.MatchString(text)) && !strings.HasSuffix(text, "?") {
			if d, ok := planChoice(text, true); ok {
				labelled = append(labelled, d)
			}
			continue
		}
		if bullet && planDecisionHeading.MatchString(section) {
			if d, ok := planChoice(text, true); ok {
				labelled = append(labelled, d)
			}
			continue
		}
		for _, s := range sentences(text) {
			// "Consolidate decorators: instead of four decorators,
			// we'll have one": the step's label goes, and the course is
			// put before the alternative it replaces.
			s = planItemLabel.ReplaceAllString(s, "")
			if m := leadingInstead.FindStringSubmatch(aside.ReplaceAllString(s, "")); m != nil && choiceClause(m[2]) && !strings.HasSuffix(s, "?") {
				if d, ok := planChoice(strings.TrimRight(courseClause(m[2]), ".!;: ")+" instead of "+strings.TrimSpace(m[1]), false); ok {
					compared = append(compared, d)
				}
				continue
			}
			if !choiceClause(s) || strings.HasSuffix(s, "?") {
				continue
			}
			if d, ok := replacedStep(s); ok {
				compared = append(compared, d)
			} else if comparative.MatchString(s) {
				if d, ok := planChoice(s, false); ok {
					compared = append(compared, d)
				}
			} else if planReason.MatchString(s) {
				if d, ok := planChoice(s, false); ok && d.Rationale != "" {
					reasoned = append(reasoned, d)
				}
			}
		}
	}
	out := append(append(append(append(labelled, settledQuestions(plan)...), headed...), compared...), reasoned...)
	if len(out) > maxPlanDecisions {
		out = out[:maxPlanDecisions]
	}
	return out
}

// headingVerbs open a plan's section heading that names a choice rather
// than a piece of work: beside the verbs a design choice starts with, the
// ones that drop, keep or simplify what is there ("Remove auto-retry from
// the upload", "Simplify access() — always grant access"). "Add", "create",
// "update", "fix" name the work the plan does.
var headingVerbs = func() map[string]bool {
	m := set("remove", "drop", "keep", "simplify", "replace", "split", "disable")
	for v := range choiceVerbs {
		m[v] = true
	}
	return m
}()

// walkthroughStep is the heading of a walkthrough's step ("### Step 2:
// Delegate Tasks", "## Step 3 — Dispatch"): what to do in turn, the
// steps of carrying the work out, not choices between courses.
var walkthroughStep = regexp.MustCompile(`(?i)^[#\s*_]*step\s+\d+\b`)

// headingChoice reads a plan's section heading as the choice it names:
// "### 2. Remove auto-retry from the upload", "## Fix 3: Unify the compile
// state — disable the button during background compiles". The plan's
// title ("# Plan: …") and a heading that only names a file or a part are
// not choices.
func headingChoice(line string) (baton.Decision, bool) {
	if !strings.HasPrefix(line, "##") || walkthroughStep.MatchString(plainText(line)) {
		return baton.Decision{}, false
	}
	text := planItemLabel.ReplaceAllString(plainText(line), "")
	text = strings.TrimRight(strings.TrimSpace(strings.ReplaceAll(text, " — ", ": ")), ".:;")
	w := wordsOf(lowerText(text))
	if len(w) < 3 || len(w) > 20 || !headingVerbs[w[0]] || strings.HasSuffix(text, "?") {
		return baton.Decision{}, false
	}
	return baton.Decision{Decision: text}, true
}

// otherSection reports whether a plan's section describes or checks
// rather than chooses ("Context", "Verification", "Files to modify"). A
// heading that names a file ("### `internal/file/store.go`") is where the
// plan's steps apply, not a list of files: the words of its paths ("/",
// a dotted name) are not read.
func otherSection(heading string) bool {
	if walkthroughStep.MatchString(heading) {
		return true
	}
	words := strings.Fields(heading)
	kept := words[:0:0]
	for _, w := range words {
		if !strings.ContainsAny(w, "/`") && !strings.Contains(strings.Trim(w, ".:,;()"), ".") {
			kept = append(kept, w)
		}
	}
	h := strings.Join(kept, " ")
	return planOtherHeading.MatchString(h) && !planDecisionHeading.MatchString(h)
}

// planChoice splits a plan's statement of a choice into the choice, its
// reason and the alternative it names: "X instead of Y because Z",
// "**X** — Z". labelled says the plan itself calls it a decision, so a
// reason is not needed.
func planChoice(s string, labelled bool) (baton.Decision, bool) {
	s = strings.TrimRight(strings.TrimSpace(s), ".:;")
	var d baton.Decision
	if i := strings.Index(s, " — "); labelled && i > 0 {
		d.Rationale, s = strings.TrimSpace(s[i+len(" — "):]), s[:i]
	}
	if m := insteadAside.FindStringSubmatchIndex(s); m != nil {
		d.Alternatives = []string{excerpt(strings.TrimSpace(s[m[2]:m[3]]), decisionLength)}
		s = s[:m[0]] + s[m[1]:]
	}
	if loc := planReason.FindStringIndex(s); loc != nil && loc[0] > 0 {
		d.Rationale, s = strings.TrimSpace(s[loc[1]:]), s[:loc[0]]
	}
	if loc := alternativeAt(s); loc != nil {
		if alt := strings.TrimRight(strings.TrimSpace(s[loc[1]:]), ".!,;:"); alt != "" && len(strings.Fields(alt)) <= 12 {
			d.Alternatives = []string{excerpt(alt, decisionLength)}
		}
	}
	d.Decision = strings.TrimRight(strings.TrimSpace(s), ".!,;:")
	if n := len(wordsOf(strings.ToLower(d.Decision))); n < 3 || n > 30 {
		return baton.Decision{}, false
	}
	return d, true
}

var (
	// "Either change the flag to true or update the comment": two courses
	// the steward leaves to the assistant.
	eitherOr = regexp.MustCompile(`(?i)\beither\s+(.{6,160}?),?\s+or\s+(.{6,160}?)(?:[.?!]|$)`)
)

// eitherPick reads which of the steward's "either X or Y" the assistant's
// reply takes: the course whose words the reply repeats, when only one
// of them is. The other is the alternative; the reply's "since …" its
// reason.
func eitherPick(request, reply string) (baton.Decision, bool) {
	m := eitherOr.FindStringSubmatch(plainText(request))
	if m == nil {
		return baton.Decision{}, false
	}
	a, b := strings.TrimSpace(m[1]), strings.TrimSpace(m[2])
	replyWords := map[string]bool{}
	for _, w := range wordsOf(lowerText(plainText(reply))) {
		replyWords[w] = true
	}
	score := func(option string) int {
		n := 0
		for _, w := range contentWords(option) {
			if replyWords[w] {
				n++
			}
		}
		return n
	}
	sa, sb := score(a), score(b)
	if sa == sb {
		return baton.Decision{}, false
	}
	chosen, other := a, b
	if sb > sa {
		chosen, other = b, a
	}
	d := baton.Decision{Decision: chosen + " rather than " + other, Alternatives: []string{other}}
	if loc := planReason.FindStringIndex(chosen); loc != nil && loc[0] > 0 && strings.Contains(strings.ToLower(chosen[loc[0]:loc[1]]), "to ") {
		d.Rationale = strings.TrimSpace(chosen[loc[1]:])
		d.Decision = strings.TrimSpace(chosen[:loc[0]]) + " rather than " + other
	}
	for _, s := range sentences(plainText(reply)) {
		if r := reasonIn(s); r != "" {
			d.Rationale = r
			break
		}
		if strings.HasPrefix(strings.ToLower(s), "since ") {
			d.Rationale = strings.TrimPrefix(strings.TrimPrefix(s, "Since "), "since ")
			break
		}
	}
	return d, true
}

// contentWords are the words of s that carry meaning: no stop words, no
// words shorter than three letters.
func contentWords(s string) []string {
	var out []string
	for _, w := range wordsOf(lowerText(s)) {
		if len(w) < 3 || decisionStop[w] {
			continue
		}
		out = append(out, w)
	}
	return out
}

var decisionStop = set("the", "and", "for", "with", "from", "into", "that", "this", "these", "those", "then", "than",
	"what", "which", "when", "where", "about", "avoid", "being", "here", "there", "just", "also", "only", "make",
	"should", "would", "could", "will", "can", "not", "all", "any", "some", "its", "it's", "our", "your", "their",
	"have", "has", "was", "were", "are", "use", "using", "change", "update", "either", "other")

var (
	// An assistant's closing question between two courses: "Should I
	// rebase onto main or merge main in?", "Do you want me to X, or Y?".
	orQuestion = regexp.MustCompile(`(?i)\b(?:should i|shall i|should we|do you want(?: me)? to|would you (?:like|prefer)(?: me to)?|want me to|do you prefer(?: to)?|prefer to)\s+(.{4,140}?),?\s+or\s+(?:should i\s+|to\s+)?(.{4,140}?)\?`)
	// "the former", "the first", "the latter", "the second".
	// "First" or "second" alone only opens a reply: "project setup first"
	// orders the work, it picks no course by its place.
	formerPick = regexp.MustCompile(`(?i)^\s*(?:the\s+)?(former|first|latter|second)\b|\bthe\s+(former|first|latter|second)\b|\b(former|latter)\b`)
)

// orQuestionPick reads the steward's answer to the assistant's question
// between two courses ("Should I rebase onto main or merge main in?" —
// "merge, please"): the course the short reply names, by its words or as
// "the former" / "the latter".
func orQuestionPick(offer *view, reply string) (baton.Decision, bool) {
	if len(reply) > 200 || strings.Contains(reply, "?") || hasAnyPhrase(lowerText(reply), "neither", "not", "don't", "no") {
		return baton.Decision{}, false
	}
	qs := sentences(plainText(offer.prose))
	if len(qs) == 0 {
		return baton.Decision{}, false
	}
	m := orQuestion.FindStringSubmatch(qs[len(qs)-1])
	if m == nil {
		return baton.Decision{}, false
	}
	a, b := strings.TrimSpace(m[1]), strings.TrimSpace(m[2])
	// "Would you prefer a config file or environment variables?", "use
	// Tailwind or plain CSS modules": things named, not two clauses. A
	// reply that only names one of them ("environment variables
	// please") picks it; one that says more ("the rules should be cursor
	// rules" to "adjustments to the rules or their format?") is about
	// something else.
	things := !choiceClause(a) || !choiceClause(b)
	if things && choiceClause(a) {
		if w := strings.Fields(a); len(w) > 1 {
			b = w[0] + " " + b // "use Tailwind or plain CSS": the verb is both's
		}
	}
	pick := 0
	if f := formerPick.FindStringSubmatch(reply); f != nil && len(wordsOf(lowerText(reply))) <= 6 {
		pick = 1
		if w := strings.ToLower(f[1] + f[2] + f[3]); w == "latter" || w == "second" {
			pick = 2
		}
	} else {
		words := map[string]bool{}
		for _, w := range wordsOf(lowerText(reply)) {
			words[w] = true
		}
		// Each word of the course counts once: "verify the entire disable
		// path restores the .pre-entire hooks" names "entire" once, not
		// twice, in a reply that shares only that word.
		score := func(option string) (n int) {
			counted := map[string]bool{}
			for _, w := range contentWords(option) {
				if words[w] && !counted[w] {
					counted[w] = true
					n++
				}
			}
			return n
		}
		// The reply must name the course: two of its words, or half of
		// them, not one word it shares by chance ("check").
		names := func(n int, option string) bool { return n >= 2 || 2*n >= len(contentWords(option)) && n > 0 }
		switch sa, sb := score(a), score(b); {
		case sa > sb && names(sa, a):
			pick = 1
		case sb > sa && names(sb, b):
			pick = 2
		}
	}
	if pick == 0 {
		return baton.Decision{}, false
	}
	if pick == 2 {
		a, b = b, a
	}
	if things && !onlyNames(reply, a) {
		return baton.Decision{}, false
	}
	return baton.Decision{Decision: a + " rather than " + b, Rationale: reasonIn(reply), Alternatives: []string{b}}, true
}

// pickWords are the words a reply that picks wraps the pick in.
var pickWords = set("please", "pls", "thanks", "let's", "lets", "go", "with", "use", "prefer", "i'd", "like", "one", "option", "sounds", "good", "yes", "ok", "okay")

// onlyNames reports whether a short reply names what option names and
// nothing else: "environment variables please" for "environment
// variables for the credentials", "the former" alone.
func onlyNames(reply, option string) bool {
	words := wordsOf(lowerText(reply))
	if len(words) > 6 {
		return false
	}
	if formerPick.MatchString(reply) {
		return true
	}
	named := map[string]bool{}
	for _, w := range contentWords(option) {
		named[w] = true
	}
	for _, w := range contentWords(reply) {
		if !named[w] && !pickWords[w] {
			return false
		}
	}
	return true
}

var (
	// A steward's proposal put as a question: "can't we reuse X instead
	// of creating new strings?", "why not cache it per request?".
	proposalQuestion = regexp.MustCompile(`(?i)^(?:so\s+|but\s+|and\s+)?(?:can't we|cant we|can we not|could we not|couldn't we|shouldn't we|wouldn't it be (?:better|simpler|cleaner) to|why not|how about|what about|wouldn't something like|would(?:n't)? it make (?:more )?sense to|shouldn't (?:this|it|that|these) be)\s+(?:just\s+)?(.{6,200}?)\s*\?*$`)
	// The assistant's reply agreeing with it.
	agreement = regexp.MustCompile(`(?i)^(?:yes|yeah|yep|yup|(?:good|great|excellent) (?:idea|call|point|catch|eye|suggestion)|(?:you're|you are|the user is) (?:absolutely |totally |completely |exactly )?right|agreed|exactly|absolutely|definitely|makes sense|that's (?:a )?(?:better|cleaner|simpler|good|great|fair))\b`)
	// What a console transcript puts before the reply's words: "⏺ ", "✻
	// Thinking…".
	replyLead = regexp.MustCompile(`^(?:[\s⏺✻•*>]+|Thinking(?:…|\.\.\.)\s*)+`)
)

// proposalOf reads the proposal a steward's question makes, with the
// alternative it names: "can't we reuse X instead of creating new
// strings?" proposes "reuse X instead of creating new strings".
func proposalOf(prose string) (baton.Decision, bool) {
	for _, s := range sentences(plainText(prose)) {
		if !strings.HasSuffix(s, "?") {
			continue
		}
		m := proposalQuestion.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		d := baton.Decision{Decision: strings.TrimRight(m[1], "? ")}
		if alt := alternativeOf(d.Decision); alt != "" {
			d.Alternatives = []string{alt}
		}
		if len(wordsOf(strings.ToLower(d.Decision))) >= 3 {
			return d, true
		}
	}
	return baton.Decision{}, false
}

// proposalQuestionCue is a cheap test before proposalOf runs.
func proposalQuestionCue(lower string) bool {
	return strings.Contains(lower, "?") && hasAnyPhrase(lower, "can't we", "cant we", "can we not", "could we not",
		"couldn't we", "shouldn't we", "wouldn't it be", "why not", "how about", "what about", "wouldn't something like",
		"make sense to", "shouldn't this be", "shouldn't it be", "shouldn't that be", "shouldn't these be")
}

// agrees reports whether an assistant's reply opens by agreeing.
func agrees(prose string) bool {
	return agreement.MatchString(replyLead.ReplaceAllString(strings.TrimSpace(plainText(prose)), ""))
}

// replacedStep reads a plan's step that replaces one thing with another:
// "Replace strict UID checking with an existence check", "Change
// req.uid() to libc::getuid() — matches the root inode". The new thing is
// chosen, the old one turned down; what follows a dash is the reason.
func replacedStep(s string) (baton.Decision, bool) {
	s = strings.TrimRight(strings.TrimSpace(s), ".;:")
	var d baton.Decision
	if i := strings.Index(s, " — "); i > 0 {
		d.Rationale, s = strings.TrimSpace(s[i+len(" — "):]), strings.TrimSpace(s[:i])
	}
	m := replaceStep.FindStringSubmatch(s)
	if m == nil {
		return baton.Decision{}, false
	}
	old, chosen := strings.TrimSpace(m[2]), strings.TrimSpace(m[3])
	if strings.EqualFold(m[1], "change") && !strings.ContainsAny(old+chosen, "`()_.:") {
		return baton.Decision{}, false // "change the wording to match": a step, not two named things
	}
	if loc := planReason.FindStringIndex(chosen); loc != nil && loc[0] > 0 {
		d.Rationale, chosen = strings.TrimSpace(chosen[loc[1]:]), chosen[:loc[0]]
	}
	// Without its reason a replacement is a step of the plan's work.
	if d.Rationale == "" || len(strings.Fields(old)) > 10 || len(strings.Fields(chosen)) > 14 {
		return baton.Decision{}, false
	}
	d.Decision = "use " + chosen + " instead of " + old
	d.Alternatives = []string{old}
	return d, true
}

// replaceStep is "replace X with Y", "swap X for Y", "change X to Y".
var replaceStep = regexp.MustCompile(`(?i)^(?:just\s+|then\s+)?(replace|swap|change)\s+(.{2,80}?)\s+(?:with|for|to)\s+(.{2,})$`)
