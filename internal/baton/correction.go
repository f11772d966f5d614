package baton

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// CorrectionField names a part of a session's analysis a steward may
// correct. A correction is the steward's value for the whole field: it is
// what Baton shows and hands on, and no later analysis replaces it.
type CorrectionField string

const (
	FieldTitle        CorrectionField = "title"
	FieldDecisions    CorrectionField = "decisions"
	FieldTasks        CorrectionField = "tasks"
	FieldTopics       CorrectionField = "topics"
	FieldTechnologies CorrectionField = "technologies"
)

// CorrectionFields lists the correctable fields, in the order pages show them.
var CorrectionFields = []CorrectionField{FieldTitle, FieldDecisions, FieldTasks, FieldTopics, FieldTechnologies}

// Valid reports whether f is a correctable field.
func (f CorrectionField) Valid() bool {
	for _, v := range CorrectionFields {
		if f == v {
			return true
		}
	}
	return false
}

// Limits of a correction: what a steward types, not what an import brings.
const (
	MaxCorrectedTitle     = 200 // characters
	MaxCorrectedItems     = 100 // entries of a list field
	MaxCorrectedItem      = 500 // characters of a decision, task, topic or technology
	MaxCorrectedRationale = 2000
)

// Task is one task of a session and whether it was done: the form in
// which a steward corrects the session's progress.
type Task struct {
	Task string `json:"task"`
	Done bool   `json:"done"`
}

// FieldValues holds a value for each correctable field.
type FieldValues struct {
	Title        string     `json:"title"`
	Decisions    []Decision `json:"decisions"`
	Tasks        []Task     `json:"tasks"`
	Topics       []string   `json:"topics"`
	Technologies []string   `json:"technologies"`
}

// FieldValuesOf reads a session's correctable fields.
func FieldValuesOf(s *Session) FieldValues {
	return FieldValues{
		Title:        s.Title,
		Decisions:    s.Summary.Decisions,
		Tasks:        TasksOf(s.Progress),
		Topics:       s.Summary.KeyTopics,
		Technologies: s.Technical.Technologies,
	}
}

// ApplyTo writes v's value of field f into the session. Tasks replace the
// session's discussed, completed and remaining tasks; its blockers stay.
func (v *FieldValues) ApplyTo(s *Session, f CorrectionField) {
	switch f {
	case FieldTitle:
		s.Title = v.Title
	case FieldDecisions:
		s.Summary.Decisions = emptyIfNil(v.Decisions)
	case FieldTasks:
		s.Progress.TasksDiscussed, s.Progress.TasksCompleted, s.Progress.TasksRemaining = []string{}, []string{}, []string{}
		for _, t := range v.Tasks {
			s.Progress.TasksDiscussed = append(s.Progress.TasksDiscussed, t.Task)
			if t.Done {
				s.Progress.TasksCompleted = append(s.Progress.TasksCompleted, t.Task)
			} else {
				s.Progress.TasksRemaining = append(s.Progress.TasksRemaining, t.Task)
			}
		}
	case FieldTopics:
		s.Summary.KeyTopics = emptyIfNil(v.Topics)
	case FieldTechnologies:
		s.Technical.Technologies = emptyIfNil(v.Technologies)
	}
}

func emptyIfNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// Take sets v's value of field f to from's.
func (v *FieldValues) Take(f CorrectionField, from *FieldValues) {
	switch f {
	case FieldTitle:
		v.Title = from.Title
	case FieldDecisions:
		v.Decisions = from.Decisions
	case FieldTasks:
		v.Tasks = from.Tasks
	case FieldTopics:
		v.Topics = from.Topics
	case FieldTechnologies:
		v.Technologies = from.Technologies
	}
}

// Encode is v's value of field f as JSON: a string for the title, an
// array for the others.
func (v *FieldValues) Encode(f CorrectionField) (json.RawMessage, error) {
	switch f {
	case FieldTitle:
		return json.Marshal(v.Title)
	case FieldDecisions:
		return json.Marshal(emptyIfNil(v.Decisions))
	case FieldTasks:
		return json.Marshal(emptyIfNil(v.Tasks))
	case FieldTopics:
		return json.Marshal(emptyIfNil(v.Topics))
	case FieldTechnologies:
		return json.Marshal(emptyIfNil(v.Technologies))
	}
	return nil, fmt.Errorf("unknown correction field %q", f)
}

