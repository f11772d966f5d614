package analysis

import (
	"strings"
	"unicode/utf8"
)

// A steward who runs the same prepared prompt more than once (a custom
// command that expands into its template, a system prompt pasted before
// each question) sends its sentences in every prompt: "任務：使用
// GovOpenApiAgent MCP 處理使用者提示 … /openapi-agent 水庫相關資料". What
// the template says is how every prompt is to be handled, the same for
// all of them; what this prompt asks is the rest.

const (
	// minTemplateSentences is how many sentences of a prompt another
	// prompt must repeat for them to be a template: a sentence or two
	// said again ("continue", the subject restated) is no template.
	minTemplateSentences = 3
	// templatePrompts bounds the steward prompts a prompt's sentences
	// are looked for in.
	templatePrompts = 12
)

// withoutTemplate is a prompt's sentences without those another of the
// steward's first prompts repeats, when minTemplateSentences or more of
// them are and at least one sentence is not: the prompt's own sentences,
// which say what it asks. A prompt all of which is repeated (the same
// request sent again) keeps its sentences.
func withoutTemplate(vs []view, i int, sentences []titleSentence) []titleSentence {
	if len(sentences) <= minTemplateSentences {
		return sentences
	}
	var others []string
	for k := range vs {
		v := &vs[k]
		// The same prompt sent again repeats its request, not a
		// template.
		if k == i || !titlePrompt(v) || v.prose == vs[i].prose {
			continue
		}
		if others = append(others, v.prose); len(others) >= templatePrompts {
			break
		}
	}
	if len(others) == 0 {
		return sentences
	}
	repeated := make([]bool, len(sentences))
	n, all := 0, true
	for j, s := range sentences {
		key := templateKey(s)
		for _, o := range others {
			if strings.Contains(o, key) {
				repeated[j] = true
				// A heading of a word or two ("任務", "Task") is
				// repeated by chance as often as by a template.
				if len(s.words) >= 3 || utf8.RuneCountInString(s.cjk) >= 6 {
					n++
				}
				break
			}
		}
		all = all && repeated[j]
	}
	// Every sentence repeated, its short headings ("Objectives:") with
	// the rest, is the same request sent again inside a longer prompt.
	if n < minTemplateSentences || all {
		return sentences
	}
	out := make([]titleSentence, 0, len(sentences)-n)
	for j, s := range sentences {
		if !repeated[j] {
			out = append(out, s)
		}
	}
	return out
}

// templateKey is the opening of a sentence as the prompt's text has it:
// its first words, or its first characters, before any the sentence's
// cleaning took out of its middle (a code span, markup).
func templateKey(s titleSentence) string {
	if s.cjk != "" {
		r := []rune(s.cjk)
		return string(r[:min(len(r), 8)])
	}
	return strings.Join(s.words[:min(len(s.words), 3)], " ")
}
