package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/google/uuid"
	"github.com/uptrace/bun"
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
		var part []*baton.Message
		if err := s.db.NewSelect().Model(&part).
			Where("conversation_id = ? AND steward_id = ? AND seq > ? AND seq <= ?", sg.conversationID, stewardID, sg.lo, hi).
			Order("seq").Limit(int64(MaxConversationMessages - len(out) + 1)).Scan(ctx); err != nil {
			return nil, err
		}
		out = append(out, part...)
		if len(out) > MaxConversationMessages {
			return nil, baton.Errorf(baton.ETOOLARGE, "conversation %s has more than %d messages", conversationID, MaxConversationMessages)
		}
	}
	return out, nil
}

// ForkRequest is what a fork needs: the message it starts after, a title,
// and the kind of conversation it makes (fork unless said otherwise).
type ForkRequest struct {
	AtMessageID int64
	Title       string
	Kind        string
}

// Fork makes a new conversation that reads the steward's conversation up to
// and including one of its messages, without copying them, and gets its own
// messages after it. The new conversation's parent is the conversation that
// holds the fork-point message (an ancestor, when the message is in the
// prefix a fork reads), so the prefix is always one chain of segments.
func (s *Store) Fork(ctx context.Context, stewardID int64, conversationID string, req ForkRequest) (*baton.Conversation, error) {
	var out *baton.Conversation
	err := s.inTx(ctx, func(tx bun.Tx) error {
		var err error
		out, err = s.forkInTx(ctx, tx, stewardID, conversationID, req)
		return err
	})
	return out, err
}

