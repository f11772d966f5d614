package ui

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// ReplayPage is /conversations/{id}/replay: the replay a conversation
// holds, its parameters and status, and Run when a model server is set.
func (s *Server) ReplayPage(c echo.Context) error {
	return s.renderReplayPage(c, c.Param("id"), http.StatusOK, "")
}

// renderReplayPage draws the replay page of conversation id answering
// status; refused, when set, is a refused form's reason shown at the top.
func (s *Server) renderReplayPage(c echo.Context, id string, status int, refused string) error {
	r, err := s.conversations.ReplayOfConversation(requestContext(c), stewardID(c), id)
	if err != nil {
		return err
	}
	conv, err := s.conversations.ConversationByID(requestContext(c), stewardID(c), r.ConversationID)
	if err != nil {
		return err
	}
	// The progress poll of a run that has ended goes to the comparison.
	if isHTMX(c) && r.Finished() {
		c.Response().Header().Set("HX-Redirect", "/replays/"+r.ID+"/comparison")
		return c.NoContent(http.StatusOK)
	}
	msgs, err := s.replays.Messages(requestContext(c), stewardID(c), conv, 0)
	if err != nil {
		return err
	}
	var steps []*baton.Message
	for _, m := range msgs {
		if m.ConversationID == conv.ID {
			steps = append(steps, m)
		}
	}
	page := s.page(c, conversationLabelOf(conv), "sessions")
	if refused != "" {
		page.Flash, page.FlashKind = refused, "error"
	}
	return renderHTML(c, status, views.ReplayShow(views.ReplayPage{
		Page: page, Replay: r, Conversation: conv,
		CanRun: s.replays.CanRun() && r.Status == baton.ReplayPrepared, Steps: steps,
	}))
}

func conversationLabelOf(c *baton.Conversation) string {
	if c.Title != "" {
		return c.Title
	}
	return "Replay"
}

// ReplayRun starts a run of one of the steward's prepared replays in the
// background and shows its page at once. A second click while it runs
// lands on the same page: one run per replay whatever the clicks.
func (s *Server) ReplayRun(c echo.Context) error {
	r, err := s.replays.Start(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil && !(baton.ErrorCode(err) == baton.ECONFLICT && r != nil) {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/conversations/"+r.ConversationID+"/replay")
}
