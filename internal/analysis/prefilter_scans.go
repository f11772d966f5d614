package analysis

import "strings"

// Cheap checks before scans the session analysis ran on every todo item,
// request line and pasted log line (see prefilter.go for the promise
// they keep: each is true wherever the scan it guards could match).

// mayBeCommandLine reports whether commandLine could match t: each of its
// alternatives needs "&", "|" or ">", a "-" first or after white space,
// or, anchored at the start, a "$", "!" or lower-case letter first.
func mayBeCommandLine(t string) bool {
	if t == "" {
		return false
	}
	if c := t[0]; c == '$' || c == '!' || c == '-' || 'a' <= c && c <= 'z' {
		return true
	}
	if strings.ContainsAny(t, "&|>") {
		return true
	}
	for i := strings.IndexByte(t, '-'); i > 0; {
		switch t[i-1] {
		case '\t', '\n', '\f', '\r', ' ': // \s
			return true
		}
		next := strings.IndexByte(t[i+1:], '-')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return false
}

// errorLineWords are errorWords, read in one pass: a line holding none of
// them says no error of errorLines' kinds.
var errorLineWords = newFoldWords(errorWords...)

// errorLinePatternWords are, for each of errorLines, words one of which
// every match of that pattern holds.
var errorLinePatternWords = []*foldWords{
	newFoldWords(": line "),
	newFoldWords("error", "exception", "fatal:", "failed to", "not found", "cannot"),
	newFoldWords("fail"),
}

// askedCourseAsks and askedCourseTurns are words every match of
// askedCourseRe holds one of each of: its question and its turn to the
// other course.
var (
	askedCourseAsks  = newFoldWords("can ", "could ", "how ", "possible to")
	askedCourseTurns = newFoldWords("instead of", "rather than", "without ", "but ")
)

// askedCourseMatch is askedCourseRe.FindStringSubmatch(s), the pattern
// scanned only when s holds its words.
func askedCourseMatch(s string) []string {
	if !askedCourseTurns.in(s) || !askedCourseAsks.in(s) {
		return nil
	}
	return askedCourseRe.FindStringSubmatch(s)
}

// withoutReadLineNumbers is readLineNumber.ReplaceAllString(s, ""), read
// in one pass: at the text's start and after each line break, white space
// (\s, line breaks among it), digits and "→" together are left out. The
// pattern's scan of every Read result was a tenth of reading the
// session's technologies.
func withoutReadLineNumbers(s string) string {
	var b strings.Builder
	written := 0 // s[:written] is dealt with
	for at := 0; at <= len(s); {
		j := at
		for j < len(s) && isPatternSpace(s[j]) {
			j++
		}
		k := j
		for k < len(s) && '0' <= s[k] && s[k] <= '9' {
			k++
		}
		next := j // the next line start is after a line break from here
		if k > j && strings.HasPrefix(s[k:], "→") {
			if b.Cap() == 0 {
				b.Grow(len(s))
			}
			b.WriteString(s[written:at])
			written = k + len("→")
			next = written
		}
		nl := strings.IndexByte(s[next:], '\n')
		if nl < 0 {
			break
		}
		at = next + nl + 1
	}
	if written == 0 {
		return s
	}
	b.WriteString(s[written:])
	return b.String()
}

// isPatternSpace reports a byte \s matches in a pattern: tab, line feed,
// form feed, carriage return or space.
func isPatternSpace(c byte) bool {
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}
