package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/pricing"
	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// A re-import of a session the steward has (a transcript that grew) of
// more than one chunk: in one transaction, a grown
// 150,000-message transcript held the writer while every stored message
// was read back and compared. importGrown does the reading and comparing
// outside any transaction, a chunk at a time, and writes the messages that
// are new in chunks to a staged copy of the session: a session and
// conversations of StagingStewardID, whose messages are the steward's (as
// a new large import stages them, importInChunks), so no reader sees them.
// Once every chunk is staged (the whole document read and checked), the
// new messages move into the real conversations after what they hold, a
// chunk at a time, each chunk in its own short transaction with the
// message counts and tokens it brings (an UPDATE of the chunk's rows, no
// re-reading, no re-indexing): a reader sees the transcript as it was
// before or after each chunk, as a live append shows it, never a chunk in
// part nor counts that disagree with the messages. Moving 10,000 new
// messages in one UPDATE held every other writer for ~135 ms of CPU and
// 435 ms of wall time on a busy machine; a chunk holds it for about a
// tenth. A last transaction completes the few messages the document
// changed and makes the session's title, facts and end follow. A failure
// while moving leaves the transcript grown by the chunks moved so far
// (what a re-import finds stored and does not write again); the rest of
// the staged copy is removed.
//
// Why a staged tail and not a staged whole copy swapped in: the stored
// messages keep their ids, which annotations, markers, bridges and scores
// point at, and an import only ever adds to a transcript or completes a
// message in place (Import's rules), so the tail is all there is to hide.
// What it does not do in chunks, and leaves to the one-transaction path:
// a document that changes more than one chunk of stored messages (an
// edited transcript, not a grown one), and a hooked session whose event
// messages the transcript replaces (their order is rebuilt as a whole).
//
// RemoveStaleImports removes a staged copy whose process died, as it does
// a new large import's.

// importGrown writes a re-imported document in chunks. sess is the
// steward's session the document's source reference names; next gives the
// document's messages in order with their conversation's index in doc;
// prepare says whether they still have to be checked. handled is false
// when the document is left to the one-transaction path (nothing written).
//
// Its steps: find the stored conversations the document's map to; read
// the document a chunk at a time, comparing each chunk with what is stored
// (outside any transaction) and staging its new messages; then reveal
// them in one short transaction.
func (s *Store) importGrown(ctx context.Context, stewardID int64, sess *baton.Session, doc *baton.ImportDocument,
	next func() (int, *baton.Message, bool), prepare bool) (stored, refreshed int, handled bool, err error) {
	existing, ok, err := s.grownConversations(ctx, stewardID, sess, doc)
	if err != nil || !ok {
		return 0, 0, false, err
	}
	st := s.newGrownStage(stewardID, sess, doc)
	defer func() {
		if st.written && (err != nil || !handled) && !errors.Is(err, errAbandonImport) {
			if rerr := s.removeStagedImport(context.WithoutCancel(ctx), st.staged.ID); rerr != nil {
				err = errors.Join(err, fmt.Errorf("remove the staged re-import: %w", rerr))
			}
		}
	}()
	var ch grownChanges
	chunks := newChunkReader(s, doc, next, prepare, s.importChunkSize())
	for more := true; more; {
		if more, err = chunks.fill(); err != nil {
			return 0, 0, true, err
		}
		fresh, err := s.compareGrownChunk(ctx, chunks, existing, &ch)
		if err != nil {
			return 0, 0, true, err
		}
		if len(ch.msgs) > s.importChunkSize() {
			return 0, 0, false, nil // an edited transcript: the one-transaction path
		}
		if err := s.stageGrownChunk(ctx, st, doc, fresh); err != nil {
			return 0, 0, true, err
		}
	}
	real, stored, err := s.revealGrownTails(ctx, stewardID, sess.ID, doc, st)
	if err != nil {
		return 0, 0, true, err
	}
	err = s.inTx(ctx, func(tx bun.Tx) error {
		refreshed, err = s.finishGrownInTx(ctx, tx, stewardID, sess.ID, doc, st, &ch, real, stored)
		return err
	})
	if err != nil {
		return 0, 0, true, err
	}
	return stored, refreshed, true, nil
}

