package analysis

import (
	"math"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/jonreiter/govader"
)

// vader computes VADER's compound score with govader's lexicons and rules.
//
// govader's PolarityScores spends most of its time in per-word regular
// expressions and a map lookup per rune (about 45 µs for a 300-character
// message). This is the same algorithm step for step — the quirks included,
// such as checking the un-lowered previous word against the lexicon — with
// byte loops instead of regular expressions; vader_test.go checks that both
// give the same compound score on a corpus.
type vader struct {
	lexicon map[string]float64
	emoji   map[string]string
	booster map[string]float64
	negate  map[string]bool
	special map[string]float64
	// emojiRunes is emoji by rune, for the keys of one rune: the ones a
	// text's runes are looked up as.
	emojiRunes map[rune]string
	// words answers in one lookup what the lexicons say of a word: each
	// word of a text is looked up once, not once per lexicon and again
	// for each sentiment word near it, by the hash its bit in known came
	// from.
	words *foldTable[vaderWord]
	// known holds a bit for each key of words: most words of prose are
	// in no lexicon (33 of benchText's 45), turned away without hashing
	// them for the map.
	known vaderBloom
}

// vaderBloom is a wordBloom of 2^17 bits: VADER's lexicons name some
// 7,600 words, and 8,192 bits would be mostly set.
type vaderBloom [2048]uint64

func (b *vaderBloom) add(w string) {
	x := vaderBitOf(foldHash(w))
	b[x>>6] |= 1 << (x & 63)
}

// mayHold reports whether the word whose foldHash is h may be in the set.
func (b *vaderBloom) mayHold(h uint64) bool {
	x := vaderBitOf(h)
	return b[x>>6]&(1<<(x&63)) != 0
}

// vaderBitOf is the one of 2^17 bits a word whose foldHash is h has.
func vaderBitOf(h uint64) uint32 { return uint32(h >> 47) }

// vaderWord is what VADER's lexicons say of one (lower-cased) word.
type vaderWord struct {
	valence, boost float64
	// inLexicon: valence is the lexicon's; booster: boost is the booster
	// dictionary's; negate: the word is on the negation list.
	inLexicon, booster, negate bool
	// idiom: the word is one of the words of a special-case idiom or of
	// a booster of several words: a phrase with a word that is not
	// cannot be either.
	idiom bool
}

// Constants of the VADER algorithm, as govader defines them.
const (
	vaderCIncr         = 0.733
	vaderNScalar       = -0.74
	vaderAlpha         = 15
	vaderScale1        = 0.95
	vaderScale2        = 0.9
	vaderEPScale       = 0.292
	vaderQMScale       = 0.18
	vaderMaxEP         = 4
	vaderMaxQM         = 0.96
	vaderNegationScale = 1.25
	vaderButScale      = 0.5
	// vaderPunctuation is the cut set govader trims words with.
	vaderPunctuation = `"!#$%&\'()*+,-./:;<=>?@[\\]^_` + "`{|}~"
)

func newVader() *vader {
	sia := govader.NewSentimentIntensityAnalyzer()
	v := &vader{
		lexicon: sia.Lexicon,
		emoji:   sia.EmojiDict,
		booster: sia.Constants.BoosterDict,
		negate:  make(map[string]bool, len(sia.Constants.NegateList)),
		special: sia.Constants.SpecialCaseIdioms,
	}
	for _, w := range sia.Constants.NegateList {
		v.negate[w] = true
	}
	v.emojiRunes = make(map[rune]string, len(v.emoji))
	for k, d := range v.emoji {
		if r, size := utf8.DecodeRuneInString(k); size == len(k) && string(r) == k {
			v.emojiRunes[r] = d
		}
	}
	words := make(map[string]vaderWord, len(v.lexicon)+len(v.booster))
	for w, val := range v.lexicon {
		e := words[w]
		e.valence, e.inLexicon = val, true
		words[w] = e
	}
	for w, b := range v.booster {
		e := words[w]
		e.boost, e.booster = b, true
		words[w] = e
	}
	for w := range v.negate {
		e := words[w]
		e.negate = true
		words[w] = e
	}
	for _, phrases := range []map[string]float64{v.special, v.booster} {
		for phrase := range phrases {
			if !strings.Contains(phrase, " ") {
				continue
			}
			for _, w := range strings.Split(phrase, " ") {
				e := words[w]
				e.idiom = true
				words[w] = e
			}
		}
	}
	for w := range words {
		v.known.add(w)
	}
	v.words = newFoldTable(words)
	return v
}

// compound returns VADER's compound score of text, in [-1, 1].
func (v *vader) compound(text string) float64 {
	return v.compoundOf(text, "", nil)
}

