package ui

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// ReplayPage is /conversations/{id}/replay: the replay a conversation
// holds, its parameters and status, and Run when a model server is set.
func (s *Server) ReplayPage(c echo.Context) error {
	r, err := s.store.ReplayOfConversation(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	conv, err := s.store.ConversationByID(requestContext(c), stewardID(c), r.ConversationID)
	if err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.ReplayShow(views.ReplayPage{
		Page: s.page(c, conversationLabelOf(conv), "sessions"), Replay: r, Conversation: conv,
		CanRun: s.cfg.Runner != nil && r.Status == baton.ReplayPrepared,
	}))
}

func conversationLabelOf(c *baton.Conversation) string {
	if c.Title != "" {
		return c.Title
	}
	return "Replay"
}

// ReplayRun runs one of the steward's prepared replays against the model
// server, then shows how it went.
func (s *Server) ReplayRun(c echo.Context) error {
	r, err := s.store.Replay(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	if s.cfg.Runner == nil {
		return baton.Errorf(baton.ECONFLICT, "no model server is configured: set BATON_LLM_BASE_URL")
	}
	if _, err := replay.RunReplay(requestContext(c), s.store, s.cfg.Runner, stewardID(c), r.ID); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/conversations/"+r.ConversationID+"/replay")
}