// grownConversations are the stored conversations the document's map to
// (nil where a conversation is new). ok is false when the document is left
// to the one-transaction path: a hooked session whose event messages the
// transcript replaces (their order is rebuilt as a whole).
func (s *Store) grownConversations(ctx context.Context, stewardID int64, sess *baton.Session, doc *baton.ImportDocument) ([]*baton.Conversation, bool, error) {
	existing := make([]*baton.Conversation, len(doc.Conversations))
	for i := range doc.Conversations {
		ic := &doc.Conversations[i]
		conv := new(baton.Conversation)
		q := s.db.NewSelect().Model(conv).Where("session_id = ? AND steward_id = ?", sess.ID, stewardID)
		if ic.ParentKey == "" {
			q = q.Where("parent_conversation_id IS NULL").Order("created_at", "id").Limit(1)
		} else {
			q = q.Where("source_ref = ?", ic.Key)
		}
		if err := q.Scan(ctx); err == nil {
			existing[i] = conv
		} else if baton.ErrorCode(notFound(err, "")) != baton.ENOTFOUND {
			return nil, false, err
		}
		if existing[i] != nil && ic.ParentKey == "" && doc.EventPrefix != "" {
			var events int
			if err := s.db.NewRaw("SELECT count(*) FROM messages WHERE conversation_id = ? AND steward_id = ? AND source_id LIKE ?",
				conv.ID, stewardID, likePrefix(doc.EventPrefix)).Scan(ctx, &events); err != nil {
				return nil, false, err
			}
			if events > 0 {
				return nil, false, nil
			}
		}
	}
	return existing, true, nil
}

// grownStage is the staged copy of a session a re-import writes its new
// messages to: a session and conversations of StagingStewardID, whose
// messages are the steward's, so no reader sees them.
type grownStage struct {
	staged  baton.Session         // new id, no owner, nothing counted yet
	owner   baton.Session         // staged, as the steward's: whose messages they are
	tails   []*baton.Conversation // staged conversations, where new messages came
	written bool                  // the staged session may exist
	chunks  int                   // chunks written
}

func (s *Store) newGrownStage(stewardID int64, sess *baton.Session, doc *baton.ImportDocument) *grownStage {
	st := &grownStage{staged: *sess, tails: make([]*baton.Conversation, len(doc.Conversations))}
	st.staged.ID, st.staged.StewardID, st.staged.SourceRef = uuid.NewString(), StagingStewardID, ""
	st.staged.MessageCount, st.staged.Tokens = 0, baton.SessionTokens{}
	st.staged.CreatedAt, st.staged.UpdatedAt = s.clock(), s.clock()
	st.owner = st.staged
	st.owner.StewardID = stewardID
	return st
}

// grownChanges are the stored messages the document completes, with the
// index of each one's conversation.
type grownChanges struct {
	msgs  []*baton.Message
	convs []int
}

// compareGrownChunk sorts the chunk's messages, reading what is stored
// outside any transaction so the writer is not held for it: those that are
// new (fresh, by conversation) and those that complete a stored message
// (added to ch).
func (s *Store) compareGrownChunk(ctx context.Context, chunks *chunkReader, existing []*baton.Conversation, ch *grownChanges) ([][]*baton.Message, error) {
	fresh := make([][]*baton.Message, len(existing))
	err := chunks.runs(func(ci int, group []*baton.Message) error {
		if existing[ci] == nil {
			fresh[ci] = append(fresh[ci], group...)
			return nil
		}
		ids := make([]string, len(group))
		for i, m := range group {
			ids[i] = m.SourceID
		}
		var have []*baton.Message // what sameMessage and partOf compare
		if err := s.db.NewSelect().Model(&have).Column("source_id", "role", "content", "thinking", "content_type", "usage", "model",
			"tool_calls", "tool_result").Where("conversation_id = ? AND source_id IN (?)", existing[ci].ID, bun.List(ids)).
			Scan(ctx); err != nil {
			return err
		}
		bySource := make(map[string]*baton.Message, len(have))
		for _, m := range have {
			bySource[m.SourceID] = m
		}
		for _, m := range group {
			old, ok := bySource[m.SourceID]
			switch {
			case !ok:
				fresh[ci] = append(fresh[ci], m)
			case !sameMessage(old, m) && !partOf(m, old):
				c := *m
				ch.msgs, ch.convs = append(ch.msgs, &c), append(ch.convs, ci)
			}
		}
		return nil
	})
	return fresh, err
}

