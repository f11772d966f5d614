package analysis

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// Summary limits.
const (
	maxSummary     = 1000 // bytes, the seed's limit
	maxOutcomes    = 5
	maxDecisions   = 10
	outcomeLength  = 200
	decisionLength = 160
	minSentence    = 4  // words
	maxSentence    = 60 // words
)

// candidate is one sentence the summary may use.
//
// A long session has hundreds of thousands of them at once, so a
// candidate keeps its distinct salient terms as numbers (a term's index in
// summaryOf's vocabulary) and, of its lower-cased text, only what the
// scoring asks of it: the terms were substrings of that text and held
// every sentence's lower-cased copy in memory.
type candidate struct {
	text  string
	view  int
	pos   int // order in the session
	terms []int32
	score float64
	// decides: the sentence has a decision cue; chatty: it starts "let
	// me", "i'll" or "now let me". Known only for a candidate with terms
	// (the others are never scored).
	decides, chatty bool
	isOut, isQues   bool
}

// summaryOf computes the seed's summary.
//
// The text is extractive: every sentence of steward and assistant prose
// with 4 to 60 words (table rows left out, Markdown made plain text: no
// code-span backticks, emphasis marks, link syntax or list markers) is
// scored by the weight of its distinct salient terms
// — a term weighs (1 + ln tf) · ln(1 + N/df), tf its count in the session,
// df the number of the N messages that use it — averaged and damped for
// sentences with fewer than four terms, then scaled by position and kind:
// ×1.6 in the first steward message (the ask), ×1.3 in the last two
// messages (the conclusion), ×1.3 for an outcome, ×1.2 for a decision,
// ×0.7 for a question, ×0.5 for the assistant announcing its next step.
// The best sentences that fit in 1,000 bytes are joined in their original
// order, skipping any whose terms overlap a chosen one's by 80% or more.
//
// Key topics are the topics most often given to steward and assistant
// messages. Main outcomes are the best-scored sentences (at most five, in
// order) saying something is done, fixed, implemented, decided, shipped,
// completed, resolved, merged or deployed, unless negated. Decisions are
// sentences like "we'll go with X because Y", "let's use X instead of Y
// since Z" or "decided to X", with the rationale after because / since /
// so that / given that / due to.
func summaryOf(vs []view) baton.Summary {
	sum := baton.Summary{KeyTopics: keyTopics(vs), MainOutcomes: []string{}, Decisions: []baton.Decision{}}
	var cands []candidate
	// vocab numbers the salient terms; tf and df are indexed by number.
	vocab := map[string]int32{}
	var tf, df []int
	docs := 0
	firstSteward, lastText := -1, -1
	for i := range vs {
		v := &vs[i]
		if !v.text {
			continue
		}
		if firstSteward < 0 && v.steward() {
			firstSteward = i
		}
		lastText = i
		docs++
		inDoc := map[int32]bool{}
		for _, s := range sentences(v.prose) {
			if strings.Count(s, "|") >= 2 { // a table row
				continue
			}
			s = plainText(s)
			l := lowerText(s)
			words := wordsOf(l)
			var terms []int32
			for _, w := range words {
				if salient(w) {
					t, ok := vocab[w]
					if !ok {
						t = int32(len(tf))
						vocab[strings.Clone(w)] = t
						tf, df = append(tf, 0), append(df, 0)
					}
					tf[t]++
					if !inDoc[t] {
						inDoc[t] = true
						df[t]++
					}
					terms = appendUniqueTerm(terms, t)
				}
			}
			if len(words) < minSentence || len(words) > maxSentence {
				continue
			}
			c := candidate{
				text: s, view: i, pos: len(cands), terms: terms,
				isOut: isOutcome(words), isQues: strings.HasSuffix(s, "?"),
			}
			if len(terms) > 0 {
				c.decides = decisionCue(l)
				c.chatty = strings.HasPrefix(l, "let me ") || strings.HasPrefix(l, "i'll ") || strings.HasPrefix(l, "now let me ")
			}
			cands = append(cands, c)
		}
	}
	secondLast := -1
	for i := lastText - 1; i >= 0; i-- {
		if vs[i].text {
			secondLast = i
			break
		}
	}
	weight := func(t int32) float64 {
		return (1 + math.Log(float64(tf[t]))) * math.Log(1+float64(docs)/float64(df[t]))
	}
	for k := range cands {
		c := &cands[k]
		if len(c.terms) == 0 {
			continue
		}
		total := 0.0
		for _, t := range c.terms {
			total += weight(t)
		}
		c.score = total / float64(len(c.terms)) * min(1, float64(len(c.terms))/4)
		v := &vs[c.view]
		switch {
		case c.view == firstSteward:
			c.score *= 1.6
		case c.view == lastText || c.view == secondLast:
			c.score *= 1.3
		}
		if c.isOut {
			c.score *= 1.3
		}
		if c.decides {
			c.score *= 1.2
		}
		if c.isQues {
			c.score *= 0.7
		}
		if v.assistant() && c.chatty {
			c.score *= 0.5
		}
	}

	ranked := make([]int, len(cands))
	for k := range ranked {
		ranked[k] = k
	}
	sortStable(ranked, func(a, b int) bool { return cands[a].score > cands[b].score })

	picked := make([]bool, len(cands))
	size := 0
	var chosen []int
	for _, k := range ranked {
		c := &cands[k]
		if c.score <= 0 {
			break
		}
		s := withStop(c.text)
		if size+len(s)+1 > maxSummary || redundant(cands, chosen, k) {
			continue
		}
		picked[k] = true
		chosen = append(chosen, k)
		size += len(s) + 1
	}
	var parts []string
	for k := range cands {
		if picked[k] {
			parts = append(parts, withStop(cands[k].text))
		}
	}
	sum.AutoGenerated = strings.Join(parts, " ")
	if sum.AutoGenerated == "" && len(cands) > 0 {
		sum.AutoGenerated = excerpt(cands[0].text, maxSummary-4)
	}

	var outs []int
	for _, k := range ranked {
		if cands[k].isOut && !cands[k].isQues && len(outs) < maxOutcomes {
			if !containsFold(candTexts(cands, outs), cands[k].text) {
				outs = append(outs, k)
			}
		}
	}
	sortStable(outs, func(a, b int) bool { return a < b })
	for _, k := range outs {
		sum.MainOutcomes = append(sum.MainOutcomes, excerpt(cands[k].text, outcomeLength))
	}

	sum.Decisions = decisionsOf(vs)
	return sum
}

