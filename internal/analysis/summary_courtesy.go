package analysis

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A summary says what was asked, done and left; the courtesies around the
// work say none of it. A steward's "Thank you, that's a weight off", an
// assistant's "Happy to help" or "Boring and robust is exactly right
// here" (agreeing with the steward, not adding anything) read as noise in
// a summary, and as an outcome of a session they are wrong.
//
// withoutCourtesy is sentence s without its thanks, "" when it says
// nothing but courtesies:
//
//   - A sentence of clauses that only thank ("Thanks a lot!"), greet
//     ("Hi there!"), praise ("Great job on the parser!") or agree ("Good
//     catch.", "Boring and robust is exactly right here.", "Happy to
//     help.") is dropped.
//   - After an opening thanks ("Thanks a lot, …", "And thank you — …")
//     the rest of the sentence still belongs to it ("Thank you, that's a
//     weight off") unless it turns to something else: a contrast ("…
//     but the footer still overlaps"), a request or a question ("Thanks,
//     now add the tests"), which is kept without the thanks. Any other
//     opening courtesy stays with what the sentence says ("Great, the
//     upload is fixed now").
//   - A thanks that ends it, after a clause break ("We caught a real bug
//     on the way — thank you, that one would have bitten a customer").
//
// "Thanks to the cache, …" gives a cause, not thanks, and "I'll thank
// Priya" is a plan: both are kept.
func withoutCourtesy(s string) string {
	if !mayBeCourtesy(s) {
		return s
	}
	toks := courtesyTokens(s)
	if len(toks) == 0 {
		return s
	}
	// i is past the courtesies read; a clause of fillers alone ("Oh,")
	// goes only with a courtesy after it.
	i, thanked, changed := 0, false, false
	for at := 0; at < len(toks); {
		end := clauseEnd(toks, at)
		clause := toks[at:end]
		if thanksClause(clause) {
			thanked = true
		} else if !greetingOrPraiseClause(clause) && !agreementClause(clause) {
			if !fillersOnly(clause) {
				break
			}
			at = end
			continue
		}
		at, i, changed = end, end, true
	}
	rest := toks[i:]
	switch {
	case changed && len(rest) == 0:
		return ""
	case thanked:
		turns := turnWords[rest[0].word] || strings.HasSuffix(strings.TrimSpace(s), "?")
		if !turns {
			return ""
		}
		if contrastWords[rest[0].word] && len(rest) > 1 {
			rest = rest[1:]
		}
	default:
		// A greeting, praise or agreement before what the sentence
		// says stays with it ("Great, the upload is fixed now").
		rest = toks
	}
	// A thanks after a clause break ends what the sentence says.
	for j := 1; j < len(rest); j++ {
		if rest[j-1].brk && thanksAt(rest, j) {
			return capitalized(strings.TrimRight(s[rest[0].start:rest[j-1].end], " ,;:—–-"))
		}
	}
	if rest[0].start == 0 {
		return s
	}
	return capitalized(s[rest[0].start:])
}

// courtesyToken is a word of a sentence: bare and lower-cased, with its
// bounds in the sentence; brk: a clause ends after it (a comma, a colon, a
// dash, a stop).
type courtesyToken struct {
	word       string
	start, end int
	brk        bool
	asks       bool // it ends in a question mark
}

// courtesyTokens splits s at spaces into words; a dash on its own ends the
// clause of the word before it.
func courtesyTokens(s string) []courtesyToken {
	var toks []courtesyToken
	for i := 0; i < len(s); {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		start := i
		for i < len(s) && s[i] != ' ' {
			i++
		}
		if start == i {
			break
		}
		field := s[start:i]
		if field == "—" || field == "–" || field == "-" || field == "--" {
			if len(toks) > 0 {
				toks[len(toks)-1].brk = true
			}
			continue
		}
		word := bareWord(field)
		if word == "" {
			continue
		}
		last := field[len(field)-1]
		brk := strings.IndexByte(",;:!.", last) >= 0 || strings.HasSuffix(field, "—") || strings.HasSuffix(field, "–")
		toks = append(toks, courtesyToken{word: word, start: start, end: i, brk: brk || last == '?', asks: last == '?'})
	}
	return toks
}

// clauseEnd is the index after the clause that starts at toks[i]: after
// its first word that ends a clause, or the end of the sentence.
func clauseEnd(toks []courtesyToken, i int) int {
	for j := i; j < len(toks); j++ {
		if toks[j].brk {
			return j + 1
		}
	}
	return len(toks)
}

