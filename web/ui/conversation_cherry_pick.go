package ui

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/labstack/echo/v4"
)

// ConversationCherryPick copies the messages ticked in the transcript into
// another conversation, or a new one, and shows where they went.
func (s *Server) ConversationCherryPick(c echo.Context) error {
	src, err := s.replays.Conversation(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	form, err := c.FormParams()
	if err != nil {
		return baton.Invalid("message_id", "the form could not be read")
	}
	var ids []int64
	for i, v := range form["message_id"] {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return baton.Invalid(fmt.Sprintf("message_id[%d]", i), "message_id must be a message id")
		}
		ids = append(ids, id)
	}
	if len(ids) == 0 {
		return baton.Invalid("message_id", "tick the messages to cherry-pick first")
	}
	target, _, err := s.replays.CherryPick(requestContext(c), stewardID(c), src,
		replay.CherryPickRequest{MessageIDs: ids, TargetConversationID: c.FormValue("target_conversation_id")})
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/sessions/"+target.SessionID+"?c="+target.ID)
}
