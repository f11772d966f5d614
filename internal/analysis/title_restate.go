package analysis

import "strings"

// An assistant that takes on a request often opens its answer by saying
// what it is about to do, in its own words: "I'll help you create a rule
// for test-driven bug fixing", "I'll add scipy as a dependency to your
// project". That restatement is the request rewritten as one plain
// imperative, whatever the prompt looked like (a pasted log, a question, a
// paragraph of background), so it may title the session as the prompt's
// own sentences do.

// restatementOpenings open the sentence in which the assistant takes on
// the steward's request, in lower case: what follows is the work.
var restatementOpenings = [][]string{
	{"i'll", "help", "you"}, {"i", "will", "help", "you"}, {"i", "can", "help", "you"},
	{"let", "me", "help", "you"}, {"i'd", "be", "happy", "to", "help", "you"},
	{"i'll", "help"}, {"i", "will", "help"}, {"i", "can", "help"}, {"let", "me", "help"}, {"i'll"}, {"i", "will"},
	{"i'm", "going", "to"}, {"i", "am", "going", "to"}, {"let", "me"},
}

// stepOpening opens the assistant's sentence for its next step, which
// restates the request only when it repeats the request's verb ("Clean
// it up." answered by "Let me clean up the UI").
var stepOpening = []string{"let", "me"}

// promptHasWord reports a steward message that holds the word.
func promptHasWord(v *view, word string) bool {
	w := bareWord(word)
	for _, f := range strings.Fields(v.lower()) {
		if bareWord(f) == w {
			return true
		}
	}
	return false
}

// processVerbs say what the assistant does to find its way, not the
// work asked of it ("I'll explore the docs folder", "I'll check the
// logs first"): a restatement opening with one names no task.
var processVerbs = set("check", "find", "look", "read", "explore", "investigate", "search", "run", "list", "open",
	"start", "examine", "gather", "get", "go", "trace", "analyze", "analyse", "take", "begin", "scan", "inspect",
	"verify", "understand", "see", "fetch", "load", "first", "do", "try", "keep", "give", "tell", "help", "use",
	"show", "put", "turn", "dig", "walk", "break", "need", "continue", "proceed", "grab", "think", "assume", "note",
	"pull", "query", "locate", "study", "figure", "work", "be", "have")

// restatedVerb reports a word that opens the work itself in the
// assistant's restatement: after "I'll" comes a verb, and any verb but
// a step of the assistant's process names the work.
func restatedVerb(w string) bool {
	w = bareWord(w)
	return w != "" && !processVerbs[w] && !strings.ContainsAny(w, "0123456789'") && !functionWords[w]
}

// skipAdverbs drops the adverbs between "I'll" and its verb ("I'll
// quickly add", "I'll now update"); a verb in -ly ("I'll apply the
// patch", "I'll reply to the review") is the work, no adverb.
func skipAdverbs(words []string) []string {
	for len(words) > 1 {
		w := bareWord(words[0])
		if !restateAdverbs[w] && !(strings.HasSuffix(w, "ly") && len(w) > 4 && !lyWords[w]) {
			break
		}
		words = words[1:]
	}
	return words
}

var restateAdverbs = set("now", "also", "just", "then", "first", "next", "go", "ahead", "and")

// restatement is the sentence in which the answer to the prompt at vs[i]
// restates the request it takes on, from the verb of the work on; ok is
// false when the answer does not open with one. Only the answer's first
// sentence counts: a later "I'll …" is a step of the work. With pastAck
// (titles), a sentence that only acknowledges the prompt ("Certainly!")
// and the acknowledgement before "I'll" ("Sure, I'll …") are read past;
// the tasks, which read the restatement of a remark, do not (a remark
// acknowledged is still no request).
func restatement(vs []view, i int, pastAck bool) (titleSentence, bool) {
	for j := i + 1; j < len(vs); j++ {
		v := &vs[j]
		if v.steward() && v.text {
			return titleSentence{}, false
		}
		if !v.assistant() || !v.text {
			continue
		}
		prose := answerProse(v)
		if !mayOpenRestatement(prose) {
			return titleSentence{}, false
		}
		s, ok := firstWordSentence(prose, pastAck)
		if !ok {
			return titleSentence{}, false
		}
		work, ok := restatedWork(s.words, pastAck)
		if ok && openingMatches(s.words, stepOpening) && !promptHasWord(&vs[i], work.words[0]) {
			// "Let me …" opens a step as often as the work: it
			// restates the request only with the request's verb.
			return titleSentence{}, false
		}
		return work, ok
	}
	return titleSentence{}, false
}

// mayOpenRestatement reports whether an answer may open with one of the
// restatementOpenings, whose first words are "I", "I'll", "I'd", "I'm"
// and "Let": it holds an "i" or a "let", in either case, not followed by
// a lower-case letter (a Turkish "İ" lower-cases to "i" too). An answer
// without one cannot restate the request, and its first sentence need
// not be found: that was a tenth of a first sync's CPU, for every
// steward message without a request.
func mayOpenRestatement(prose string) bool {
	for i := 0; i < len(prose); i++ {
		end := -1
		switch prose[i] {
		case 'i', 'I':
			end = i + 1
		case 'l', 'L':
			if i+2 < len(prose) && prose[i+1]|0x20 == 'e' && prose[i+2]|0x20 == 't' {
				end = i + 3
			}
		}
		if end >= 0 && (end == len(prose) || prose[end] < 'a' || prose[end] > 'z') {
			return true
		}
	}
	return strings.Contains(prose, "\u0130")
}