// mayBeCourtesy is a cheap test before the tokens are read: s opens with
// a word a courtesy opens with, or says thanks somewhere.
func mayBeCourtesy(s string) bool {
	first := s
	if sp := strings.IndexByte(s, ' '); sp >= 0 {
		first = s[:sp]
	}
	if w := bareWord(first); courtesyOpeningWords[w] || thanksOnly[w] || w == "thank" {
		return true
	}
	for _, c := range courtesyInside {
		if strings.Contains(s, c) {
			return true
		}
	}
	return false
}

// courtesyInside are parts of the thanks and agreements that may come
// after a sentence's first word.
var courtesyInside = []string{"hank", "thx", "xactly right", "bsolutely right", "otally right", "spot on", "right call",
	"right instinct", "good call", "great call", "catch", "question", "like a plan"}

// thanksOnly are words that thank by themselves; "thank" thanks with
// thankWhom after it ("thank you", "thank you all").
var (
	thanksOnly = set("thanks", "thx", "cheers", "gracias", "merci", "danke", "dank", "grazie", "obrigado", "obrigada",
		"спасибо", "dziękuję", "dzięki")
	thankWhom = set("you", "u", "ya", "y'all", "all", "everyone", "both", "so", "again", "very")
)

// thanksAt reports a thanks at toks[j]: "thanks", "thank you", "many
// thanks", "much appreciated"; not "thanks to", which gives a cause.
func thanksAt(toks []courtesyToken, j int) bool {
	w := toks[j].word
	next := ""
	if j+1 < len(toks) {
		next = toks[j+1].word
	}
	switch {
	case thanksOnly[w]:
		return next != "to" || toks[j].brk
	case w == "thank":
		return thankWhom[next]
	case w == "many" || w == "big" || w == "huge":
		return next == "thanks"
	case w == "much":
		return next == "appreciated"
	case w == "appreciate":
		return next == "it" || next == "that" || next == "this"
	}
	return false
}

// thanksClause reports a clause that thanks: a thanks, after fillers
// ("And thanks —", "Ok, thank you for …", "Great, thanks").
func thanksClause(clause []courtesyToken) bool {
	for j := range clause {
		if thanksAt(clause, j) {
			return true
		}
		if !clauseFillers[clause[j].word] && !praiseWords[clause[j].word] {
			return false
		}
	}
	return false
}

// fillersOnly reports a clause of fillers alone ("Oh,", "Ok so,").
func fillersOnly(clause []courtesyToken) bool {
	for _, t := range clause {
		if !clauseFillers[t.word] {
			return false
		}
	}
	return true
}

// greetingOrPraiseClause reports a clause of greetings and praise alone
// ("Hi there,", "Perfect —", "Great job on the parser!", "Good
// morning,"), with fillers ("Oh wow, perfect."); a greeting may name who
// it greets ("Hi Claude,").
func greetingOrPraiseClause(clause []courtesyToken) bool {
	words := make([]string, len(clause))
	for j, t := range clause {
		words[j] = t.word
	}
	if len(words) >= 2 && praiseOpenings[words[0]+" "+words[1]] {
		return true // "great job on the parser", "nice work"
	}
	courteous := false
	for j, w := range words {
		switch {
		case greetingWords[w]:
			courteous = true
			if j+2 >= len(words) && j+1 < len(words) {
				return true // the name greeted
			}
		case w == "good" && j+1 < len(words) && (words[j+1] == "morning" || words[j+1] == "afternoon" || words[j+1] == "evening"):
			courteous = true
		case praiseWords[w]:
			courteous = true
		case clauseFillers[w], w == "morning", w == "afternoon", w == "evening", w == "there":
		default:
			return false
		}
	}
	return courteous
}

// agreementClause reports a short clause that agrees with or compliments
// the other side and says nothing more: "You're right,", "Good catch —",
// "That makes sense.", "Boring and robust is exactly right here.",
// "Happy to help.", "Hope this helps!".
func agreementClause(clause []courtesyToken) bool {
	if len(clause) < 2 || len(clause) > maxAgreement || clause[len(clause)-1].asks {
		return false
	}
	j := 0
	for j < len(clause)-1 && clauseFillers[clause[j].word] {
		j++
	}
	if j+1 < len(clause) && agreementOpenings[clause[j].word+" "+clause[j+1].word] {
		return true
	}
	for k := j; k+1 < len(clause); k++ {
		pair := clause[k].word + " " + clause[k+1].word
		if agreementPhrases[pair] {
			return true
		}
		if k+2 < len(clause) && agreementPhrases[pair+" "+clause[k+2].word] {
			return true
		}
	}
	return false
}

