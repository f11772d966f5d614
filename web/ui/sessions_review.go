package ui

import (
	"net/http"
	"net/url"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// SessionsReview bulk-sets the review status of the selected sessions.
func (s *Server) SessionsReview(c echo.Context) error {
	form, err := c.FormParams()
	if err != nil {
		return err
	}
	status := baton.ReviewStatus(form.Get("status"))
	n, err := s.annotations.SetReviewStatus(requestContext(c), stewardID(c), form["ids"], status)
	if err != nil {
		return err
	}
	back := "/sessions"
	if ref, err := url.Parse(c.Request().Referer()); err == nil && ref.Path == "/sessions" {
		back = ref.RequestURI()
	}
	if isHTMX(c) {
		c.Response().Header().Set("HX-Redirect", back)
		return c.NoContent(http.StatusNoContent)
	}
	_ = n
	return c.Redirect(http.StatusSeeOther, back)
}
