package continuity

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// What counts as an open question of a message: a sentence of its prose
// that asks the other side something. Seen on real sessions' bridges, and
// left out here:
//
//   - the lines of a list read as one sentence with the line before
//     ("**Use session ID** - `entire/<id>` … What behavior would you
//     expect?"): a question is read within its line;
//   - the options of a question listed under it ("Should we:" then "-
//     Keep the old branch?", "- Migrate the checkpoints?"), each taken
//     for a question of its own: they are one question, "Should we keep
//     the old branch, migrate the checkpoints, or something else?"; a
//     list of questions under a line that does not ask ("The logs will
//     show:") says what something will tell, and asks nothing;
//   - a tool's record or a terminal's drawing ("Read file: x.py",
//     "╭───"), a question mark inside code ("The comment `// AI?");
//   - the courtesy that closes an answer ("Is there anything else you'd
//     like me to help with?");
//   - the assistant wondering aloud ("What if the issue is deeper?",
//     "Maybe the PYTHONPATH is messed up?"): it asks itself.
//
// The question keeps its words without Markdown's marks (**, `).

// questionsOf is the open questions a message's prose (code fences
// already left out) asks, in order.
func questionsOf(text string) []string {
	var out []string
	blocks := questionBlocks(text)
	for k := 0; k < len(blocks); k++ {
		b := blocks[k]
		if b.heading {
			continue // a heading that asks titles the section that answers it
		}
		ss := cjkSentences(sentences(b.text))
		if !b.item && strings.HasSuffix(b.text, ":") {
			// The list under a lead-in belongs to it.
			var items []string
			j := k + 1
			for ; j < len(blocks) && blocks[j].item; j++ {
				items = append(items, blocks[j].text)
			}
			if len(items) > 0 {
				for _, s := range ss[:len(ss)-1] {
					if openQuestion(s) {
						out = addQuestion(out, plainMarks(s))
					}
				}
				lead := plainMarks(ss[len(ss)-1])
				if q := optionsQuestion(lead, items); q != "" {
					out = append(out, q)
				} else if asksFor(lead) {
					// "Could you please clarify:" and the questions
					// it lists, each asked on its own.
					for _, it := range blocks[k+1 : j] {
						for _, s := range cjkSentences(sentences(it.text)) {
							// An item may open with its question in bold
							// ("**Which lists do you mean?** I see two.").
							if strings.HasPrefix(s, "**") && strings.HasSuffix(s, "?**") {
								s = s[2 : len(s)-2]
							}
							if openQuestion(s) {
								out = addQuestion(out, plainMarks(s))
							}
						}
					}
				}
				k = j - 1
				continue
			}
		}
		if b.labelled {
			continue
		}
		for _, s := range ss {
			if openQuestion(s) {
				out = addQuestion(out, plainMarks(s))
			}
		}
	}
	return out
}

// asksFor reports a lead-in that asks the other side ("Could you please
// clarify:", "A few questions before I start:"): the questions listed
// under it are asked, where under "The logs will show:" they are not.
func asksFor(lead string) bool {
	lower := strings.ToLower(lead)
	first, _, _ := strings.Cut(lower, " ")
	return askingOpeners[first] || hasAny(lower, []string{"clarify", "question"})
}

// addQuestion adds question q to the questions asked before it. A
// question that offers the other reading of the one before ("Do you want
// to reorder the items within a list?" then "Or do you want to reorder
// the sections?") is one question with it; one that gives an example of
// it ("For example, should Examples come before Rules?") asks nothing
// more.
func addQuestion(out []string, q string) []string {
	if len(out) == 0 {
		return append(out, q)
	}
	lower := strings.ToLower(q)
	switch {
	case hasPrefixAny(lower, []string{"or "}):
		out[len(out)-1] += " " + q
		return out
	case hasPrefixAny(lower, []string{"for example", "for instance", "e.g."}):
		return out
	}
	return append(out, q)
}

// questionBlock is a run of prose lines: a paragraph, a list item or a
// heading, its Markdown marks taken off.
type questionBlock struct {
	text          string
	item, heading bool
	labelled      bool // a list item that opens with a bold label (fieldItem)
}

// fieldLabel is the bold label a list item opens with, and its colon:
// "**Project Overview**: What problem does this solve?".
var fieldLabel = regexp.MustCompile(`^\*\*([^*]{1,60}?):?\*\*:?\s`)

// fieldItem reports a list item that opens with a bold label and a
// colon: a field of a listing, whose question says what the part holds
// ("**Project Overview**: What problem does this solve?" among the
// features of a planned tool), asked of nobody. A label that says it
// asks ("**Question:** …", "**Open question**: …") keeps its question.
func fieldItem(rest string) bool {
	m := fieldLabel.FindStringSubmatch(rest)
	if m == nil || !strings.Contains(m[0], ":") {
		return false
	}
	return !strings.Contains(strings.ToLower(m[1]), "question")
}

