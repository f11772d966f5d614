package analysis

import (
	"encoding/json"
	"regexp"
	"strings"
)

// A steward who opens a session with a link to an issue or pull request
// ("Investigate the following issue … https://github.com/o/r/issues/7679")
// names its subject by reference: the issue's own title, as the session
// read it (gh issue view, a fetch of the page), says what the link stands
// for. It is one more sentence the title may be made of, weighed against
// the prompt's own.

var (
	// issueLink is a link to an issue, pull request or merge request:
	// its number is the second group.
	issueLink = regexp.MustCompile(`https?://(?:github\.com|gitlab\.com|codeberg\.org)/[\w.-]+/[\w.-]+(?:/-)?/(issues|pull|merge_requests)/(\d+)`)
	// The title in what a tool returned of an issue: JSON ("title": "…"),
	// gh's plain view ("title:\t…"), or a fetched page's summary
	// ("**Title:** …", "Title: …").
	issueJSONTitle  = regexp.MustCompile(`"title"\s*:\s*("(?:[^"\\]|\\.)*")`)
	issuePlainTitle = regexp.MustCompile(`(?im)^\s*(?:\*\*)?title(?:\*\*)?\s*:\s*(?:\*\*)?\s*(.+)$`)
	ghViewNumber    = regexp.MustCompile(`\bgh\s+(?:issue|pr)\s+view\s+(?:[^|;&\n]*?\s)?#?(\d+)\b`)
)

// linkedIssueTitles are the titles of the issues the first substantive
// prompts link to, by the prompt's index.
func linkedIssueTitles(vs []view) map[int]string {
	out := map[int]string{}
	prompts := 0
	for i := range vs {
		v := &vs[i]
		if !titlePrompt(v) {
			continue
		}
		if prompts++; prompts > titlePrompts {
			break
		}
		if t := linkedIssueTitle(vs, i); t != "" {
			out[i] = t
		}
	}
	return out
}

// linkedIssueTitle is the title of the issue or pull request the prompt
// at vs[i] links to, as a tool call of the session read it: "" when the
// prompt links none or the session never read it.
func linkedIssueTitle(vs []view, i int) string {
	links := issueLink.FindAllStringSubmatch(vs[i].prose, 4)
	if len(links) == 0 {
		return ""
	}
	numbers := map[string]bool{}
	for _, l := range links {
		numbers[l[2]] = true
	}
	for j := i + 1; j < len(vs); j++ {
		if vs[j].steward() && vs[j].text && j > i+1 && !sessionCommand(&vs[j]) && len(vs[j].calls) == 0 {
			break // the steward spoke again: what is read after serves that
		}
		for _, c := range vs[j].calls {
			if c.result < 0 || c.failed || !readsIssue(c, numbers) {
				continue
			}
			if t := issueTitleIn(vs[c.result].m.Content); t != "" {
				return t
			}
		}
	}
	return ""
}

// readsIssue reports a call that reads one of the numbered issues: a
// fetch of its page or gh's view of it.
func readsIssue(c call, numbers map[string]bool) bool {
	if m := issueLink.FindStringSubmatch(c.in.URL); m != nil && numbers[m[2]] {
		return true
	}
	if m := issueLink.FindStringSubmatch(c.in.Command); m != nil && numbers[m[2]] {
		return true
	}
	m := ghViewNumber.FindStringSubmatch(c.in.Command)
	return m != nil && numbers[m[1]]
}

// issueTitleIn finds the issue's title in what a tool returned of it,
// without the quotes around it.
func issueTitleIn(out string) string {
	out = truncate(out, maxScanText)
	var t string
	if m := issueJSONTitle.FindStringSubmatch(out); m != nil {
		if err := json.Unmarshal([]byte(m[1]), &t); err != nil {
			t = ""
		}
	}
	if t == "" {
		if m := issuePlainTitle.FindStringSubmatch(out); m != nil {
			t = m[1]
		}
	}
	t = strings.TrimSpace(strings.Trim(strings.TrimSpace(t), "*\"“”'"))
	return t
}
