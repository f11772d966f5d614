package store

import (
	"context"
	"slices"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// LastMessages returns the last n steward and assistant messages with text
// of a session's main conversation, oldest first: the short-term memory.
func (s *Store) LastMessages(ctx context.Context, stewardID int64, sessionID string, n int) ([]*baton.Message, error) {
	conv, err := s.Conversation(ctx, stewardID, sessionID, "")
	if err != nil {
		return nil, err
	}
	var out []*baton.Message
	err = s.db.NewSelect().Model(&out).
		Where("conversation_id = ? AND steward_id = ? AND role IN (?) AND content <> ''", conv.ID, stewardID,
			bun.List([]baton.Role{baton.RoleSteward, baton.RoleAssistant})).
		Order("seq DESC").Limit(int64(n)).Scan(ctx)
	slices.Reverse(out)
	return out, err
}

// EvidenceMessages returns a session's main conversation in order with
// only what continuity reads of each message (role, text, tool calls and
// results, model, sentiment, time): a tenth of the cost of whole messages.
func (s *Store) EvidenceMessages(ctx context.Context, stewardID int64, sessionID string) ([]*baton.Message, error) {
	conv, err := s.Conversation(ctx, stewardID, sessionID, "")
	if err != nil {
		return nil, err
	}
	var out []*baton.Message
	err = s.db.NewSelect().Model(&out).
		Column("id", "session_id", "conversation_id", "seq", "role", "content", "tool_calls", "tool_result", "model", "ts", "arc_sentiment").
		Where("conversation_id = ? AND steward_id = ?", conv.ID, stewardID).Order("seq").Scan(ctx)
	return out, err
}
