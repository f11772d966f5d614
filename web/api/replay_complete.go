package api

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// completeRequest is the optional body of POST /api/v1/replays/{id}/complete:
// "failed" with a reason closes a replay that could not finish.
type completeRequest struct {
	Status string `json:"status"`
	Reason string `json:"reason"`
}

func (s *Server) ReplayComplete(c echo.Context) error {
	if _, err := s.conversations.Replay(requestContext(c), stewardID(c), c.Param("id")); err != nil {
		return err
	}
	var in completeRequest
	if c.Request().ContentLength != 0 {
		if err := decodeJSON(c, &in); err != nil && baton.ErrorMessage(err) != "the request body is empty; send JSON" {
			return err
		}
	}
	if in.Status == "" {
		in.Status = baton.ReplayCompleted
	}
	if in.Status != baton.ReplayCompleted && in.Status != baton.ReplayFailed {
		return baton.Invalid("status", "status must be completed or failed")
	}
	r, err := s.conversations.SetReplayStatus(requestContext(c), stewardID(c), c.Param("id"), in.Status, in.Reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, r)
}