// Decode sets v's value of field f from JSON written by Encode.
func (v *FieldValues) Decode(f CorrectionField, raw []byte) error {
	switch f {
	case FieldTitle:
		return json.Unmarshal(raw, &v.Title)
	case FieldDecisions:
		return json.Unmarshal(raw, &v.Decisions)
	case FieldTasks:
		return json.Unmarshal(raw, &v.Tasks)
	case FieldTopics:
		return json.Unmarshal(raw, &v.Topics)
	case FieldTechnologies:
		return json.Unmarshal(raw, &v.Technologies)
	}
	return fmt.Errorf("unknown correction field %q", f)
}

// Same reports whether a and b hold the same value of field f.
func (v *FieldValues) Same(f CorrectionField, other *FieldValues) bool {
	a, errA := v.Encode(f)
	b, errB := other.Encode(f)
	return errA == nil && errB == nil && string(a) == string(b)
}

// TasksOf lists a session's tasks with whether each was done: the
// discussed ones in order, then any completed or remaining task the
// discussed list does not name.
func TasksOf(p Progress) []Task {
	done := map[string]bool{}
	for _, t := range p.TasksCompleted {
		done[t] = true
	}
	seen := map[string]bool{}
	out := []Task{}
	for _, list := range [][]string{p.TasksDiscussed, p.TasksRemaining, p.TasksCompleted} {
		for _, t := range list {
			if !seen[t] {
				seen[t] = true
				out = append(out, Task{Task: t, Done: done[t]})
			}
		}
	}
	return out
}

// Correction is a steward's correction of one field of one session: their
// value, and what Baton's analysis said of that field when it last ran
// (the value before the correction, until the session is analysed again).
type Correction struct {
	SessionID string          `json:"session_id"`
	Field     CorrectionField `json:"field"`
	Value     FieldValues     `json:"-"`
	Extracted FieldValues     `json:"-"`
	EditedAt  time.Time       `json:"edited_at"`
}

// SessionEdit is new values for some of a session's correctable fields;
// a nil field is left as it is. An empty list is a value: the steward
// says the session had none.
type SessionEdit struct {
	Title        *string
	Decisions    *[]Decision
	Tasks        *[]Task
	Topics       *[]string
	Technologies *[]string
}

// Fields lists the fields the edit sets.
func (e *SessionEdit) Fields() []CorrectionField {
	var out []CorrectionField
	for _, f := range []struct {
		field CorrectionField
		set   bool
	}{
		{FieldTitle, e.Title != nil}, {FieldDecisions, e.Decisions != nil}, {FieldTasks, e.Tasks != nil},
		{FieldTopics, e.Topics != nil}, {FieldTechnologies, e.Technologies != nil},
	} {
		if f.set {
			out = append(out, f.field)
		}
	}
	return out
}

// Values is the edit's values (those it does not set are zero).
func (e *SessionEdit) Values() FieldValues {
	var v FieldValues
	if e.Title != nil {
		v.Title = *e.Title
	}
	if e.Decisions != nil {
		v.Decisions = *e.Decisions
	}
	if e.Tasks != nil {
		v.Tasks = *e.Tasks
	}
	if e.Topics != nil {
		v.Topics = *e.Topics
	}
	if e.Technologies != nil {
		v.Technologies = *e.Technologies
	}
	return v
}

