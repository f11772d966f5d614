package analysis

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The summary reports what the steward asked; it does not quote them. A
// handoff read by the next session (or by another steward) that says "I
// want you to fix my parser" no longer says who "I" is, so the ask is
// reported in the third person: "The steward asked to fix their parser."
// Only English is rewritten: pronouns and request forms of other
// languages are left as written rather than mangled.

var (
	// askFiller is what a request may open with before it says anything:
	// an acknowledgement or greeting ("ok, works, can you …").
	askFiller = regexp.MustCompile(`(?i)^(?:(?:ok|okay|so|hi|hey|hello|great|thanks|thank you|now|alright|and|also|works|cool|perfect|nice)\b[,!.]*\s+)+`)
	// "can you X", "could you please X", "please X", "I want you to X",
	// "let's X": the steward asks the assistant to do X.
	askRequest = regexp.MustCompile(`(?i)^(?:(?:can|could|would|will) you (?:please |now |also |kindly |maybe )*|please |(?:i|we) (?:want|need|would like|'d like) you to |let's |let us )(.+)$`)
	// "I want to X", "I'd like to X", "I need to X": what the steward wants.
	askWant = regexp.MustCompile(`(?i)^i( want| need| would like|'d like| wish) (to |)(.+)$`)
	// "help me X".
	askHelp = regexp.MustCompile(`(?i)^help me (?:to )?(.+)$`)
	// "One thing I'd really like is X", "What I want is X", "All we need
	// is X": the steward wants X.
	askWish = regexp.MustCompile(`(?i)^(?:one thing|the (?:main |one |first )?thing|what|all) (?:i|we)(?:'d| would)? (?:really |most |also )?(?:like|want|need)(?: to have)? is (.+)$`)
)

// firstPerson is each first-person word of the steward's and the word it
// becomes in reported speech ("I've" → "they've"). "I" and "I'm" are
// matched in their case only: a lower-case "i" is the steward's too, but
// "im" or "ill" is as often another word.
var firstPerson = map[string]string{
	"I": "they", "i": "they", "I'm": "they're", "i'm": "they're", "I've": "they've", "i've": "they've",
	"I'd": "they'd", "i'd": "they'd", "I'll": "they'll", "i'll": "they'll",
	"me": "them", "Me": "them", "my": "their", "My": "their", "mine": "theirs", "myself": "themselves",
}

// wordJoiners join words into one name: "oh-my-posh", "my_notes",
// "/home/me/", "me@example.com".
const wordJoiners = "-_/.@#\\"

// firstPersonAm is "I am", "I was", "am I" and "was I", which change
// their verb too.
var firstPersonAm = regexp.MustCompile(`\b(?:[Ii] (?:am|was)|(?:am|was) I)\b`)

