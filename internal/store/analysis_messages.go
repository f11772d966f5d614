package store

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
)

// analysisColumns are the message columns the session analysis reads
// (internal/analysis: buildViews, the session analyses and Analyzer.Message
// for a message never analysed): role, prose, tool calls and results,
// semantic fields, content type, code context, order, time, and the
// attributes that mark a session command (/model, /rename). A new use
// of another field there must add its column here.
var analysisColumns = []string{"id", "seq", "role", "content", "content_type", "tool_calls", "tool_result", "semantic", "code_context", "ts", "attributes"}

// AnalysisMessages returns every message of a session's main conversation,
// in order, as SessionMessages does but with only the columns the session
// analysis reads: no thinking, usage, references, impact, edit history,
// metadata, and no ids or names repeated on every row. A
// 150,000-message conversation read back for its analysis held every one
// of them in memory at once.
func (s *Store) AnalysisMessages(ctx context.Context, stewardID int64, sessionID string) ([]*baton.Message, error) {
	conv, err := s.Conversation(ctx, stewardID, sessionID, "")
	if err != nil {
		return nil, err
	}
	var out []*baton.Message
	err = s.db.NewSelect().Model(&out).Column(analysisColumns...).
		Where("conversation_id = ? AND steward_id = ?", conv.ID, stewardID).Order("seq").Scan(ctx)
	return out, err
}