// questionBlocks cuts prose into paragraphs, list items and headings: a
// sentence never runs from one into the next.
func questionBlocks(text string) []questionBlock {
	var out []questionBlock
	open := false // the last block may go on with the next line
	for line := range strings.SplitSeq(text, "\n") {
		t := strings.TrimSpace(line)
		if t == "" {
			open = false
			continue
		}
		if strings.HasPrefix(t, "#") {
			out = append(out, questionBlock{text: strings.TrimLeft(t, "# "), heading: true})
			open = false
			continue
		}
		rest, item := cutListMarker(t)
		if boldLine(rest) {
			// A line all in bold ("**Why does Cursor ignore .env?**")
			// heads the text under it, as a heading does.
			out = append(out, questionBlock{text: rest, heading: true})
			open = false
			continue
		}
		if !item && open && len(out) > 0 && !out[len(out)-1].heading {
			out[len(out)-1].text += " " + rest
			continue
		}
		out = append(out, questionBlock{text: rest, item: item, labelled: item && fieldItem(rest)})
		// A chat's list item is one line: the line after it is the
		// next paragraph.
		open = !item
	}
	return out
}

// boldLine reports a line that is one run of bold text.
func boldLine(t string) bool {
	t = strings.TrimRight(t, ":")
	return len(t) > 4 && strings.HasPrefix(t, "**") && strings.HasSuffix(t, "**") && !strings.Contains(t[2:len(t)-2], "**")
}

// cutListMarker takes a list item's marker off a line ("- ", "* ", "1. ").
func cutListMarker(t string) (string, bool) {
	for _, m := range []string{"- ", "* ", "+ ", "• "} {
		if rest, ok := strings.CutPrefix(t, m); ok {
			return strings.TrimSpace(rest), true
		}
	}
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i > 0 && i < len(t)-1 && (t[i] == '.' || t[i] == ')') && t[i+1] == ' ' {
		return strings.TrimSpace(t[i+2:]), true
	}
	return t, false
}

// plainMarks is text without Markdown's emphasis and code marks.
func plainMarks(s string) string {
	if !strings.ContainsAny(s, "*_`") {
		return s
	}
	s = strings.ReplaceAll(s, "**", "")
	s = strings.ReplaceAll(s, "__", "")
	s = italic.ReplaceAllString(s, "$1")
	return strings.ReplaceAll(s, "`", "")
}

// italic is a word or words in single asterisks ("*within*"), not a
// glob's star ("*.go").
var italic = regexp.MustCompile(`\*(\w[^*]*\w|\w)\*`)

// optionsQuestion is one question of a lead-in that asks and the options
// listed under it ("Should we:" + "Keep the old branch?", "Migrate the
// checkpoints?" → "Should we keep the old branch, or migrate the
// checkpoints?"); "" when the lead-in asks nothing, or the items are not
// its options (each a question).
func optionsQuestion(lead string, items []string) string {
	lead = strings.TrimSpace(strings.TrimSuffix(lead, ":"))
	words := strings.Fields(lead)
	if len(words) == 0 || len(words) > maxLeadWords || !askingOpeners[strings.ToLower(words[0])] {
		return ""
	}
	var opts []string
	for _, it := range items {
		if !strings.HasSuffix(it, "?") || len(opts) == maxOptions {
			return ""
		}
		opts = append(opts, lowerFirst(strings.TrimSpace(strings.TrimRight(plainMarks(it), "?"))))
	}
	q := lead + " " + opts[0]
	for k, o := range opts[1:] {
		if k == len(opts)-2 {
			q += ", or " + o
		} else {
			q += ", " + o
		}
	}
	return q + "?"
}

const (
	// maxLeadWords is the longest lead-in that asks with the options
	// listed under it ("Which approach do you prefer:").
	maxLeadWords = 10
	// maxOptions is the most options a question lists.
	maxOptions = 6
)

// askingOpeners open a sentence that asks.
var askingOpeners = map[string]bool{
	"should": true, "shall": true, "would": true, "do": true, "does": true, "did": true, "which": true, "what": true,
	"how": true, "can": true, "could": true, "is": true, "are": true, "will": true, "want": true, "where": true,
	"when": true, "who": true, "why": true,
}

// minCJKQuestion is the fewest characters of a Chinese or Japanese
// question that asks something ("要继续吗？" asks nothing in particular).
const minCJKQuestion = 6

