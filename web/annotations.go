package web

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/views"
	"github.com/baton-dev/baton/views/charts"
	"github.com/labstack/echo/v4"
)

// Annotation and review actions of the session page and the transcript.
// Each answers htmx with the block it changed and a plain form post with
// a redirect back, so every action works without JavaScript too.

// sessionAnalysis is what the session page shows of a session's analysis
// and review: the arc chart (from the messages' sentiments alone, so an
// open session has one too), the stored quality parts and patterns, and
// the review block.
func (s *Server) sessionAnalysis(c echo.Context, sess *baton.Session) (views.SessionAnalysisView, error) {
	points, err := s.sentimentSeries(c, sess)
	if err != nil {
		return views.SessionAnalysisView{}, err
	}
	v := views.SessionAnalysisView{
		Arc:          charts.NewArc(sess.ID, points, sess.EmotionalArc),
		ReanalyseURL: "/sessions/" + url.PathEscape(sess.ID) + "/analyse",
	}
	sa, analysed, err := s.analysis.ForSession(ctx(c), stewardID(c), sess.ID)
	if err != nil {
		return views.SessionAnalysisView{}, err
	}
	if analysed {
		v.AnalysedAt = sa.AnalysedAt
		v.Quality = qualityView(sa.Quality)
		v.Patterns = patternViews(sa.Patterns)
	}
	v.Review, err = s.sessionReviewView(c, sess, nil, "")
	return v, err
}

func qualityView(q baton.QualityParts) *views.QualityView {
	out := &views.QualityView{Score: q.Score}
	for _, p := range q.Parts {
		out.Parts = append(out.Parts, views.QualityPartView{Name: p.Name, Weight: p.Weight, Value: p.Value, Detail: p.Detail})
	}
	return out
}

func patternViews(ps []baton.Pattern) []views.PatternView {
	out := make([]views.PatternView, len(ps))
	for i, p := range ps {
		out[i] = views.PatternView{Type: p.Type, Subtype: p.Subtype, Frequency: p.Frequency, Insight: p.Insight, Examples: p.Examples}
	}
	return out
}

// sessionReviewView is the review block of a session; a form error (and
// what was typed) is shown in its annotation form.
func (s *Server) sessionReviewView(c echo.Context, sess *baton.Session, formErr error, saved string) (views.SessionReviewView, error) {
	sid := stewardID(c)
	anns, err := s.store.SessionAnnotations(ctx(c), sid, sess.ID)
	if err != nil {
		return views.SessionReviewView{}, err
	}
	onMessages, err := s.store.MessageAnnotationCount(ctx(c), sid, sess.ID)
	if err != nil {
		return views.SessionReviewView{}, err
	}
	form, err := s.annotationForm(c, "/sessions/"+url.PathEscape(sess.ID)+"/annotations", "session-review", "session-annotate", formErr)
	if err != nil {
		return views.SessionReviewView{}, err
	}
	return views.SessionReviewView{
		SessionID: sess.ID, Status: sess.ReviewStatus, Annotations: anns, MessageAnnotations: onMessages, Form: form,
		CSRF: browserOf(c).CSRF, Saved: saved,
	}, nil
}

