package analysis

import (
	"regexp"
	"strings"
)

// unlistedVerbRequest is the first sentence of an opening message that
// asks in the imperative with a verb the lists above do not hold
// ("Backfill it from each customer's first invoice", "Persist the choice
// in localStorage"): a capitalised word that opens the sentence, is no
// function word, adverb or participle, and is followed by its object ("it",
// "the", "each" …). In English a sentence of that shape asks for work.
// Only the opening message is read so: there the request is the session's
// subject, and a message that asks nothing in the listed forms would
// otherwise yield its first line, which may be a status remark.
func unlistedVerbRequest(prose string) string {
	for _, s := range sentences(prose) {
		words := strings.Fields(s)
		if len(words) < 3 || strings.HasSuffix(s, "?") {
			continue
		}
		first := strings.Trim(words[0], "*_")
		if !unlistedVerb(first) || !verbObjects[strings.ToLower(words[1])] {
			continue
		}
		if t := requestText(s, true); t != "" {
			return t
		}
	}
	return ""
}

// unlistedVerb reports whether w, opening a sentence, may be an imperative
// verb no list holds: capitalised ASCII letters, not a word that opens a
// statement ("Since", "Maybe", "All"), an adverb in -ly, a participle in
// -ed or -ing, or a verb that states in -s ("Specifies the build system",
// but "Process the queue" asks).
func unlistedVerb(w string) bool {
	if len(w) < 3 || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	for i := 1; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	l := strings.ToLower(w)
	return !statementOpeners[l] && !strings.HasSuffix(l, "ly") && !strings.HasSuffix(l, "ed") && !strings.HasSuffix(l, "ing") &&
		(!strings.HasSuffix(l, "s") || strings.HasSuffix(l, "ss") || strings.HasSuffix(l, "us"))
}

// verbObjects follow an imperative verb as the start of its object.
var verbObjects = set("it", "them", "the", "a", "an", "this", "that", "these", "those", "each", "every", "all", "my", "our")

// statementOpeners open an English sentence and are no verb: conjunctions,
// prepositions, adverbs and determiners that may stand before "the" or "it".
var statementOpeners = set("and", "but", "or", "so", "yet", "nor", "for", "if", "when", "while", "since", "because", "as",
	"after", "before", "until", "unless", "although", "though", "whether", "where", "once", "then", "now", "here",
	"there", "also", "still", "again", "maybe", "perhaps", "just", "even", "only", "not", "all", "both", "either",
	"neither", "in", "on", "at", "to", "from", "with", "without", "by", "of", "into", "onto", "over", "under", "about",
	"above", "below", "across", "through", "during", "within", "per", "via", "like", "unlike", "despite", "against",
	"between", "among", "around", "behind", "beyond", "near", "toward", "towards", "upon", "off", "out", "up", "down",
	"today", "tomorrow", "yesterday", "tonight", "sometimes", "often", "never", "always", "already", "soon", "later",
	"yes", "yeah", "no", "nope", "ok", "okay", "oh", "hey", "hi", "hello", "thanks", "thank", "please", "well",
	"what", "why", "how", "who", "which", "whose", "is", "are", "was", "were", "does", "did", "has", "have", "had",
	"can", "could", "would", "should", "will", "shall", "may", "might", "must", "do", "let", "see", "note", "its",
	"this", "that", "these", "those", "his", "her", "their", "our", "my", "your", "the", "an", "it", "we", "they",
	"you", "he", "she", "there's", "otherwise", "instead", "besides", "anyway", "meanwhile", "hence", "thus",
	"therefore", "however", "plus", "minus", "every", "each", "any", "some", "most", "many", "few", "more", "less",
	"much", "such", "same", "other", "another", "first", "second", "third", "last", "next", "new", "old")

// wantedSentence is the first sentence of an opening message that says
// what the steward wants done, with no request in a listed form: "I want
// the handler to be idempotent", "We need a batched backfill", "Goal for
// today: per-tenant locking", "(Quick one:) the settings page needs a
// theme switch". A short label before a colon goes, and so does what
// follows a colon after the want (its detail).
func wantedSentence(prose string) string {
	for _, s := range sentences(prose) {
		if strings.HasSuffix(s, "?") {
			continue
		}
		goal := false
		if label, rest, ok := strings.Cut(s, ": "); ok && len(strings.Fields(label)) <= 3 {
			goal = goalLabels[strings.ToLower(strings.Fields(label)[0])]
			s = rest
		}
		if !goal && !wantedRE.MatchString(s) {
			continue
		}
		if !goal {
			s, _, _ = strings.Cut(s, ": ")
		}
		if t := requestText(s, true); t != "" {
			return t
		}
	}
	return ""
}

// goalLabels name the work before a colon: "Goal for today: X".
var goalLabels = set("goal", "aim", "task", "objective")

// wantedRE matches a sentence that states the work wanted.
var wantedRE = regexp.MustCompile(`^(?:(?:I|We)(?: really)? (?:want|need|would like|'d like|’d like) |[A-Za-z][\w ]{0,40} needs (?:a|an|to) )`)
