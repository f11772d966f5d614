package views

import (
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/baton-dev/baton/internal/baton"
)

// CorrectionView is one correctable field of a session as its page shows
// it: the value, whether the steward corrected it (and what the analysis
// said), or the form that corrects it.
type CorrectionView struct {
	SessionID string
	CSRF      string
	Field     baton.CorrectionField
	// Value is the field as shown, or in a form the values as typed.
	Value baton.FieldValues
	// Correction is the steward's correction of the field; nil when the
	// field is the analysis's.
	Correction *baton.Correction
	// Editing shows the form; Error (naming ErrorField) is why the last
	// submission was refused.
	Editing    bool
	Error      string
	ErrorField string
	// Focus puts the keyboard on Edit when the block comes back from a
	// save, revert or cancel, so the steward is where they were.
	Focus bool
	// Evidence is, for technologies, what showed the session used each
	// one the analysis found; one the steward added has none.
	Evidence map[string]string
}

// SessionCorrections are a session's correctable fields, by field.
type SessionCorrections map[baton.CorrectionField]CorrectionView

// For is the view of one field (the zero view when there is none, which
// renders nothing).
func (sc SessionCorrections) For(f baton.CorrectionField) CorrectionView { return sc[f] }

// CorrectionsOf is the views of a session's correctable fields.
func CorrectionsOf(sess *baton.Session, cs []baton.Correction, csrf string) SessionCorrections {
	out := SessionCorrections{}
	value := baton.FieldValuesOf(sess)
	for _, f := range baton.CorrectionFields {
		out[f] = CorrectionView{SessionID: sess.ID, CSRF: csrf, Field: f, Value: value}
	}
	if v := out[baton.FieldTechnologies]; len(sess.Technical.TechnologyEvidence) > 0 {
		v.Evidence = sess.Technical.TechnologyEvidence
		out[baton.FieldTechnologies] = v
	}
	for i := range cs {
		v := out[cs[i].Field]
		v.Correction = &cs[i]
		out[cs[i].Field] = v
	}
	return out
}

// correction is the view of one correctable field of the page's session.
func (p SessionPage) correction(f baton.CorrectionField) CorrectionView {
	return CorrectionsOf(p.Session, p.Corrections, p.CSRF).For(f)
}

// CorrectionEditPage is a field's form on a page of its own, for a
// browser without scripts.
type CorrectionEditPage struct {
	Page
	SessionTitle string
	Field        CorrectionView
}

// correctionLabel is a field's name as pages show it.
func correctionLabel(f baton.CorrectionField) string {
	switch f {
	case baton.FieldTitle:
		return "Title"
	case baton.FieldDecisions:
		return "Decisions"
	case baton.FieldTasks:
		return "Tasks"
	case baton.FieldTopics:
		return "Key topics"
	case baton.FieldTechnologies:
		return "Technologies"
	}
	return humanize(string(f))
}

func (v CorrectionView) id() string { return "correction-" + string(v.Field) }
func (v CorrectionView) url() string {
	return sessionURL(v.SessionID) + "/corrections/" + string(v.Field)
}
func (v CorrectionView) editURL() string { return v.url() + "/edit" }
func (v CorrectionView) inputID(suffix string) string {
	return "correction-" + string(v.Field) + "-" + suffix
}

// lines joins a list for a textarea, one entry a line.
func lines(items []string) string { return strings.Join(items, "\n") }

// decisionRows are a form's decision rows: the decisions, then two empty
// rows to add one.
func decisionRows(ds []baton.Decision) []baton.Decision {
	return append(append([]baton.Decision{}, ds...), baton.Decision{}, baton.Decision{})
}

// taskRows are a form's task rows: the tasks, then two empty rows.
func taskRows(ts []baton.Task) []baton.Task {
	return append(append([]baton.Task{}, ts...), baton.Task{}, baton.Task{})
}

func rowNumber(i int) string { return strconv.Itoa(i + 1) }

// invalid reports whether the form's error is about the control named
// field (a list's entry errors name the entry: decisions[1].decision).
func (v CorrectionView) invalid(field string) bool {
	return v.ErrorField != "" && v.ErrorField == field
}

// invalidAttr marks a control in error.
func invalidAttr(invalid bool) templ.Attributes {
	if invalid {
		return templ.Attributes{"aria-invalid": "true"}
	}
	return templ.Attributes{}
}

// extractedText is what the analysis said of the field, in a line.
func (v CorrectionView) extractedText() string {
	if v.Correction == nil {
		return ""
	}
	x := v.Correction.Extracted
	var parts []string
	switch v.Field {
	case baton.FieldTitle:
		return orNone(x.Title)
	case baton.FieldDecisions:
		for _, d := range x.Decisions {
			parts = append(parts, d.Decision)
		}
	case baton.FieldTasks:
		for _, t := range x.Tasks {
			parts = append(parts, t.Task)
		}
	case baton.FieldTopics:
		parts = x.Topics
	case baton.FieldTechnologies:
		parts = x.Technologies
	}
	return orNone(strings.Join(parts, " · "))
}

func orNone(s string) string {
	if strings.TrimSpace(s) == "" {
		return "nothing"
	}
	return s
}

func doneTasks(ts []baton.Task, done bool) []string {
	var out []string
	for _, t := range ts {
		if t.Done == done {
			out = append(out, t.Task)
		}
	}
	return out
}

func listOf(v baton.FieldValues, f baton.CorrectionField) []string {
	if f == baton.FieldTopics {
		return v.Topics
	}
	return v.Technologies
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
