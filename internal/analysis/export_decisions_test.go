package analysis

import (
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// An experiment kept as a measuring tool, compiled into tests only: a
// scored decision extractor. Where the phrase rules of decisionsOf each
// read one wording, it weighs every sentence of the turns where a session
// settles something — the steward's turns, and the assistant's turn the
// steward answers or that sets a course against another — by a few dozen
// features of where the sentence stands and what it says, with a logistic
// regression trained on the dev split's labels (TestTrainDecisions,
// BATON_TRAIN_DECISIONS=1). Its candidates also measure why the rules
// miss what they miss (TestDecisionMisses, BATON_DECISIONS_MISSES=file).
//
// The analysis does not run it: trained on half A (threshold and cap
// chosen there) it took half B from 0.89 / 0.41 to 0.82 / 0.43; trained on
// half B it added nothing to half A; its picks beyond the rules were
// right about half the time, and weighing the candidates was about a
// tenth of BenchmarkSession's CPU (0.14 s of 1.14 s of profile). What it
// measured: of the labels the rules miss, almost none is found in other
// words (the matcher refuses 4 of 206) and one is in no sentence at all;
// nearly all are stated in a sentence that nothing tells apart from the
// session's other requests and proposals by where it stands or its cue
// words.

// decisionFeatureNames name the features, in the order of the weights.
var decisionFeatureNames = []string{
	"bias", "steward", "steward_reply_to_question", "steward_reply_to_options", "steward_first", "steward_short_turn",
	"accepted_next", "acted_on", "contrast", "because", "choice_verb", "recommend", "question",
	"words_le_6", "words_7_20", "words_gt_20", "first_sentence", "narration", "code", "negation",
	"option_word", "cjk", "acceptance_opener", "list_item", "imperative", "we_our", "must_need",
	"late_in_session", "assistant_offers_list", "future_i_will",
	"accepted_x_recommend", "accepted_x_option_word", "accepted_x_choice_verb", "options_x_short_turn",
	"contrast_x_choice_verb", "shares_words_with_reply", "single_sentence_turn", "contrast_x_because",
}

const nDecisionFeatures = 38

// decisionCandidate is one sentence the scored extractor weighs.
type decisionCandidate struct {
	at       int    // the view that holds it
	sentence string // as written
	x        [nDecisionFeatures]float64
}

// text is the candidate's choice clause and its rationale, as plain text.
func (c *decisionCandidate) text() (string, string) {
	return scoredClause(strings.TrimSpace(plainText(stripMarkup(c.sentence))))
}

// maxCandidateSentences bounds the sentences read of one message: a long
// answer's choices are stated early or in a turn of their own.
const maxCandidateSentences = 40

// eachDecisionCandidate calls fn with each sentence the scored extractor
// weighs: the sentences of the steward's turns (not a brief or a paste),
// and those of an assistant turn that the steward answers in a short turn
// or that sets a course against another ("instead of", "rather than").
// c is reused from call to call: the analysis of a long session weighs
// thousands of sentences and keeps a handful.
func eachDecisionCandidate(vs []view, fn func(c *decisionCandidate)) {
	next := make([]int, len(vs)) // the steward's next turn with prose after each view, or -1
	for i, n := len(vs)-1, -1; i >= 0; i-- {
		next[i] = n
		if vs[i].steward() && vs[i].text {
			n = i
		}
	}
	var c decisionCandidate
	firstSteward, prevAssistant := -1, -1
	late := func(i int) float64 { return b2f(2*i > len(vs)) }
	for i := range vs {
		v := &vs[i]
		if !v.text {
			continue
		}
		if v.assistant() {
			prevAssistant = i
			reply := next[i]
			replied := reply >= 0 && len(vs[reply].prose) <= 400
			if !replied && !hasAnyPhrase(v.lower(), "instead of", "rather than") {
				continue
			}
			accepted := reply >= 0 && accepts(vs[reply].prose)
			offers := offersList(v.prose)
			acted := actedOn(vs, i)
			for k, s := range capped(decisionSentences(v.prose)) {
				if !c.read(i, k, s) {
					continue
				}
				c.x[6] = b2f(accepted)
				c.x[7] = b2f(acted)
				c.x[27] = late(i)
				c.x[28] = b2f(offers)
				c.x[35] = b2f(reply >= 0 && sharedWords(c.sentence, vs[reply].lower()) >= 2)
				c.interactions()
				fn(&c)
			}
			continue
		}
		if !v.steward() || len(v.prose) > maxRequestMessage || stewardBrief(v.prose) {
			continue
		}
		if firstSteward < 0 {
			firstSteward = i
		}
		words := len(wordsOf(v.lower()))
		var question, options bool
		if prevAssistant >= 0 {
			question = strings.Contains(vs[prevAssistant].prose, "?")
			options = offersList(vs[prevAssistant].prose)
		}
		acted := actedOn(vs, i)
		ss := decisionSentences(v.prose)
		single := len(ss) == 1
		for k, s := range capped(ss) {
			if !c.read(i, k, s) {
				continue
			}
			c.x[1] = 1
			c.x[2] = b2f(question)
			c.x[3] = b2f(options)
			c.x[4] = b2f(i == firstSteward)
			c.x[5] = b2f(words <= 30)
			c.x[7] = b2f(acted)
			c.x[27] = late(i)
			c.x[35] = b2f(prevAssistant >= 0 && sharedWords(c.sentence, vs[prevAssistant].lower()) >= 2)
			c.x[36] = b2f(single)
			c.interactions()
			fn(&c)
		}
	}
}

func capped(ss []string) []string {
	if len(ss) > maxCandidateSentences {
		return ss[:maxCandidateSentences]
	}
	return ss
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// offersList reports whether prose holds a numbered list of two items or
// more, or names options.
func offersList(prose string) bool {
	n := 0
	for line := range strings.SplitSeq(prose, "\n") {
		t := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "#*"))
		if len(t) >= 2 && (t[0] >= '1' && t[0] <= '9' && (t[1] == '.' || t[1] == ')')) {
			n++
		}
	}
	return n >= 2 || strings.Contains(strings.ToLower(prose), "option")
}

