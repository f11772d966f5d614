package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// apiConversationDiff is GET /api/v1/conversations/{a}/diff/{b}: the
// semantic diff of two of the steward's conversations.
func (s *Server) apiConversationDiff(c echo.Context) error {
	d, err := s.diffConversations(c, stewardID(c), c.Param("id"), c.Param("b"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, d)
}
