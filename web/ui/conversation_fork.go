package ui

import (
	"net/http"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/labstack/echo/v4"
)

// ConversationFork is the transcript's Fork action: a new branch after the
// message, then the session page shows the new branch.
func (s *Server) ConversationFork(c echo.Context) error {
	conv, err := s.replays.Conversation(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	at, err := strconv.ParseInt(c.FormValue("at_message_id"), 10, 64)
	if err != nil {
		return baton.Invalid("at_message_id", "at_message_id must be a message id")
	}
	fork, err := s.replays.Fork(requestContext(c), stewardID(c), conv, replay.ForkRequest{AtMessageID: at, Title: c.FormValue("title")})
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/sessions/"+fork.SessionID+"?c="+fork.ID)
}