// stageGrownChunk writes a chunk's new messages to the staged copy, in
// one transaction (none when the chunk has nothing new: the stored part
// of a grown transcript).
func (s *Store) stageGrownChunk(ctx context.Context, st *grownStage, doc *baton.ImportDocument, fresh [][]*baton.Message) error {
	newMessages := 0
	for _, msgs := range fresh {
		newMessages += len(msgs)
	}
	if newMessages == 0 {
		return nil
	}
	err := s.inTx(ctx, func(tx bun.Tx) error {
		if !st.written {
			if _, err := tx.NewInsert().Model(&st.staged).Exec(ctx); err != nil {
				return err
			}
		} else if _, err := tx.NewRaw("UPDATE sessions SET updated_at = ? WHERE id = ? AND steward_id = ?",
			s.clock(), st.staged.ID, StagingStewardID).Exec(ctx); err != nil {
			return err // the heartbeat RemoveStaleImports reads
		}
		for ci, msgs := range fresh {
			if len(msgs) == 0 {
				continue
			}
			if st.tails[ci] == nil {
				conv, err := insertConversation(ctx, tx, &st.staged, baton.ConversationOriginal, doc.Conversations[ci].Key, nil, s.clock())
				if err != nil {
					return err
				}
				st.tails[ci] = conv
			}
			if _, _, err := s.appendInTx(ctx, tx, &st.owner, st.tails[ci], msgs); err != nil {
				return err
			}
		}
		return nil
	})
	st.written = true // the staged session may exist even if the transaction failed late
	if err != nil {
		return err
	}
	st.chunks++
	if s.imports.afterChunk != nil {
		return s.imports.afterChunk(st.chunks)
	}
	return nil
}

// revealGrownTails finds (or makes) the real conversation of each of the
// document's, in order (a fork's parent first, so a fork point among the
// parent's new messages is found), and moves its staged tail after what
// it holds, a chunk at a time, each chunk in its own transaction. It
// returns the real conversations and how many messages moved.
func (s *Store) revealGrownTails(ctx context.Context, stewardID int64, sessionID string, doc *baton.ImportDocument,
	st *grownStage) ([]*baton.Conversation, int, error) {
	convs := map[string]*baton.Conversation{}
	real := make([]*baton.Conversation, len(doc.Conversations))
	stored := 0
	for ci := range doc.Conversations {
		ic := &doc.Conversations[ci]
		err := s.inTx(ctx, func(tx bun.Tx) error {
			cur, err := grownSessionInTx(ctx, tx, stewardID, sessionID)
			if err != nil {
				return err
			}
			conv, err := importConversation(ctx, tx, s, cur, ic, convs, true)
			if err != nil {
				return err
			}
			convs[ic.Key], real[ci] = conv, conv
			return nil
		})
		if err != nil {
			return nil, 0, err
		}
		for done := st.tails[ci] == nil; !done; {
			var n int
			err := s.inTx(ctx, func(tx bun.Tx) (err error) {
				n, done, err = s.moveTailChunkInTx(ctx, tx, stewardID, sessionID, st.tails[ci], real[ci], s.importChunkSize())
				return err
			})
			if err != nil {
				return nil, 0, err
			}
			stored += n
		}
	}
	return real, stored, nil
}

// grownSessionInTx reads the steward's session a re-import grows: it may
// have been deleted meanwhile.
func grownSessionInTx(ctx context.Context, tx bun.Tx, stewardID int64, sessionID string) (*baton.Session, error) {
	cur := new(baton.Session)
	if err := tx.NewSelect().Model(cur).Where("id = ? AND steward_id = ?", sessionID, stewardID).Scan(ctx); err != nil {
		return nil, notFound(err, "session") // deleted meanwhile
	}
	return cur, nil
}

