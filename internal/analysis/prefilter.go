package analysis

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Cheap checks run before a costly scan that cannot succeed without what
// they look for. Each answers true whenever the scan could match, so the
// analysis says the same with or without them; they only spare the
// scans of text that cannot match (an unanchored pattern is tried at
// every place of the text, and on a long session those scans were a
// fifth of the session analysis' CPU).

// holdsFold reports whether s could hold w (lower-case ASCII) as a
// case-insensitive pattern ((?i)) reads it: w in any ASCII case, or, when
// w has an s or a k, s holding one of the two runes that (?i) folds to an
// ASCII letter (the long s U+017F, the Kelvin sign U+212A), wherever they are.
func holdsFold(s, w string) bool {
	if strings.ContainsAny(w, "sk") && containsAnyNonASCII(s, "\u017f\u212a") {
		return true
	}
	n := len(w)
	first := w[0]
	for i := 0; i+n <= len(s); i++ {
		if c := s[i]; c != first && c|0x20 != first {
			continue
		}
		k := 1
		for k < n && foldsTo(s[i+k], w[k]) {
			k++
		}
		if k == n {
			return true
		}
	}
	return false
}

// foldsTo reports whether byte c is w (a lower-case ASCII byte) in either
// ASCII case.
func foldsTo(c, w byte) bool {
	return c == w || 'a' <= w && w <= 'z' && c == w-('a'-'A')
}

// holdsAnyFold is holdsFold for any of words.
func holdsAnyFold(s string, words []string) bool {
	for _, w := range words {
		if holdsFold(s, w) {
			return true
		}
	}
	return false
}

// containsAnyNonASCII is strings.ContainsAny(s, chars) for chars made only
// of runes outside ASCII (U+FFFD, which stands for bytes that are no
// rune, not among them): text of ASCII alone holds none of them, and is
// read once byte by byte rather than once per rune of chars. Past its
// first byte beyond ASCII, the text is searched for each rune's bytes
// rather than decoded rune by rune (strings.ContainsAny): a rune's first
// byte starts a rune wherever it stands, so its bytes are found exactly
// where the rune is.
func containsAnyNonASCII(s, chars string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			rest := s[i:]
			for _, r := range chars {
				if strings.Contains(rest, string(r)) {
					return true
				}
			}
			return false
		}
	}
	return false
}

// comparativeWords are words one of which every match of comparative
// holds ("plutôt que" and "ao invés de" by their ASCII openings).
var comparativeWords = []string{"instead of", "rather than", "plut", "au lieu de", "em vez de", "ao inv"}

// comparativeFoldWords are comparativeWords, read in one pass (six
// passes over every steward message were most of neededCourses' CPU).
var comparativeFoldWords = newFoldWords(comparativeWords...)

// comparativeIn is comparative.MatchString(s), its pattern scanned only
// when s holds one of its words.
func comparativeIn(s string) bool {
	return comparativeFoldWords.in(s) && comparative.MatchString(s)
}

// opensMark reports whether s holds mark at its start or after a byte
// other than an ASCII letter, digit or the mark itself: where emphasis
// such as mdEm's `(^|[^\p{L}\p{N}*])\*` can open (a byte outside ASCII
// could end a rune of the class, so it counts as one). An identifier's
// underscores (snake_case) and a glob's asterisks after a letter cannot
// open, and text holding only those is spared the patterns.
func opensMark(s string, mark byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != mark {
			continue
		}
		if i == 0 {
			return true
		}
		if p := s[i-1]; p != mark && (p >= utf8.RuneSelf || !isASCIIAlnum(p)) {
			return true
		}
	}
	return false
}

// isASCIIAlnum reports an ASCII letter or digit.
func isASCIIAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// foldWords is holdsAnyFold for a fixed list of words, read in one pass:
// at each byte of the text only the words that can start with it are
// tried (ten words looked for one by one were ten passes).
type foldWords struct {
	words   []string
	byFirst [256][]string // the words by their first byte, in either ASCII case
	opens   [256]bool     // whether byFirst holds words for the byte, or it is beyond ASCII and sk: one load per byte of the text
	sk      bool          // a word holds s or k, which (?i) folds from ſ and K
}

