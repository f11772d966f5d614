package render

import "strings"

// maxNesting is how many block quotes and list items one line may open.
// goldmark's cost per line grows with the depth of the open containers, so
// a line of a million ">" would take minutes; no real message nests this deep.
const maxNesting = 32

// limitNesting escapes the container markers ('>', list bullets, "1.")
// beyond maxNesting on each line, so they read as text instead of opening
// yet another block. Lines inside fenced code are left alone. It returns src
// itself when no line is that deep, which is every real message.
func limitNesting(src string) string {
	var (
		b       strings.Builder
		copied  int  // src[:copied] is already in b
		fence   byte // '`' or '~' while inside a fenced code block
		fenceN  int  // length of the opening fence
		lineBeg int
	)
	for lineBeg < len(src) {
		lineEnd := strings.IndexByte(src[lineBeg:], '\n')
		if lineEnd < 0 {
			lineEnd = len(src)
		} else {
			lineEnd += lineBeg
		}
		line := src[lineBeg:lineEnd]
		depth, pos, cut := scanContainers(line)
		rest := line[pos:]
		switch {
		case fence != 0:
			if n := fenceRun(rest); n >= fenceN && rest[0] == fence && strings.TrimSpace(rest[n:]) == "" {
				fence = 0
			}
		case fenceRun(rest) > 0:
			fence, fenceN = rest[0], fenceRun(rest)
		case depth > maxNesting:
			b.WriteString(src[copied : lineBeg+cut])
			b.WriteByte('\\')
			copied = lineBeg + cut
		}
		lineBeg = lineEnd + 1
	}
	if copied == 0 {
		return src
	}
	b.WriteString(src[copied:])
	return b.String()
}

// scanContainers reads the container markers that start line. It returns
// how many there are, the offset of the text after them, and the offset of
// the marker that would open level maxNesting+1 (0 when depth is within
// bounds). It stops at that marker, so its cost is bounded by maxNesting
// passes over the line.
func scanContainers(line string) (depth, pos, cut int) {
	for {
		i := pos
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if isThematicBreak(line[i:]) {
			return depth, i, cut
		}
		n := markerLen(line[i:])
		if n == 0 {
			return depth, i, cut
		}
		depth++
		if depth > maxNesting {
			return depth, i, i
		}
		pos = i + n
	}
}

// markerLen is the length of the block quote or list marker at the start of
// s, including the space after it, or 0 if s starts with neither.
func markerLen(s string) int {
	if s == "" {
		return 0
	}
	switch c := s[0]; {
	case c == '>':
		if len(s) > 1 && s[1] == ' ' {
			return 2
		}
		return 1
	case c == '-' || c == '*' || c == '+':
		if len(s) > 1 && (s[1] == ' ' || s[1] == '\t') {
			return 2
		}
	case c >= '0' && c <= '9':
		i := 1
		for i < len(s) && i < 9 && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i+1 < len(s) && (s[i] == '.' || s[i] == ')') && (s[i+1] == ' ' || s[i+1] == '\t') {
			return i + 2
		}
	}
	return 0
}

// isThematicBreak reports whether s is "---", "* * *" and the like, which
// look like list markers but are a rule.
func isThematicBreak(s string) bool {
	var mark byte
	n := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t':
		case '-', '*', '_':
			if mark != 0 && c != mark {
				return false
			}
			mark = c
			n++
		default:
			return false
		}
	}
	return n >= 3
}

// fenceRun is the length of the code fence (``` or ~~~) starting s, or 0.
func fenceRun(s string) int {
	if s == "" || (s[0] != '`' && s[0] != '~') {
		return 0
	}
	n := 1
	for n < len(s) && s[n] == s[0] {
		n++
	}
	if n < 3 {
		return 0
	}
	return n
}
