package analysis

import (
	"regexp"
	"strings"
)

// What the summary reads of a message besides its prose sentences: the
// command a sentence introduces ("run:" and a fenced block), and which of
// the steward's sentences are pasted output rather than their words.

// fencedCommands maps each line of content that ends with a colon and is
// followed by a short fenced block ("To release, run:" then ```bun verify```)
// of shell commands to that block's commands, quoted: the prose a summary reads has no code
// fences, so "run:" alone lost what to run. A block of more than
// maxIntroducedCommands lines, or with a longer line, is a script or a
// listing, not a command to quote.
func fencedCommands(content string) map[string]string {
	if !strings.Contains(content, "```") {
		return nil
	}
	var out map[string]string
	lines := strings.Split(content, "\n")
	lead := ""
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(line, "```") {
			if line != "" {
				lead = line
			}
			continue
		}
		// A fence: read to its end.
		var body []string
		j := i + 1
		for ; j < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[j]), "```"); j++ {
			body = append(body, lines[j])
		}
		if strings.HasSuffix(lead, ":") && shellFences[strings.ToLower(strings.TrimSpace(strings.TrimPrefix(line, "```")))] {
			if cmds := quotedCommands(body); cmds != "" {
				if out == nil {
					out = map[string]string{}
				}
				out[lead] = cmds
			}
		}
		i, lead = j, ""
	}
	return out
}

// shellFences are the languages a fenced block of commands is labelled
// with, or none: a block of Go or JSON after "the fix:" is code, not a
// command to run.
var shellFences = set("", "bash", "sh", "shell", "console", "zsh", "fish", "powershell", "pwsh", "ps1", "cmd", "bat", "terminal", "shell-session")

// maxIntroducedCommands is the most lines of a fenced block quoted as the
// commands a sentence introduces; maxCommandLength the longest line.
const (
	maxIntroducedCommands = 3
	maxCommandLength      = 100
)

// quotedCommands is the commands of a fenced block's lines, each quoted,
// without prompts ("$ ") and trailing comments; "" when the block is no
// short list of commands.
func quotedCommands(body []string) string {
	var cmds []string
	for _, l := range body {
		l = strings.TrimPrefix(strings.TrimSpace(l), "$ ")
		if i := strings.Index(l, " #"); i > 0 {
			l = strings.TrimSpace(l[:i])
		}
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if len(l) > maxCommandLength || strings.Contains(l, "\"") {
			return ""
		}
		cmds = append(cmds, `"`+l+`"`)
	}
	if len(cmds) == 0 || len(cmds) > maxIntroducedCommands {
		return ""
	}
	return strings.Join(cmds, ", ")
}

// logShape matches what machine output has and prose does not: a source
// position ("node.js:409:1", "main.go:12"), an error class ("TypeError",
// "NS_ERROR_CORRUPTED_CONTENT"), a log level or timestamp opening the
// line, a stack frame, an HTTP status line.
const logShapePattern = `\b[\w-]+\.[a-z]{1,5}:\d+(?::\d+)?\b` +
	`|\b[A-Z]\w*(?:Error|Exception)\b` +
	`|\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+){2,}\b` +
	`|^\s*\[?(?:ERROR|WARN|WARNING|INFO|DEBUG|FATAL|PANIC|TRACE)\b` +
	`|^\s*\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d|^\s*\[?\d\d:\d\d:\d\d` +
	`|^\s*at \S+ \(|^\s*File "[^"]+", line \d+|^Traceback \(most recent` +
	`|\[HTTP/\d`

var logShape = regexp.MustCompile(logShapePattern)

// logStart is logShape where it opens a text after blanks alone: one
// anchored match, not a search of every position of a long sentence.
var logStart = regexp.MustCompile(`^\s*(?:` + logShapePattern + `)`)

// pastedSplit splits a steward's sentence s on a line that looks like
// machine output (logLine) where their words introduce the paste ("the
// errors from the console: Layout was forced …"): the lead-in up to the
// colon is theirs, the rest pasted. ok is false when s has no such colon.
func pastedSplit(s string, logLine bool) (lead, rest string, ok bool) {
	if !logLine {
		return "", "", false
	}
	i := strings.Index(s, ": ")
	if i < 0 || len(wordsOf(lowerText(s[:i]))) < minSentence {
		return "", "", false
	}
	return s[:i+1], strings.TrimSpace(s[i+2:]), true
}

// startsAsLog reports whether s opens with what machine output has
// ("TypeError: …", "[11:35:44] GET …", "node.js:409:1"): a steward's own
// sentence may name an error class or a file position further on ("fix
// the TypeError in the parser") and is still theirs.
func startsAsLog(s string) bool {
	return logStart.MatchString(s)
}

// lazyLogLine answers once, and only when asked, whether a line looks like
// machine output: the pattern is dear on a long paste, and most sentences
// never need the answer.
type lazyLogLine struct {
	line         string
	known, isLog bool
}

func (l *lazyLogLine) match() bool {
	if !l.known {
		l.known, l.isLog = true, logShape.MatchString(l.line)
	}
	return l.isLog
}
