package analysis

import (
	"regexp"
	"strings"
)

// The bytes of Markdown that plainText and plainLine may change: a text
// with none is returned as it is. Sets made once, where strings.ContainsAny
// made its set from the string on every call (every sentence the
// summary scores).
var (
	plainTextMarks = newASCIISet("`*_~[<#>-+0123456789")
	plainLineMarks = newASCIISet("`*_~[<")
)

// asciiSet is a set of ASCII bytes.
type asciiSet [256]bool

func newASCIISet(chars string) *asciiSet {
	var set asciiSet
	for i := 0; i < len(chars); i++ {
		set[chars[i]] = true
	}
	return &set
}

// in is strings.ContainsAny(s, the set's bytes): a byte of a longer rune
// or of no rune is never ASCII, so s is read byte by byte.
func (set *asciiSet) in(s string) bool {
	for i := 0; i < len(s); i++ {
		if set[s[i]] {
			return true
		}
	}
	return false
}

// Inline Markdown that plainText unwraps, outside code spans.
var (
	mdImage    = regexp.MustCompile(`!\[([^\]]*)\]\([^)\s]*(?:\s+"[^"]*")?\)`)
	mdLink     = regexp.MustCompile(`\[([^\]]+)\]\([^)\s]*(?:\s+"[^"]*")?\)`)
	mdRefLink  = regexp.MustCompile(`\[([^\]]+)\]\[[^\]]*\]`)
	mdAutolink = regexp.MustCompile(`<((?:https?|mailto):[^>\s]+)>`)
	mdStrong   = regexp.MustCompile(`\*\*(\S(?:.*?\S)??)\*\*`)
	mdStrongU  = regexp.MustCompile(`(^|[^\p{L}\p{N}_])__(\S(?:.*?\S)??)__($|[^\p{L}\p{N}_])`)
	mdStrike   = regexp.MustCompile(`~~(\S(?:.*?\S)??)~~`)
	mdEm       = regexp.MustCompile(`(^|[^\p{L}\p{N}*])\*(\S(?:[^*]*?\S)?)\*($|[^\p{L}\p{N}*])`)
	mdEmU      = regexp.MustCompile(`(^|[^\p{L}\p{N}_])_(\S(?:[^_]*?\S)?)_($|[^\p{L}\p{N}_])`)
)

// plainText turns Markdown prose into the text a reader sees: list
// markers, heading and quote marks dropped from each line; code spans
// kept as their text without backticks; links and images as their text;
// bold, italics and strike-through marks removed. Identifiers keep their
// underscores (snake_case), and lone asterisks ("2 * 3", "*.go") stay.
func plainText(s string) string {
	if !plainTextMarks.in(s) && !strings.Contains(s, ballotBoxLead) {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		lines[i] = plainLine(stripListMarker(strings.TrimSpace(line)))
	}
	return strings.Join(lines, "\n")
}

// codeMark stands in a line for each of its code spans while the marks
// around them are unwrapped: emphasis that wraps a span ("**`gcs.py:34`**:")
// pairs across it, which it could not when the text on either side was
// unwrapped alone. A private-use rune, so no Markdown reads it as a mark.
const codeMark = '\uE000'

// plainLine unwraps the inline Markdown of one line.
func plainLine(line string) string {
	if !plainLineMarks.in(line) {
		return line
	}
	if strings.ContainsRune(line, codeMark) {
		// The line's own private-use rune would read as a span's place.
		line = strings.ReplaceAll(line, string(codeMark), "")
	}
	var masked strings.Builder
	var codes []string
	for line != "" {
		open := strings.IndexByte(line, '`')
		if open < 0 {
			masked.WriteString(line)
			break
		}
		masked.WriteString(line[:open])
		n := 0
		for open+n < len(line) && line[open+n] == '`' {
			n++
		}
		rest := line[open+n:]
		fence := strings.Repeat("`", n)
		end := strings.Index(rest, fence)
		// A run of backticks only closes a span of the same length.
		for end >= 0 && end+n < len(rest) && rest[end+n] == '`' {
			next := strings.Index(rest[end+n+1:], fence)
			if next < 0 {
				end = -1
				break
			}
			end += n + 1 + next
		}
		if end < 0 {
			// An unclosed run is literal text; plain text drops the marks.
			line = rest
			continue
		}
		code := rest[:end]
		if len(code) > 2 && code[0] == ' ' && code[len(code)-1] == ' ' {
			code = code[1 : len(code)-1]
		}
		masked.WriteRune(codeMark)
		codes = append(codes, code)
		line = rest[end+n:]
	}
	out := unwrapInline(masked.String())
	if len(codes) == 0 {
		return out
	}
	// The spans go back in order: unwrapping removes marks, never a span.
	var b strings.Builder
	for _, part := range strings.Split(out, string(codeMark)) {
		b.WriteString(part)
		if len(codes) > 0 {
			b.WriteString(codes[0])
			codes = codes[1:]
		}
	}
	return b.String()
}

// unwrapInline removes links and emphasis from text outside code spans.
func unwrapInline(s string) string {
	if !strings.ContainsAny(s, "*_~[<") {
		return s
	}
	if strings.Contains(s, "](") || strings.Contains(s, "][") {
		s = mdImage.ReplaceAllString(s, "$1")
		s = mdLink.ReplaceAllString(s, "$1")
		s = mdRefLink.ReplaceAllString(s, "$1")
	}
	if strings.Contains(s, "<") {
		s = mdAutolink.ReplaceAllString(s, "$1")
	}
	// Strong before emphasis, and each until nothing changes: nested
	// marks ("**a *b* c**") unwrap from the outside in. A lone mark (an
	// identifier's underscore) cannot pair, so it needs no regexp.
	if strings.Count(s, "*")+strings.Count(s, "_")+strings.Count(s, "~") < 2 {
		return s
	}
	// Each pattern runs only on text where its opening mark can stand
	// (opensMark): an identifier's underscores made these scans a tenth
	// of importing real sessions.
	for range 8 {
		before := s
		if strings.Contains(s, "**") {
			s = mdStrong.ReplaceAllString(s, "$1")
		}
		if strings.Contains(s, "__") && opensMark(s, '_') {
			s = mdStrongU.ReplaceAllString(s, "$1$2$3")
		}
		if strings.Contains(s, "~~") {
			s = mdStrike.ReplaceAllString(s, "$1")
		}
		if opensMark(s, '*') {
			s = mdEm.ReplaceAllString(s, "$1$2$3")
		}
		if opensMark(s, '_') {
			s = mdEmU.ReplaceAllString(s, "$1$2$3")
		}
		if s == before {
			break
		}
	}
	return s
}
