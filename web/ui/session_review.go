package ui

import (
	"net/http"
	"net/url"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// SessionSetReview sets the review status of one session.
func (s *Server) SessionSetReview(c echo.Context) error {
	sid := stewardID(c)
	status := baton.ReviewStatus(c.FormValue("status"))
	n, err := s.annotations.SetReviewStatus(requestContext(c), sid, []string{c.Param("id")}, status)
	if err != nil {
		return err
	}
	if n == 0 {
		return baton.NotFound("session")
	}
	sess, err := s.annotations.Session(requestContext(c), sid, c.Param("id"))
	if err != nil {
		return err
	}
	if !isHTMX(c) {
		return c.Redirect(http.StatusSeeOther, "/sessions/"+url.PathEscape(sess.ID))
	}
	return s.renderSessionReview(c, sess, http.StatusOK, nil, "Review status: "+string(status)+".")
}

func (s *Server) renderSessionReview(c echo.Context, sess *baton.Session, status int, formErr error, saved string) error {
	r, err := s.sessionReviewView(c, sess, formErr, saved)
	if err != nil {
		return err
	}
	a := views.SessionAnalysisView{ReanalyseURL: "/sessions/" + url.PathEscape(sess.ID) + "/analyse"}
	sa, analysed, err := s.analysis.ForSession(requestContext(c), stewardID(c), sess.ID)
	if err != nil {
		return err
	}
	if analysed {
		a.AnalysedAt = sa.AnalysedAt
	}
	return renderHTML(c, status, views.SessionReviewSwap(r, a))
}

// sessionReviewView is the review block of a session; a form error (and
// what was typed) is shown in its annotation form.
func (s *Server) sessionReviewView(c echo.Context, sess *baton.Session, formErr error, saved string) (views.SessionReviewView, error) {
	sid := stewardID(c)
	anns, err := s.annotations.SessionAnnotations(requestContext(c), sid, sess.ID)
	if err != nil {
		return views.SessionReviewView{}, err
	}
	onMessages, err := s.annotations.MessageAnnotationCount(requestContext(c), sid, sess.ID)
	if err != nil {
		return views.SessionReviewView{}, err
	}
	return s.sessionReviewViewOf(c, sess, sessionAnnotations{onSession: anns, onMessages: onMessages}, formErr, saved)
}

// sessionAnnotations are a session's annotations as its page shows them:
// those on the session itself (the review block), how many are on its
// messages, and those by message id (the transcript).
type sessionAnnotations struct {
	onSession  []*baton.Annotation
	onMessages int
	byMessage  map[int64][]*baton.Annotation
}

// sessionAnnotationsOf sorts a session's annotations (oldest first, as
// AnnotationsOfSession reads them) into what its page shows.
func sessionAnnotationsOf(anns []*baton.Annotation) sessionAnnotations {
	out := sessionAnnotations{onSession: []*baton.Annotation{}, byMessage: map[int64][]*baton.Annotation{}}
	for _, a := range anns {
		if a.MessageID == nil {
			out.onSession = append(out.onSession, a)
			continue
		}
		out.onMessages++
		out.byMessage[*a.MessageID] = append(out.byMessage[*a.MessageID], a)
	}
	return out
}

// sessionReviewViewOf is sessionReviewView with the session's annotations
// read by the caller.
func (s *Server) sessionReviewViewOf(c echo.Context, sess *baton.Session, anns sessionAnnotations, formErr error, saved string) (views.SessionReviewView, error) {
	onMessages := anns.onMessages
	form, err := s.annotationForm(c, "/sessions/"+url.PathEscape(sess.ID)+"/annotations", "session-review", "session-annotate", formErr)
	if err != nil {
		return views.SessionReviewView{}, err
	}
	return views.SessionReviewView{
		SessionID: sess.ID, Status: sess.ReviewStatus, Annotations: anns.onSession, MessageAnnotations: onMessages, Form: form,
		CSRF: browserOf(c).CSRF, Saved: saved,
	}, nil
}
