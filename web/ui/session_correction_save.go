package ui

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// SessionCorrectionSave stores the steward's correction of one field from
// its form. A bad value answers 400 with the form again, as typed, naming
// what to fix; nothing is written.
func (s *Server) SessionCorrectionSave(c echo.Context) error {
	v, err := s.correctionViewParam(c)
	if err != nil {
		return err
	}
	field := v.Field
	form, err := c.FormParams()
	if err != nil {
		return baton.Invalid("body", "the form could not be read: %v", err)
	}
	edit, typed, err := correctionEditOf(form, field)
	if err == nil {
		var sess *baton.Session
		var cs []baton.Correction
		if sess, cs, err = s.corrections.Correct(requestContext(c), stewardID(c), v.SessionID, edit); err == nil {
			v = views.CorrectionsOf(sess, cs, browserOf(c).CSRF).For(field)
		}
	}
	if baton.ErrorCode(err) == baton.EINVALID {
		v.Editing, v.Value = true, typed
		v.Error, v.ErrorField = baton.ErrorMessage(err), baton.ErrorField(err)
		return s.renderCorrectionForm(c, http.StatusBadRequest, v)
	}
	if err != nil {
		return err
	}
	if !isHTMX(c) {
		return c.Redirect(http.StatusSeeOther, correctionAnchor(v))
	}
	v.Focus = true
	return renderHTML(c, http.StatusOK, views.CorrectionSaved(v))
}

// correctionFormFields are the form fields of each correctable field
// (besides the CSRF token).
var correctionFormFields = map[baton.CorrectionField][]string{
	baton.FieldTitle:        {"title"},
	baton.FieldDecisions:    {"decision", "rationale"},
	baton.FieldTasks:        {"task", "done"},
	baton.FieldTopics:       {"topics"},
	baton.FieldTechnologies: {"technologies"},
}

// correctionEditOf reads a correction form into the edit it asks for, and
// the values as typed (to show the form again). Empty rows and lines are
// dropped; an error names the form's row (decisions[2].decision).
func correctionEditOf(form url.Values, field baton.CorrectionField) (*baton.SessionEdit, baton.FieldValues, error) {
	var typed baton.FieldValues
	allowed := map[string]bool{"_csrf": true}
	for _, name := range correctionFormFields[field] {
		allowed[name] = true
	}
	for name := range form {
		if !allowed[name] {
			return nil, typed, baton.Invalid(name, "unknown field %q: the %s form does not take it", name, field)
		}
	}
	edit := &baton.SessionEdit{}
	var rows []int // the form row of each entry kept
	switch field {
	case baton.FieldTitle:
		if len(form["title"]) != 1 {
			return nil, typed, baton.Invalid("title", "title is required, once")
		}
		typed.Title = form.Get("title")
		edit.Title = &typed.Title
	case baton.FieldDecisions:
		texts, whys := form["decision"], form["rationale"]
		if len(whys) != len(texts) {
			return nil, typed, baton.Invalid("rationale", "each decision needs its rationale field (%d decisions, %d rationales)", len(texts), len(whys))
		}
		ds := []baton.Decision{}
		for i := range texts {
			typed.Decisions = append(typed.Decisions, baton.Decision{Decision: texts[i], Rationale: whys[i]})
			switch {
			case strings.TrimSpace(texts[i]) != "":
				ds = append(ds, baton.Decision{Decision: texts[i], Rationale: whys[i]})
				rows = append(rows, i)
			case strings.TrimSpace(whys[i]) != "":
				field := fmt.Sprintf("decisions[%d].decision", i)
				return nil, typed, baton.Invalid(field, "%s is empty but has a rationale: write the decision, or clear both", field)
			}
		}
		edit.Decisions = &ds
	case baton.FieldTasks:
		texts := form["task"]
		done := map[int]bool{}
		for _, d := range form["done"] {
			i, err := strconv.Atoi(d)
			if err != nil || i < 0 || i >= len(texts) {
				return nil, typed, baton.Invalid("done", "done must name a task row; got %q", d)
			}
			done[i] = true
		}
		ts := []baton.Task{}
		for i, t := range texts {
			typed.Tasks = append(typed.Tasks, baton.Task{Task: t, Done: done[i]})
			if strings.TrimSpace(t) != "" {
				ts = append(ts, baton.Task{Task: t, Done: done[i]})
				rows = append(rows, i)
			} else if done[i] {
				field := fmt.Sprintf("tasks[%d].task", i)
				return nil, typed, baton.Invalid(field, "%s is empty but marked done: write the task, or untick it", field)
			}
		}
		edit.Tasks = &ts
	case baton.FieldTopics, baton.FieldTechnologies:
		name := string(field)
		if len(form[name]) != 1 {
			return nil, typed, baton.Invalid(name, "%s is required, once", name)
		}
		items := []string{}
		for line := range strings.SplitSeq(form.Get(name), "\n") {
			if line = strings.TrimSpace(line); line != "" {
				items = append(items, line)
			}
		}
		if field == baton.FieldTopics {
			typed.Topics, edit.Topics = items, &items
		} else {
			typed.Technologies, edit.Technologies = items, &items
		}
	}
	if err := edit.Normalize(); err != nil {
		return nil, typed, formRow(err, rows)
	}
	return edit, typed, nil
}

var entryIndex = regexp.MustCompile(`^(decisions|tasks)\[(\d+)\]`)

// formRow points an error about a list's entry (decisions[1].decision,
// counted without the empty rows) at the form's row.
func formRow(err error, rows []int) error {
	f := baton.ErrorField(err)
	m := entryIndex.FindStringSubmatch(f)
	if m == nil {
		return err
	}
	k, _ := strconv.Atoi(m[2])
	if k >= len(rows) {
		return err
	}
	field := fmt.Sprintf("%s[%d]%s", m[1], rows[k], f[len(m[0]):])
	msg := strings.ReplaceAll(baton.ErrorMessage(err), f, field)
	return baton.Invalid(field, "%s", msg)
}
