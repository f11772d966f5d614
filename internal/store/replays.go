package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/google/uuid"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"
)

// MaxConversationMessages bounds what one whole-conversation read (diff,
// replay context, comparison) loads.
const MaxConversationMessages = 20000

// ConversationByID returns one of the steward's conversations by its id alone.
func (s *Store) ConversationByID(ctx context.Context, stewardID int64, conversationID string) (*baton.Conversation, error) {
	conv := new(baton.Conversation)
	err := s.db.NewSelect().Model(conv).Where("id = ? AND steward_id = ?", conversationID, stewardID).Scan(ctx)
	if err != nil {
		return nil, notFound(err, "conversation")
	}
	return conv, nil
}

// ConversationMessages returns the whole transcript of one of the steward's
// conversations (its fork ancestry included), in order, up to and including
// sequence number upTo (0 means all).
func (s *Store) ConversationMessages(ctx context.Context, stewardID int64, conversationID string, upTo int64) ([]*baton.Message, error) {
	conv, err := s.ConversationByID(ctx, stewardID, conversationID)
	if err != nil {
		return nil, err
	}
	return s.ConversationMessagesOf(ctx, stewardID, conv, upTo)
}

// ConversationMessagesOf is ConversationMessages of a conversation the
// caller has read with the steward's id (ConversationByID).
func (s *Store) ConversationMessagesOf(ctx context.Context, stewardID int64, conv *baton.Conversation, upTo int64) ([]*baton.Message, error) {
	return s.segmentMessages(ctx, stewardID, conv, upTo, nil, nil)
}

// ComparedMessages is the whole transcript of one of the steward's
// conversations with only what a comparison reads: no analysis but the
// embedding (semantic holds nothing else), no attributes but "unfinished",
// no references, impact, code context, edits or metadata. Decoding those
// JSON columns was most of the cost of loading two long runs. shared is a
// transcript already read in this form (the other side of the comparison):
// the messages the two share at their start (a fork's parent up to its
// fork point) are taken from it instead of read again.
func (s *Store) ComparedMessages(ctx context.Context, stewardID int64, conversationID string, shared []*baton.Message) ([]*baton.Message, error) {
	conv, err := s.ConversationByID(ctx, stewardID, conversationID)
	if err != nil {
		return nil, err
	}
	return s.segmentMessages(ctx, stewardID, conv, 0, s.comparedColumns, shared)
}

// comparedColumns selects the columns ComparedMessages reads; the JSON
// expressions keep the shape the message's fields decode from.
func (s *Store) comparedColumns(q *bun.SelectQuery) *bun.SelectQuery {
	q = q.Column("id", "steward_id", "session_id", "conversation_id", "seq", "source_id", "role", "speaker", "content",
		"content_type", "thinking", "tool_calls", "tool_result", "model", "usage", "ts", "analyzed")
	if s.db.Dialect().Name() == dialect.PG {
		return q.ColumnExpr("CASE WHEN semantic->'embedding' IS NOT NULL THEN jsonb_build_object('embedding', semantic->'embedding') END AS semantic").
			ColumnExpr("CASE WHEN attributes->'unfinished' IS NOT NULL THEN jsonb_build_object('unfinished', attributes->'unfinished') END AS attributes")
	}
	return q.ColumnExpr("CASE WHEN semantic -> '$.embedding' IS NOT NULL THEN json_object('embedding', json(semantic -> '$.embedding')) END AS semantic").
		ColumnExpr("CASE WHEN attributes -> '$.unfinished' IS NOT NULL THEN json_object('unfinished', json(attributes -> '$.unfinished')) END AS attributes")
}

