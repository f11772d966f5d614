package analysis

import "strings"

// identifierPhrases are the two-word phrases a session's code joins into
// one name: "cost matrix" in build_cost_matrix, "condensed transcript" in
// buildCondensedTranscript, "sandbox mode" in --sandbox-mode, "temporal
// alignment" in temporal_alignment.py. A name makes the two words one
// thing, which the session is likely about; two words the prose sets side
// by side as often, that no name joins, are as often no phrase at all
// ("execute task", "core goals"). Each phrase is keyed as topicKey keys
// it (singular, in full). The names are read from the code symbols and
// file names of the messages' prose (their entities) and, in every
// message's content (tool results and code blocks too), from the names
// joined by "_" or "-".
func identifierPhrases(vs []view) map[string]bool {
	r := identifierReader{out: map[string]bool{}, seen: map[string]bool{}}
	for i := range vs {
		for _, e := range vs[i].sem.Entities {
			if e.Type == EntitySymbol || e.Type == EntityFile {
				r.read(e.Text)
			}
		}
		r.readJoined(truncate(vs[i].m.Content, maxProseScan))
	}
	return r.out
}

// identifierReader gathers identifierPhrases: out the phrases, seen the
// names already read (a session names the same ones again and again).
type identifierReader struct {
	out, seen map[string]bool
	parts     []string
}

// read notes the phrases of the names in s.
func (r *identifierReader) read(s string) {
	for i := 0; i < len(s); {
		if !identifierBytes[s[i]] {
			i++
			continue
		}
		// The name's end, and whether it joins words: by "_" or "-"
		// after its first byte, or a capital after a lower-case letter
		// ("costMatrix").
		j, joins := i+1, false
		for ; j < len(s) && identifierBytes[s[j]]; j++ {
			if c := s[j]; c == '_' || c == '-' || isUpperASCII(c) && isLowerASCII(s[j-1]) {
				joins = true
			}
		}
		if name := s[i:j]; joins && !r.seen[name] {
			r.seen[name] = true
			r.parts = identifierParts(name, r.parts[:0])
			for k := 0; k+1 < len(r.parts); k++ {
				if r.parts[k] != "" && r.parts[k+1] != "" {
					r.out[r.parts[k]+" "+r.parts[k+1]] = true
				}
			}
		}
		i = j
	}
}

// readJoined notes the phrases of the names in s that join words by "_"
// or "-" ("build_cost_matrix", "--sandbox-mode"), found by those bytes
// rather than by reading every byte as read does: a session's content is
// most of what it holds, and most of it joins nothing.
func (r *identifierReader) readJoined(s string) {
	// under and dash are the next "_" and "-" at or after i, or len(s).
	next := func(c byte, from int) int {
		if k := strings.IndexByte(s[from:], c); k >= 0 {
			return from + k
		}
		return len(s)
	}
	under, dash := next('_', 0), next('-', 0)
	for i := 0; ; {
		k := min(under, dash)
		if k >= len(s) {
			return
		}
		start, end := k, k+1
		for start > i && identifierBytes[s[start-1]] {
			start--
		}
		for end < len(s) && identifierBytes[s[end]] {
			end++
		}
		if end-start >= minJoinedName {
			r.read(s[start:end])
		}
		i = end
		if under < i {
			under = next('_', i)
		}
		if dash < i {
			dash = next('-', i)
		}
	}
}

// minJoinedName is the shortest name that joins two words of three
// letters or more ("api_key"): a shorter run around a "-" is a list's
// mark, a rule or a flag ("- item", "---", "-v").
const minJoinedName = 7

// identifierBytes[c] says byte c may be part of a name: a letter, a
// digit, "_" or "-".
var identifierBytes = func() (t [256]bool) {
	for c := range t {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-'
	}
	return t
}()

// isLowerASCII reports whether c is an ASCII lower-case letter.
func isLowerASCII(c byte) bool { return 'a' <= c && c <= 'z' }

// identifierParts appends to parts the words a name joins, each keyed as
// topicKey keys a word: cut at "_" and "-" and where a capital follows a
// lower-case letter. A part of fewer than three letters or with a digit
// ("v2", "x") is "", which parts the phrases on either side.
func identifierParts(name string, parts []string) []string {
	start := 0
	cut := func(end int) {
		w := name[start:end]
		if len(w) < 3 || strings.ContainsAny(w, "0123456789") {
			parts = append(parts, "")
			return
		}
		w = singularKey(strings.ToLower(w))
		if full, ok := shortForms[w]; ok {
			w = full
		}
		parts = append(parts, w)
	}
	for k := 1; k < len(name); k++ {
		switch c := name[k]; {
		case c == '_' || c == '-':
			cut(k)
			start = k + 1
		case isUpperASCII(c) && isLowerASCII(name[k-1]):
			cut(k)
			start = k
		}
	}
	cut(len(name))
	return parts
}
