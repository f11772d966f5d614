package store

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// conversationMemoryRow is a row of conversation_memories (migration 0019).
type conversationMemoryRow struct {
	bun.BaseModel `bun:"table:conversation_memories"`
	baton.ConversationMemory
}

// ConversationMemory is the medium-term memory of a conversation of one of
// the steward's sessions ("" for the main one); NotFound when the
// conversation is not the steward's or has no memory yet.
func (s *Store) ConversationMemory(ctx context.Context, stewardID int64, sessionID, conversationID string) (*baton.ConversationMemory, error) {
	conv, err := conversationInTx(ctx, s.db, stewardID, sessionID, conversationID)
	if err != nil {
		return nil, err
	}
	row := new(conversationMemoryRow)
	if err := s.db.NewSelect().Model(row).
		Where("conversation_id = ? AND steward_id = ?", conv.ID, stewardID).Scan(ctx); err != nil {
		return nil, notFound(err, "memory")
	}
	return &row.ConversationMemory, nil
}

// ConversationMemoryOf is ConversationMemory of a conversation the caller
// has read with the steward's id (Conversations, Conversation): the
// session page has it already, so only the memory's row is read, with
// bound values. NotFound when it has no memory yet.
func (s *Store) ConversationMemoryOf(ctx context.Context, stewardID int64, conv *baton.Conversation) (*baton.ConversationMemory, error) {
	var rows []*conversationMemoryRow
	if err := s.readBound(ctx, &rows, s.selectOf((*conversationMemoryRow)(nil))+" WHERE conversation_id = ? AND steward_id = ?",
		conv.ID, stewardID); err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, baton.NotFound("memory")
	}
	return &rows[0].ConversationMemory, nil
}

// SaveConversationMemory writes a conversation's medium-term memory,
// replacing the one it had. The conversation must be the steward's.
func (s *Store) SaveConversationMemory(ctx context.Context, stewardID int64, m *baton.ConversationMemory) error {
	conv, err := conversationInTx(ctx, s.db, stewardID, m.SessionID, m.ConversationID)
	if err != nil {
		return err
	}
	row := &conversationMemoryRow{ConversationMemory: *m}
	row.StewardID, row.SessionID, row.RefreshedAt = stewardID, conv.SessionID, m.RefreshedAt.UTC()
	_, err = s.db.NewInsert().Model(row).
		On("CONFLICT (conversation_id) DO UPDATE").
		Set("covered = EXCLUDED.covered").
		Set("summary = EXCLUDED.summary").
		Set("refreshed_at = EXCLUDED.refreshed_at").
		Exec(ctx)
	return err
}

// FirstMessages returns the first n messages of a conversation of one of
// the steward's sessions, in order: what a medium-term memory covers, with
// only the columns its summary reads (AnalysisMessages).
func (s *Store) FirstMessages(ctx context.Context, stewardID int64, sessionID, conversationID string, n int) ([]*baton.Message, error) {
	var out []*baton.Message
	err := s.db.NewSelect().Model(&out).Column(analysisColumns...).
		Where("conversation_id = ? AND session_id = ? AND steward_id = ?", conversationID, sessionID, stewardID).
		Order("seq").Limit(int64(n)).Scan(ctx)
	return out, err
}

// memoryColumns are the message columns a memory's summary text reads:
// who speaks and what they say.
var memoryColumns = []string{"id", "seq", "role", "content"}

// FirstMessageTexts is FirstMessages with only the columns a memory's
// summary text reads (memoryColumns): no semantic fields to decode, no
// tool calls, results or code context. The analysis worker makes a memory
// again from every message it covers, so this read is most of its cost.
func (s *Store) FirstMessageTexts(ctx context.Context, stewardID int64, sessionID, conversationID string, n int) ([]*baton.Message, error) {
	var out []*baton.Message
	err := s.db.NewSelect().Model(&out).Column(memoryColumns...).
		Where("conversation_id = ? AND session_id = ? AND steward_id = ?", conversationID, sessionID, stewardID).
		Order("seq").Limit(int64(n)).Scan(ctx)
	return out, err
}

// MessageTextsAfter is FirstMessageTexts from past a sequence number: the
// next n messages of the conversation after seq, in order, with the
// columns a memory's summary text reads. A memory that keeps its running
// state reads only the messages its conversation grew by.
func (s *Store) MessageTextsAfter(ctx context.Context, stewardID int64, sessionID, conversationID string, seq int64, n int) ([]*baton.Message, error) {
	var out []*baton.Message
	err := s.db.NewSelect().Model(&out).Column(memoryColumns...).
		Where("conversation_id = ? AND session_id = ? AND steward_id = ? AND seq > ?", conversationID, sessionID, stewardID, seq).
		Order("seq").Limit(int64(n)).Scan(ctx)
	return out, err
}

// MessagePrefix is how many messages of a conversation have a sequence
// number up to seq, and the id of the one at seq (0: none): whether the
// messages a memory's running state covers are still the conversation's
// first, none removed or moved since (an import may drop or renumber them).
func (s *Store) MessagePrefix(ctx context.Context, stewardID int64, sessionID, conversationID string, seq int64) (count int, lastID int64, err error) {
	err = s.db.NewRaw(`SELECT count(*), coalesce(max(CASE WHEN seq = ? THEN id END), 0) FROM messages
		WHERE conversation_id = ? AND session_id = ? AND steward_id = ? AND seq <= ?`,
		seq, conversationID, sessionID, stewardID, seq).Scan(ctx, &count, &lastID)
	return count, lastID, err
}