// segmentMessages reads a conversation's transcript segment by segment, up
// to sequence number upTo (0: all), each row shaped by columns (nil: the
// whole row). While the transcript so far is shared's start, a segment's
// messages are taken from shared as far as it holds them.
func (s *Store) segmentMessages(ctx context.Context, stewardID int64, conv *baton.Conversation, upTo int64,
	columns func(*bun.SelectQuery) *bun.SelectQuery, shared []*baton.Message) ([]*baton.Message, error) {
	segs, err := s.transcriptSegments(ctx, stewardID, conv)
	if err != nil {
		return nil, err
	}
	var out []*baton.Message
	for _, sg := range segs {
		hi := sg.hi
		if upTo > 0 && upTo < hi {
			hi = upTo
		}
		if hi <= sg.lo {
			continue
		}
		after := sg.lo
		for len(shared) > len(out) && shared[len(out)].ConversationID == sg.conversationID && shared[len(out)].Seq > after && shared[len(out)].Seq <= hi {
			after = shared[len(out)].Seq
			out = append(out, shared[len(out)])
		}
		if after >= hi {
			continue
		}
		var part []*baton.Message
		q := s.db.NewSelect().Model(&part)
		if columns != nil {
			q = columns(q)
		}
		if err := q.Where("conversation_id = ? AND steward_id = ? AND seq > ? AND seq <= ?", sg.conversationID, stewardID, after, hi).
			Order("seq").Limit(int64(MaxConversationMessages - len(out) + 1)).Scan(ctx); err != nil {
			return nil, err
		}
		if len(part) > 0 {
			shared = nil // the rest of the transcript is this conversation's own
		}
		out = append(out, part...)
		if len(out) > MaxConversationMessages {
			return nil, baton.Errorf(baton.ETOOLARGE, "conversation %s has more than %d messages", conv.ID, MaxConversationMessages)
		}
	}
	return out, nil
}

// ForkPoint returns one of the steward's messages that is in the
// transcript of conv (which the caller has read with the steward's id):
// in one of the segments of its fork chain. Any other message is not
// found.
func (s *Store) ForkPoint(ctx context.Context, stewardID int64, conv *baton.Conversation, messageID int64) (*baton.Message, error) {
	at := new(baton.Message)
	if err := s.db.NewSelect().Model(at).Column("id", "conversation_id", "seq").
		Where("id = ? AND steward_id = ?", messageID, stewardID).Scan(ctx); err != nil {
		return nil, notFound(err, "message")
	}
	segs, err := s.transcriptSegments(ctx, stewardID, conv)
	if err != nil {
		return nil, err
	}
	for _, sg := range segs {
		if sg.conversationID == at.ConversationID && at.Seq > sg.lo && at.Seq <= sg.hi {
			return at, nil
		}
	}
	return nil, baton.Errorf(baton.ENOTFOUND, "message %d is not in conversation %s", messageID, conv.ID)
}

// ForkRequest is a fork to persist, checked and titled by the replay
// service (internal/replay): the message it starts after (ForkPoint), its
// title and the kind of conversation it makes.
type ForkRequest struct {
	At    *baton.Message
	Title string
	Kind  string
}

// Fork makes a new conversation that reads the steward's conversation conv
// up to and including the fork-point message, without copying them, and
// gets its own messages after it. The new conversation's parent is the
// conversation that holds the fork-point message (an ancestor, when the
// message is in the prefix a fork reads), so the prefix is always one
// chain of segments.
func (s *Store) Fork(ctx context.Context, stewardID int64, conv *baton.Conversation, req ForkRequest) (*baton.Conversation, error) {
	return s.insertFork(ctx, s.db, stewardID, conv, req)
}

func (s *Store) insertFork(ctx context.Context, tx bun.IDB, stewardID int64, conv *baton.Conversation, req ForkRequest) (*baton.Conversation, error) {
	fork := &baton.Conversation{
		ID: uuid.NewString(), StewardID: stewardID, SessionID: conv.SessionID, Kind: req.Kind, Title: req.Title,
		ParentConversationID: &req.At.ConversationID, ForkPointMessageID: &req.At.ID, ForkPointSeq: req.At.Seq, CreatedAt: s.clock(),
	}
	if _, err := tx.NewInsert().Model(fork).Exec(ctx); err != nil {
		return nil, err
	}
	return fork, nil
}

// ReplayRequest is a replay to persist, checked and completed by the
// replay service (internal/replay): the store only writes it.
type ReplayRequest struct {
	AtMessageID    int64
	Title          string
	Model          string
	Temperature    *float64
	MaxTokens      *int
	SystemPrompt   string
	ToolAllow      []string
	ToolDeny       []string
	ExtraContext   string
	MatrixID       string
	MatrixPosition int
	// Key, when set, makes the request once: a second request with the
	// same key gets the replay the first made.
	Key string
}

