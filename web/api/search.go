package api

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

func (s *Server) Search(c echo.Context) error {
	q := strings.TrimSpace(c.QueryParam("q"))
	if q == "" {
		return baton.Invalid("q", "q is required: the words to search for")
	}
	limit := 50
	if v := c.QueryParam("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 200 {
			return baton.Invalid("limit", "limit must be a whole number from 1 to 200; got %q", v)
		}
		limit = n
	}
	hits, err := s.sessions.Search(requestContext(c), stewardID(c), q, limit)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"hits": hits})
}
