package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// ConversationDiff is GET /api/v1/conversations/{a}/diff/{b}: the
// semantic diff of two of the steward's conversations.
func (s *Server) ConversationDiff(c echo.Context) error {
	d, err := s.comparisons.Diff(requestContext(c), stewardID(c), c.Param("id"), c.Param("b"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, d)
}
