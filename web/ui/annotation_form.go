package ui

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// Annotation and review actions of the session page and the transcript
// (session_annotate.go, session_review.go, message_annotate.go,
// message_impact.go, annotation_delete.go) share these forms. Each action
// answers htmx with the block it changed and a plain form post with a
// redirect back, so every action works without JavaScript too.

// maxOfferedLabels bounds the labels an annotation form offers as checkboxes.
const maxOfferedLabels = 16

// annotationForm is an annotation form posting to action; after an error
// it keeps what was typed and marks the field.
func (s *Server) annotationForm(c echo.Context, action, target, idPrefix string, formErr error) (views.AnnotationForm, error) {
	own, err := s.annotations.AnnotationLabels(requestContext(c), stewardID(c))
	if err != nil {
		return views.AnnotationForm{}, err
	}
	// The suggested labels, then the steward's own (a few, so the form stays short;
	// any other is typed).
	labels := slices.Clone(baton.SuggestedLabels)
	for _, l := range own {
		if len(labels) >= maxOfferedLabels {
			break
		}
		if !slices.Contains(labels, l) {
			labels = append(labels, l)
		}
	}
	f := views.AnnotationForm{Action: action, Target: target, IDPrefix: idPrefix, Labels: labels, CSRF: browserOf(c).CSRF, Values: url.Values{}}
	if formErr != nil {
		f.Error = baton.ErrorMessage(formErr)
		f.ErrorField = formField(baton.ErrorField(formErr))
		if form, err := c.FormParams(); err == nil {
			f.Values = form
		}
	}
	return f, nil
}

// formField is the form control an error field names: "annotations[2].value" → "value".
func formField(field string) string {
	if i := strings.LastIndexByte(field, '.'); i >= 0 {
		return field[i+1:]
	}
	return field
}

// annotate adds the annotations of the request's form to one of the
// steward's sessions, or to its message messageID (0: the session
// itself). A form that cannot be read is the error the caller returns; a
// refused annotation is baton.EINVALID, with nothing written.
func (s *Server) annotate(c echo.Context, sessionID string, messageID int64) ([]*baton.Annotation, error) {
	form, err := c.FormParams()
	if err != nil {
		return nil, err
	}
	anns, err := annotationsFromForm(form)
	if err == nil {
		err = s.annotations.AddAnnotations(requestContext(c), stewardID(c), sessionID, messageID, anns)
	}
	return anns, err
}

// annotationsFromForm turns the annotation form into annotations: one
// comment for the text, one label for each label ticked or typed (comma
// separated), one score for a dimension and value.
func annotationsFromForm(form url.Values) ([]*baton.Annotation, error) {
	var out []*baton.Annotation
	if note := strings.TrimSpace(form.Get("note")); note != "" {
		out = append(out, &baton.Annotation{Kind: baton.AnnotationComment, Note: note})
	}
	labels := append(slices.Clone(form["label"]), strings.Split(form.Get("label_text"), ",")...)
	var seen []string
	for _, l := range labels {
		if n := baton.NormalizeLabel(l); n != "" && !slices.Contains(seen, n) {
			seen = append(seen, n)
			out = append(out, &baton.Annotation{Kind: baton.AnnotationLabel, Label: n})
		}
	}
	dim, value, why := strings.TrimSpace(form.Get("dimension")), strings.TrimSpace(form.Get("value")), strings.TrimSpace(form.Get("score_note"))
	switch {
	case dim != "" || value != "":
		score := &baton.Annotation{Kind: baton.AnnotationScore, Dimension: dim, Note: why}
		if value != "" {
			v, err := strconv.ParseFloat(value, 64)
			if err != nil {
				return nil, baton.Invalid("value", "value must be a number from 0 to 1; got %q", value)
			}
			score.Value = &v
		}
		out = append(out, score)
	case why != "":
		return nil, baton.Invalid("dimension", "a score needs a dimension and a value from 0 to 1")
	}
	if len(out) == 0 {
		return nil, baton.Invalid("note", "write a comment, pick a label or give a score")
	}
	return out, nil
}

// savedText says what an annotation form saved.
func savedText(anns []*baton.Annotation) string {
	var parts []string
	for _, a := range anns {
		switch a.Kind {
		case baton.AnnotationComment:
			parts = append(parts, "a comment")
		case baton.AnnotationLabel:
			parts = append(parts, "label "+a.Label)
		case baton.AnnotationScore:
			parts = append(parts, fmt.Sprintf("%s score %.2f", a.Dimension, *a.Value))
		}
	}
	return "Saved " + strings.Join(parts, ", ") + "."
}
