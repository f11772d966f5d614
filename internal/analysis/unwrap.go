package analysis

import "strings"

// unwrapped is prose with the line breaks a terminal or an exporter put
// inside sentences taken out: a transcript copied from a console (Gemini
// CLI, Claude Code's "⏺" view) breaks its lines at about 80 columns, so
// "we should use the existing message\nqueue instead of …" would read as
// two sentences, neither of them the choice. A break is a wrap when the
// line before it ends inside a sentence (a letter, a digit, a comma or a
// closing code span, no "." "!" "?" ":" ";"), is nearly as long as the
// console's width, and the line after it goes on in lower case; a short
// line, a blank line, a list item, a heading or a table row ends where
// its writer ended it.
func unwrapped(prose string) string {
	// Most prose has no wrapped line: it is returned as it is, without
	// building a copy (the decision rules read each message's sentences
	// several times).
	var b *strings.Builder
	start, last := 0, 0 // the current line's start; what b holds up to
	for start < len(prose) {
		end := strings.IndexByte(prose[start:], '\n')
		if end < 0 {
			break
		}
		end += start
		next := prose[end+1:]
		if k := strings.IndexByte(next, '\n'); k >= 0 {
			next = next[:k]
		}
		if wrapsInto(prose[start:end], next) {
			if b == nil {
				b = &strings.Builder{}
				b.Grow(len(prose))
			}
			b.WriteString(strings.TrimRight(prose[last:end], " \t\r"))
			b.WriteByte(' ')
			last = end + 1 + (len(next) - len(strings.TrimLeft(next, " \t")))
		}
		start = end + 1
	}
	if b == nil {
		return prose
	}
	b.WriteString(prose[last:])
	return b.String()
}

// minWrappedLine is the shortest line, in bytes, read as wrapped: the
// consoles wrap at 80 columns or more, less the margin they indent by.
const minWrappedLine = 60

// wrapsInto reports whether the break between lines prev and next is a
// wrap inside a sentence.
func wrapsInto(prev, next string) bool {
	p := strings.TrimRight(prev, " \t\r")
	n := strings.TrimLeft(next, " \t")
	body := strings.TrimLeft(p, " \t")
	// A wrapped line is a full one: a short line ended where its writer
	// ended it. A line indented as code is code, whatever it ends with
	// (an exporter's unfenced edit block: "        text: 'Pass rate',").
	if len(p) < minWrappedLine || n == "" || len(p)-len(body) >= 4 || strings.HasPrefix(body, "|") || strings.HasPrefix(body, "#") {
		return false
	}
	switch last := p[len(p)-1]; {
	case last >= 'a' && last <= 'z', last >= 'A' && last <= 'Z', last >= '0' && last <= '9', last == ',', last == '`', last == '*', last == ')':
	default:
		return false
	}
	return n[0] >= 'a' && n[0] <= 'z'
}
