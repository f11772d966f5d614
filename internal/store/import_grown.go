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
// more than one chunk (issue 13, defect 6): in one transaction, a grown
// 150,000-message transcript held the writer while every stored message
// was read back and compared. importGrown does the reading and comparing
// outside any transaction, a chunk at a time, and writes the messages that
// are new in chunks to a staged copy of the session: a session and
// conversations of StagingStewardID, whose messages are the steward's (as
// a new large import stages them, importInChunks), so no reader sees them.
// One final transaction then moves the new messages into the real
// conversations after what they hold (an UPDATE of the new rows, no
// re-reading, no re-indexing), completes the few messages the document
// changed, and makes the session's counts, tokens, title and end follow:
// readers see the transcript before or after, never half of it.
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
func (s *Store) importGrown(ctx context.Context, stewardID int64, sess *baton.Session, doc *baton.ImportDocument,
	next func() (int, *baton.Message, bool), prepare bool) (stored, refreshed int, handled bool, err error) {
	// The conversations the document's map to, where they exist.
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
			return 0, 0, false, err
		}
		if existing[i] != nil && ic.ParentKey == "" && doc.EventPrefix != "" {
			var events int
			if err := s.db.NewRaw("SELECT count(*) FROM messages WHERE conversation_id = ? AND steward_id = ? AND source_id LIKE ?",
				conv.ID, stewardID, likePrefix(doc.EventPrefix)).Scan(ctx, &events); err != nil {
				return 0, 0, false, err
			}
			if events > 0 {
				return 0, 0, false, nil
			}
		}
	}

	chunk := s.importChunkSize()
	staged := *sess // the staged copy: new id, no owner, nothing counted yet
	staged.ID, staged.StewardID, staged.SourceRef = uuid.NewString(), StagingStewardID, ""
	staged.MessageCount, staged.Tokens = 0, baton.SessionTokens{}
	staged.CreatedAt, staged.UpdatedAt = s.clock(), s.clock()
	owner := staged // whose messages they are
	owner.StewardID = stewardID
	tails := make([]*baton.Conversation, len(doc.Conversations)) // staged conversations, where new messages came
	written := false
	defer func() {
		if written && (err != nil || !handled) && !errors.Is(err, errAbandonImport) {
			if rerr := s.removeStagedImport(context.WithoutCancel(ctx), staged.ID); rerr != nil {
				err = errors.Join(err, fmt.Errorf("remove the staged re-import: %w", rerr))
			}
		}
	}()

	var changed []*baton.Message // stored messages the document completes
	changedConv := []int{}
	chunks := newChunkReader(s, doc, next, prepare, chunk)
	more, wrote := true, 0 // wrote: chunks written
	for more {
		if more, err = chunks.fill(); err != nil {
			return 0, 0, true, err
		}
		// Which messages are new, and which complete a stored one: read
		// outside the transaction, so the writer is not held for it.
		fresh := make([][]*baton.Message, len(doc.Conversations))
		if err := chunks.runs(func(ci int, group []*baton.Message) error {
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
					changed, changedConv = append(changed, &c), append(changedConv, ci)
				}
			}
			return nil
		}); err != nil {
			return 0, 0, true, err
		}
		if len(changed) > chunk {
			return 0, 0, false, nil // an edited transcript: the one-transaction path
		}
		newMessages := 0
		for _, msgs := range fresh {
			newMessages += len(msgs)
		}
		if newMessages == 0 {
			continue // the stored part of a grown transcript: nothing to write
		}
		err := s.inTx(ctx, func(tx bun.Tx) error {
			if !written {
				if _, err := tx.NewInsert().Model(&staged).Exec(ctx); err != nil {
					return err
				}
			} else if _, err := tx.NewRaw("UPDATE sessions SET updated_at = ? WHERE id = ? AND steward_id = ?",
				s.clock(), staged.ID, StagingStewardID).Exec(ctx); err != nil {
				return err // the heartbeat RemoveStaleImports reads
			}
			for ci, msgs := range fresh {
				if len(msgs) == 0 {
					continue
				}
				if tails[ci] == nil {
					conv, err := insertConversation(ctx, tx, &staged, baton.ConversationOriginal, doc.Conversations[ci].Key, nil, s.clock())
					if err != nil {
						return err
					}
					tails[ci] = conv
				}
				if _, _, err := s.appendInTx(ctx, tx, &owner, tails[ci], msgs); err != nil {
					return err
				}
			}
			return nil
		})
		written = true // the staged session may exist even if the transaction failed late
		if err != nil {
			return 0, 0, true, err
		}
		wrote++
		if s.imports.afterChunk != nil {
			if err := s.imports.afterChunk(wrote); err != nil {
				return 0, 0, true, err
			}
		}
	}

	// The reveal: one short transaction.
	err = s.inTx(ctx, func(tx bun.Tx) error {
		cur := new(baton.Session)
		if err := tx.NewSelect().Model(cur).Where("id = ? AND steward_id = ?", sess.ID, stewardID).Scan(ctx); err != nil {
			return notFound(err, "session") // deleted meanwhile
		}
		// The tokens the staged messages brought (appendInTx counted them
		// on the staged session), less those of messages dropped below.
		moved := new(baton.Session)
		if written {
			if err := tx.NewSelect().Model(moved).Column("tokens_input", "tokens_output", "tokens_cache_read", "tokens_cache_write",
				"tokens_total", "tokens_cost_usd", "tokens_unpriced").Where("id = ? AND steward_id = ?", staged.ID, StagingStewardID).
				Scan(ctx); err != nil {
				return notFound(err, "staged session")
			}
		}
		convs := map[string]*baton.Conversation{}
		real := make([]*baton.Conversation, len(doc.Conversations))
		for ci := range doc.Conversations {
			ic := &doc.Conversations[ci]
			conv, err := importConversation(ctx, tx, s, cur, ic, convs, true)
			if err != nil {
				return err
			}
			convs[ic.Key], real[ci] = conv, conv
			if tails[ci] == nil {
				continue
			}
			n, err := s.moveTailInTx(ctx, tx, tails[ci], conv, &moved.Tokens)
			if err != nil {
				return err
			}
			stored += n
		}
		if err := addTokensInTx(ctx, tx, cur.ID, moved.Tokens); err != nil {
			return err
		}
		if stored > 0 {
			if _, err := tx.NewRaw("UPDATE sessions SET message_count = message_count + ? WHERE id = ? AND steward_id = ?",
				stored, cur.ID, stewardID).Exec(ctx); err != nil {
				return err
			}
		}
		for ci := range doc.Conversations {
			var mine []*baton.Message
			for i, m := range changed {
				if changedConv[i] == ci {
					mine = append(mine, m)
				}
			}
			k, err := s.refreshInTx(ctx, tx, real[ci], mine)
			if err != nil {
				return err
			}
			refreshed += k
		}
		if stored+refreshed > 0 {
			if err := refreshSessionInTx(ctx, tx, cur, &doc.Session, func() any { return s.clock() }); err != nil {
				return err
			}
		}
		if end := doc.Session.EndedAt; stored > 0 && end != nil && (cur.EndedAt == nil || end.After(*cur.EndedAt)) {
			if _, err := tx.NewRaw("UPDATE sessions SET ended_at = ?, duration_seconds = ?, updated_at = ? WHERE id = ? AND steward_id = ?",
				end.UTC(), baton.DurationSeconds(cur.StartedAt, *end), s.clock(), cur.ID, stewardID).Exec(ctx); err != nil {
				return err
			}
		}
		if !written {
			return nil
		}
		// The staged copy is empty now.
		_, err := tx.NewRaw("DELETE FROM sessions WHERE id = ? AND steward_id = ?", staged.ID, StagingStewardID).Exec(ctx)
		return err
	})
	if err != nil {
		return 0, 0, true, err
	}
	return stored, refreshed, true, nil
}