func (s *Store) forkInTx(ctx context.Context, tx bun.IDB, stewardID int64, conversationID string, req ForkRequest) (*baton.Conversation, error) {
	if req.Kind == "" {
		req.Kind = baton.ConversationFork
	}
	title := strings.TrimSpace(stripNUL(req.Title))
	if len(title) > 200 {
		return nil, baton.Invalid("title", "title must be at most 200 characters")
	}
	conv := new(baton.Conversation)
	if err := tx.NewSelect().Model(conv).Where("id = ? AND steward_id = ?", conversationID, stewardID).Scan(ctx); err != nil {
		return nil, notFound(err, "conversation")
	}
	if req.AtMessageID <= 0 {
		return nil, baton.Invalid("at_message_id", "at_message_id is required: the id of the message the fork starts after")
	}
	at := new(baton.Message)
	if err := tx.NewSelect().Model(at).Column("id", "conversation_id", "seq").
		Where("id = ? AND steward_id = ?", req.AtMessageID, stewardID).Scan(ctx); err != nil {
		return nil, baton.Invalid("at_message_id", "message %d is not in this conversation", req.AtMessageID)
	}
	// The message must be in the conversation's transcript: in one of the
	// segments of its chain.
	segs, err := s.transcriptSegments(ctx, stewardID, conv)
	if err != nil {
		return nil, err
	}
	inChain := false
	for _, sg := range segs {
		inChain = inChain || (sg.conversationID == at.ConversationID && at.Seq > sg.lo && at.Seq <= sg.hi)
	}
	if !inChain {
		return nil, baton.Invalid("at_message_id", "message %d is not in this conversation", req.AtMessageID)
	}
	if title == "" {
		title = fmt.Sprintf("%s at #%d", strings.ReplaceAll(req.Kind, "_", "-"), at.Seq)
	}
	fork := &baton.Conversation{
		ID: uuid.NewString(), StewardID: stewardID, SessionID: conv.SessionID, Kind: req.Kind, Title: title,
		ParentConversationID: &at.ConversationID, ForkPointMessageID: &at.ID, ForkPointSeq: at.Seq, CreatedAt: s.clock(),
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

// CreateReplay forks one of the steward's conversations and records the
// parameters the fork is to be re-run with: one transaction.
func (s *Store) CreateReplay(ctx context.Context, stewardID int64, conversationID string, req ReplayRequest) (*baton.Replay, error) {
	if req.Key != "" {
		if r, err := s.replayOfKey(ctx, stewardID, req.Key); err == nil {
			return r, nil
		}
	}
	var out *baton.Replay
	err := s.inTx(ctx, func(tx bun.Tx) error {
		var err error
		out, err = s.createReplayInTx(ctx, tx, stewardID, conversationID, req)
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

func (s *Store) createReplayInTx(ctx context.Context, tx bun.IDB, stewardID int64, conversationID string, req ReplayRequest) (*baton.Replay, error) {
	fork, err := s.forkInTx(ctx, tx, stewardID, conversationID, ForkRequest{AtMessageID: req.AtMessageID, Title: req.Title, Kind: baton.ConversationReplay})
	if err != nil {
		return nil, err
	}
	out := &baton.Replay{
		ID: uuid.NewString(), StewardID: stewardID, SessionID: fork.SessionID, ConversationID: fork.ID,
		SourceConversationID: conversationID, Model: req.Model, Temperature: req.Temperature, MaxTokens: req.MaxTokens,
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

// CherryPickRequest names the messages to copy and where to: an existing
// conversation of any of the steward's sessions, or a new conversation
// (forked from nothing) in the source's session.
type CherryPickRequest struct {
	MessageIDs           []int64
	TargetConversationID string
	NewTitle             string
}

// CherryPick copies messages of one of the steward's conversations (from
// its transcript, prefix included) into another conversation, in their
// order, recording on each copy where it came from. All or nothing.
func (s *Store) CherryPick(ctx context.Context, stewardID int64, conversationID string, req CherryPickRequest) (*baton.Conversation, []*baton.Message, error) {
	if len(req.MessageIDs) == 0 {
		return nil, nil, baton.Invalid("message_ids", "message_ids is required: the messages to copy")
	}
	if len(req.MessageIDs) > MaxBatch {
		return nil, nil, baton.Invalid("message_ids", "at most %d messages at a time", MaxBatch)
	}
	src, err := s.ConversationByID(ctx, stewardID, conversationID)
	if err != nil {
		return nil, nil, err
	}
	transcript, err := s.ConversationMessages(ctx, stewardID, src.ID, 0)
	if err != nil {
		return nil, nil, err
	}
	want := map[int64]bool{}
	for i, id := range req.MessageIDs {
		if want[id] {
			return nil, nil, baton.Invalid(fmt.Sprintf("message_ids[%d]", i), "message %d is listed twice", id)
		}
		want[id] = true
	}
	var picked []*baton.Message
	for _, m := range transcript {
		if want[m.ID] {
			picked = append(picked, m)
			delete(want, m.ID)
		}
	}
	for i, id := range req.MessageIDs {
		if want[id] {
			return nil, nil, baton.Invalid(fmt.Sprintf("message_ids[%d]", i), "message %d is not in conversation %s", id, src.ID)
		}
	}
	var target *baton.Conversation
	var copies []*baton.Message
	err = s.inTx(ctx, func(tx bun.Tx) error {
		if req.TargetConversationID != "" {
			target = new(baton.Conversation)
			if err := tx.NewSelect().Model(target).Where("id = ? AND steward_id = ?", req.TargetConversationID, stewardID).Scan(ctx); err != nil {
				return baton.Invalid("target_conversation_id", "target_conversation_id names no conversation of yours")
			}
		} else {
			title := strings.TrimSpace(req.NewTitle)
			if title == "" {
				title = fmt.Sprintf("%d cherry-picked messages", len(picked))
			}
			target = &baton.Conversation{ID: uuid.NewString(), StewardID: stewardID, SessionID: src.SessionID,
				Kind: baton.ConversationCherryPick, Title: baton.CapTitle(title), CreatedAt: s.clock()}
			if _, err := tx.NewInsert().Model(target).Exec(ctx); err != nil {
				return err
			}
		}
		sess := &baton.Session{ID: target.SessionID, StewardID: stewardID}
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
			return err
		}
		if dups > 0 {
			return baton.Errorf(baton.ECONFLICT, "%d of the messages were already picked into conversation %s", dups, target.ID)
		}
		if stored != len(copies) {
			return fmt.Errorf("cherry-pick stored %d of %d", stored, len(copies))
		}
		now := s.clock()
		for i, c := range copies {
			if _, err := tx.NewRaw(`INSERT INTO message_provenance (message_id, steward_id, source_message_id, source_conversation_id, created_at)
				VALUES (?, ?, ?, ?, ?)`, c.ID, stewardID, picked[i].ID, picked[i].ConversationID, now).Exec(ctx); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	s.Kick()
	return target, copies, nil
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