// CreateReplay forks one of the steward's conversations at the message
// req.AtMessageID and records the parameters the fork is to be re-run
// with, as CreateReplayAt does.
func (s *Store) CreateReplay(ctx context.Context, stewardID int64, conversationID string, req ReplayRequest) (*baton.Replay, error) {
	conv, err := s.ConversationByID(ctx, stewardID, conversationID)
	if err != nil {
		return nil, err
	}
	at, err := s.ForkPoint(ctx, stewardID, conv, req.AtMessageID)
	if err != nil {
		return nil, err
	}
	return s.CreateReplayAt(ctx, stewardID, conv, at, req)
}

// CreateReplayAt forks conv at its message at (both read with the
// steward's id: ConversationByID, ForkPoint) and records the parameters
// the fork is to be re-run with: one transaction.
func (s *Store) CreateReplayAt(ctx context.Context, stewardID int64, conv *baton.Conversation, at *baton.Message, req ReplayRequest) (*baton.Replay, error) {
	if req.Key != "" {
		if r, err := s.replayOfKey(ctx, stewardID, req.Key); err == nil {
			return r, nil
		}
	}
	var out *baton.Replay
	err := s.inTx(ctx, func(tx bun.Tx) error {
		var err error
		out, err = s.createReplayInTx(ctx, tx, stewardID, conv, at, req)
		return err
	})
	if err != nil && req.Key != "" {
		// Another request with the key won the race: its replay is the one.
		if r, kerr := s.replayOfKey(ctx, stewardID, req.Key); kerr == nil {
			return r, nil
		}
	}
	return out, err
}

func (s *Store) replayOfKey(ctx context.Context, stewardID int64, key string) (*baton.Replay, error) {
	r := new(baton.Replay)
	err := s.db.NewSelect().Model(r).Where("steward_id = ? AND request_key = ?", stewardID, key).Scan(ctx)
	return r, notFound(err, "replay")
}

