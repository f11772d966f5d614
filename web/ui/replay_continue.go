package ui

import (
	"net/http"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// continuePage is the continue form of one of the steward's forks or replays.
func (s *Server) continuePage(c echo.Context) (views.ContinuePage, error) {
	conv, err := s.conversations.ConversationByID(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return views.ContinuePage{}, err
	}
	p := views.ContinuePage{Page: s.page(c, "Continue "+conversationLabelOf(conv), "sessions"), Conversation: conv,
		CanRun: s.replays.CanRun(), Run: true, Key: auth.RandomString(16)}
	r, err := s.conversations.ReplayOfConversation(requestContext(c), stewardID(c), conv.ID)
	switch {
	case err == nil:
		p.Replay = r
	case baton.ErrorCode(err) != baton.ENOTFOUND:
		return p, err
	}
	return p, nil
}

// ContinueForm is GET /conversations/{id}/continue: the steward's next
// message to a fork or replay.
func (s *Server) ContinueForm(c echo.Context) error {
	p, err := s.continuePage(c)
	if err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.ContinueForm(p))
}

// ContinueCreate is POST /conversations/{id}/continue: the message is
// added (once, whatever the clicks) and, when asked, the replay's model
// answers it in the background while the steward watches the run; a
// refused form comes back with the field named and the text kept.
func (s *Server) ContinueCreate(c echo.Context) error {
	p, err := s.continuePage(c)
	if err != nil {
		return err
	}
	p.Content, p.Run, p.Key = c.FormValue("content"), c.FormValue("run") == "on", c.FormValue("key")
	r, err := s.replays.Continue(requestContext(c), stewardID(c), p.Conversation.ID, p.Content, p.Key, p.Run)
	if err != nil {
		if code := baton.ErrorCode(err); code != baton.EINVALID && code != baton.ECONFLICT {
			return err
		}
		p.Error, p.ErrorField = baton.ErrorMessage(err), baton.ErrorField(err)
		return renderHTML(c, http.StatusBadRequest, views.ContinueForm(p))
	}
	if p.Run && r != nil {
		return c.Redirect(http.StatusSeeOther, "/conversations/"+p.Conversation.ID+"/replay")
	}
	return c.Redirect(http.StatusSeeOther, "/sessions/"+p.Conversation.SessionID+"?c="+p.Conversation.ID)
}