// annotationForm is an annotation form posting to action; after an error
// it keeps what was typed and marks the field.
func (s *Server) annotationForm(c echo.Context, action, target, idPrefix string, formErr error) (views.AnnotationForm, error) {
	own, err := s.store.AnnotationLabels(ctx(c), stewardID(c))
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
		if n := store.NormalizeLabel(l); n != "" && !slices.Contains(seen, n) {
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

// maxOfferedLabels bounds the labels an annotation form offers as checkboxes.
const maxOfferedLabels = 16

// formErrorStatus is the status of a form sent back with its errors:
// htmx swaps a 422 in place (baton.js), so the steward sees the form again.
const formErrorStatus = http.StatusUnprocessableEntity

// sessionAnnotate adds annotations to a session.
func (s *Server) sessionAnnotate(c echo.Context) error {
	sid := stewardID(c)
	sess, err := s.store.Session(ctx(c), sid, c.Param("id"))
	if err != nil {
		return err
	}
	form, err := c.FormParams()
	if err != nil {
		return err
	}
	anns, err := annotationsFromForm(form)
	if err == nil {
		err = s.store.AddAnnotations(ctx(c), sid, sess.ID, 0, anns)
	}
	if baton.ErrorCode(err) == baton.EINVALID && isHTMX(c) {
		return s.renderSessionReview(c, sess, formErrorStatus, err, "")
	} else if err != nil {
		return err
	}
	if !isHTMX(c) {
		return c.Redirect(http.StatusSeeOther, "/sessions/"+url.PathEscape(sess.ID)+"#session-review")
	}
	return s.renderSessionReview(c, sess, http.StatusOK, nil, savedText(anns))
}

func (s *Server) renderSessionReview(c echo.Context, sess *baton.Session, status int, formErr error, saved string) error {
	r, err := s.sessionReviewView(c, sess, formErr, saved)
	if err != nil {
		return err
	}
	a := views.SessionAnalysisView{ReanalyseURL: "/sessions/" + url.PathEscape(sess.ID) + "/analyse"}
	sa, analysed, err := s.analysis.ForSession(ctx(c), stewardID(c), sess.ID)
	if err != nil {
		return err
	}
	if analysed {
		a.AnalysedAt = sa.AnalysedAt
	}
	return renderHTML(c, status, views.SessionReviewSwap(r, a))
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

// sessionSetReview sets the review status of one session.
func (s *Server) sessionSetReview(c echo.Context) error {
	sid := stewardID(c)
	status := baton.ReviewStatus(c.FormValue("status"))
	n, err := s.store.SetReviewStatus(ctx(c), sid, []string{c.Param("id")}, status)
	if err != nil {
		return err
	}
	if n == 0 {
		return baton.NotFound("session")
	}
	sess, err := s.store.Session(ctx(c), sid, c.Param("id"))
	if err != nil {
		return err
	}
	if !isHTMX(c) {
		return c.Redirect(http.StatusSeeOther, "/sessions/"+url.PathEscape(sess.ID))
	}
	return s.renderSessionReview(c, sess, http.StatusOK, nil, "Review status: "+string(status)+".")
}

// sessionReanalyse runs the session's analysis again and redraws the
// page's overview (header, review, panels and arc).
func (s *Server) sessionReanalyse(c echo.Context) error {
	id := c.Param("id")
	if err := s.analysis.AnalyzeSession(ctx(c), stewardID(c), id); err != nil {
		return err
	}
	if !isHTMX(c) {
		return c.Redirect(http.StatusSeeOther, "/sessions/"+url.PathEscape(id))
	}
	// Draw the page as the steward sees it (the same conversation and
	// place): its query becomes this request's, which sessionShow reads
	// (Echo keeps the parsed query, so it is replaced in place). htmx
	// takes the overview from the page.
	q := c.QueryParams()
	for k := range q {
		delete(q, k)
	}
	if cur, err := url.Parse(c.Request().Header.Get("HX-Current-URL")); err == nil && cur.Path == "/sessions/"+id {
		for k, v := range cur.Query() {
			q[k] = v
		}
	}
	return s.sessionShow(c)
}

// messageParam reads the :id of a message route; a malformed id is as
// unknown as another steward's.
func (s *Server) messageParam(c echo.Context) (*baton.Message, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return nil, baton.NotFound("message")
	}
	return s.store.Message(ctx(c), stewardID(c), id)
}

// messageBlock is a message's annotation block with its forms, unfolded
// when there is an error to show.
func (s *Server) messageBlock(c echo.Context, m *baton.Message, formErr, impactErr error, saved string) (views.MessageAnnotationsView, error) {
	byMsg, err := s.store.MessageAnnotations(ctx(c), stewardID(c), []int64{m.ID})
	if err != nil {
		return views.MessageAnnotationsView{}, err
	}
	prefix := fmt.Sprintf("m%d", m.ID)
	form, err := s.annotationForm(c, fmt.Sprintf("/messages/%d/annotations", m.ID), "ann-"+strconv.FormatInt(m.ID, 10), prefix, formErr)
	if err != nil {
		return views.MessageAnnotationsView{}, err
	}
	v := views.MessageAnnotationsView{
		Message: m, Annotations: byMsg[m.ID], Open: true, Expanded: formErr != nil || impactErr != nil,
		Form: form, CSRF: browserOf(c).CSRF, Saved: saved,
		Impact: views.ImpactForm{Action: fmt.Sprintf("/messages/%d/impact", m.ID), Impact: m.Impact},
	}
	if impactErr != nil {
		v.Impact.Error, v.Impact.ErrorField = baton.ErrorMessage(impactErr), formField(baton.ErrorField(impactErr))
	}
	return v, nil
}

// messageAnnotateForm is a message's annotation forms: the fragment the
// transcript's toggle loads, or a page of its own.
func (s *Server) messageAnnotateForm(c echo.Context) error {
	m, err := s.messageParam(c)
	if err != nil {
		return err
	}
	block, err := s.messageBlock(c, m, nil, nil, "")
	if err != nil {
		return err
	}
	if isHTMX(c) {
		return renderHTML(c, http.StatusOK, views.AnnotateMessageForms(block))
	}
	return s.renderAnnotatePage(c, http.StatusOK, m, block)
}

func (s *Server) renderAnnotatePage(c echo.Context, status int, m *baton.Message, block views.MessageAnnotationsView) error {
	sess, err := s.store.Session(ctx(c), stewardID(c), m.SessionID)
	if err != nil {
		return err
	}
	mv := messageViews([]*baton.Message{m})[0]
	block.Expanded = true // the page is the form
	return renderHTML(c, status, views.AnnotateMessage(views.AnnotateMessagePage{
		Page: s.page(c, fmt.Sprintf("Annotate message #%d", m.Seq), "sessions"), Session: sess, Message: mv, Block: block,
	}))
}

// messageAnnotate adds annotations to a message.
func (s *Server) messageAnnotate(c echo.Context) error {
	m, err := s.messageParam(c)
	if err != nil {
		return err
	}
	form, err := c.FormParams()
	if err != nil {
		return err
	}
	anns, err := annotationsFromForm(form)
	if err == nil {
		err = s.store.AddAnnotations(ctx(c), stewardID(c), m.SessionID, m.ID, anns)
	}
	if baton.ErrorCode(err) == baton.EINVALID {
		block, berr := s.messageBlock(c, m, err, nil, "")
		if berr != nil {
			return berr
		}
		if isHTMX(c) {
			return renderHTML(c, formErrorStatus, views.MessageAnnotations(block))
		}
		return s.renderAnnotatePage(c, http.StatusBadRequest, m, block)
	} else if err != nil {
		return err
	}
	return s.afterMessageChange(c, m, savedText(anns))
}

// afterMessageChange answers a change to a message's annotations or
// impact: its block again for htmx, the transcript at the message otherwise.
func (s *Server) afterMessageChange(c echo.Context, m *baton.Message, saved string) error {
	if !isHTMX(c) {
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/sessions/%s?at=%d#m-%d", url.PathEscape(m.SessionID), m.Seq, m.Seq))
	}
	block, err := s.messageBlock(c, m, nil, nil, saved)
	if err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.MessageAnnotations(block))
}

// messageImpact sets what a message led to.
func (s *Server) messageImpact(c echo.Context) error {
	m, err := s.messageParam(c)
	if err != nil {
		return err
	}
	impact := baton.Impact{
		LedToInsight:     checked(c.FormValue("led_to_insight")),
		ChangedDirection: checked(c.FormValue("changed_direction")),
		TriggeredAction:  m.Impact.TriggeredAction,
	}
	if v := strings.TrimSpace(c.FormValue("significance")); v != "" {
		impact.Significance, err = strconv.ParseFloat(v, 64)
		if err != nil {
			err = baton.Invalid("significance", "significance must be a number from 0 to 1; got %q", v)
		}
	}
	var updated *baton.Message
	if err == nil {
		updated, err = s.store.SetMessageImpact(ctx(c), stewardID(c), m.ID, impact)
	}
	if baton.ErrorCode(err) == baton.EINVALID {
		block, berr := s.messageBlock(c, m, nil, err, "")
		if berr != nil {
			return berr
		}
		if isHTMX(c) {
			return renderHTML(c, formErrorStatus, views.MessageAnnotations(block))
		}
		return s.renderAnnotatePage(c, http.StatusBadRequest, m, block)
	} else if err != nil {
		return err
	}
	return s.afterMessageChange(c, updated, "Impact saved.")
}

func checked(v string) bool { return v == "1" || v == "on" || v == "true" }

// annotationDelete deletes one of the steward's annotations and redraws
// where it was: the message's block, the session's review, or (from the
// review page) nothing, so its row goes.
func (s *Server) annotationDelete(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return baton.NotFound("annotation")
	}
	a, err := s.store.DeleteAnnotation(ctx(c), stewardID(c), id)
	if err != nil {
		return err
	}
	if c.FormValue("from") == "review" {
		if isHTMX(c) {
			return c.HTML(http.StatusOK, "")
		}
		return c.Redirect(http.StatusSeeOther, "/review")
	}
	if a.MessageID != nil {
		m, err := s.store.Message(ctx(c), stewardID(c), *a.MessageID)
		if err != nil {
			return err
		}
		return s.afterMessageChange(c, m, "Annotation deleted.")
	}
	sess, err := s.store.Session(ctx(c), stewardID(c), a.SessionID)
	if err != nil {
		return err
	}
	if !isHTMX(c) {
		return c.Redirect(http.StatusSeeOther, "/sessions/"+url.PathEscape(sess.ID)+"#session-review")
	}
	return s.renderSessionReview(c, sess, http.StatusOK, nil, "Annotation deleted.")
}