// compoundOf is compound for a caller that may have lower-cased text
// already: lowerASCII is text lower-cased when text is ASCII and the
// caller has it, else "". Message has its prose's (lowerTextASCII), and
// the emoji, ASCII and lower-casing passes over it are then not made again.
// fields, given with lowerASCII, are text's fields when text is squashed
// (appendFields: parted by single spaces, none before or after them), as
// Message has them for its entities: text is then not split again.
func (v *vader) compoundOf(text, lowerASCII string, fields []string) float64 {
	sc := vaderScratchPool.Get().(*vaderScratch)
	defer sc.put()
	words, lower := sc.words[:0], sc.lower[:0]
	// ASCII text is lower-cased once and each word's lower case sliced
	// from it at the word's place (lower-casing ASCII keeps every byte
	// where it was): one string, not one for each capitalised word.
	lowerAll := ""
	if lowerASCII != "" {
		// ASCII has no emoji to spell out, and lower-casing it moves no
		// space: both trim the same bytes.
		text, lowerAll = strings.TrimSpace(text), strings.TrimSpace(lowerASCII)
	} else {
		text = v.replaceEmoji(text)
		text = strings.TrimSpace(text)
		if isASCII(text) {
			// Lower-cased into the scratch buffer and copied once: a
			// byte loop, where strings.ToLower writes the text to a
			// strings.Builder a byte at a time (a twentieth of a
			// message's analysis).
			sc.lowerText = asciiLower(sc.lowerText[:0], text)
			lowerAll = string(sc.lowerText)
		}
	}
	// The words between single spaces (strings.Split(text, " ")), each
	// less its leading and trailing punctuation when three bytes or more
	// are left: a loop of IndexByte and table lookups, asked of every
	// word of every message. Squashed text's are its fields, each a space
	// after the one before.
	if lowerAll != "" && fields != nil {
		start := 0
		for _, tok := range fields {
			next := start + len(tok) + 1
			if i, j := punctuationBounds(tok); j-i >= 3 {
				start += i
				tok = tok[i:j]
			}
			words = append(words, tok)
			lower = append(lower, lowerAll[start:start+len(tok)])
			start = next
		}
	} else {
		for at := 0; at <= len(text); {
			end := strings.IndexByte(text[at:], ' ')
			if end < 0 {
				end = len(text)
			} else {
				end += at
			}
			start := at
			tok := text[at:end]
			at = end + 1
			if i, j := punctuationBounds(tok); j-i >= 3 {
				start += i
				tok = tok[i:j]
			}
			words = append(words, tok)
			if lowerAll != "" {
				lower = append(lower, lowerAll[start:start+len(tok)])
			} else {
				lower = append(lower, strings.ToLower(tok))
			}
		}
	}
	t := vaderText{words: words, lower: lower}
	t.known = sc.known[:0]
	anyInLexicon := false
	for _, w := range lower {
		var e vaderWord
		if h := foldHash(w); v.known.mayHold(h) {
			e = v.words.at(w, h)
			anyInLexicon = anyInLexicon || e.inLexicon
		}
		t.known = append(t.known, e)
	}
	if !anyInLexicon {
		// Only a word of the lexicon has a valence: every sentiment
		// below would be 0, and so their sum and the compound. Most
		// messages of technical work hold no such word.
		sc.words, sc.lower, sc.known = words, lower, t.known
		return 0
	}
	allCaps := 0
	for _, w := range words {
		if isUpper(w) {
			allCaps++
		}
	}
	t.capDiff = allCaps > 0 && allCaps < len(words)
	// The lower-cased words of ASCII text are pieces of lowerAll.
	t.mayHoldNT = lowerAll == "" || holdsNT(lowerAll)

	sentiments := sc.sentiments[:0]
	for i := range words {
		switch {
		case t.known[i].booster:
			sentiments = append(sentiments, 0)
		case i < len(words)-1 && lower[i] == "kind" && lower[i+1] == "of":
			sentiments = append(sentiments, 0)
		case !t.known[i].inLexicon:
			// valence's answer, without calling it for each word.
			sentiments = append(sentiments, 0)
		default:
			sentiments = append(sentiments, v.valence(&t, i))
		}
	}

	for bi, w := range lower {
		if w != "but" {
			continue
		}
		for i := range sentiments {
			if i < bi {
				sentiments[i] *= 1 - vaderButScale
			} else if i > bi {
				sentiments[i] *= 1 + vaderButScale
			}
		}
		break
	}

	sc.words, sc.lower, sc.known, sc.sentiments = words, lower, t.known, sentiments
	if len(sentiments) == 0 {
		return 0
	}
	sum := 0.0
	for _, s := range sentiments {
		sum += s
	}
	emphasis := punctuationEmphasis(text)
	if sum > 0 {
		sum += emphasis
	} else if sum < 0 {
		sum -= emphasis
	}
	c := sum / math.Sqrt(sum*sum+vaderAlpha)
	return max(-1, min(1, c))
}

