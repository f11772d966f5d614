package api

import (
	"net/http"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

func (s *Server) SessionClose(c echo.Context) error {
	var in struct {
		EndedAt *time.Time `json:"ended_at"`
	}
	if c.Request().ContentLength != 0 {
		if err := decodeJSON(c, &in); err != nil && baton.ErrorMessage(err) != "the request body is empty; send JSON" {
			return err
		}
	}
	// Finalize: end, analyse, draft the bridge, mark the transition.
	sess, _, err := s.continuity.Finalize(requestContext(c), stewardID(c), c.Param("id"), in.EndedAt)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, sess)
}
