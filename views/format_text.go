package views

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/baton-dev/baton/views/charts"
)

// truncate shortens s to at most n characters, at a word boundary when
// one is near, and marks the cut with "…".
func truncate(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	cut := 0
	for i := range s {
		if n == 0 {
			cut = i
			break
		}
		n--
	}
	out := s[:cut]
	if sp := strings.LastIndexByte(out, ' '); sp > len(out)*2/3 {
		out = out[:sp]
	}
	return strings.TrimRight(out, " ,.;:") + "…"
}

// firstLine is the first non-blank line of s, truncated to n characters.
func firstLine(s string, n int) string {
	for _, line := range strings.Split(s, "\n") {
		if strings.TrimSpace(line) != "" {
			return truncate(line, n)
		}
	}
	return ""
}

// humanize turns an identifier into words: "cherry_pick" → "Cherry pick"
// (as the charts say them).
func humanize(s string) string { return charts.Humanize(s) }

// textPart is a run of text, marked when it matches a search term.
type textPart struct {
	Text string
	Mark bool
}

// highlight splits text into runs, marking every case-insensitive
// occurrence of the words of q. Words are split as the search index splits
// them (letters and digits), so what is marked is what matched. The parts
// are rendered as text, so nothing in text or q can become markup.
func highlight(text, q string) []textPart {
	terms := strings.FieldsFunc(q, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if len(terms) == 0 || text == "" {
		return []textPart{{Text: text}}
	}
	var parts []textPart
	plain := 0
	for i := 0; i < len(text); {
		n := 0
		for _, t := range terms {
			if m := prefixFold(text[i:], t); m > n {
				n = m
			}
		}
		if n == 0 {
			_, size := utf8.DecodeRuneInString(text[i:])
			i += size
			continue
		}
		if plain < i {
			parts = append(parts, textPart{Text: text[plain:i]})
		}
		parts = append(parts, textPart{Text: text[i : i+n], Mark: true})
		i += n
		plain = i
	}
	if plain < len(text) {
		parts = append(parts, textPart{Text: text[plain:]})
	}
	return parts
}

// prefixFold returns the length in bytes of the prefix of s that equals
// term under Unicode case folding, or 0 when s does not start with term.
func prefixFold(s, term string) int {
	i := 0
	for _, tr := range term {
		if i >= len(s) {
			return 0
		}
		sr, size := utf8.DecodeRuneInString(s[i:])
		if sr != tr && unicode.ToLower(sr) != unicode.ToLower(tr) {
			return 0
		}
		i += size
	}
	return i
}

// ptrString is the value of an optional string.
func ptrString(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// joinOrDash lists words with commas, or a dash when there are none.
func joinOrDash(items []string) string {
	if len(items) == 0 {
		return "—"
	}
	return strings.Join(items, ", ")
}
