package store

import (
	"context"
	"math"

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

// analysisPage is how many messages EachAnalysisMessage reads at a time.
const analysisPage = 2000

// EachAnalysisMessage calls fn with every message of a session's main
// conversation, in order, with the columns AnalysisMessages reads, a page
// at a time: the caller keeps what it needs of each message, not the
// rows, and memory holds one page of them. Pages are read by sequence
// number, so no cursor stays open between them; a message appended
// meanwhile is read when it falls after the last page. An error from fn
// stops the reading and is returned.
func (s *Store) EachAnalysisMessage(ctx context.Context, stewardID int64, sessionID string, fn func(*baton.Message) error) error {
	conv, err := s.Conversation(ctx, stewardID, sessionID, "")
	if err != nil {
		return err
	}
	after := int64(math.MinInt64)
	for {
		var page []*baton.Message
		if err := s.db.NewSelect().Model(&page).Column(analysisColumns...).
			Where("conversation_id = ? AND steward_id = ? AND seq > ?", conv.ID, stewardID, after).
			Order("seq").Limit(analysisPage).Scan(ctx); err != nil {
			return err
		}
		for _, m := range page {
			if err := fn(m); err != nil {
				return err
			}
		}
		if len(page) < analysisPage {
			return nil
		}
		after = page[len(page)-1].Seq
	}
}