// annotateTranscript gives each message of a transcript chunk its
// annotations (one query for the chunk) and the form token.
func (s *Server) annotateTranscript(c echo.Context, msgs []views.MessageView) error {
	ids := make([]int64, 0, len(msgs))
	for _, m := range msgs {
		ids = append(ids, m.ID)
	}
	byMsg, err := s.store.MessageAnnotations(ctx(c), stewardID(c), ids)
	if err != nil {
		return err
	}
	csrf := browserOf(c).CSRF
	for i := range msgs {
		msgs[i].Annotations = byMsg[msgs[i].ID]
		msgs[i].CSRF = csrf
	}
	return nil
}

// --- API -------------------------------------------------------------------

// annotationRequest is the body of the annotation endpoints.
type annotationRequest struct {
	Kind      string   `json:"kind"`
	Label     string   `json:"label"`
	Dimension string   `json:"dimension"`
	Value     *float64 `json:"value"`
	Note      string   `json:"note"`
	MessageID *int64   `json:"message_id"`
}

func (r annotationRequest) annotation() *baton.Annotation {
	return &baton.Annotation{Kind: r.Kind, Label: r.Label, Dimension: r.Dimension, Value: r.Value, Note: r.Note}
}

// apiSessionAnnotate annotates a session, or one of its messages when the
// body names message_id.
func (s *Server) apiSessionAnnotate(c echo.Context) error {
	var in annotationRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	var msgID int64
	if in.MessageID != nil {
		msgID = *in.MessageID
		if msgID <= 0 {
			return baton.Invalid("message_id", "message_id must be the id of one of the session's messages")
		}
	}
	a := in.annotation()
	if err := s.store.AddAnnotations(ctx(c), stewardID(c), c.Param("id"), msgID, []*baton.Annotation{a}); err != nil {
		return err
	}
	return s.apiAnnotationCreated(c, a)
}

