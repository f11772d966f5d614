package ui

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"
)

// BridgePublish publishes a bridge: what the next session receives.
func (s *Server) BridgePublish(c echo.Context) error {
	b, err := s.continuity.Publish(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/bridges/"+url.PathEscape(b.ID))
}