// reportedAsk rewrites the steward's ask sentence s (with its stop) as
// reported speech. A sentence that is not English is returned as it is.
func reportedAsk(s string) string {
	s = strings.TrimSpace(s)
	if !englishSentence(s) {
		return s
	}
	if strings.Contains(s, "’") {
		// "I’d like to …" is "I'd like to …"; a sentence told as
		// written keeps its own apostrophes.
		straight := strings.ReplaceAll(s, "’", "'")
		if r := reportedAsk(straight); r != straight {
			return r
		}
		return s
	}
	body := askFiller.ReplaceAllString(s, "")
	if body == "" {
		body = s
	}
	question := strings.HasSuffix(body, "?")
	clause := strings.TrimRight(body, "?.!: ")
	switch {
	case askRequest.MatchString(clause):
		// "can you add X?": the question is the request.
		return "The steward asked to " + thirdPerson(askRequest.FindStringSubmatch(clause)[1]) + "."
	case askWant.MatchString(clause):
		m := askWant.FindStringSubmatch(clause)
		verb := "wants"
		if strings.EqualFold(m[1], " need") {
			verb = "needs"
		}
		// "I want to release, what do I need to do?" still asks.
		stop := "."
		if question {
			stop = "?"
		}
		return "The steward " + verb + " " + m[2] + thirdPerson(m[3]) + stop
	case askHelp.MatchString(clause):
		return "The steward asked for help to " + thirdPerson(askHelp.FindStringSubmatch(clause)[1]) + "."
	case askWish.MatchString(clause):
		return "The steward wants " + thirdPerson(askWish.FindStringSubmatch(clause)[1]) + "."
	}
	// Any other sentence is reported only when it speaks in the first
	// person; "How does the scheduler pick the next job?" or "We need a
	// search page" reads the same from anyone.
	reported := thirdPerson(body)
	if reported == body {
		return s
	}
	if question {
		return "The steward asked: " + lowerFirst(reported)
	}
	// "I've noticed a delay": what the steward said of themselves. Any
	// other first-person sentence is what they asked: an imperative
	// ("look at what I wrote") or a question without its mark.
	if firstPersonSubject.MatchString(body) {
		return "The steward wrote that " + lowerFirst(reported) + stopOf(reported)
	}
	if first, _, _ := strings.Cut(body, " "); imperativeVerbs[strings.ToLower(first)] {
		// "look at what I wrote": an imperative, asked.
		return "The steward asked to " + lowerFirst(reported) + stopOf(reported)
	}
	return "Asked: " + lowerFirst(reported) + stopOf(reported)
}

// firstPersonSubject opens a sentence whose subject is the steward.
var firstPersonSubject = regexp.MustCompile(`^(?:I|i|My|my)(?:'m|'ve|'d|'ll|’m|’ve|’d|’ll)?\s`)

// stopOf is the stop s needs after it: none when it has one.
func stopOf(s string) string {
	if r, _ := utf8.DecodeLastRuneInString(s); strings.ContainsRune(".!?:)\"'", r) {
		return ""
	}
	return "."
}

// thirdPerson turns the steward's first-person words into the third
// person: "fix my parser" → "fix their parser".
func thirdPerson(s string) string {
	s = firstPersonAm.ReplaceAllStringFunc(s, func(m string) string {
		switch m {
		case "am I":
			return "are they"
		case "was I":
			return "were they"
		}
		if strings.HasSuffix(m, "am") {
			return "they are"
		}
		return "they were"
	})
	var b strings.Builder
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		w := strings.ReplaceAll(s[start:end], "’", "'")
		// A word joined to others is part of a name, a path or a URL
		// ("oh-my-posh", "~/my/notes"), not a pronoun.
		joined := start > 0 && strings.ContainsRune(wordJoiners, rune(s[start-1])) ||
			end < len(s) && strings.ContainsRune(wordJoiners, rune(s[end]))
		if r, ok := firstPerson[w]; ok && !joined {
			b.WriteString(r)
		} else {
			b.WriteString(s[start:end])
		}
		start = -1
	}
	for i, r := range s {
		if unicode.IsLetter(r) || (r == '\'' || r == '’') && start >= 0 {
			if start < 0 {
				start = i
			}
			continue
		}
		flush(i)
		b.WriteRune(r)
	}
	flush(len(s))
	return b.String()
}

// englishFunctionWords are words nearly every English sentence has one
// of and other languages' sentences rarely do.
var englishFunctionWords = set("the", "to", "a", "an", "and", "of", "is", "in", "for", "with", "my", "i", "you",
	"it", "this", "that", "can", "please", "what", "how", "me", "we", "our", "on", "be", "do", "are", "why")

// englishSentence reports whether s reads as English: at least two of
// its words are English function words and it is written in Latin letters.
func englishSentence(s string) bool {
	n := 0
	for _, w := range wordsOf(lowerText(s)) {
		if w[0] >= utf8.RuneSelf {
			return false
		}
		if englishFunctionWords[w] {
			n++
		}
	}
	return n >= 2
}
