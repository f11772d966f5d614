package ui

import (
	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// sessionMemory is the medium-term memory of the conversation the session
// page shows: nil when it has fewer than baton.MemoryEvery messages.
func (s *Server) sessionMemory(c echo.Context, conv *baton.Conversation) (*baton.ConversationMemory, error) {
	m, err := s.sessions.ConversationMemoryOf(requestContext(c), stewardID(c), conv)
	if baton.ErrorCode(err) == baton.ENOTFOUND {
		return nil, nil
	}
	return m, err
}
