package web

import (
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/labstack/echo/v4"
)

// diffConversations loads two conversations of one steward (the reader,
// or the owner of a comparison the reader was granted) and diffs them.
func (s *Server) diffConversations(c echo.Context, ownerID int64, a, b string) (*replay.Diff, error) {
	runs, err := s.comparisonRuns(c, ownerID, a, b, nil)
	if err != nil {
		return nil, err
	}
	return runs.res.Diff, nil
}

func (s *Server) bothTranscripts(c echo.Context, ownerID int64, a, b string) ([]*baton.Message, []*baton.Message, error) {
	ma, err := s.store.ConversationMessages(ctx(c), ownerID, a, 0)
	if err != nil {
		return nil, nil, err
	}
	mb, err := s.store.ConversationMessages(ctx(c), ownerID, b, 0)
	if err != nil {
		return nil, nil, err
	}
	return ma, mb, nil
}