func (s *Store) createReplayInTx(ctx context.Context, tx bun.IDB, stewardID int64, conv *baton.Conversation, at *baton.Message, req ReplayRequest) (*baton.Replay, error) {
	fork, err := s.insertFork(ctx, tx, stewardID, conv, ForkRequest{At: at, Title: req.Title, Kind: baton.ConversationReplay})
	if err != nil {
		return nil, err
	}
	out := &baton.Replay{
		ID: uuid.NewString(), StewardID: stewardID, SessionID: fork.SessionID, ConversationID: fork.ID,
		SourceConversationID: conv.ID, Model: req.Model, Temperature: req.Temperature, MaxTokens: req.MaxTokens,
		SystemPrompt: req.SystemPrompt, ToolAllow: nonNil(req.ToolAllow), ToolDeny: nonNil(req.ToolDeny),
		ExtraContext: req.ExtraContext, Status: baton.ReplayPrepared, CreatedAt: s.clock(), ToolAnswers: []baton.ToolAnswer{},
	}
	if req.Key != "" {
		out.RequestKey = &req.Key
	}
	if req.MatrixID != "" {
		out.MatrixID, out.MatrixPosition = &req.MatrixID, req.MatrixPosition
	}
	if _, err := tx.NewInsert().Model(out).Exec(ctx); err != nil {
		return nil, err
	}
	return out, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// Replay returns one of the steward's replays.
func (s *Store) Replay(ctx context.Context, stewardID int64, id string) (*baton.Replay, error) {
	r := new(baton.Replay)
	err := s.db.NewSelect().Model(r).Where("id = ? AND steward_id = ?", id, stewardID).Scan(ctx)
	return r, notFound(err, "replay")
}

// ReplaysOfSession lists the replays of one of the steward's sessions.
func (s *Store) ReplaysOfSession(ctx context.Context, stewardID int64, sessionID string) ([]*baton.Replay, error) {
	out := []*baton.Replay{}
	err := s.db.NewSelect().Model(&out).Where("session_id = ? AND steward_id = ?", sessionID, stewardID).Order("created_at", "id").Scan(ctx)
	return out, err
}

// CherryPick copies messages of one of the steward's conversations, read
// from src's transcript in their order and checked by the replay service
// (internal/replay), into another conversation: the steward's conversation
// targetID, or when that is "" a new conversation titled newTitle (forked
// from nothing) in src's session. It records on each copy where it came
// from. All or nothing.
func (s *Store) CherryPick(ctx context.Context, stewardID int64, src *baton.Conversation, picked []*baton.Message, targetID, newTitle string) (*baton.Conversation, []*baton.Message, error) {
	var target *baton.Conversation
	var copies []*baton.Message
	err := s.inTx(ctx, func(tx bun.Tx) error {
		var err error
		if target, err = s.cherryPickTarget(ctx, tx, stewardID, src, targetID, newTitle); err != nil {
			return err
		}
		copies, err = s.copyPicked(ctx, tx, stewardID, target, picked)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	s.Kick()
	return target, copies, nil
}

// cherryPickTarget reads the steward's conversation targetID, or makes the
// new one a pick goes into.
func (s *Store) cherryPickTarget(ctx context.Context, tx bun.Tx, stewardID int64, src *baton.Conversation, targetID, newTitle string) (*baton.Conversation, error) {
	target := new(baton.Conversation)
	if targetID != "" {
		if err := tx.NewSelect().Model(target).Where("id = ? AND steward_id = ?", targetID, stewardID).Scan(ctx); err != nil {
			return nil, baton.Invalid("target_conversation_id", "target_conversation_id names no conversation of yours")
		}
		return target, nil
	}
	target = &baton.Conversation{ID: uuid.NewString(), StewardID: stewardID, SessionID: src.SessionID,
		Kind: baton.ConversationCherryPick, Title: newTitle, CreatedAt: s.clock()}
	if _, err := tx.NewInsert().Model(target).Exec(ctx); err != nil {
		return nil, err
	}
	return target, nil
}

// copyPicked appends copies of the picked messages to target and records
// where each came from.
func (s *Store) copyPicked(ctx context.Context, tx bun.Tx, stewardID int64, target *baton.Conversation, picked []*baton.Message) ([]*baton.Message, error) {
	sess := &baton.Session{ID: target.SessionID, StewardID: stewardID}
	var copies []*baton.Message
	for _, m := range picked {
		c := *m
		// A copy gets a source id of its own, so picking the same
		// message twice into one conversation is a duplicate.
		c.SourceID = fmt.Sprintf("pick:%d", m.ID)
		c.Analyzed = false
		copies = append(copies, &c)
	}
	stored, dups, err := s.appendInTx(ctx, tx, sess, target, copies)
	if err != nil {
		return nil, err
	}
	if dups > 0 {
		return nil, baton.Errorf(baton.ECONFLICT, "%d of the messages were already picked into conversation %s", dups, target.ID)
	}
	if stored != len(copies) {
		return nil, fmt.Errorf("cherry-pick stored %d of %d", stored, len(copies))
	}
	now := s.clock()
	for i, c := range copies {
		if _, err := tx.NewRaw(`INSERT INTO message_provenance (message_id, steward_id, source_message_id, source_conversation_id, created_at)
			VALUES (?, ?, ?, ?, ?)`, c.ID, stewardID, picked[i].ID, picked[i].ConversationID, now).Exec(ctx); err != nil {
			return nil, err
		}
	}
	return copies, nil
}

// Provenance returns where the steward's cherry-picked messages came from, by message id.
func (s *Store) Provenance(ctx context.Context, stewardID int64, messageIDs []int64) (map[int64]baton.Provenance, error) {
	out := map[int64]baton.Provenance{}
	if len(messageIDs) == 0 {
		return out, nil
	}
	var rows []baton.Provenance
	if err := s.db.NewRaw(`SELECT message_id, steward_id, source_message_id, source_conversation_id, created_at
		FROM message_provenance WHERE steward_id = ? AND message_id IN (?)`, stewardID, bun.List(messageIDs)).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.MessageID] = r
	}
	return out, nil
}

// ConversationsVersion is a value that changes whenever a message is added
// to, or refreshed in, the sessions of the steward's conversations: the
// sessions' message counts and last update. Caches of derived views key on it.
func (s *Store) ConversationsVersion(ctx context.Context, stewardID int64, conversationIDs ...string) (string, error) {
	var rows []struct {
		ID        string    `bun:"id"`
		Count     int64     `bun:"message_count"`
		UpdatedAt time.Time `bun:"updated_at"`
	}
	err := s.db.NewRaw(`SELECT id, message_count, updated_at FROM sessions WHERE steward_id = ? AND id IN
		(SELECT session_id FROM conversations WHERE steward_id = ? AND id IN (?)) ORDER BY id`,
		stewardID, stewardID, bun.List(conversationIDs)).Scan(ctx, &rows)
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&sb, "%s:%d:%d;", r.ID, r.Count, r.UpdatedAt.UnixNano())
	}
	return sb.String(), nil
}