func (s *Server) apiMessageAnnotate(c echo.Context) error {
	m, err := s.messageParam(c)
	if err != nil {
		return err
	}
	var in annotationRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	a := in.annotation()
	if err := s.store.AddAnnotations(ctx(c), stewardID(c), m.SessionID, m.ID, []*baton.Annotation{a}); err != nil {
		return err
	}
	return s.apiAnnotationCreated(c, a)
}

func (s *Server) apiAnnotationCreated(c echo.Context, a *baton.Annotation) error {
	full, err := s.store.Annotation(ctx(c), stewardID(c), a.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, full)
}

// apiSessionAnnotations lists every annotation of a session and its
// messages, newest first, paged by ?before=ID.
func (s *Server) apiSessionAnnotations(c echo.Context) error {
	if _, err := s.store.Session(ctx(c), stewardID(c), c.Param("id")); err != nil {
		return err
	}
	q := c.QueryParams()
	q.Set("session", c.Param("id"))
	return s.apiListAnnotations(c, q)
}

func (s *Server) apiAnnotations(c echo.Context) error {
	return s.apiListAnnotations(c, c.QueryParams())
}

func (s *Server) apiListAnnotations(c echo.Context, q url.Values) error {
	f, err := parseAnnotationFilter(q)
	if err != nil {
		return err
	}
	list, more, err := s.store.ListAnnotations(ctx(c), stewardID(c), f)
	if err != nil {
		return err
	}
	out := struct {
		Annotations []*baton.Annotation `json:"annotations"`
		NextBefore  *int64              `json:"next_before"`
	}{Annotations: list}
	if more {
		out.NextBefore = &list[len(list)-1].ID
	}
	return c.JSON(http.StatusOK, out)
}

func (s *Server) apiAnnotationDelete(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return baton.NotFound("annotation")
	}
	if _, err := s.store.DeleteAnnotation(ctx(c), stewardID(c), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// apiMessageImpact replaces what a message led to.
func (s *Server) apiMessageImpact(c echo.Context) error {
	m, err := s.messageParam(c)
	if err != nil {
		return err
	}
	var in baton.Impact
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	updated, err := s.store.SetMessageImpact(ctx(c), stewardID(c), m.ID, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, updated)
}

// apiSessionArc is a session's emotional arc with the sentiment of each
// steward and assistant message.
func (s *Server) apiSessionArc(c echo.Context) error {
	sess, err := s.store.Session(ctx(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	points, err := s.store.SentimentSeries(ctx(c), stewardID(c), sess.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"emotional_arc": sess.EmotionalArc, "points": points})
}

// apiSessionAnalyse runs a session's analysis again and returns the session.
func (s *Server) apiSessionAnalyse(c echo.Context) error {
	if err := s.analysis.AnalyzeSession(ctx(c), stewardID(c), c.Param("id")); err != nil {
		return err
	}
	sess, err := s.store.Session(ctx(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, sess)
}