// newFoldWords makes the foldWords of words (lower-case where ASCII).
func newFoldWords(words ...string) *foldWords {
	f := &foldWords{words: words}
	for _, w := range words {
		c := w[0]
		f.byFirst[c] = append(f.byFirst[c], w)
		f.opens[c] = true
		if 'a' <= c && c <= 'z' {
			f.byFirst[c-('a'-'A')] = append(f.byFirst[c-('a'-'A')], w)
			f.opens[c-('a'-'A')] = true
		}
		f.sk = f.sk || strings.ContainsAny(w, "sk")
	}
	if f.sk {
		for c := utf8.RuneSelf; c < len(f.opens); c++ {
			f.opens[c] = true
		}
	}
	return f
}

// in reports what holdsAnyFold(s, f.words) reports. The text is read
// once: the long s and the Kelvin sign, which hold a byte beyond ASCII,
// are looked for from the first such byte on, where it is met.
func (f *foldWords) in(s string) bool {
	sk := f.sk
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !f.opens[c] {
			continue
		}
		if c >= utf8.RuneSelf && sk {
			if strings.Contains(s[i:], "\u017f") || strings.Contains(s[i:], "\u212a") {
				return true
			}
			sk = false
		}
	words:
		for _, w := range f.byFirst[c] {
			if len(s)-i < len(w) {
				continue
			}
			for k := 1; k < len(w); k++ {
				if !foldsTo(s[i+k], w[k]) {
					continue words
				}
			}
			return true
		}
	}
	return false
}

// submatchIf is re.FindStringSubmatch(s), re run only when s holds one of
// words, which every match of re holds.
func submatchIf(re *regexp.Regexp, s string, words *foldWords) []string {
	if !words.in(s) {
		return nil
	}
	return re.FindStringSubmatch(s)
}

// submatchIndexIf is re.FindStringSubmatchIndex(s), re run only when s
// holds one of words, which every match of re holds.
func submatchIndexIf(re *regexp.Regexp, s string, words *foldWords) []int {
	if !words.in(s) {
		return nil
	}
	return re.FindStringSubmatchIndex(s)
}

// offersCoursesWords are words one of which every match of offersCourses
// holds, and its line break.
var offersCoursesWords = newFoldWords("me to", "shall i", "should i", "i can", "option")

// offersCoursesIn is offersCourses.MatchString(s), its pattern scanned
// only when s has a line break and one of its words: it was a tenth of a
// first sync's CPU on long messages of one line.
func offersCoursesIn(s string) bool {
	return strings.IndexByte(s, '\n') >= 0 && offersCoursesWords.in(s) && offersCourses.MatchString(s)
}

// lineMatch is re.MatchString(s) for a pattern whose matches never span a
// line (within a line: no line break, no ^ or $ of the whole text;
// TestLineMatchPatternsStayInALine checks each pattern given it): re runs
// only on the lines of s, each with its line break, that hold one of
// words, which every match of re holds. A short line is read by the
// regexp package's backtracker, a long text by its slower machine, and a
// line without the words not at all.
func lineMatch(re *regexp.Regexp, s string, words *foldWords) bool {
	if !words.in(s) {
		return false
	}
	for line := range strings.Lines(s) {
		if words.in(line) && re.MatchString(line) {
			return true
		}
	}
	return false
}

// chooseFoldWords are chooseWords, read in one pass.
var chooseFoldWords = newFoldWords(chooseWords...)

// withoutSlashCommand is slashCommand.ReplaceAllString(s, ""): the pattern
// holds only at the text's start after white space (\s: tab, line feed,
// form feed, carriage return, space), so text whose first other byte is
// not "/" is returned as it is, unscanned.
func withoutSlashCommand(s string) string {
	if !strings.HasPrefix(strings.TrimLeft(s, "\t\n\f\r "), "/") {
		return s
	}
	return slashCommand.ReplaceAllString(s, "")
}

// rationaleWords are words one of which every match of rationaleMarker
// holds ("já que" by its ASCII "que").
var rationaleWords = newFoldWords("because", "since", "so that", "given that", "due to", "as it", "as they", "as this", "as that",
	"weil", "denn", "parce", "puisque", "porque", "pois", "que")

