package corrections

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// CaseFormat names the layout of an exported set of evaluation cases.
const CaseFormat = "baton-eval-cases/1"

// Case is one corrected session as an evaluation case: the session's main
// conversation, and as labels the fields the steward corrected (only
// those: a field they left alone was not checked). Labels has the shape
// of an entry of the real evaluation set's labels-<split>.json
// (internal/analysis/testdata/realset, RUBRIC.md); Extracted is what
// Baton's analysis said of the same fields, in the same shape.
type Case struct {
	ID          string        `json:"id"`
	SessionID   string        `json:"session_id"`
	Source      string        `json:"source"`
	Kind        string        `json:"kind"`
	StartedAt   time.Time     `json:"started_at"`
	CorrectedAt time.Time     `json:"corrected_at"`
	Labelled    []string      `json:"labelled"`
	Labels      Labels        `json:"labels"`
	Extracted   Labels        `json:"extracted"`
	Tasks       []baton.Task  `json:"tasks,omitempty"` // the corrected tasks with whether each was done
	Messages    []CaseMessage `json:"messages"`
}

// Labels are values of the correctable fields as the evaluation set
// labels them; a field not labelled is left out.
type Labels struct {
	ID           string      `json:"id"`
	Title        *TitleLabel `json:"title,omitempty"`
	Decisions    []Item      `json:"decisions,omitempty"`
	Tasks        []Item      `json:"tasks,omitempty"`
	Technologies []Item      `json:"technologies,omitempty"`
	Topics       []Item      `json:"topics,omitempty"`
}

// TitleLabel is an acceptable title: Examples holds the steward's, and
// Subject one group of its content words, of which a title must hold one.
type TitleLabel struct {
	Subject  [][]string `json:"subject"`
	Examples []string   `json:"examples"`
}

// Item is one labelled item; Why is a decision's rationale.
type Item struct {
	Text string `json:"text"`
	Why  string `json:"why,omitempty"`
}

// CaseMessage is one message of the conversation, in the form the API's
// message append takes, so a case can be stored again as a session.
type CaseMessage struct {
	Seq        int64             `json:"sequence_number"`
	Role       baton.Role        `json:"role"`
	Content    string            `json:"content"`
	ToolCalls  []baton.ToolCall  `json:"tool_calls,omitempty"`
	ToolResult *baton.ToolResult `json:"tool_result,omitempty"`
	Timestamp  time.Time         `json:"timestamp"`
}

// set puts a field's value (of v) into l.
func (l *Labels) set(f baton.CorrectionField, v *baton.FieldValues) {
	items := func(texts []string) []Item {
		out := []Item{}
		for _, t := range texts {
			out = append(out, Item{Text: t})
		}
		return out
	}
	switch f {
	case baton.FieldTitle:
		l.Title = &TitleLabel{Subject: [][]string{subjectTerms(v.Title)}, Examples: []string{v.Title}}
	case baton.FieldDecisions:
		l.Decisions = []Item{}
		for _, d := range v.Decisions {
			l.Decisions = append(l.Decisions, Item{Text: d.Decision, Why: d.Rationale})
		}
	case baton.FieldTasks:
		l.Tasks = []Item{}
		for _, t := range v.Tasks {
			l.Tasks = append(l.Tasks, Item{Text: t.Task})
		}
	case baton.FieldTopics:
		l.Topics = items(v.Topics)
	case baton.FieldTechnologies:
		l.Technologies = items(v.Technologies)
	}
}

// subjectTerms are a title's content words, lower-cased: words of three
// letters or more that are not function words, or the whole title when it
// has none (a CJK title, a short name).
func subjectTerms(title string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(title), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '.' && r != '+' && r != '#'
	}) {
		w = strings.Trim(w, "-.")
		if utf8.RuneCountInString(w) >= 3 && !functionWords[w] && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	if len(out) == 0 {
		out = append(out, strings.ToLower(title))
	}
	return out
}

var functionWords = map[string]bool{"the": true, "and": true, "for": true, "with": true, "from": true, "into": true,
	"that": true, "this": true, "how": true, "why": true, "what": true, "when": true, "our": true, "its": true}

// caseOf is the evaluation case of a corrected session.
func caseOf(sess *baton.Session, cs []baton.Correction, msgs []*baton.Message) Case {
	id := "correction-" + sess.ID
	c := Case{
		ID: id, SessionID: sess.ID, Source: sess.Source, Kind: string(sess.Type), StartedAt: sess.StartedAt.UTC(),
		Labelled: []string{}, Labels: Labels{ID: id}, Extracted: Labels{ID: id}, Messages: make([]CaseMessage, 0, len(msgs)),
	}
	for i := range cs {
		cr := &cs[i]
		c.Labelled = append(c.Labelled, string(cr.Field))
		c.Labels.set(cr.Field, &cr.Value)
		c.Extracted.set(cr.Field, &cr.Extracted)
		if cr.EditedAt.After(c.CorrectedAt) {
			c.CorrectedAt = cr.EditedAt
		}
		if cr.Field == baton.FieldTasks {
			c.Tasks = append([]baton.Task{}, cr.Value.Tasks...)
		}
	}
	for _, m := range msgs {
		c.Messages = append(c.Messages, CaseMessage{
			Seq: m.Seq, Role: m.Role, Content: m.Content, ToolCalls: m.ToolCalls, ToolResult: m.ToolResult, Timestamp: m.Timestamp.UTC(),
		})
	}
	return c
}

// ExportCases writes every corrected session of the steward as an
// evaluation case, the most recently corrected first:
//
//	{"format": "baton-eval-cases/1", "cases": [Case, …]}
//
// one case at a time, so a long conversation is held once. It returns
// how many cases it wrote.
func (s *Service) ExportCases(ctx context.Context, stewardID int64, w io.Writer) (int, error) {
	sessions, err := s.store.CorrectedSessions(ctx, stewardID)
	if err != nil {
		return 0, err
	}
	if _, err := fmt.Fprintf(w, "{\"format\": %q, \"cases\": [", CaseFormat); err != nil {
		return 0, err
	}
	for i, cs := range sessions {
		msgs, err := s.store.AnalysisMessages(ctx, stewardID, cs.Session.ID)
		if err != nil {
			return i, err
		}
		b, err := json.MarshalIndent(caseOf(cs.Session, cs.Corrections, msgs), "  ", "  ")
		if err != nil {
			return i, err
		}
		sep := "\n  "
		if i > 0 {
			sep = ",\n  "
		}
		if _, err := io.WriteString(w, sep+string(b)); err != nil {
			return i, err
		}
	}
	if _, err := io.WriteString(w, "\n]}\n"); err != nil {
		return len(sessions), err
	}
	return len(sessions), nil
}
