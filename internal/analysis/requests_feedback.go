package analysis

import "strings"

// A steward's message in the middle of the work often reacts to it rather
// than asking for more: it reports what the steward saw ("what happens is
// I enter a hint and I see …"), asks where the work stands ("where are we
// in the TDD cycle", "which did we identify"), answers with a verdict in
// a statement's word order ("better but still no stats, why?", "that
// sounds great"), or announces that more is coming ("one last thing").
// None of these is work to pick up: the work they lead to is asked for in
// the words around them.

// statusAuxiliaries are the forms of "be", "do" and "have" that, between
// a question word and "we", ask about the state of the work ("where are
// we", "what did we decide", "what have we done so far"); "should",
// "can" and "could" ask what to do and are left to the other rules.
var statusAuxiliaries = set("are", "were", "is", "was", "did", "have", "had")

// clauseSubjects open the clause of a pseudo-cleft ("what I see is …",
// "what we get is …").
var clauseSubjects = set("i", "we", "you", "it", "they", "he", "she")

// announcedWords end a fragment that announces what follows ("one last
// thing", "a quick question", "another note").
var announcedWords = set("thing", "things", "question", "questions", "note", "notes", "point", "points", "request",
	"remark", "comment", "comments", "detail")

// announcers open such a fragment.
var announcers = set("one", "a", "another", "just", "also", "and", "last", "final", "quick", "small", "minor")

// verdictWords open a judgement of the result so far ("better but still
// no stats, why?", "great, but would that also …?").
var verdictWords = set("better", "worse", "good", "great", "nice", "perfect", "awesome", "excellent", "cool", "thanks",
	"thank", "ok", "okay", "hmm", "wow", "interesting", "weird", "strange", "still")

// verdictVerbs, after "that", "this" or "it", pass a judgement ("that
// sounds great", "this looks wrong").
var verdictVerbs = set("sounds", "looks", "seems", "works", "worked", "feels")

// feedback reports a request read from a sentence that reacts to the work
// rather than asking for it: a description of what happens
// (describesBehaviour) or a fragment announcing more (announcesMore)
// anywhere; and once the work is under way (midSession), a question about
// where it stands (statusQuestion) or a question in a statement's word
// order (an aside) that is a verdict on the result (verdict: "better but
// still no stats, why?", "that sounds great"). A session that opens
// asking where things stand ("where did we leave off?") asks to find out.
func feedback(r request, midSession bool) bool {
	if cjkText(r.text) {
		return false
	}
	w := wordsOf(lowerText(r.text))
	switch r.form {
	case formAside:
		return midSession && (verdict(w) || statusQuestion(w) || statedRemark(w))
	case formQuestion:
		return describesBehaviour(w) || midSession && statusQuestion(w)
	case formListed:
		return announcesMore(w)
	}
	return false
}

// statusQuestion reports a question word, a form of "be", "do" or "have",
// then "we": it asks where the work stands.
func statusQuestion(w []string) bool {
	return len(w) >= 3 && whWords[w[0]] && statusAuxiliaries[w[1]] && w[2] == "we"
}

// describesBehaviour reports a pseudo-cleft: a question word opening a
// clause of its own, then "is" or "was" ("what happens is …", "what I see
// is …"). It states what the steward observed; it asks nothing.
func describesBehaviour(w []string) bool {
	if len(w) < 3 || !whWords[w[0]] {
		return false
	}
	if (w[2] == "is" || w[2] == "was") && (w[1] == "happens" || w[1] == "happened" || w[1] == "changed") {
		// "what happens is", "what changed was": a verb, not a noun
		// ("which file is broken" asks).
		return true
	}
	if clauseSubjects[w[1]] {
		// "what I see is", and "what I was thinking was": the clause's
		// own "was" does not end it.
		for _, x := range w[3:min(len(w), 6)] {
			if x == "is" || x == "was" {
				return true
			}
		}
	}
	return false
}

// announcesMore reports a short fragment that announces what follows
// ("one last thing", "a quick question").
func announcesMore(w []string) bool {
	return len(w) >= 2 && len(w) <= 4 && announcers[w[0]] && announcedWords[w[len(w)-1]]
}

// verdict reports words that are a judgement of the result and nothing
// more: past discourse markers ("so", "but"), a verdict word ("better",
// "great") or "that", "this" or "it" and a verb that judges ("that sounds
// great"), and after it no verb that asks or orders ("why" asks for no
// new work: "better but still no stats, why?"; "this sounds good,
// but did you set up the environment?" asks about work).
func verdict(w []string) bool {
	for len(w) > 1 && discourseMarkers[w[0]] && !verdictWords[w[0]] {
		w = w[1:]
	}
	switch {
	case len(w) >= 1 && verdictWords[w[0]]:
		w = w[1:]
	case len(w) >= 2 && (w[0] == "that" || w[0] == "this" || w[0] == "it") && verdictVerbs[w[1]]:
		w = w[2:]
	default:
		return false
	}
	for _, x := range w {
		if discussionOpeners[x] && x != "why" || imperativeVerbs[x] {
			return false
		}
	}
	return true
}

// remarkSubjects open a remark in a statement's word order ("my worry
// was unfounded?", "it looks like I need to publish the branch?").
var remarkSubjects = set("i", "we", "my", "our", "it", "it's", "that", "that's", "there's", "i'm", "we're")

// invertedSubjects follow an auxiliary that opens a question inside a
// remark ("it works but does it have to be a float?", "I removed the
// venv, does that help?").
var invertedSubjects = set("i", "we", "you", "it", "this", "that", "these", "those", "they", "there", "he", "she")

// statedRemark reports an aside that says what the steward thinks or sees
// in a statement's word order, with no question inside it: checking that
// they follow, not asking for work. A question word or an auxiliary before
// its subject anywhere in it ("does it", "is there") asks.
func statedRemark(w []string) bool {
	for len(w) > 1 && discourseMarkers[w[0]] {
		w = w[1:]
	}
	if len(w) == 0 || !remarkSubjects[w[0]] {
		return false
	}
	for i, x := range w {
		if whWords[strings.TrimSuffix(x, "'s")] || discussionOpeners[x] && i+1 < len(w) && invertedSubjects[w[i+1]] {
			return false
		}
	}
	return true
}

// mannerWords say how the answer should be put, not what work to do.
var mannerWords = set("concise", "concisely", "brief", "briefly", "short", "shorter", "succinct", "succinctly",
	"terse", "tersely")

// mannerFiller are the words around a manner word in a request about the
// answer's form: "please make it concise", "give a short answer", "keep
// your reply brief".
var mannerFiller = set("please", "make", "keep", "give", "be", "it", "this", "that", "them", "the", "a", "an", "your",
	"my", "me", "us", "answer", "answers", "reply", "response", "explanation", "summary", "very", "more", "and",
	"then", "also", "just", "as", "possible")

// answerManner reports a request that only asks for the answer to be
// short ("make it concise", "give a concise explanation"): a condition on
// the answer to the request around it, not work of its own.
func answerManner(task string) bool {
	if cjkText(task) {
		return false
	}
	manner := false
	for _, w := range wordsOf(lowerText(task)) {
		switch {
		case mannerWords[w]:
			manner = true
		case !mannerFiller[w]:
			return false
		}
	}
	return manner
}