// rationaleAt is rationaleMarker.FindStringIndex(s), read byte by byte:
// the pattern opens with white space, so the regexp package tried it at
// every place of the text, and each decision read looks for its reason
// (it was a tenth of a session's analysis). A match starts at a comma,
// a semicolon or white space, all ASCII, so every place it can start is
// a place the pattern is tried at. TestRationaleAtAsThePattern compares
// the two.
func rationaleAt(s string) []int {
	for start := 0; start < len(s); start++ {
		c := s[start]
		if c != ',' && c != ';' && !patternSpace(c) {
			continue
		}
		end, spaceEnd := rationaleMarkerEnd(s, start)
		if end >= 0 {
			return []int{start, end}
		}
		// A later place in the same run of white space reaches the same
		// word after it, and fails there as this one did.
		start = max(start, spaceEnd-1)
	}
	return nil
}

// rationaleMarkerLeads are the words of rationaleMarker's first
// alternative, in its order; rationaleMarkerClitic is its second.
var rationaleMarkerLeads = []string{"because", "since", "so that", "given that", "due to", "as it", "as they", "as this", "as that",
	"weil", "denn", "parce que", "puisque", "porque", "pois", "já que"}

const rationaleMarkerClitic = "parce qu'"

// rationaleMarkerEnd is where rationaleMarker's match that starts at
// start ends, or -1 when none starts there; spaceEnd is where the run of
// white space the match would open with ends.
func rationaleMarkerEnd(s string, start int) (end, spaceEnd int) {
	i := start
	if s[i] == ',' || s[i] == ';' {
		i++
	}
	j := i
	for j < len(s) && patternSpace(s[j]) {
		j++
	}
	if j == i || j == len(s) {
		return -1, j
	}
	// Each word opens with a letter, so the white space before it is the
	// whole run; the words open with b, s, g, d, a, w, p or j, or with a
	// rune beyond ASCII that folds to one (ſ).
	switch s[j] | 0x20 {
	case 'b', 's', 'g', 'd', 'a', 'w', 'p', 'j':
	default:
		if s[j] < utf8.RuneSelf {
			return -1, j
		}
	}
	rest := s[j:]
	for _, w := range rationaleMarkerLeads {
		n := foldedPrefix(rest, w)
		if n < 0 {
			continue
		}
		k := j + n
		e := k
		for e < len(s) && patternSpace(s[e]) {
			e++
		}
		if e > k {
			return e, j
		}
	}
	if n := foldedPrefix(rest, rationaleMarkerClitic); n >= 0 {
		return j + n, j
	}
	return -1, j
}

// patternSpace reports whether c is what \s matches in a Go regexp.
func patternSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// foldedPrefix is the length of the prefix of s that matches w under
// (?i), rune by rune as the regexp package folds case (ſ is s, K is k), or
// -1 when s opens with no such prefix.
func foldedPrefix(s, w string) int {
	p := 0
	for _, r := range w {
		if p >= len(s) {
			return -1
		}
		sr, size := rune(s[p]), 1
		if sr >= utf8.RuneSelf {
			sr, size = utf8.DecodeRuneInString(s[p:])
		}
		if sr != r && !sameFold(sr, r) {
			return -1
		}
		p += size
	}
	return p
}

// sameFold reports whether a and b are in one orbit of unicode.SimpleFold.
func sameFold(a, b rune) bool {
	for f := unicode.SimpleFold(a); f != a; f = unicode.SimpleFold(f) {
		if f == b {
			return true
		}
	}
	return false
}

// alternativeAt is alternativeMarker.FindStringIndex(s), its pattern
// scanned only when s holds one of its words (comparativeWords).
func alternativeAt(s string) []int {
	if !comparativeFoldWords.in(s) {
		return nil
	}
	return alternativeMarker.FindStringIndex(s)
}

// Words one of which every match of the approach pattern beside them
// holds: most of an assistant's sentences hold none, and the patterns,
// with their lazy and counted repeats, were a tenth of the decisions'
// CPU.
var (
	whichIsApproachWords = newFoldWords("which is")
	namedApproachWords   = newFoldWords("correct", "right", "best", "better", "simplest", "cleanest", "proper", "safest", "recommended", "preferred")
)
