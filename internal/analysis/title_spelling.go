package analysis

import (
	"math"
	"strings"
)

// A steward types fast, and a title in their words keeps their slips
// ("为当前项目写一份READMD.md" where the session writes README.md in every
// answer, "edxisting chat queue"): a reader looking for the session by
// its subject finds neither. A word of the title that the session writes
// in one message only, one slip away from a term it writes in several, is
// written as the session writes that term.

// fewMessagesWeight is the weight (termWeights) of a word the steward
// wrote in one message, or the assistant in two: a word that rare may be
// a slip.
var fewMessagesWeight = math.Log2(1 + 2)

// severalMessagesWeight is the weight of a term written in two of the
// steward's messages or four of the assistant's: the session's own
// spelling.
var severalMessagesWeight = math.Log2(1 + 4)

// minSlipWord is the length of the shortest word read for a slip: the
// shorter a word, the more real words lie one slip from it.
const minSlipWord = 5

// withSessionSpelling is title with each word of Latin letters that the
// session writes in few messages (fewMessagesWeight) and that one slip
// (two letters swapped, one left out, one too many, one struck for
// another) makes from a term the session writes in several
// (severalMessagesWeight) written as that term, in the word's case. A
// word another slip makes from a second such term is kept (which one
// was meant is not known), as is a word that differs from the term only
// at its end ("cache" of "cached", "test" of "tests": the same word in
// another form) or a word of English Baton knows.
func withSessionSpelling(title string, weights map[string]float64) string {
	var b strings.Builder
	changed := false
	for i := 0; i < len(title); {
		j := i
		for j < len(title) && asciiLetter(title[j]) {
			j++
		}
		if j == i {
			b.WriteByte(title[i])
			i++
			continue
		}
		word := title[i:j]
		joined := i > 0 && wordJoiner(title[i-1]) || j < len(title) && wordJoiner(title[j])
		if fix := sessionSpelling(word, weights); fix != "" && !joined {
			b.WriteString(inCaseOf(fix, word))
			changed = true
		} else {
			b.WriteString(word)
		}
		i = j
	}
	if !changed {
		return title
	}
	return b.String()
}

// asciiLetter reports an ASCII letter.
func asciiLetter(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// wordJoiner reports a byte that joins letters into one name
// ("window_craft", "v2beta"): a piece of a name is no word of its own.
func wordJoiner(c byte) bool {
	return c == '_' || c >= '0' && c <= '9'
}

// sessionSpelling is the term of the session one slip makes word from,
// "" when there is none or more than one, or word is one the session or
// English writes.
func sessionSpelling(word string, weights map[string]float64) string {
	w := strings.ToLower(word)
	if len(w) < minSlipWord || weights[w] > fewMessagesWeight+1e-9 || knownWord(w) {
		return ""
	}
	found := ""
	try := func(v string) bool {
		if weights[v] < severalMessagesWeight-1e-9 || v == found {
			return true
		}
		if found != "" {
			found = ""
			return false
		}
		found = v
		return true
	}
	b := []byte(w)
	// A letter is not left out or added at the end, nor a last letter
	// struck for an ending's: a word that differs from a term there is
	// the term in another form.
	last := len(b) - 1
	for k := 0; k+1 < last; k++ { // two letters swapped: "environmnet"
		if b[k] == b[k+1] {
			continue
		}
		b[k], b[k+1] = b[k+1], b[k]
		ok := try(string(b))
		b[k], b[k+1] = b[k+1], b[k]
		if !ok {
			return ""
		}
	}
	for k := 1; k < last; k++ { // one key struck twice, or with its neighbour: "commmit", "edxisting"
		if !strayKey(w, k) {
			continue
		}
		if !try(w[:k] + w[k+1:]) {
			return ""
		}
	}
	for k := 1; k < last && len(w) >= minLeftOutWord; k++ { // one letter left out: "swithing"
		for c := byte('a'); c <= 'z'; c++ {
			if !try(w[:k] + string(c) + w[k:]) {
				return ""
			}
		}
	}
	for k := 1; k < len(b); k++ { // one key struck for its neighbour: "readmd"
		orig := b[k]
		for c := byte('a'); c <= 'z'; c++ {
			if c == orig || !neighbourKeys(orig, c) || k == last && inflection(b[k-1], orig, c) {
				continue
			}
			b[k] = c
			ok := try(string(b))
			b[k] = orig
			if !ok {
				return ""
			}
		}
	}
	return found
}

// minLeftOutWord is the length of the shortest word read for a letter
// left out: a short word with one more letter is often another word
// ("string", "storing").
const minLeftOutWord = 7

// strayKey reports whether w[k] may be a key struck by a slip beside the
// letters around it: the same letter as one of them, or a key next to
// one of theirs on the keyboard ("edxisting": d beside e and x). A letter
// far from both was typed on purpose ("storing" is not "string").
func strayKey(w string, k int) bool {
	c := w[k]
	return c == w[k-1] || c == w[k+1] || neighbourKeys(c, w[k-1]) || neighbourKeys(c, w[k+1])
}

// keyRows are the rows of letters of a QWERTY keyboard, and keyShifts how
// far each row is set to the right of the one above it, in keys.
var (
	keyRows   = [3]string{"qwertyuiop", "asdfghjkl", "zxcvbnm"}
	keyShifts = [3]float64{0, 0.25, 0.75}
)

// neighbourKeys reports two letters whose keys touch on a QWERTY
// keyboard: the slips of a finger are to them.
func neighbourKeys(a, b byte) bool {
	ra, ca := keyPlace(a)
	rb, cb := keyPlace(b)
	if ra < 0 || rb < 0 || a == b {
		return false
	}
	dy, dx := ra-rb, ca-cb
	return dy >= -1 && dy <= 1 && dx >= -1 && dx <= 1
}

// keyPlace is the row of a letter's key and its place along the row;
// row -1 for a byte that is no letter.
func keyPlace(c byte) (int, float64) {
	for r, row := range keyRows {
		if i := strings.IndexByte(row, c); i >= 0 {
			return r, float64(i) + keyShifts[r]
		}
	}
	return -1, 0
}

// inflection reports a word's last letter, after before, that is one of
// the endings of English's inflections -es, -ed, -er: a word written
// with another of them is the same word in another form ("cached",
// "caches").
func inflection(before, a, b byte) bool {
	ending := func(c byte) bool { return c == 's' || c == 'd' || c == 'r' }
	return before == 'e' && (ending(a) || ending(b))
}

// knownWord reports a word of English Baton holds in its tables: no slip.
func knownWord(w string) bool {
	return stopWords[w] || functionWords[w] || verbs[w] || imperatives[w] || isTechnologyName(w)
}

// inCaseOf is term written in the case of word: capitals for capitals
// ("READMD" → "README"), a capital first letter for one.
func inCaseOf(term, word string) string {
	switch {
	case strings.ToUpper(word) == word:
		return strings.ToUpper(term)
	case word[0] >= 'A' && word[0] <= 'Z':
		return strings.ToUpper(term[:1]) + term[1:]
	}
	return term
}
