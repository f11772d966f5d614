package analysis

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// genericHeads are nouns that name the kind of thing, not which: in "the
// checkout page", "the billing team", "the notification service" the word
// before them says which. On their own they are no topic; the phrase they
// end is one, and names both ("checkout page" is the page and the
// checkout, as the rubric's matching reads it, where "checkout" names no
// page). A hyphenated compound ending in one is its first word.
var genericHeads = set("page", "pages", "team", "teams", "service", "services", "endpoint", "endpoints", "logic",
	"screen", "screens", "side", "part", "parts", "area", "stuff", "thing", "things",
	// German and Japanese: Seite (page), Test as in Login-Test, 画面 (screen).
	"seite", "test", "画面")

// vagueAdjectives describe a subject without naming one ("the public API",
// "dual writes", "an empty cart").
var vagueAdjectives = set("empty", "public", "private", "dual", "full", "main", "general", "basic", "simple",
	"whole", "existing", "various", "specific", "certain", "overall", "proper", "quick", "slow", "fast",
	// Superlatives say which one ("our biggest tenant"), not what.
	"biggest", "largest", "smallest", "slowest", "fastest", "newest", "oldest", "highest", "lowest", "longest",
	"shortest", "simplest", "easiest", "hardest", "cheapest", "heaviest", "busiest", "greatest", "strongest",
	"weakest", "deepest", "closest", "nearest", "furthest", "farthest", "earliest", "worst")

// acronymPattern finds words written in capitals in a prompt: "API", "CI",
// "SSO", "PRs".
var acronymPattern = regexp.MustCompile(`\b[A-Z]{2,5}s?\b`)

// notAcronymTopics are capitalised words that are units, markers or
// shouting, not subjects.
var notAcronymTopics = set("ok", "gb", "mb", "kb", "tb", "pb", "ms", "am", "pm", "utc", "eta", "asap", "fyi", "btw",
	"imo", "tl", "dr", "todo", "fixme", "pls", "thx", "lol", "omg", "wtf", "ouch", "help", "hi", "no", "yes", "not", "new",
	// HTTP methods: the verb of a request ("a GET to /health"), whose
	// subject is the resource.
	"get", "post", "put", "patch", "delete", "head", "options")

// slashCommand is the command that opens a prompt ("/review …"): its name
// is what Claude Code runs, not what the session is about.
var slashCommand = regexp.MustCompile(`^\s*/[A-Za-z][\w:-]*\s*`)

// compoundPattern finds hyphenated compounds of letters: "on-call",
// "CSV-Export", "multi-stage".
var compoundPattern = regexp.MustCompile(`\b\p{L}{2,}(?:-\p{L}{2,})+\b`)

// promptSubjects are what a session's first prompt names as its subject,
// in order: its hyphenated compounds, the pairs of adjacent salient words
// (subjectPhrases) that are noun phrases (nounPairs), and the words it writes in capitals (acronyms that are
// not technologies, which the technical context lists). A compound that
// ends in a generic head ("checkout-page") is its first word; a phrase
// ("checkout page") stays whole (genericHeads).
func promptSubjects(prose string) []string {
	prose = withoutSlashCommand(prose)
	var out []string
	add := func(t string) {
		if t != "" && !containsString(out, t) {
			out = append(out, t)
		}
	}
	for _, c := range compoundPattern.FindAllString(prose, 4) {
		lower := strings.ToLower(c)
		if isTechnologyName(lower) {
			continue
		}
		parts := strings.Split(lower, "-")
		if genericHeads[parts[len(parts)-1]] {
			if first := parts[0]; salient(first) && !isTechnologyName(first) {
				add(first)
			}
			continue
		}
		// A participle ("production-sized", "well-annotated") qualifies
		// a noun, as it does in the session's words (hyphenCompound).
		if last := parts[len(parts)-1]; strings.HasSuffix(last, "ed") && !strings.HasSuffix(last, "eed") {
			continue
		}
		add(lower)
	}
	// A pair of the prompt is a phrase when the session's grammar for
	// noun phrases (nounPairs) takes it: "avoid confusion", "integrate
	// SendGrid" are a verb and its object.
	pairs := nounPairs(prose)
	for _, p := range subjectPhrases(prose) {
		a, b, _ := strings.Cut(p, " ")
		switch {
		case !vagueAdjectives[a] && !containsString(pairs, p):
			continue
		case vagueAdjectives[a]:
			add(b)
		default:
			add(p)
		}
	}
	for _, p := range japaneseCompounds(prose) {
		add(p)
	}
	for _, a := range acronymPattern.FindAllString(prose, -1) {
		lower := strings.ToLower(a)
		if notAcronymTopics[lower] || notAcronymTopics[strings.TrimSuffix(lower, "s")] || isTechnologyName(lower) ||
			isTechnologyName(strings.TrimSuffix(lower, "s")) {
			continue
		}
		add(lower)
	}
	return out
}

// japaneseCompounds are the nouns a Japanese prompt writes as a katakana
// run followed by a kanji run ("リリース計画", release plan), which
// splitCJK cuts in two; one whose kanji is a generic head ("ログイン画面",
// login screen) is its katakana word.
func japaneseCompounds(prose string) []string {
	if !strings.ContainsFunc(prose, isKatakana) {
		return nil // most prose: not made into runes only to find none
	}
	var out []string
	runes := []rune(prose)
	for i := 0; i < len(runes); {
		if !isKatakana(runes[i]) {
			i++
			continue
		}
		j := i
		for j < len(runes) && isKatakana(runes[j]) {
			j++
		}
		k := j
		for k < len(runes) && isKanji(runes[k]) {
			k++
		}
		kata, kanji := string(runes[i:j]), string(runes[j:k])
		if utf8.RuneCountInString(kata) >= 2 && utf8.RuneCountInString(kanji) >= 2 {
			if genericHeads[kanji] {
				out = append(out, kata)
			} else {
				out = append(out, kata+kanji)
			}
		}
		i = k
	}
	return out
}

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
