// Package redact hides secrets (keys, tokens, passwords, private paths) in
// text shown through a shared link, and reports what it hid.
package redact

import (
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// rule is one kind of secret, as gitleaks describes one.
type rule struct {
	ID   string
	Kind string // what the page calls it: "API key", "token", "password", …
	// Regex finds the secret; SecretGroup is the group that holds it (0:
	// the first non-empty group, or the whole match when there is none).
	Regex       *regexp.Regexp
	SecretGroup int
	// Entropy is the least Shannon entropy (bits a character) of a secret;
	// lower is taken for a word, not a key.
	Entropy float64
	// Keywords: the rule runs only when one appears (lower case).
	Keywords []string
	// Allow lists secrets and AllowMatch whole matches that are not secrets.
	Allow      []*regexp.Regexp
	AllowMatch []*regexp.Regexp
}

// Found is one secret found: its kind, a short masked sample and how often.
type Found struct {
	Kind   string `json:"kind"`
	Sample string `json:"sample"`
	Count  int    `json:"count"`
}

// Patterns is how many kinds of secret redaction checks.
func Patterns() int { return len(rules) }

// span is a secret's place in the text and the rule that found it.
type span struct {
	start, end int
	rule       int
}

// Redact replaces the secrets in text with "[redacted kind]" and reports
// what it replaced. Labels stay ("password=[redacted password]"), so the
// reader still sees what was there.
func Redact(text string) (string, []Found) {
	spans := find(text, rules)
	if len(spans) == 0 {
		return text, nil
	}
	var b strings.Builder
	counts := map[string]*Found{}
	last := 0
	for _, s := range spans {
		kind := rules[s.rule].Kind
		b.WriteString(text[last:s.start])
		b.WriteString("[redacted " + kind + "]")
		last = s.end
		sample := mask(text[s.start:s.end])
		key := kind + "\x00" + sample
		if counts[key] == nil {
			counts[key] = &Found{Kind: kind, Sample: sample}
		}
		counts[key].Count++
	}
	b.WriteString(text[last:])
	out := make([]Found, 0, len(counts))
	for _, f := range counts {
		out = append(out, *f)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind < out[j].Kind
		}
		return out[i].Sample < out[j].Sample
	})
	return b.String(), out
}

// Text is Redact without the report.
func Text(text string) string {
	out, _ := Redact(text)
	return out
}

// find lists the secrets in text in order, overlapping finds merged.
func find(text string, rs []rule) []span {
	lower := strings.ToLower(text)
	var spans []span
	for i := range rs {
		r := &rs[i]
		if !hasKeyword(lower, r.Keywords) {
			continue
		}
		for _, m := range r.Regex.FindAllStringSubmatchIndex(text, -1) {
			start, end := secretOf(r, m)
			if start < 0 || start == end {
				continue
			}
			if !r.keeps(text[m[0]:m[1]], text[start:end]) {
				continue
			}
			spans = append(spans, span{start, wordEnd(text, end), i})
		}
	}
	if len(spans) == 0 {
		return nil
	}
	sort.Slice(spans, func(i, j int) bool {
		if spans[i].start != spans[j].start {
			return spans[i].start < spans[j].start
		}
		return spans[i].rule < spans[j].rule
	})
	merged := spans[:1]
	for _, s := range spans[1:] {
		cur := &merged[len(merged)-1]
		if s.start < cur.end {
			cur.end = max(cur.end, s.end)
			cur.rule = min(cur.rule, s.rule)
			continue
		}
		merged = append(merged, s)
	}
	return merged
}

// secretOf is where the secret is in a match, as gitleaks takes it.
func secretOf(r *rule, m []int) (int, int) {
	if r.SecretGroup > 0 {
		return m[2*r.SecretGroup], m[2*r.SecretGroup+1]
	}
	for g := 1; 2*g < len(m); g++ {
		if m[2*g] >= 0 && m[2*g+1] > m[2*g] {
			return m[2*g], m[2*g+1]
		}
	}
	return m[0], m[1]
}

// keeps says whether a match is a secret: entropy high enough, not allowed.
func (r *rule) keeps(match, secret string) bool {
	if r.Entropy > 0 && entropy(secret) < r.Entropy {
		return false
	}
	for _, a := range r.Allow {
		if a.MatchString(secret) {
			return false
		}
	}
	for _, a := range r.AllowMatch {
		if a.MatchString(match) {
			return false
		}
	}
	return true
}

// wordEnd extends a secret cut short by a fixed-length rule to the end of
// its token, so no tail of a longer key stays readable.
func wordEnd(text string, end int) int {
	if end == 0 || !tokenByte(text[end-1]) {
		return end
	}
	for end < len(text) && tokenByte(text[end]) {
		end++
	}
	return end
}

func tokenByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

func hasKeyword(lower string, keywords []string) bool {
	if len(keywords) == 0 {
		return true
	}
	for _, k := range keywords {
		if strings.Contains(lower, k) {
			return true
		}
	}
	return false
}

// entropy is the Shannon entropy of s in bits a byte, as gitleaks measures it.
func entropy(s string) float64 {
	if s == "" {
		return 0
	}
	var freq [256]int
	for i := 0; i < len(s); i++ {
		freq[s[i]]++
	}
	e := 0.0
	n := float64(len(s))
	for _, f := range freq {
		if f > 0 {
			p := float64(f) / n
			e -= p * math.Log2(p)
		}
	}
	return e
}

// mask shows the first four characters of a secret and hides the rest.
func mask(s string) string {
	r := []rune(s)
	if len(r) <= 6 {
		return "****"
	}
	return string(r[:4]) + "…(" + strconv.Itoa(len(r)) + " chars)"
}

// Message is a copy of m with its texts redacted: content, thinking and
// tool call inputs.
func Message(m baton.Message) baton.Message {
	m.Content, m.Thinking = Text(m.Content), Text(m.Thinking)
	calls := make([]baton.ToolCall, len(m.ToolCalls))
	for i, tc := range m.ToolCalls {
		tc.Input = []byte(Text(string(tc.Input)))
		calls[i] = tc
	}
	if m.ToolCalls != nil {
		m.ToolCalls = calls
	}
	return m
}