// read sets c to sentence s (the k-th of view at) with the features the
// sentence carries on its own, read from its words as written (markup
// marks change no phrase); the caller adds those of its turn. False for
// a sentence too short to name a course and what it acts on
// ("unified_exec", "Research Library": headings, not decisions).
func (c *decisionCandidate) read(at, k int, s string) bool {
	lower := lowerText(s)
	words := wordsOf(lower)
	if len(words) < 4 {
		return false
	}
	*c = decisionCandidate{at: at, sentence: s}
	n := len(words)
	x := &c.x
	x[0] = 1
	x[8] = b2f(hasAnyPhrase(lower, "instead of", "rather than", "instead", "versus", "vs", "over", "not", "without"))
	x[9] = b2f(hasAnyPhrase(lower, "because", "since", "so that", "to avoid", "so we", "which means"))
	x[10] = b2f(hasAnyPhrase(lower, "let's", "let us", "we'll", "we will", "go with", "use", "switch to", "decide", "decided", "chose", "choose", "prefer", "stick with", "keep", "opt", "going with"))
	x[11] = b2f(hasAnyPhrase(lower, "recommend", "suggest", "i'd", "best", "better", "simplest", "should", "cleanest", "safer"))
	x[12] = b2f(strings.Contains(s, "?"))
	x[13] = b2f(n <= 6)
	x[14] = b2f(n > 6 && n <= 20)
	x[15] = b2f(n > 20)
	x[16] = b2f(k == 0)
	x[17] = b2f(hasAnyPhrase(lower, "i've", "i have", "was", "were", "has been", "now", "done", "updated", "added", "fixed"))
	x[18] = b2f(strings.ContainsAny(s, "`/\\") || strings.Contains(s, "()"))
	x[19] = b2f(hasAnyPhrase(lower, "don't", "do not", "never", "no", "not", "shouldn't"))
	x[20] = b2f(hasAnyPhrase(lower, "option", "approach", "strategy", "alternative", "instead", "choice"))
	x[21] = b2f(cjkShareOf(s) > 0.3)
	x[22] = b2f(hasAnyPhrase(lower, "yes", "ok", "okay", "sure", "sounds good", "go ahead", "agreed", "perfect", "great", "let's do"))
	x[23] = b2f(strings.TrimSpace(s) != stripListMarker(strings.TrimSpace(s)))
	x[24] = b2f(choiceImperatives[words[0]])
	x[25] = b2f(hasAnyPhrase(lower, "we", "our", "us"))
	x[26] = b2f(hasAnyPhrase(lower, "must", "need to", "needs to", "has to", "have to"))
	x[29] = b2f(hasAnyPhrase(lower, "i'll", "i will", "we'll", "we will", "going to"))
	return true
}

