package api

import (
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/labstack/echo/v4"
)

// replayContext loads a replay's prefix (its fork's transcript up to the
// fork point) and exports it in one format.
func (s *Server) replayContext(c echo.Context, r *baton.Replay, format string) (*replay.Context, error) {
	fork, err := s.conversations.ConversationByID(requestContext(c), stewardID(c), r.ConversationID)
	if err != nil {
		return nil, err
	}
	msgs, err := s.conversations.ConversationMessages(requestContext(c), stewardID(c), fork.ID, fork.ForkPointSeq)
	if err != nil {
		return nil, err
	}
	return replay.Export(r, fork.ForkPointSeq, msgs, format)
}
