package analysis

import "strings"

// Intents of a message.
const (
	IntentQuestion      = "question"
	IntentRequest       = "request"
	IntentClarification = "clarification"
	IntentConfirmation  = "confirmation"
	IntentExpression    = "expression"
	IntentPlanning      = "planning"
	IntentDebugging     = "debugging"
	IntentLearning      = "learning"
)

// intentOf classifies a steward or assistant message by the first rule
// that matches, in this order:
//
//  1. confirmation: at most eight words, no question mark, opening with an
//     assent ("yes", "ok", "sounds good", "go ahead", "lgtm", "done", …)
//     and asking for nothing more ("ok, now add a test" is a request).
//  2. clarification: restating or asking what was meant ("I meant", "to
//     clarify", "in other words", "did you mean", "not what I meant", …).
//  3. learning: asking to understand rather than to get something done
//     ("explain", "how does", "walk me through", "what's the difference",
//     "help me understand", "TIL", …).
//  4. debugging: talk of a failure — error, exception, panic, bug, crash,
//     fails, broken, flaky, stack trace, "not working", … ("error
//     handling", "error message" and the like do not count).
//  5. request, politely put: "can you", "could you", "please", "I need
//     you to", …
//  6. planning: "plan", "next steps", "first we", "let's", "we should",
//     "roadmap", "strategy", a numbered list of two or more steps; and the
//     assistant announcing its next move ("let me", "I'll").
//  7. question: a question mark, or an opening interrogative ("what",
//     "how", "is", "should", …).
//  8. request: an opening imperative ("add", "fix", "make", "run", …) or
//     "I need", "I want", "we need".
//  9. expression: some emotion, a clear sentiment (|s| ≥ 0.4), an
//     exclamation mark, or "no worries", "never mind", "lol" and the like.
//  10. otherwise a steward message is a request (a statement to an
//     assistant is usually an instruction or its context) and an assistant
//     message is an expression.
func intentOf(role string, lower string, words []string, hashes []uint64, hits *phraseHits, emotions []string, sentiment float64) string {
	if len(words) == 0 {
		return ""
	}
	first := words[0]
	firstTwo := first
	if len(words) > 1 {
		firstTwo = first + " " + words[1]
	}
	question := strings.Contains(lower, "?")

	if len(words) <= 8 && !question && (confirmWords[first] || confirmPhrases[firstTwo] || strings.HasPrefix(strings.TrimSpace(lower), "👍")) && (firstTwo == "go ahead" || !asksMore(words[1:])) {
		return IntentConfirmation
	}
	if hits.has(kindClarification) {
		return IntentClarification
	}
	if hits.has(kindLearning) || first == "til" {
		return IntentLearning
	}
	if debuggingCue(words, hashes, hits) {
		return IntentDebugging
	}
	if politeRequest[firstTwo] || first == "please" || first == "pls" || hits.has(kindPoliteRequest) {
		return IntentRequest
	}
	if hits.has(kindPlanning) || numberedSteps(lower) >= 2 ||
		(role == "assistant" && (firstTwo == "let me" || first == "i'll" || firstTwo == "i will" || hits.has(kindAssistantPlanning))) {
		return IntentPlanning
	}
	if question || interrogatives[first] {
		return IntentQuestion
	}
	if imperatives[first] || hits.has(kindNeed) {
		return IntentRequest
	}
	if len(emotions) > 0 || sentiment >= 0.4 || sentiment <= -0.4 || strings.Contains(lower, "!") || hits.has(kindExpression) {
		return IntentExpression
	}
	if role == "steward" {
		return IntentRequest
	}
	return IntentExpression
}

var confirmWords = set("yes", "yeah", "yep", "yup", "ok", "okay", "sure", "correct", "exactly", "right",
	"agreed", "confirmed", "perfect", "great", "lgtm", "approved", "done", "fixed", "works", "excellent",
	"nice", "cool", "indeed", "absolutely", "definitely", "k", "y")

// asksMore reports an imperative after an assent, other than the ones
// that are part of assenting ("go ahead", "do it", "ship it").
func asksMore(rest []string) bool {
	for _, w := range rest {
		if imperatives[w] && w != "go" && w != "do" && w != "keep" {
			return true
		}
	}
	return false
}

var expressionPhrases = []string{"no worries", "no problem", "never mind", "nevermind", "i see", "lol", "haha", "oh well", "oops"}

var confirmPhrases = set("sounds good", "go ahead", "do it", "that works", "looks good", "ship it",
	"all set", "makes sense", "that's right", "that's it", "thats right", "all good", "got it")

var clarificationPhrases = []string{
	"i mean", "i meant", "what i meant", "to clarify", "to be clear", "in other words", "let me clarify",
	"did you mean", "do you mean", "what do you mean", "not what i meant", "that's not what i", "not what i asked",
	"i was referring to", "by that i mean", "i was talking about", "clarification", "correction:",
	"sorry, i", "no, i", "actually, i", "actually i meant",
}

