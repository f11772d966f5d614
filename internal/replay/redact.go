package replay

import (
	"regexp"
	"sort"
)

// secretPattern is one kind of secret a shared link can hide.
type secretPattern struct {
	kind string
	re   *regexp.Regexp
	// keep is the number of the group that stays (a label such as
	// "password="), 0 when the whole match goes.
	keep int
}

// secretPatterns are the secrets redaction looks for, most specific first.
var secretPatterns = []secretPattern{
	{"private key", regexp.MustCompile(`-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----`), 0},
	{"API key", regexp.MustCompile(`\b(?:sk-(?:ant-|proj-)?[A-Za-z0-9_\-]{16,}|AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,}|xox[abposr]-[A-Za-z0-9-]{10,}|AIza[0-9A-Za-z_\-]{35}|bat_[A-Za-z0-9_\-]{20,})`), 0},
	{"token", regexp.MustCompile(`\beyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}`), 0},
	{"token", regexp.MustCompile(`(?i)(\bbearer\s+)[A-Za-z0-9._~+/\-]{12,}=*`), 1},
	{"password", regexp.MustCompile(`(?i)((?:password|passwd|pwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token)["']?\s*[:=]\s*["']?)[^\s"',;\[][^\s"',;]{3,}`), 1},
	{"password", regexp.MustCompile(`((?:postgres|postgresql|mysql|mongodb(?:\+srv)?|redis|amqp)://[^:/\s@]+:)[^@\s]+(@)`), 1},
	{"private path", regexp.MustCompile(`((?:/home|/Users)/)[A-Za-z0-9._\-]+`), 1},
	{"private path", regexp.MustCompile(`(?i)([A-Z]:\\Users\\)[A-Za-z0-9._\-]+`), 1},
}

// Redaction is one secret found: its kind and a short, masked sample.
type Redaction struct {
	Kind   string `json:"kind"`
	Sample string `json:"sample"`
	Count  int    `json:"count"`
}

// Redact replaces the secrets in text with "[redacted kind]" and reports
// what it replaced.
func Redact(text string) (string, []Redaction) {
	counts := map[string]*Redaction{}
	for _, p := range secretPatterns {
		text = p.re.ReplaceAllStringFunc(text, func(m string) string {
			sub := p.re.FindStringSubmatch(m)
			kept := ""
			if p.keep > 0 && p.keep < len(sub) {
				kept = sub[p.keep]
			}
			tail := ""
			if p.kind == "password" && len(sub) > 2 && sub[len(sub)-1] == "@" {
				tail = "@"
			}
			key := p.kind + "\x00" + mask(m)
			if counts[key] == nil {
				counts[key] = &Redaction{Kind: p.kind, Sample: mask(m)}
			}
			counts[key].Count++
			return kept + "[redacted " + p.kind + "]" + tail
		})
	}
	out := make([]Redaction, 0, len(counts))
	for _, r := range counts {
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind < out[j].Kind
		}
		return out[i].Sample < out[j].Sample
	})
	return text, out
}

// RedactText is Redact without the report.
func RedactText(text string) string {
	out, _ := Redact(text)
	return out
}

// mask shows the first four characters of a secret and hides the rest.
func mask(s string) string {
	r := []rune(s)
	if len(r) > 40 {
		r = r[:40]
	}
	if len(r) <= 6 {
		return "****"
	}
	return string(r[:4]) + "…(" + itoa(len([]rune(s))) + " chars)"
}
