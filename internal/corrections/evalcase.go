package corrections

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// CaseFormat names the layout of an exported set of evaluation cases.
const CaseFormat = "baton-eval-cases/1"

// Case is one corrected session as an evaluation case: the session's main
// conversation, and as labels the fields the steward corrected (only
// those: a field they left alone was not checked). Expect has the shape
// of the evaluation set's labels (texts); Details keeps what a text list
// loses (a decision's rationale, whether a task was done); Extracted is
// what Baton's analysis said of the same fields.
type Case struct {
	ID          string        `json:"id"`
	SessionID   string        `json:"session_id"`
	Source      string        `json:"source"`
	Kind        string        `json:"kind"`
	StartedAt   time.Time     `json:"started_at"`
	CorrectedAt time.Time     `json:"corrected_at"`
	Labelled    []string      `json:"labelled"`
	Expect      Labels        `json:"expect"`
	Details     *Details      `json:"details,omitempty"`
	Extracted   Labels        `json:"extracted"`
	Messages    []CaseMessage `json:"messages"`
}

// Labels are values of the correctable fields, as texts; a field not
// labelled is left out.
type Labels struct {
	Title        *string  `json:"title,omitempty"`
	Tasks        []string `json:"tasks,omitempty"`
	Decisions    []string `json:"decisions,omitempty"`
	Topics       []string `json:"topics,omitempty"`
	Technologies []string `json:"technologies,omitempty"`
}

// Details are the corrected decisions and tasks in full.
type Details struct {
	Decisions []CaseDecision `json:"decisions,omitempty"`
	Tasks     []baton.Task   `json:"tasks,omitempty"`
}

// CaseDecision is a decision and why.
type CaseDecision struct {
	Decision  string `json:"decision"`
	Rationale string `json:"rationale,omitempty"`
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

// labels puts a field's value (of v) into l, as texts.
func (l *Labels) set(f baton.CorrectionField, v *baton.FieldValues) {
	switch f {
	case baton.FieldTitle:
		t := v.Title
		l.Title = &t
	case baton.FieldDecisions:
		l.Decisions = []string{}
		for _, d := range v.Decisions {
			l.Decisions = append(l.Decisions, d.Decision)
		}
	case baton.FieldTasks:
		l.Tasks = []string{}
		for _, t := range v.Tasks {
			l.Tasks = append(l.Tasks, t.Task)
		}
	case baton.FieldTopics:
		l.Topics = append([]string{}, v.Topics...)
	case baton.FieldTechnologies:
		l.Technologies = append([]string{}, v.Technologies...)
	}
}

// caseOf is the evaluation case of a corrected session.
func caseOf(sess *baton.Session, cs []baton.Correction, msgs []*baton.Message) Case {
	c := Case{
		ID: "correction-" + sess.ID, SessionID: sess.ID, Source: sess.Source, Kind: string(sess.Type),
		StartedAt: sess.StartedAt.UTC(), Labelled: []string{}, Messages: make([]CaseMessage, 0, len(msgs)),
	}
	for i := range cs {
		cr := &cs[i]
		c.Labelled = append(c.Labelled, string(cr.Field))
		c.Expect.set(cr.Field, &cr.Value)
		c.Extracted.set(cr.Field, &cr.Extracted)
		if cr.EditedAt.After(c.CorrectedAt) {
			c.CorrectedAt = cr.EditedAt
		}
		switch cr.Field {
		case baton.FieldDecisions:
			if c.Details == nil {
				c.Details = &Details{}
			}
			c.Details.Decisions = []CaseDecision{}
			for _, d := range cr.Value.Decisions {
				c.Details.Decisions = append(c.Details.Decisions, CaseDecision{Decision: d.Decision, Rationale: d.Rationale})
			}
		case baton.FieldTasks:
			if c.Details == nil {
				c.Details = &Details{}
			}
			c.Details.Tasks = append([]baton.Task{}, cr.Value.Tasks...)
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