// redundant reports whether candidate k says what a chosen one says: the
// same text, or terms that overlap by 80% or more (Jaccard).
func redundant(cands []candidate, chosen []int, k int) bool {
	c := &cands[k]
	for _, j := range chosen {
		o := &cands[j]
		if strings.EqualFold(o.text, c.text) {
			return true
		}
		common := 0
		for _, t := range c.terms {
			if slices.Contains(o.terms, t) {
				common++
			}
		}
		if union := len(c.terms) + len(o.terms) - common; union > 0 && float64(common)/float64(union) >= 0.8 {
			return true
		}
	}
	return false
}

func candTexts(cands []candidate, ks []int) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = cands[k].text
	}
	return out
}

// withStop ends a sentence with punctuation, so joined sentences read.
func withStop(s string) string {
	switch s[len(s)-1] {
	case '.', '!', '?', ':', ')', '"', '\'':
		return s
	}
	return s + "."
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// appendUniqueTerm appends t to list unless list holds it.
func appendUniqueTerm(list []int32, t int32) []int32 {
	if slices.Contains(list, t) {
		return list
	}
	return append(list, t)
}

// subjectPhrases are the pairs of adjacent salient words of a prompt, not
// parted by punctuation and not technologies: "rate limiting" in "Add rate
// limiting to the public API endpoints". At most two, in order.
func subjectPhrases(prose string) []string {
	var out []string
	for _, seg := range strings.FieldsFunc(strings.ToLower(prose), func(r rune) bool {
		return strings.ContainsRune(".,;:!?()[]{}\"`\n", r)
	}) {
		ws := strings.Fields(seg)
		for i := 0; i+1 < len(ws) && len(out) < 2; i++ {
			a, b := ws[i], ws[i+1]
			// A noun used as a modifier is singular ("rate limiting",
			// "refresh tokens"): "finds sessions" is a verb and its object.
			if !phraseWord(a) || !phraseWord(b) || strings.HasSuffix(a, "s") && !strings.HasSuffix(a, "ss") {
				continue
			}
			out = append(out, a+" "+b)
			i++ // a word belongs to one phrase
		}
	}
	return out
}

func phraseWord(w string) bool {
	if strings.ContainsFunc(w, func(r rune) bool { return r >= 0x3040 }) {
		return false // CJK words are cut by splitCJK instead
	}
	return salient(w) && !isTechnologyName(w) && !strings.ContainsAny(w, "/_.")
}

// isTechnologyName reports whether a lower-case topic names a technology.
func isTechnologyName(t string) bool {
	if _, ok := technologies[t]; ok {
		return true
	}
	return technologyNamesLower[t]
}

// technologyNamesLower holds every technology's name in lower case, made
// once: keyTopics asks for each topic of each message (lowering every
// name per question was most of a 150,000-message session's analysis).
var technologyNamesLower = func() map[string]bool {
	out := make(map[string]bool, len(technologies)+len(caseTechnologies))
	for _, names := range []map[string]string{caseTechnologies, technologies} {
		for _, name := range names {
			out[strings.ToLower(name)] = true
		}
	}
	return out
}()

var outcomeWords = set("done", "fixed", "implemented", "decided", "shipped", "completed", "resolved", "merged",
	"deployed", "finished", "released")

// isOutcome reports an outcome word that no "not", "isn't", "still" or the
// like negates.
func isOutcome(words []string) bool {
	for i, w := range words {
		if !outcomeWords[w] {
			continue
		}
		if (i > 0 && (negators[words[i-1]] || words[i-1] == "still" || words[i-1] == "yet")) ||
			(i > 1 && (negators[words[i-2]] || words[i-2] == "haven't" || words[i-2] == "hasn't")) {
			continue
		}
		return true
	}
	return false
}

// decisionCue is a cheap test before the decision pattern runs.
func decisionCue(lower string) bool {
	for _, c := range []string{"go with", "went with", "switched to", "chose", "opted", "rather than", "the fix is", "solution is", "approach is", "settled on", "going with", "decided", "decision", "switch to", "stick with", "use ", "choose", "pick ", "adopt", "instead of", "start with",
		"entschieden", "entscheidung", "wir verwenden", "wir nehmen", "wir nutzen", "wir benutzen", "wir bleiben bei", "wir wechseln zu", "ことに"} {
		if strings.Contains(lower, c) {
			return true
		}
	}
	return false
}

var (
	// "we'll go with X", "let's use X instead of Y", "I'm going to switch to X".
	decisionChoice = regexp.MustCompile(`(?i)\b(?:we'll|we will|we're going to|we are going to|let's|let us|i'll|i will|i'm going to|we should|i think we should|we're|we are|i'm|i am)\s+((?:go|going) with|use|using|switch(?:ing)? to|stick(?:ing)? with|choose|choosing|pick|picking|adopt|adopting|keep|move to|migrate to|replace|start with)\s+(.+)`)
	// German: "wir haben entschieden, X", "Entscheidung: X".
	decisionMadeDE = regexp.MustCompile(`(?i)\b(?:(?:wir|ich) haben (?:uns )?(?:dafür )?entschieden|(?:wir|ich) habe (?:mich )?entschieden|entscheidung:)\s*,?\s*(?:dass\s+|zu\s+)?(.+)`)
	// German: "wir verwenden X", "wir bleiben bei X".
	decisionChoiceDE = regexp.MustCompile(`(?i)\b(?:wir|ich)\s+(verwenden|nehmen|nutzen|benutzen|bleiben bei|wechseln zu|setzen auf)\s+(.+)`)
	// Japanese: "Xことにしました", "Xことに決めました" (decided to X).
	decisionMadeJA = regexp.MustCompile(`^(.+?)ことに(?:しました|決めました|決定しました|します|する)`)
	// "we'll start fresh instead of forking X", "let's X rather than Y".
	decisionInstead = regexp.MustCompile(`(?i)\b(?:we'll|we will|we're going to|let's|let us|i'll|i will|we should)\s+(.+?)\s+(?:instead of|rather than)\s+(.+)`)
	// "I switched to X", "we went with X", "I opted for X": a choice made.
	decisionPast = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:have\s+|'ve\s+)?(switched to|went with|chose|opted for|opted to|settled on|moved to|replaced)\s+(.+)`)
	// "the fix is to X", "the simplest solution is X", "the best approach is to X".
	decisionFix = regexp.MustCompile(`(?i)^(?:so\s+)?the\s+(?:\w+\s+)?(?:fix|solution|approach|plan)\s+(?:is|will be)\s+to\s+(.+)`)
	// "decided to X", "the decision is to X", "decision: X".
	decisionMade = regexp.MustCompile(`(?i)\b(?:decided (?:to|on)|decision is to|decision was to|decision:)\s*(.+)`)
	// What follows these is the alternative turned down.
	alternativeMarker = regexp.MustCompile(`(?i),?\s+(?:instead of|rather than)\s+`)
	// What follows these gives the reason.
	rationaleMarker = regexp.MustCompile(`(?i)[,;]?\s+(?:because|since|so that|given that|due to|as it|as they|as this|as that|weil|denn)\s+`)
)

// decisionOf reads a decision and its rationale from a sentence. From the
// assistant, a plain choice ("I'll use grep") counts only with a reason or
// when it says "decided".
func decisionOf(s string, steward bool) (baton.Decision, bool) {
	var decision string
	explicit := false // the sentence itself says it was decided
	if m := decisionMadeJA.FindStringSubmatch(s); m != nil {
		d := strings.TrimSpace(m[1])
		if utf8.RuneCountInString(d) < 3 {
			return baton.Decision{}, false
		}
		return baton.Decision{Decision: excerpt(d, decisionLength)}, true
	}
	if m := decisionMade.FindStringSubmatch(s); m != nil {
		decision = m[1]
	} else if m := decisionMadeDE.FindStringSubmatch(s); m != nil {
		decision, explicit = m[1], true
	} else if m := decisionChoiceDE.FindStringSubmatch(s); m != nil {
		decision = strings.ToLower(m[1]) + " " + m[2]
	} else if m := decisionPast.FindStringSubmatch(s); m != nil {
		verb := strings.ToLower(m[1])
		switch verb {
		case "switched to", "moved to":
			verb = "switch to"
		case "went with", "chose", "opted for", "settled on":
			verb = "use"
		case "opted to":
			verb = ""
		}
		decision, explicit = strings.TrimSpace(verb+" "+m[2]), true
	} else if m := decisionFix.FindStringSubmatch(s); m != nil {
		decision, explicit = m[1], true
	} else if m := decisionInstead.FindStringSubmatch(s); m != nil && !decisionChoice.MatchString(s) {
		decision = m[1] + " instead of " + m[2]
	} else if m := decisionChoice.FindStringSubmatch(s); m != nil {
		verb := strings.ToLower(m[1])
		switch verb {
		case "going with":
			verb = "go with"
		case "using":
			verb = "use"
		}
		decision = verb + " " + m[2]
	} else {
		return baton.Decision{}, false
	}
	var rationale string
	if loc := rationaleMarker.FindStringIndex(decision); loc != nil {
		rationale = decision[loc[1]:]
		decision = decision[:loc[0]]
	}
	var alternatives []string
	if loc := alternativeMarker.FindStringIndex(decision); loc != nil {
		if alt := strings.TrimRight(strings.TrimSpace(decision[loc[1]:]), ".!,;:"); alt != "" {
			alternatives = []string{excerpt(alt, decisionLength)}
		}
		decision = decision[:loc[0]]
	}
	decision = strings.TrimRight(strings.TrimSpace(decision), ".!,;:")
	rationale = strings.TrimRight(strings.TrimSpace(rationale), ".!,;:")
	if len(wordsOf(strings.ToLower(decision))) < 2 {
		return baton.Decision{}, false
	}
	if !steward && rationale == "" && !explicit && !strings.Contains(strings.ToLower(s), "decid") {
		return baton.Decision{}, false
	}
	return baton.Decision{Decision: excerpt(decision, decisionLength), Rationale: excerpt(rationale, decisionLength), Alternatives: alternatives}, true
}

// decisionSentences are the sentences of prose, Japanese ones (ending in
// "。") split too.
func decisionSentences(prose string) []string {
	var out []string
	for _, s := range sentences(prose) {
		if !strings.Contains(s, "。") {
			out = append(out, s)
			continue
		}
		for part := range strings.SplitSeq(s, "。") {
			if part = strings.TrimSpace(part); part != "" {
				out = append(out, part)
			}
		}
	}
	return out
}
