package analysis

import (
	"regexp"
	"slices"
	"strings"
)

// A model that summarises its reasoning as it goes (Gemini's and GPT-5's
// thought summaries, which Copilot's chat export writes among the
// answer's words with no mark of their own) heads each summary with a
// few bold words, the first a verb's -ing form, on a line of its own
// ("**Investigating Script Behavior**", "**Planning upgrade
// confirmation**"), over a paragraph of the model talking to itself in
// the first person ("I've decided to execute the config script next").
// What it considered on the way is not what it told the steward.
var (
	thoughtHeading = regexp.MustCompile(`^\*\*[A-Z][a-z]+ing\b[^*\n]{0,80}[^*\n.:]\*\*$`)
	thoughtVoice   = regexp.MustCompile(`\bI\b|\b[Mm]y\b`)
	// The answer's first sentence written straight after the thought's
	// last, with no space between ("… a simple bullet list of key
	// points.Added the requested metadata to every manifest"): where the
	// export joined the two.
	gluedSentence = regexp.MustCompile(`[a-z)\x60][.!?]([A-Z][a-z]+ [a-z])`)
)

// holdsThoughtHeading reports whether prose may hold a thoughtHeading
// line (one that opens with bold) or a console's thinking block.
func holdsThoughtHeading(prose string) bool {
	return strings.HasPrefix(prose, "**") || strings.Contains(prose, "\n**") || strings.Contains(prose, consoleThinking)
}

// consoleThinking opens the model's thinking in Claude Code's console,
// which a transcript pasted from it holds: "✻ Thinking…", then the
// thoughts indented under it, up to the next line that is not (the
// console's "⏺" before what the assistant said or did).
const consoleThinking = "✻ Thinking"

// withoutConsoleThinking is prose without its console thinking blocks.
func withoutConsoleThinking(prose string) string {
	if !strings.Contains(prose, consoleThinking) {
		return prose
	}
	lines := strings.Split(prose, "\n")
	kept := lines[:0]
	thinking := false
	for _, line := range lines {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, consoleThinking):
			thinking = true
			continue
		case thinking && (t == "" || line != strings.TrimLeft(line, " \t")):
			continue
		}
		thinking = false
		kept = append(kept, line)
	}
	return strings.Join(kept, "\n")
}

// withoutThoughtSummaries is an assistant's prose without the thought
// summaries an export wrote among its words: each heading line
// (thoughtHeading) between blank lines, with the paragraph under it when
// that paragraph is sentences in the first person (not a list, a table
// or a heading of the answer). A paragraph that ends with the next
// summary's heading glued on ("… keep the process clear.**Searching for
// package.json files**") runs the summary on into the paragraph after
// it; a sentence glued to a summary's last one (gluedSentence) opens the
// answer, which is kept.
func withoutThoughtSummaries(prose string) string {
	prose = withoutConsoleThinking(prose)
	lines := strings.Split(prose, "\n")
	kept := lines[:0]
	for i := 0; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if !thoughtHeading.MatchString(t) || i > 0 && strings.TrimSpace(lines[i-1]) != "" {
			kept = append(kept, lines[i])
			continue
		}
		end, answer := thoughtEnd(lines, i+1)
		if end < 0 {
			kept = append(kept, lines[i])
			continue
		}
		if answer != "" {
			kept = append(kept, answer)
		}
		i = end - 1
	}
	return strings.Join(kept, "\n")
}

// thoughtEnd reads the summary whose heading ends right before line from:
// it returns the line after the summary, and the start of the answer
// glued to the summary's last sentence, if any. end is -1 when no
// paragraph of first-person sentences follows the heading after a blank
// line: the heading is the answer's.
func thoughtEnd(lines []string, from int) (end int, answer string) {
	end = -1
	for {
		start := from
		for start < len(lines) && strings.TrimSpace(lines[start]) == "" {
			start++
		}
		if start == from || start == len(lines) {
			return end, ""
		}
		stop := start
		for stop < len(lines) && strings.TrimSpace(lines[stop]) != "" {
			stop++
		}
		para := strings.Join(lines[start:stop], "\n")
		if !thoughtParagraph(para) {
			return end, ""
		}
		end = stop
		if loc := gluedSentence.FindStringSubmatchIndex(para); loc != nil {
			// Only the words before the join are the thought's; the
			// answer runs on from there to the paragraph's end.
			return end, para[loc[2]:]
		}
		if !strings.HasSuffix(strings.TrimSpace(lines[stop-1]), "**") {
			return end, ""
		}
		from = stop // the next summary's heading is glued to this one's end
	}
}

// thoughtParagraph reports whether a paragraph reads as a model's thought:
// sentences in the first person, not a list item, a heading, a table or
// a fence.
func thoughtParagraph(para string) bool {
	first := strings.TrimSpace(para)
	if first == "" || strings.ContainsAny(first[:1], "-*#|>`0123456789") {
		return false
	}
	return thoughtVoice.MatchString(para)
}

// WithoutThoughtSummaries is an assistant's prose without the thought
// summaries an export wrote among its words (withoutThoughtSummaries);
// prose itself when it holds none.
func WithoutThoughtSummaries(prose string) string {
	if !holdsThoughtHeading(prose) {
		return prose
	}
	return withoutThoughtSummaries(prose)
}

// withoutThoughts is vs with the thought summaries left out of the
// assistant's prose (withoutThoughtSummaries), for the decisions: a course
// the model weighed in its summary ("I've decided to execute the config
// script") was neither put to the steward nor told as the answer. The
// summaries still name the session's subject, so the title and topics
// read them. vs itself when no view holds one, else a copy.
func withoutThoughts(vs []view) []view {
	out, copied := vs, false
	for i := range vs {
		if !vs[i].assistant() || !holdsThoughtHeading(vs[i].prose) {
			continue
		}
		prose := strings.TrimSpace(withoutThoughtSummaries(vs[i].prose))
		if prose == vs[i].prose {
			continue
		}
		if !copied {
			out, copied = slices.Clone(vs), true
		}
		out[i].prose, out[i].lowered = prose, ""
		out[i].text = prose != ""
	}
	return out
}
