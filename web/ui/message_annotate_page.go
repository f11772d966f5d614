package ui

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// messageParam reads the :id of a message route; a malformed id is as
// unknown as another steward's.
func (s *Server) messageParam(c echo.Context) (*baton.Message, error) {
	return httpx.MessageParam(c, s.annotations)
}

// messageBlock is a message's annotation block with its forms, unfolded
// when there is an error to show.
func (s *Server) messageBlock(c echo.Context, m *baton.Message, formErr, impactErr error, saved string) (views.MessageAnnotationsView, error) {
	byMsg, err := s.annotations.MessageAnnotations(requestContext(c), stewardID(c), []int64{m.ID})
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

// MessageAnnotateForm is a message's annotation forms: the fragment the
// transcript's toggle loads, or a page of its own.
func (s *Server) MessageAnnotateForm(c echo.Context) error {
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
	sess, err := s.annotations.Session(requestContext(c), stewardID(c), m.SessionID)
	if err != nil {
		return err
	}
	mv := messageViews([]*baton.Message{m})[0]
	block.Expanded = true // the page is the form
	return renderHTML(c, status, views.AnnotateMessage(views.AnnotateMessagePage{
		Page: s.page(c, fmt.Sprintf("Annotate message #%d", m.Seq), "sessions"), Session: sess, Message: mv, Block: block,
	}))
}