// vaderScratch is what compound reads a text into, kept for the next
// text: every message's sentiment is scored, and making these for each
// was a tenth of what a first sync of Codex rollouts allocated.
type vaderScratch struct {
	lowerText    []byte
	words, lower []string
	known        []vaderWord
	sentiments   []float64
}

var vaderScratchPool = sync.Pool{New: func() any { return new(vaderScratch) }}

// put returns the scratch to the pool, holding no text.
func (sc *vaderScratch) put() {
	clear(sc.words) // the words after them were cleared before
	clear(sc.lower)
	vaderScratchPool.Put(sc)
}

// vaderText is a text's words as compound reads them: as written, lower-cased,
// and what the lexicons say of each lower-cased word.
type vaderText struct {
	words, lower []string
	known        []vaderWord
	capDiff      bool
	// mayHoldNT is false when no lower-cased word holds "n't" (negated):
	// known of ASCII text, whose words are read from its lower case,
	// without searching each word.
	mayHoldNT bool
}

// inLexicon reports whether word j as written (not lower-cased, as
// govader looks it up) is in the lexicon.
func (v *vader) inLexicon(t *vaderText, j int) bool {
	if t.words[j] == t.lower[j] {
		return t.known[j].inLexicon
	}
	_, ok := v.lexicon[t.words[j]]
	return ok
}

// valence is govader's sentimentValence for word i.
func (v *vader) valence(t *vaderText, i int) float64 {
	if !t.known[i].inLexicon {
		return 0
	}
	words, lower, capDiff := t.words, t.lower, t.capDiff
	lex := t.known[i].valence
	val := lex
	if lower[i] == "no" && i+1 < len(lower) && t.known[i+1].inLexicon {
		val = 0
	}
	if (i > 0 && lower[i-1] == "no") ||
		(i > 1 && lower[i-2] == "no") ||
		(i > 2 && lower[i-3] == "no" && (lower[i-1] == "or" || lower[i-1] == "nor")) {
		val = lex * vaderNScalar
	}
	if isUpper(words[i]) && capDiff {
		if val > 0 {
			val += vaderCIncr
		} else {
			val -= vaderCIncr
		}
	}
	for start := 0; start < 3; start++ {
		j := i - (start + 1)
		if j < 0 || v.inLexicon(t, j) {
			continue
		}
		s := scalar(t, j, val)
		if start == 1 && s != 0 {
			s *= vaderScale1
		}
		if start == 2 && s != 0 {
			s *= vaderScale2
		}
		val += s
		val = negationCheck(t, val, start, i)
		if start == 2 {
			val = v.specialIdioms(t, val, i)
		}
	}
	return v.leastCheck(t, val, i)
}

// scalar is govader's scalarIncDec: how a booster word (word j) before a
// sentiment word raises or lowers it.
func scalar(t *vaderText, j int, val float64) float64 {
	if !t.known[j].booster {
		return 0
	}
	s := t.known[j].boost
	if val < 0 {
		s = -s
	}
	if isUpper(t.words[j]) && t.capDiff {
		if val > 0 {
			s += vaderCIncr
		} else {
			s -= vaderCIncr
		}
	}
	return s
}

// negated reports whether word j negates.
// holdsNT reports whether s holds "n't", read at its apostrophes (few in
// most text) where strings.Contains stops at each 'n'.
func holdsNT(s string) bool {
	for at := 0; ; at++ {
		i := strings.IndexByte(s[at:], '\'')
		if i < 0 {
			return false
		}
		at += i
		if at > 0 && s[at-1] == 'n' && at+1 < len(s) && s[at+1] == 't' {
			return true
		}
	}
}

func negated(t *vaderText, j int) bool {
	return t.known[j].negate || t.mayHoldNT && strings.Contains(t.lower[j], "n't")
}

func negationCheck(t *vaderText, val float64, start, i int) float64 {
	w := t.lower
	soThis := func(s string) bool { return s == "so" || s == "this" }
	switch start {
	case 0:
		if negated(t, i-1) {
			return val * vaderNScalar
		}
	case 1:
		switch {
		case w[i-2] == "never" && soThis(w[i-1]):
			return val * vaderNegationScale
		case w[i-2] == "without" && w[i-1] == "doubt":
			return val
		case negated(t, i-2):
			return val * vaderNScalar
		}
	case 2:
		switch {
		case w[i-3] == "never" && (soThis(w[i-2]) || soThis(w[i-1])):
			return val * vaderNegationScale
		case w[i-3] == "without" && (w[i-2] == "doubt" || w[i-1] == "doubt"):
			return val
		case negated(t, i-3):
			return val * vaderNScalar
		}
	}
	return val
}

