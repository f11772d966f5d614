package api

import (
	"net/http"

	"github.com/baton-dev/baton/internal/replay"
	"github.com/labstack/echo/v4"
)

// ReplayContext is GET /api/v1/replays/{id}/context?format=openai|anthropic|baton:
// the messages up to the fork point with the replay's overrides applied,
// as the body of a request to that provider.
func (s *Server) ReplayContext(c echo.Context) error {
	r, err := s.conversations.Replay(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	format := c.QueryParam("format")
	if format == "" {
		format = replay.FormatOpenAI
	}
	out, err := s.replayContext(c, r, format)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}