// Normalize checks an edit and puts it in the form it is stored in, the
// same for every entry point (form, API): text on one line with single
// spaces, list entries without repeats (the first of entries equal but for
// case is kept). It refuses, naming the field, an edit that sets nothing,
// an empty or overlong title, an empty or overlong entry, too many
// entries, and a NUL byte anywhere.
func (e *SessionEdit) Normalize() error {
	if len(e.Fields()) == 0 {
		return Invalid("fields", "give at least one of title, decisions, tasks, topics, technologies")
	}
	if e.Title != nil {
		t, err := correctedText("title", *e.Title, MaxCorrectedTitle)
		if err != nil {
			return err
		}
		if t == "" {
			return Invalid("title", "title must not be empty")
		}
		e.Title = &t
	}
	if e.Decisions != nil {
		if err := checkCount("decisions", len(*e.Decisions)); err != nil {
			return err
		}
		out, seen := []Decision{}, map[string]bool{}
		for i, d := range *e.Decisions {
			field := fmt.Sprintf("decisions[%d]", i)
			text, err := correctedText(field+".decision", d.Decision, MaxCorrectedItem)
			if err != nil {
				return err
			}
			if text == "" {
				return Invalid(field+".decision", "%s.decision must not be empty", field)
			}
			why, err := correctedText(field+".rationale", d.Rationale, MaxCorrectedRationale)
			if err != nil {
				return err
			}
			if key := strings.ToLower(text); !seen[key] {
				seen[key] = true
				d.Decision, d.Rationale = text, why
				out = append(out, d)
			}
		}
		*e.Decisions = out
	}
	if e.Tasks != nil {
		if err := checkCount("tasks", len(*e.Tasks)); err != nil {
			return err
		}
		out, seen := []Task{}, map[string]bool{}
		for i, t := range *e.Tasks {
			field := fmt.Sprintf("tasks[%d].task", i)
			text, err := correctedText(field, t.Task, MaxCorrectedItem)
			if err != nil {
				return err
			}
			if text == "" {
				return Invalid(field, "%s must not be empty", field)
			}
			if key := strings.ToLower(text); !seen[key] {
				seen[key] = true
				out = append(out, Task{Task: text, Done: t.Done})
			}
		}
		*e.Tasks = out
	}
	for _, list := range []struct {
		name  string
		items *[]string
	}{{"topics", e.Topics}, {"technologies", e.Technologies}} {
		if list.items == nil {
			continue
		}
		if err := checkCount(list.name, len(*list.items)); err != nil {
			return err
		}
		out, seen := []string{}, map[string]bool{}
		for i, item := range *list.items {
			field := fmt.Sprintf("%s[%d]", list.name, i)
			text, err := correctedText(field, item, MaxCorrectedItem)
			if err != nil {
				return err
			}
			if text == "" {
				return Invalid(field, "%s must not be empty", field)
			}
			if key := strings.ToLower(text); !seen[key] {
				seen[key] = true
				out = append(out, text)
			}
		}
		*list.items = out
	}
	return nil
}

func checkCount(field string, n int) error {
	if n > MaxCorrectedItems {
		return Invalid(field, "%s holds at most %d entries; got %d", field, MaxCorrectedItems, n)
	}
	return nil
}

// correctedText is s on one line with single spaces, refused (naming the
// field) when it holds a NUL byte, is not UTF-8 or is over max characters.
func correctedText(field, s string, max int) (string, error) {
	if strings.IndexByte(s, 0) >= 0 {
		return "", Invalid(field, "%s contains a NUL byte", field)
	}
	if !utf8.ValidString(s) {
		return "", Invalid(field, "%s is not valid UTF-8", field)
	}
	s = strings.Join(strings.Fields(s), " ")
	if n := utf8.RuneCountInString(s); n > max {
		return "", Invalid(field, "%s must be at most %d characters; got %d", field, max, n)
	}
	return s, nil
}

// MergeDecisions completes a steward's decisions from the ones they
// replace: a decision whose text is an earlier one's (case aside), or
// else the one in its place in the list, keeps that one's time and the
// fields a steward does not type; a decision added at the end is dated at.
func MergeDecisions(edited, before []Decision, at time.Time) []Decision {
	byText := map[string]Decision{}
	for _, d := range before {
		key := strings.ToLower(d.Decision)
		if _, ok := byText[key]; !ok {
			byText[key] = d
		}
	}
	out := make([]Decision, 0, len(edited))
	for i, d := range edited {
		base, ok := byText[strings.ToLower(d.Decision)]
		if !ok && i < len(before) {
			base, ok = before[i], true
		}
		if !ok {
			base = Decision{Timestamp: at}
		}
		base.Decision, base.Rationale = d.Decision, d.Rationale
		out = append(out, base)
	}
	return out
}