// moveTailChunkInTx moves the first limit messages staged in tail to the
// end of conv, with the counts and tokens they bring: a message conv has
// received meanwhile (the same source id) is dropped from the tail; the
// others follow conv's last message in their order. It returns how many
// moved, and whether the tail is empty now.
func (s *Store) moveTailChunkInTx(ctx context.Context, tx bun.Tx, stewardID int64, sessionID string, tail, conv *baton.Conversation,
	limit int) (moved int, done bool, err error) {
	if _, err := grownSessionInTx(ctx, tx, stewardID, sessionID); err != nil {
		return 0, false, err
	}
	if err := lockConversation(ctx, tx, conv.ID); err != nil {
		return 0, false, err
	}
	var next []*baton.Message
	if err := tx.NewSelect().Model(&next).Column("id", "seq", "source_id", "model", "usage").
		Where("conversation_id = ?", tail.ID).Order("seq").Limit(int64(limit)).Scan(ctx); err != nil {
		return 0, false, err
	}
	if len(next) == 0 {
		return 0, true, nil
	}
	sources := make([]string, len(next))
	for i, m := range next {
		sources[i] = m.SourceID
	}
	var received []string
	if err := tx.NewRaw("SELECT source_id FROM messages WHERE conversation_id = ? AND source_id IN (?)", conv.ID, bun.List(sources)).
		Scan(ctx, &received); err != nil {
		return 0, false, err
	}
	dup := make(map[string]bool, len(received))
	for _, id := range received {
		dup[id] = true
	}
	var keep, drop []int64
	var tokens baton.SessionTokens
	for _, m := range next {
		if dup[m.SourceID] {
			drop = append(drop, m.ID)
			continue
		}
		keep = append(keep, m.ID)
		pricing.Add(&tokens, m.Model, m.Usage, 1)
	}
	if len(drop) > 0 {
		if s.dialect == SQLite {
			// FTS5 keeps its own copy of what the indexer has passed.
			if _, err := tx.NewRaw("DELETE FROM messages_fts WHERE rowid IN (?)", bun.List(drop)).Exec(ctx); err != nil {
				return 0, false, err
			}
		}
		if _, err := tx.NewRaw("DELETE FROM messages WHERE id IN (?)", bun.List(drop)).Exec(ctx); err != nil {
			return 0, false, err
		}
	}
	done = len(next) < limit
	if len(keep) == 0 {
		return 0, done, nil
	}
	var last int64
	if err := tx.NewRaw("SELECT coalesce(max(seq), ?) FROM messages WHERE conversation_id = ?", conv.ForkPointSeq, conv.ID).
		Scan(ctx, &last); err != nil {
		return 0, false, err
	}
	// The chunk's first staged message follows conv's last, and the rest
	// keep their places after it (a dropped one leaves its gap, as before).
	res, err := tx.NewRaw("UPDATE messages SET conversation_id = ?, session_id = ?, seq = seq + ? WHERE id IN (?)",
		conv.ID, conv.SessionID, last+1-next[0].Seq, bun.List(keep)).Exec(ctx)
	if err != nil {
		return 0, false, err
	}
	n, _ := res.RowsAffected()
	if _, err := tx.NewRaw("UPDATE conversations SET message_count = message_count + ? WHERE id = ?", n, conv.ID).Exec(ctx); err != nil {
		return 0, false, err
	}
	if _, err := tx.NewRaw("UPDATE sessions SET message_count = message_count + ? WHERE id = ? AND steward_id = ?",
		n, sessionID, stewardID).Exec(ctx); err != nil {
		return 0, false, err
	}
	if err := addTokensInTx(ctx, tx, sessionID, tokens); err != nil {
		return 0, false, err
	}
	return int(n), done, nil
}

// finishGrownInTx is the re-import's last transaction, once the new
// messages have moved (stored of them, into the real conversations): the
// messages the document changed are completed, the session's facts and
// end follow, and the staged copy, empty now, is removed. It returns how
// many messages it completed.
func (s *Store) finishGrownInTx(ctx context.Context, tx bun.Tx, stewardID int64, sessionID string, doc *baton.ImportDocument,
	st *grownStage, ch *grownChanges, real []*baton.Conversation, stored int) (refreshed int, err error) {
	cur, err := grownSessionInTx(ctx, tx, stewardID, sessionID)
	if err != nil {
		return 0, err
	}
	for ci := range doc.Conversations {
		var mine []*baton.Message
		for i, m := range ch.msgs {
			if ch.convs[i] == ci {
				mine = append(mine, m)
			}
		}
		k, err := s.refreshInTx(ctx, tx, real[ci], mine)
		if err != nil {
			return 0, err
		}
		refreshed += k
	}
	if stored+refreshed > 0 {
		if err := refreshSessionInTx(ctx, tx, cur, &doc.Session, func() any { return s.clock() }); err != nil {
			return 0, err
		}
	}
	if stored > 0 {
		if err := s.extendEndInTx(ctx, tx, cur, doc.Session.EndedAt); err != nil {
			return 0, err
		}
	}
	if st.written {
		if _, err := tx.NewRaw("DELETE FROM sessions WHERE id = ? AND steward_id = ?", st.staged.ID, StagingStewardID).Exec(ctx); err != nil {
			return 0, err
		}
	}
	return refreshed, nil
}
