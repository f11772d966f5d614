package analysis

import (
	"fmt"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// TraceTitle lists, for the real set's title harness, the sentences of the
// first prompts a title is looked for in, each with the title it makes and
// its score before the decays, and the session's heaviest terms.
func TraceTitle(msgs []*baton.Message) []string {
	vs := buildViews(New(), msgs)
	weights := termWeights(vs)
	var out []string
	prompts := 0
	for i := range vs {
		v := &vs[i]
		if !titlePrompt(v) || prompts >= titlePrompts+2 {
			continue
		}
		prompts++
		read := titleSentences(titleProse(v))
		sentences := append(withoutTemplate(vs, i, read), closingRequest(titleProse(v), read)...)
		for j, s := range withReferentsNamed(withoutRoles(sentences)) {
			t, sc := s.best(weights)
			out = append(out, fmt.Sprintf("  p%d s%d %.2f asks=%v %q", prompts, j, sc, s.asks(), t))
		}
		if rt, rs := restatementTitle(vs, i, weights); rt != "" {
			out = append(out, fmt.Sprintf("  p%d restated %.2f %q", prompts, rs, rt))
		}
	}
	if t, sc := answerTitle(vs, weights); t != "" {
		out = append(out, fmt.Sprintf("  answer %.2f %q", sc, t))
	}
	type kv struct {
		k string
		v float64
	}
	var top []kv
	for k, v := range weights {
		top = append(top, kv{k, v})
	}
	for a := 1; a < len(top); a++ {
		for b := a; b > 0 && (top[b].v > top[b-1].v || top[b].v == top[b-1].v && top[b].k < top[b-1].k); b-- {
			top[b], top[b-1] = top[b-1], top[b]
		}
	}
	line := "  terms:"
	for k := 0; k < len(top) && k < 15; k++ {
		line += fmt.Sprintf(" %s=%.1f", top[k].k, top[k].v)
	}
	return append(out, line, "  title: "+sessionTitle(vs))
}

// TitleSource is the title the analysis writes from a session's messages
// (before it names the project in it) and where it found it (titleSource),
// for the real set's count of failing titles by where they come from.
func TitleSource(msgs []*baton.Message) (title, source string) {
	t, src := sessionTitleFrom(buildViews(New(), msgs))
	return t, string(src)
}

// SubjectTexts are the texts of a session a title's subject may be named
// in, for the real set's count of where the failing titles' subjects
// were.
type SubjectTexts struct {
	// Sentences are the sentences of the first prompt a title is looked
	// for in, as sessionTitleFrom reads them.
	Sentences []string
	// Answer is the prose of the first answer to it.
	Answer string
	// Later and LaterReply are the steward's later prompts a title is
	// looked for in too (titlePrompts of them, counted as
	// sessionTitleFrom counts them); LaterReply holds those that answer
	// the assistant's question, whose score is halved (replyShare).
	Later, LaterReply string
	// Unread is the steward's text after those or outside them.
	Unread string
}

// TitleSubjectTexts are the SubjectTexts of a session's messages.
func TitleSubjectTexts(msgs []*baton.Message) SubjectTexts {
	vs := buildViews(New(), msgs)
	var st SubjectTexts
	first := -1
	prompts := 0
	var later, reply, unread strings.Builder
	for i := range vs {
		v := &vs[i]
		switch {
		case first < 0 && titlePrompt(v):
			first = i
			read := titleSentences(titleProse(v))
			sentences := append(withoutTemplate(vs, i, read), closingRequest(titleProse(v), read)...)
			for _, s := range withReferentsNamed(withoutRoles(sentences)) {
				st.Sentences = append(st.Sentences, s.cjk+strings.Join(s.words, " "))
			}
			if !subjectless(v) {
				prompts++
			}
		case first < 0:
		case titlePrompt(v) && prompts < titlePrompts:
			if answersQuestion(vs, i) {
				reply.WriteString(v.prose + "\n")
			} else {
				later.WriteString(v.prose + "\n")
			}
			if !subjectless(v) {
				prompts++
			}
		case v.steward() && v.text:
			unread.WriteString(v.prose + "\n")
		case st.Answer == "" && later.Len()+reply.Len()+unread.Len() == 0 && v.assistant() && v.text:
			st.Answer = answerProse(v)
		}
	}
	st.Later, st.LaterReply, st.Unread = later.String(), reply.String(), unread.String()
	return st
}