// restatedWork is the work a sentence of the assistant takes on, from
// the verb after its opening ("I'll help you", "I'll", "I'm going to")
// on; ok is false when the sentence has no such opening, or its verb is
// a step of the assistant's process. With pastAck, an acknowledgement
// before the opening ("Sure, …") is left out.
func restatedWork(words []string, pastAck bool) (titleSentence, bool) {
	// "Sure, I'll add …": the acknowledgement before the restatement.
	for pastAck && len(words) > 2 && ackOpeners[bareWord(words[0])] && strings.HasSuffix(words[0], ",") {
		words = words[1:]
	}
	norm := make([]string, len(words))
	for k, w := range words {
		norm[k] = strings.ReplaceAll(w, "’", "'")
	}
	for _, o := range restatementOpenings {
		if len(words) <= len(o)+1 || !openingMatches(norm, o) {
			continue
		}
		rest := words[len(o):]
		if bareWord(rest[0]) == "to" && len(rest) > 2 {
			rest = rest[1:] // "I'll help you to set up …"
		}
		rest = skipAdverbs(rest)
		if !restatedVerb(rest[0]) {
			return titleSentence{}, false
		}
		return titleSentence{words: append([]string(nil), rest...)}, true
	}
	return titleSentence{}, false
}

// restatementShare is the share of the prompt's own best sentence's
// score the assistant's restatement needs to title the prompt instead:
// the restatement is the request already written as one imperative, so
// it is taken unless a sentence of the prompt names the session at least
// twice as much.
const restatementShare = 0.5

// restatedOver is the title of the prompt at vs[i] and its score, given
// the best title of its own sentences (title, score, already decayed by
// the prompt's place): the assistant's restatement of it when that names
// the session about as much. The restatement rewords the prompt: it
// keeps the prompt's standing among the others, and a later prompt that
// names more of the session still titles it.
func restatedOver(vs []view, i int, weights map[string]float64, title string, score, decay float64) (string, float64) {
	t, rs := restatementTitle(vs, i, weights)
	rs *= decay
	if t == "" || rs < score*restatementShare {
		return title, score
	}
	return underHeading(title, t), max(score, rs)
}

// underHeading keeps the heading a command's name gave the prompt's title
// ("Security review: all of phase 14 work") over the restatement that
// rewords what follows it, when the restatement opens with the heading's
// verb ("Review all Phase 14 sharing code" → "Security review: all Phase
// 14 sharing code"): the heading says what kind of work it is.
func underHeading(title, restated string) string {
	heading, _, ok := strings.Cut(title, ": ")
	hw := strings.Fields(heading)
	rw := strings.Fields(restated)
	if !ok || len(hw) < 2 || len(hw) > 3 || len(rw) < 2 || bareWord(hw[len(hw)-1]) != bareWord(rw[0]) {
		return restated
	}
	rest := rw[1:]
	if len(hw)+len(rest) > maxTitleWords {
		rest = dropArticles(rest)
	}
	if len(hw)+len(rest) > maxTitleWords {
		rest = trimFunctionWords(rest[:maxTitleWords-len(hw)])
	}
	return heading + ": " + strings.Join(rest, " ")
}

// restatementTitle is the title the assistant's restatement of the
// prompt at vs[i] makes, and its score.
func restatementTitle(vs []view, i int, weights map[string]float64) (string, float64) {
	s, ok := restatement(vs, i, true)
	if !ok {
		return "", 0
	}
	words := workWords(s.words)
	if len(words) > maxTitleWords {
		words = dropArticles(words)
	}
	hi, score := len(words), windowScore(words, weights)
	if len(words) > maxTitleWords {
		_, hi, score = bestWindowFrom(words, weights, 1)
		// The window may stop inside a phrase whose last words weigh
		// nothing more ("… for syntax" of "… for syntax errors in the
		// Syntax errors section"): it runs on to the phrase's end.
		hi = max(hi, toPhraseEnd(words, 0, hi))
	}
	words = trimFunctionWords(words[:withoutCutClause(words, 0, hi)])
	if len(words) < 2 || strings.HasSuffix(words[len(words)-1], "?") {
		return "", 0
	}
	return titleCase(words), score
}

// workWords are the words of a restatement that say what the work is:
// up to a purpose clause that says how the assistant finds its way ("…
// to understand the context", "… so I can see …") and without the
// place the steward's own work is ("to your project").
func workWords(words []string) []string {
	for k := 1; k < len(words)-1; k++ {
		w := bareWord(words[k])
		if (w == "to" || w == "and") && findingVerbs[bareWord(words[k+1])] || clauseJoiners[w] {
			words = words[:k]
			break
		}
	}
	for k := 1; k+1 < len(words); k++ {
		if addressees[bareWord(words[k])] && wholeWork[bareWord(words[k+1])] && k+2 == len(words) {
			words = words[:k]
			if k > 1 && functionWords[bareWord(words[k-1])] {
				words = words[:k-1]
			}
			break
		}
	}
	kept := words[:0:0]
	for _, w := range words {
		if bareWord(w) != "your" { // the steward's: "add shebangs to your scripts"
			kept = append(kept, w)
		}
	}
	words = kept
	return words
}

// findingVerbs open a purpose clause of the assistant's own finding its
// way ("to understand the fix", "and check the logs").
var findingVerbs = set("understand", "see", "check", "find", "look", "learn", "know", "identify", "determine", "figure",
	"explore", "read", "gather", "verify", "confirm", "examine", "inspect", "investigate", "get", "review")

// addressees point at the steward's own things ("your project").
var addressees = set("your", "the", "this", "our")
