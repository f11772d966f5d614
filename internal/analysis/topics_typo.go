package analysis

// A steward types fast: "shoudl", "thsi", "sytax", "verything". Such a
// word is written once, and one slip away from a word the session writes
// more often or from a stop word, which is what it stands for; it is no
// topic of its own.

// misspelt reports a word of one message that one slip — two letters
// swapped, one left out or one doubled — makes from a word the session
// holds in more messages (cands; *known indexes them, made on first use)
// or from an English stop word. A letter too many at the start is no
// slip ("table" is not "able").
func misspelt(w string, cands []topicCandidate, known *map[string]int) bool {
	if len(w) < 4 || !isASCII(w) {
		return false
	}
	if *known == nil {
		*known = make(map[string]int, len(cands))
		for _, c := range cands {
			(*known)[c.term] = c.msgs
		}
	}
	// The word it stands for: one of the session's, or an English stop
	// word; not its plural or singular, which is the same word.
	word := func(v string) bool {
		return len(v) >= 4 && v+"s" != w && w+"s" != v && (stopWords[v] || (*known)[v] > 1)
	}
	b := []byte(w)
	for i := 0; i+1 < len(b); i++ { // two letters swapped: "thsi"
		if b[i] == b[i+1] {
			continue
		}
		b[i], b[i+1] = b[i+1], b[i]
		ok := word(string(b))
		b[i], b[i+1] = b[i+1], b[i]
		if ok {
			return true
		}
	}
	for i := 1; i < len(w); i++ { // one letter too many: "commmit"
		if word(w[:i] + w[i+1:]) {
			return true
		}
	}
	for i := 0; i <= len(w); i++ { // one letter left out: "sytax", "verything"
		for c := byte('a'); c <= 'z'; c++ {
			if word(w[:i] + string(c) + w[i:]) {
				return true
			}
		}
	}
	return false
}