var learningPhrases = []string{
	"explain", "explains", "help me understand", "how does", "walk me through", "what's the difference",
	"what is the difference", "teach me", "i want to learn", "i'd like to learn", "i learned", "under the hood",
	"how it works", "how they work", "what does this mean", "eli5", "best practice", "best practices",
}

var planningPhrases = []string{
	"plan", "planning", "roadmap", "next steps", "next step", "first we", "then we", "step 1", "phase 1",
	"milestone", "let's start", "let's begin", "let's", "let us", "we should", "we'll need", "we will need",
	"the approach", "strategy", "architecture", "before we", "after that we", "prioritize", "break this down",
	"break it down",
}

var debugWords = set("error", "errors", "exception", "exceptions", "traceback", "stacktrace", "panic", "panics",
	"panicked", "bug", "bugs", "buggy", "crash", "crashes", "crashed", "crashing", "fails", "failing", "failed",
	"failure", "failures", "broken", "breaks", "segfault", "debug", "debugging", "regression", "flaky", "deadlock",
	"wrong", "undefined")

var debugPhrases = []string{
	"doesn't work", "does not work", "not working", "stack trace", "stopped working", "won't compile",
	"doesn't compile", "can't connect", "cannot connect", "timed out", "nil pointer", "null pointer",
	"undefined is not", "is undefined", "no such file", "permission denied", "nothing works",
}

// errorNouns are words after "error" that make it a feature, not a failure.
var errorNouns = set("handling", "handler", "handlers", "message", "messages", "code", "codes", "type", "types",
	"page", "pages", "wrapping", "reporting", "state", "states", "boundary", "boundaries", "value", "values")

// debugWordBloom holds debugWords' bits (wordBit): matchPhrases notes
// whether any word of a message has one, and debuggingCue looks the words
// of a message none has (most) up no further.
var debugWordBloom = func() (b wordBloom) {
	for w := range debugWords {
		b.add(w)
	}
	return b
}()

// debuggingCue reports whether the words (hits' words, as matchPhrases
// read them, with their foldHash) name a failure, or hits holds a
// debugging phrase. A word whose bit debugWordBloom lacks is not looked
// up.
func debuggingCue(words []string, hashes []uint64, hits *phraseHits) bool {
	if !hits.mayHoldDebugWord {
		return hits.has(kindDebugging)
	}
	for i, w := range words {
		if !debugWordBloom.hasBit(wordBitOf(hashes[i])) || !debugWords[w] {
			continue
		}
		if (w == "error" || w == "errors") && i+1 < len(words) && errorNouns[words[i+1]] {
			continue
		}
		return true
	}
	return hits.has(kindDebugging)
}

var politeRequestPhrases = []string{"i need you to", "i'd like you to", "i want you to", "would you mind"}

var needPhrases = []string{"i need", "i want", "we need", "go ahead and", "i'd like"}

var assistantPlanningPhrases = []string{"i'm going to", "next, i'll", "first, i'll", "now i'll"}

var politeRequest = set("can you", "could you", "would you", "will you", "can we", "could we", "would it",
	"can u", "could u")

var interrogatives = set("what", "what's", "whats", "why", "how", "how's", "when", "where", "which", "who",
	"whose", "is", "are", "can", "could", "should", "would", "does", "do", "did", "will", "shall", "has", "have",
	"isn't", "aren't", "doesn't", "didn't", "any", "anyone", "wdyt")

var imperatives = set("add", "fix", "make", "create", "write", "implement", "update", "change", "remove",
	"delete", "rename", "refactor", "run", "build", "deploy", "show", "use", "move", "set", "install", "check",
	"try", "test", "put", "replace", "convert", "generate", "list", "find", "look", "open", "read", "review",
	"clean", "drop", "merge", "commit", "push", "revert", "undo", "keep", "stop", "start", "give", "tell",
	"help", "split", "extract", "document", "bump", "upgrade", "migrate", "port", "wire", "hook", "ensure",
	"go", "do", "don't", "dont", "switch", "enable", "disable", "configure", "setup", "support", "handle",
	"simplify", "optimize", "inline", "format", "lint", "explore", "investigate", "search", "compare", "send",
	"print", "log", "return", "turn", "allow", "prevent", "skip", "mark", "sort", "filter")

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// numberedSteps counts lines that open with "1.", "2)" and the like.
func numberedSteps(text string) int {
	n := 0
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimLeft(line, " \t")
		d := 0
		for d < len(line) && d < 2 && '0' <= line[d] && line[d] <= '9' {
			d++
		}
		if d > 0 && d+1 < len(line) && (line[d] == '.' || line[d] == ')') && line[d+1] == ' ' {
			n++
		}
	}
	return n
}
