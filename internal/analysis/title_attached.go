package analysis

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// What a prompt carries besides the steward's words: the content of a file
// an editor attached to it, and output the steward wrapped in a tag that
// says it is output. Neither says what the steward asks; a title is
// written from the rest.

// attachedOpen opens a block a prompt carries rather than says: a tag
// that names the file it holds by an attribute (VS Code's `<context
// ref="file:///…/common-template.md">`, `<file_contents path="…">`,
// `<attachment filePath="…">`), or a tag that names output (`<Logs>`,
// `<error>`, `<build_output>`).
var attachedOpen = regexp.MustCompile(`(?i)<([a-z][a-z0-9_-]*)(?:\s+[^<>]*?\b(?:ref|path|file|uri|src|filepath|filename)\s*=\s*"[^"]*"[^<>]*|\s*)>`)

// outputTags are the words of a tag's name that say it wraps pasted
// output.
var outputTags = set("log", "logs", "output", "outputs", "error", "errors", "stdout", "stderr", "stacktrace",
	"traceback", "trace", "console", "terminal", "exception")

// outputTag reports a tag's name that says it wraps output: one of
// outputTags, alone or as a part of a name ("error_log", "test-output").
func outputTag(name string) bool {
	for part := range strings.FieldsFuncSeq(name, func(r rune) bool { return r == '_' || r == '-' }) {
		if outputTags[part] {
			return true
		}
	}
	return false
}

// withoutAttached is a prompt's content without the blocks it carries
// (attachedOpen) from their opening tag to its closing one; a block that
// is not closed is left as it is (the tag may be a word under discussion).
func withoutAttached(content string) string {
	if !strings.Contains(content, "<") {
		return content
	}
	var b strings.Builder
	rest := content
	for {
		loc := attachedOpen.FindStringSubmatchIndex(rest)
		if loc == nil {
			break
		}
		name := strings.ToLower(rest[loc[2]:loc[3]])
		attrs := rest[loc[3] : loc[1]-1]
		if strings.TrimSpace(attrs) == "" && !outputTag(name) {
			b.WriteString(rest[:loc[1]])
			rest = rest[loc[1]:]
			continue
		}
		closing := strings.Index(strings.ToLower(rest[loc[1]:]), "</"+name+">")
		if closing < 0 {
			b.WriteString(rest[:loc[1]])
			rest = rest[loc[1]:]
			continue
		}
		b.WriteString(rest[:loc[0]])
		b.WriteString("\n\n")
		rest = rest[loc[1]+closing+len("</"+name+">"):]
	}
	b.WriteString(rest)
	return b.String()
}

// mentionLink is an editor's mention of a file written as a Markdown link
// to it ("[@common-template.md](file:///Users/…/common-template.md)"),
// and the space after it.
var mentionLink = regexp.MustCompile(`\[(@[^\]\s]+)\]\((?:file|vscode|https?)://[^)\s]*\)[ \t]*(\n\s*)?`)

// withMentionsAsWritten writes an editor's mention links as the mentions
// they are ("@common-template.md"). An editor puts the text typed after a
// mention on a line of its own; when that text opens with a particle
// ("은 Agent에서 …": Korean and Japanese mark a noun's role after it), the
// mention is the noun the particle follows, and the two are joined again.
func withMentionsAsWritten(s string) string {
	if !strings.Contains(s, "](") {
		return s
	}
	var b strings.Builder
	last := 0
	for _, loc := range mentionLink.FindAllStringSubmatchIndex(s, -1) {
		b.WriteString(s[last:loc[0]])
		last = loc[1]
		b.WriteString(s[loc[2]:loc[3]])
		if r, _ := utf8.DecodeRuneInString(s[loc[1]:]); !particleRune(r) {
			b.WriteString(" ")
			if loc[4] >= 0 {
				b.WriteString(s[loc[4]:loc[5]])
			}
		}
	}
	b.WriteString(s[last:])
	return b.String()
}

// particleRune reports a letter a Korean or Japanese particle opens with:
// a Hangul syllable or a hiragana.
func particleRune(r rune) bool {
	return unicode.Is(unicode.Hangul, r) || unicode.Is(unicode.Hiragana, r)
}

// promptWords is what a message says: of the steward's, the content
// without the files an editor attached to it and with its mention links
// written as the mentions they are; of the assistant's, the content.
func promptWords(m *message) string {
	c := m.Content
	if m.Role != baton.RoleSteward || !strings.Contains(c, "<") && !strings.Contains(c, "](") {
		return c
	}
	return withMentionsAsWritten(withoutAttached(c))
}

// titleProse is the prose a prompt's title is read from: its prose (the
// steward's words, promptWords), or of the agent's summary of a
// conversation that ran out of context, the request it reports.
func titleProse(v *view) string {
	if c := v.m.Content; continuationSummary(c) {
		return continuationRequest(c)
	}
	return v.prose
}

// requestSection opens the section of Claude Code's continuation summary
// that reports what the steward asked for ("1. Primary Request and
// Intent:"); nextSection opens any numbered or headed section after it.
var (
	requestSection = regexp.MustCompile(`(?im)^\W*(?:\d+\.\s*)?primary request[^\n:]*:`)
	nextSection    = regexp.MustCompile(`(?m)^\s*(?:\d+\.|#{1,4})\s+[^\n]{1,80}:\s*$`)
	// reportedFrame is the third person the summary tells the request in
	// ("The user asked me to …", "User requested that …").
	reportedFrame = regexp.MustCompile(`(?im)^[\s\-*]*(?:the\s+)?user(?:'s)?\s+(?:primary request was\s+|initially\s+|first\s+|then\s+|explicitly\s+|later\s+)?` +
		`(?:asked|requested|wanted|wants|asks|requests|needed|needs|instructed)\s+(?:me\s+|claude\s+|the assistant\s+)?(?:to\s+|that\s+|for\s+)?`)
)

// continuationRequest is what the agent's summary of a conversation that
// ran out of context reports the steward asked for, put back as the
// request ("make the export …" of "The user asked me to make the export
// …"). The summary's opening is the same in every resumed session and
// names no subject, so a summary without that section gives "".
func continuationRequest(content string) string {
	loc := requestSection.FindStringIndex(content)
	if loc == nil {
		return ""
	}
	section := content[loc[1]:]
	if end := nextSection.FindStringIndex(section); end != nil {
		section = section[:end[0]]
	}
	// The request told back opens as a sentence does.
	request := strings.TrimSpace(proseOf(reportedFrame.ReplaceAllString(section, "")))
	if request == "" {
		return ""
	}
	r, n := utf8.DecodeRuneInString(request)
	return string(unicode.ToUpper(r)) + request[n:]
}

// continuationBody is the agent's summary of a conversation that ran out
// of context without the words every such summary has: its opening, its
// section headings ("Analysis:", "2. Key Technical Concepts:"), the
// frame of the request ("The user asked me to") and its closing
// instruction to go on. What is left names the work carried over.
func continuationBody(content string) string {
	var b strings.Builder
	for line := range strings.SplitSeq(content, "\n") {
		trimmed := strings.TrimSpace(line)
		if continuationSummary(trimmed) || strings.HasPrefix(trimmed, "Please continue the conversation") ||
			trimmed == "Analysis:" || trimmed == "Summary:" || requestSection.MatchString(line) || nextSection.MatchString(line) {
			continue
		}
		b.WriteString(reportedFrame.ReplaceAllString(line, ""))
		b.WriteByte('\n')
	}
	return proseOf(b.String())
}