// choiceImperatives open a sentence that tells what to do.
var choiceImperatives = map[string]bool{
	"use": true, "add": true, "keep": true, "make": true, "remove": true, "switch": true, "move": true, "replace": true,
	"create": true, "go": true, "put": true, "change": true, "drop": true, "split": true, "rename": true, "let's": true,
	"don't": true, "do": true, "try": true, "stick": true, "leave": true, "avoid": true, "store": true, "set": true,
}

// DecisionCandidate is a candidate as the training test sees it.
type DecisionCandidate struct {
	Sentence, Decision string
	X                  []float64
}

// DecisionFeatureNames are the scored extractor's features, in order.
func DecisionFeatureNames() []string { return decisionFeatureNames }

// DecisionCandidates lists a stored session's candidates.
func DecisionCandidates(msgs []*baton.Message) []DecisionCandidate {
	var out []DecisionCandidate
	eachDecisionCandidate(buildViews(New(), msgs), func(c *decisionCandidate) {
		d, _ := c.text()
		out = append(out, DecisionCandidate{Sentence: c.sentence, Decision: d, X: append([]float64(nil), c.x[:]...)})
	})
	return out
}

// RuleDecisions are a stored session's decisions as the analysis finds them.
func RuleDecisions(msgs []*baton.Message) []string {
	var out []string
	for _, d := range decisionsOf(buildViews(New(), msgs)) {
		out = append(out, d.Decision)
	}
	return out
}

// scoredClause splits a sentence into the choice and its "because …"
// rationale, and cuts the choice to a breath (maxDecisionWords words).
func scoredClause(s string) (string, string) {
	lower := strings.ToLower(s)
	choice, why := s, ""
	for _, marker := range []string{" because ", " since ", " so that ", " — ", " - ", " as it ", "; "} {
		if k := strings.Index(lower, marker); k > 0 {
			choice, why = s[:k], strings.TrimSpace(s[k+len(marker):])
			break
		}
	}
	fields := strings.Fields(choice)
	if len(fields) > maxDecisionWords {
		choice = strings.Join(fields[:maxDecisionWords], " ")
	}
	return strings.TrimSpace(strings.TrimRight(choice, ".!,;: ")), why
}

// interactions sets the features that pair two others.
func (c *decisionCandidate) interactions() {
	x := &c.x
	x[30] = x[6] * x[11]
	x[31] = x[6] * x[20]
	x[32] = x[6] * x[10]
	x[33] = x[3] * x[5]
	x[34] = x[8] * x[10]
	x[37] = x[8] * x[9]
}

// sharedWords counts the words of a phrase (four letters or more) that
// lower-case text holds.
func sharedWords(phrase, lower string) int {
	n := 0
	for _, w := range wordsOf(strings.ToLower(phrase)) {
		if len(w) >= 4 && strings.Contains(lower, w) {
			n++
		}
	}
	return n
}