// moveTailInTx moves the messages staged in tail to the end of conv: a
// message conv has received meanwhile (the same source id) is dropped
// from the tail, and its tokens taken off tokens; the others follow conv's
// last message in their order. It returns how many moved.
func (s *Store) moveTailInTx(ctx context.Context, tx bun.Tx, tail, conv *baton.Conversation, tokens *baton.SessionTokens) (int, error) {
	if err := lockConversation(ctx, tx, conv.ID); err != nil {
		return 0, err
	}
	var dups []*baton.Message
	if err := tx.NewSelect().Model(&dups).Column("id", "model", "usage").Where(`conversation_id = ?
		AND EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = ? AND m.source_id = message.source_id)`, tail.ID, conv.ID).
		Scan(ctx); err != nil {
		return 0, err
	}
	if len(dups) > 0 {
		ids := make([]int64, len(dups))
		for i, m := range dups {
			ids[i] = m.ID
			pricing.Add(tokens, m.Model, m.Usage, -1)
		}
		if s.dialect == SQLite {
			if _, err := tx.NewRaw("DELETE FROM messages_fts WHERE rowid IN (?)", bun.List(ids)).Exec(ctx); err != nil {
				return 0, err
			}
		}
		if _, err := tx.NewRaw("DELETE FROM messages WHERE id IN (?)", bun.List(ids)).Exec(ctx); err != nil {
			return 0, err
		}
	}
	var last int64
	if err := tx.NewRaw("SELECT coalesce(max(seq), ?) FROM messages WHERE conversation_id = ?", conv.ForkPointSeq, conv.ID).
		Scan(ctx, &last); err != nil {
		return 0, err
	}
	res, err := tx.NewRaw("UPDATE messages SET conversation_id = ?, session_id = ?, seq = seq + ? WHERE conversation_id = ?",
		conv.ID, conv.SessionID, last, tail.ID).Exec(ctx)
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	if n > 0 {
		if _, err := tx.NewRaw("UPDATE conversations SET message_count = message_count + ? WHERE id = ?", n, conv.ID).Exec(ctx); err != nil {
			return 0, err
		}
	}
	return int(n), nil
}