// specialIdioms is govader's specialIdiomsCheck; it runs only for i >= 3.
// Each phrase is the lower-cased words at the indexes given, and is
// looked up only when each of its words is one of an idiom's (a phrase
// with any other word is no idiom).
func (v *vader) specialIdioms(t *vaderText, val float64, i int) float64 {
	w := t.lower
	// Each phrase below holds two neighbouring words of i-3 … i+1: when
	// no two neighbours there are both an idiom's, none can be one.
	idiom := func(k int) bool { return k < len(w) && t.known[k].idiom }
	if !(idiom(i-3) && idiom(i-2)) && !(idiom(i-2) && idiom(i-1)) &&
		!(idiom(i-1) && idiom(i)) && !(idiom(i) && idiom(i+1)) {
		return val
	}
	var buf [96]byte
	phrase := func(at ...int) (string, bool) {
		for _, k := range at {
			if !t.known[k].idiom {
				return "", false
			}
		}
		b := buf[:0]
		for n, k := range at {
			if n > 0 {
				b = append(b, ' ')
			}
			b = append(b, w[k]...)
		}
		return string(b), true
	}
	for _, seq := range [][]int{
		{i - 1, i}, {i - 2, i - 1, i}, {i - 2, i - 1}, {i - 3, i - 2, i - 1}, {i - 3, i - 2},
	} {
		if p, ok := phrase(seq...); ok {
			if s, ok := v.special[p]; ok {
				val = s
				break
			}
		}
	}
	if len(w)-1 > i {
		if p, ok := phrase(i, i+1); ok {
			if s, ok := v.special[p]; ok {
				val = s
			}
		}
	}
	if len(w)-1 > i+1 {
		if p, ok := phrase(i, i+1, i+2); ok {
			if s, ok := v.special[p]; ok {
				val = s
			}
		}
	}
	for _, seq := range [][]int{{i - 3, i - 2, i - 1}, {i - 3, i - 2}, {i - 2, i - 1}} {
		if p, ok := phrase(seq...); ok {
			if s, ok := v.booster[p]; ok {
				val += s
			}
		}
	}
	return val
}

// leastCheck looks at the un-lowered previous words, as govader does.
func (v *vader) leastCheck(t *vaderText, val float64, i int) float64 {
	// The word is asked whether it is "least" before the lexicon is.
	words := t.words
	if i == 0 || words[i-1] != "least" || v.inLexicon(t, i-1) {
		return val
	}
	if i == 1 || (words[i-2] != "at" && words[i-2] != "very") {
		val *= vaderNScalar
	}
	return val
}

// replaceEmoji spells out emoji as govader does: a space before the
// description unless one is there, none after.
func (v *vader) replaceEmoji(text string) string {
	ascii := true
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return text
	}
	// Most text beyond ASCII (accents, CJK) holds no emoji: valid UTF-8
	// is then written back as it is, rune by rune, and is returned
	// unwritten.
	emoji := false
	for _, r := range text {
		if _, ok := v.emojiRunes[r]; ok {
			emoji = true
			break
		}
	}
	if !emoji && utf8.ValidString(text) {
		return text
	}
	var b strings.Builder
	b.Grow(len(text) * 2)
	prevSpace := true
	for _, r := range text {
		chr := string(r)
		if d, ok := v.emojiRunes[r]; ok {
			if !prevSpace {
				b.WriteByte(' ')
			}
			b.WriteString(d)
			prevSpace = false
			continue
		}
		b.WriteString(chr)
		prevSpace = chr == " "
	}
	return b.String()
}

// punctuationSet holds the bytes of vaderPunctuation.
var punctuationSet = func() (s [256]bool) {
	for i := 0; i < len(vaderPunctuation); i++ {
		s[vaderPunctuation[i]] = true
	}
	return s
}()

// punctuationBounds returns where strings.Trim(s, vaderPunctuation)
// starts and ends in s, without building the cut set on every call.
func punctuationBounds(s string) (i, j int) {
	i, j = 0, len(s)
	for i < j && punctuationSet[s[i]] {
		i++
	}
	for j > i && punctuationSet[s[j-1]] {
		j--
	}
	return i, j
}

// isUpper is Python's str.isupper restricted to ASCII, as govader uses it:
// some upper-case letter and no lower-case one.
func isUpper(s string) bool {
	upper := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' {
			return false
		}
		if 'A' <= c && c <= 'Z' {
			upper = true
		}
	}
	return upper
}

func punctuationEmphasis(text string) float64 {
	ep := min(strings.Count(text, "!"), vaderMaxEP)
	e := float64(ep) * vaderEPScale
	if qm := strings.Count(text, "?"); qm > 1 {
		if qm <= 3 {
			e += float64(qm) * vaderQMScale
		} else {
			e += vaderMaxQM
		}
	}
	return e
}
