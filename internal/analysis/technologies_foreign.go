package analysis

import (
	"slices"
	"strings"
)

// A technology's name can be a common word of another language: "vue"
// is French for a view ("point de vue"), "mise" opens "mise à jour" (an
// update), "vim" is Portuguese for "I came", "scala" Italian for a
// staircase, "Jest" opens a Polish sentence ("Jest błąd", there is an
// error). In a sentence written in that language such a word is the
// language's own unless it is written as the name: capitalised, and not
// where any word is capitalised, at the sentence's start.

// foreignWordNames lists, per language, the technology names (lower case,
// as the name tables spell them) that are common words of it.
var foreignWordNames = map[string]map[string]bool{
	"fr": set("vue", "vite", "sinon", "mise", "parquet"),
	"es": set("astro", "prisma"),
	"pt": set("vim", "lua", "astro", "prisma"),
	"it": set("scala", "astro", "prisma", "vite"),
	"de": set("zustand", "prolog", "nix"),
	"pl": set("jest", "cuda"),
}

// foreignWordLanguages holds every word of foreignWordNames: a name that
// is none of them (nearly every name) needs no look at its sentence.
var foreignWordLanguages = func() map[string]bool {
	m := map[string]bool{}
	for _, words := range foreignWordNames {
		for w := range words {
			m[w] = true
		}
	}
	return m
}()

// languageFunctionWords are frequent words of each language that English
// does not share (articles, conjunctions, pronouns, "is"): a sentence
// holding two different ones of a language is written in it.
var languageFunctionWords = map[string]map[string]bool{
	"fr": set("le", "la", "de", "les", "des", "du", "est", "une", "et", "pour", "que", "qui", "pas", "avec",
		"dans", "sur", "je", "nous", "vous", "cette", "mais", "sont", "aux", "il", "elle", "ne", "très", "faut",
		"veux", "peux", "c'est", "j'ai"),
	"es": set("el", "la", "de", "los", "las", "del", "es", "una", "y", "para", "con", "por", "que", "pero",
		"esto", "esta", "como", "más", "hay", "muy", "lo", "yo", "necesito", "quiero"),
	"pt": set("os", "de", "da", "em", "um", "uma", "não", "com", "eu", "você", "isso", "mas", "que", "na",
		"dos", "das", "ao", "está", "para", "aqui", "já", "ele"),
	"it": set("il", "la", "di", "che", "è", "per", "una", "non", "con", "sono", "questo", "questa", "della",
		"del", "gli", "anche", "come", "più", "ho"),
	"de": set("der", "das", "und", "ist", "nicht", "ein", "eine", "mit", "auf", "für", "ich", "wir", "zu",
		"den", "dem", "von", "sie", "es", "auch", "wie", "noch", "oder", "bitte"),
	"pl": set("jest", "nie", "się", "że", "jak", "co", "ale", "czy", "tak", "mnie", "ten", "przez", "dla",
		"od", "być", "tego", "są", "już", "bo", "mam", "trzeba"),
}

// minLanguageFunctionWords is how many different function words of a
// language make a sentence one written in it.
const minLanguageFunctionWords = 2

// writtenIn reports whether a sentence (lower case) is written in
// language lang: it holds minLanguageFunctionWords different function
// words of it.
func writtenIn(lower, lang string) bool {
	var seen []string
	for w := range eachWord(lower) {
		if languageFunctionWords[lang][w] && !slices.Contains(seen, w) {
			seen = append(seen, w)
			if len(seen) == minLanguageFunctionWords {
				return true
			}
		}
	}
	return false
}

// foreignWordAt reports whether the name that stands at byte at of
// sentence is a common word of the language the sentence is written in,
// written as that word: in lower case, or capitalised at the sentence's
// start ("Vue d'ensemble du projet", "Jest problem z testami").
func foreignWordAt(sentence string, at int) bool {
	end := at
	for end < len(sentence) && isWordByte(sentence[end]) {
		end++
	}
	word := sentence[at:end]
	lw := lowerText(word)
	if !foreignWordLanguages[lw] {
		return false
	}
	if word != lw && strings.TrimLeft(sentence[:at], " \"'*(`#>-") != "" {
		return false // a name written as one, inside the sentence
	}
	lower := lowerText(sentence)
	for lang, names := range foreignWordNames {
		if names[lw] && writtenIn(lower, lang) {
			return true
		}
	}
	return false
}
