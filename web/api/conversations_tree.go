package api

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// conversationNode is one conversation in a session's tree, with the
// replay it holds (if any) and the conversations forked from it.
type conversationNode struct {
	*baton.Conversation
	Replay   *baton.Replay       `json:"replay,omitempty"`
	Children []*conversationNode `json:"children"`
}

// conversationTree arranges a session's conversations under their parents.
func conversationTree(convs []*baton.Conversation, replays []*baton.Replay) []*conversationNode {
	byID := map[string]*conversationNode{}
	for _, c := range convs {
		byID[c.ID] = &conversationNode{Conversation: c, Children: []*conversationNode{}}
	}
	for _, r := range replays {
		if n := byID[r.ConversationID]; n != nil {
			n.Replay = r
		}
	}
	roots := []*conversationNode{}
	for _, c := range convs {
		n := byID[c.ID]
		if c.ParentConversationID != nil && byID[*c.ParentConversationID] != nil {
			p := byID[*c.ParentConversationID]
			p.Children = append(p.Children, n)
			continue
		}
		roots = append(roots, n)
	}
	return roots
}

// SessionConversations is GET /api/v1/sessions/{id}/conversations: the tree.
func (s *Server) SessionConversations(c echo.Context) error {
	sid := stewardID(c)
	sess, err := s.conversations.Session(requestContext(c), sid, c.Param("id"))
	if err != nil {
		return err
	}
	convs, err := s.conversations.Conversations(requestContext(c), sid, sess.ID)
	if err != nil {
		return err
	}
	replays, err := s.conversations.ReplaysOfSession(requestContext(c), sid, sess.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"session_id": sess.ID, "conversations": conversationTree(convs, replays)})
}
