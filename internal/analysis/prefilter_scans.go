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