// cjkSentences cuts sentences further at the full stops of Chinese and
// Japanese (。！？), which sentences does not: "已修复。需要我继续实现吗？"
// is a report and then a question.
func cjkSentences(ss []string) []string {
	var out []string
	for _, s := range ss {
		if !strings.ContainsAny(s, "。！？") {
			out = append(out, s)
			continue
		}
		start := 0
		for i, r := range s {
			if r == '。' || r == '！' || r == '？' {
				if t := strings.TrimSpace(s[start : i+utf8.RuneLen(r)]); t != "" {
					out = append(out, t)
				}
				start = i + utf8.RuneLen(r)
			}
		}
		if t := strings.TrimSpace(s[start:]); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// lowerFirst lower-cases an option's first letter, not an acronym's
// ("Keep" → "keep", "API" stays).
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || !unicode.IsUpper(r) {
		return s
	}
	if r2, _ := utf8.DecodeRuneInString(s[n:]); unicode.IsUpper(r2) {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}

// openQuestion reports a sentence that asks the other side something:
// three words or more ending in a question mark, written as prose, not
// the courtesy that closes an answer nor the assistant wondering aloud.
func openQuestion(s string) bool {
	if strings.HasSuffix(s, "？") {
		// Chinese and Japanese: no spaces to count words by.
		if utf8.RuneCountInString(s) < minCJKQuestion {
			return false
		}
	} else if !strings.HasSuffix(s, "?") || len(strings.Fields(s)) < 3 {
		return false
	}
	if strings.Count(s, "`")%2 == 1 {
		return false
	}
	if exportedToolLine(s) || strings.IndexFunc(s, func(r rune) bool { return r >= 0x2500 && r <= 0x259f }) >= 0 {
		return false
	}
	lower := strings.ToLower(s)
	// The clause that asks is the last: "This hides a bug - what if
	// someone calls it with a real path?", "Ideot: What if …?".
	last := lower
	for _, sep := range []string{" - ", " — ", ": "} {
		if i := strings.LastIndex(last, sep); i >= 0 {
			last = last[i+len(sep):]
		}
	}
	return !hasAny(lower, courtesyCues) && !hasPrefixAny(last, wonderingOpeners) && !vagueOffer(lower)
}

// vagueOffer reports an offer to do more that names nothing in
// particular ("would you like me to adjust anything about the
// paragraph?", "would you like me to continue with any other
// improvements from the list?"): the courtesy that closes an answer, in
// an offer's words. An offer of a named piece of work ("want me to add
// that fix to the migration too?") asks.
func vagueOffer(lower string) bool {
	// "Should I …" asks the steward's mind too ("should I keep any of the
	// old flags?"); only the offers that put it to the steward's wish.
	if !hasPrefixAny(lower, []string{"would you like me to ", "do you want me to ", "want me to "}) {
		return false
	}
	for _, w := range strings.FieldsFunc(lower, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if w == "any" || w == "anything" {
			return true
		}
	}
	return false
}

var (
	// courtesyCues are the questions that close an answer and ask for
	// nothing in particular.
	courtesyCues = []string{"anything else", "any other questions", "any questions", "answer your question",
		"does this help", "does that help", "make sense?", "like me to focus on next", "like me to do next",
		"would you like to do next", "like me to work on next",
		// The same courtesy in the other languages stewards write in.
		"algo más", "algo mais", "что-нибудь ещё", "что-нибудь еще", "что-то ещё", "что-то еще", "coś jeszcze",
		"还有什么", "还有其他", "他に何か", "ほかに何か", "더 있으신가요", "더 필요하신"}
	// wonderingOpeners open the assistant's question to itself: a
	// hypothesis, not something the steward is asked.
	wonderingOpeners = []string{"what if ", "maybe ", "perhaps ", "could it be ", "or maybe ", "or is it "}
)

// exportedToolLine reports the line an exporter wrote for a tool call
// ("Read file: x.py", "Tool use: **grep**", "Listed directory src").
func exportedToolLine(s string) bool {
	return hasPrefixAny(s, []string{"Read file:", "Edit file:", "Tool use:", "Listed ", "Searched ", "Grep search", "⏺", "⎿"})
}

func hasPrefixAny(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// afterLastToolRecord is a message's content after the last line an
// exporter wrote for a tool call, outside code fences, and whether it has
// one. A chat export writes many turns of the assistant as one message:
// a question it asked and then went on past, calling tools without a word
// from the steward ("Shall we run the linters next?", then "Read file:
// pyproject.toml" and the linters run), was not waited for; what it asks
// after its last call stands.
func afterLastToolRecord(content string) (string, bool) {
	last, at, fenced := -1, 0, false
	for line := range strings.SplitAfterSeq(content, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "```"):
			fenced = !fenced
		case !fenced && toolRecordLine(t):
			last = at
		}
		at += len(line)
	}
	if last < 0 {
		return "", false
	}
	return content[last:], true
}

// toolRecordLine reports a line that records a tool call: SpecStory's
// "<details>" block and "Tool use:" line, Cursor's "Read file: x.py",
// a console's "⏺ Bash(go test ./...)" (a console writes the assistant's
// words after ⏺ too, so only a call's name and parenthesis count).
func toolRecordLine(t string) bool {
	if hasPrefixAny(t, []string{"<details", "Read file:", "Edit file:", "Tool use:"}) {
		return true
	}
	rest, ok := strings.CutPrefix(t, "⏺ ")
	if !ok {
		return false
	}
	name, _, ok := strings.Cut(rest, "(")
	return ok && name != "" && !strings.ContainsAny(name, " \t")
}