// maxAgreement is the most words of a clause that agrees and says
// nothing more; a longer one goes on to say something.
const maxAgreement = 10

var (
	// courtesyOpeningWords open a sentence that may open with a courtesy.
	courtesyOpeningWords = set("and", "ok", "okay", "oh", "wow", "also", "hi", "hello", "hey", "dear", "good", "great",
		"perfect", "awesome", "amazing", "nice", "cool", "excellent", "brilliant", "fantastic", "wonderful", "sweet",
		"lovely", "yes", "yeah", "yep", "ah", "alright", "well", "you're", "that's", "that", "makes", "sounds", "love",
		"happy", "glad", "no", "my", "fair", "hope", "many", "much", "appreciate", "big", "huge", "exactly", "spot",
		"so", "greetings", "hiya", "howdy", "superb", "beautiful")
	// clauseFillers may come with a courtesy without saying anything.
	clauseFillers = set("and", "ok", "okay", "oh", "wow", "also", "yes", "yeah", "yep", "ah", "alright", "well", "so",
		"again", "very", "really", "just")
	greetingWords = set("hi", "hello", "hey", "dear", "greetings", "hiya", "howdy")
	praiseWords   = set("great", "perfect", "awesome", "amazing", "nice", "cool", "excellent", "brilliant", "fantastic",
		"wonderful", "sweet", "lovely", "superb", "exactly", "beautiful")
	// praiseOpenings open praise of the work: "great job on the parser".
	praiseOpenings = set("great job", "good job", "nice job", "nice work", "great work", "good work", "well done",
		"amazing work", "awesome work", "excellent work", "great stuff", "nice one")
	// agreementOpenings open a clause that agrees or is pleasant.
	agreementOpenings = set("you're right", "you're absolutely", "you're totally", "good catch",
		"great catch", "nice catch", "good call", "great call", "good question", "great question", "good point",
		"great point", "fair point", "great idea", "good idea", "makes sense", "that makes", "sounds good",
		"sounds great", "love it", "love this", "love that", "happy to", "glad to", "glad it",
		"glad that", "glad this", "glad the", "glad you", "you're welcome", "no problem", "no worries", "my pleasure",
		"hope this", "hope that", "hope you", "that's right", "that's fair", "that's correct", "exactly right",
		"spot on")
	// agreementPhrases say, inside a short clause, that the other side's
	// idea is right: "Boring and robust is exactly right here".
	agreementPhrases = set("exactly right", "absolutely right", "totally right", "spot on", "the right call",
		"the right instinct", "a good call", "a great call", "a great question", "a good question", "good catch",
		"great catch", "like a plan")
	// turnWords turn from a thanks to what the sentence is about: a
	// contrast, a request.
	turnWords = set("but", "however", "though", "although", "unfortunately", "sadly", "now", "please", "can",
		"could", "would", "next", "one", "another", "let's", "quick")
	contrastWords = set("but", "however", "though", "although")
)

// capitalized is s with its first letter upper-cased.
func capitalized(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || unicode.IsUpper(r) || !unicode.IsLower(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}

// An aside says by its opening that it is beside the work ("By the way,
// …", "While I was in there: …", "Side note: …"): a remark for the moment,
// not what was asked, done or left, which a summary is made of. What it
// points at, when it matters, is an open thread of its own.
var asideOpenings = []string{"by the way", "btw", "as an aside", "side note", "on a side note", "incidentally",
	"on an unrelated note", "unrelated to this", "while i was in there", "while i was at it", "while i was there",
	"p.s.", "ps:", "ps,"}

// asideSentence reports whether s opens as an aside.
func asideSentence(s string) bool {
	if len(s) < 3 {
		return false
	}
	for _, o := range asideOpenings {
		if len(s) <= len(o) || !strings.EqualFold(s[:len(o)], o) {
			continue
		}
		// The opening ends at a word's end: "Incidentally" opens an
		// aside, "Btwn" does not.
		if r, _ := utf8.DecodeRuneInString(s[len(o):]); !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return true
		}
	}
	return false
}
