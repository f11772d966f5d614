// Package fulltext turns text into the words Baton's full-text indexes
// hold, the same way for the text indexed and for the query, so both SQL
// dialects (FTS5 and tsvector) see identical words whatever their own
// tokenisers would have done.
//
// A word is a run of letters, digits and combining marks, lower-cased, with
// accents removed ("Café" and "cafe" are one word). Everything else
// separates words: hyphens, slashes, dots, quotes, and every other
// punctuation, so no input can reach a query syntax. Han, Hiragana and
// Katakana characters are written without spaces between words, so each
// such character is a word of its own; a query for a run of them asks for
// those characters next to each other.
package fulltext

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Words returns the words of s in order, repeats included.
func Words(s string) []string {
	if isASCII(s) {
		var words []string
		appendASCII(s, func(w string) { words = append(words, w) })
		return words
	}
	var words []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			words = append(words, cur.String())
			cur.Reset()
		}
	}
	// NFD splits "é" into "e" and a combining accent, which is dropped.
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			// an accent: part of the word, not written
		case unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r):
			flush()
			cur.WriteRune(r)
			flush()
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
			cur.WriteRune(unicode.ToLower(r))
		default:
			flush()
		}
	}
	flush()
	for i, w := range words {
		if !isASCII(w) {
			words[i] = norm.NFC.String(w)
		}
	}
	return words
}

// appendASCII gives each word of s, which is ASCII, to add: the words
// Words makes of it, without decomposing and testing each rune by its
// Unicode classes (in ASCII, letters and digits are the word characters,
// and nothing decomposes).
func appendASCII(s string, add func(string)) {
	start := -1
	lower := true
	for i := 0; i <= len(s); i++ {
		c := byte(' ')
		if i < len(s) {
			c = s[i]
		}
		word := c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
		if c >= 'A' && c <= 'Z' {
			word, lower = true, false
		}
		switch {
		case word && start < 0:
			start = i
		case !word && start >= 0:
			if lower {
				add(s[start:i])
			} else {
				add(strings.ToLower(s[start:i]))
			}
			start, lower = -1, true
		}
	}
}

// Text returns the words of every part, separated by single spaces: the
// text an index is given.
func Text(parts ...string) string {
	var b strings.Builder
	for _, p := range parts {
		if isASCII(p) {
			appendASCII(p, func(w string) {
				if b.Len() > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(w)
			})
			continue
		}
		for _, w := range Words(p) {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(w)
		}
	}
	return b.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
