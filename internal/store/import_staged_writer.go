package store

import (
	"context"
	"database/sql"
	"errors"
	"hash/maphash"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/pricing"
	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// stagedWriter writes the messages of a new session importInChunks
// stages, a chunk at a time. No other writer reaches a staged session, so
// what each of its conversations holds is known here: their last sequence
// numbers are kept in memory instead of read back for each run of a
// chunk, the source ids they hold are read once a chunk and only for
// conversations begun in an earlier chunk (a set of every source id of a
// 150,000-message document held 20 MB), a chunk's messages go out in full
// multi-row INSERTs whatever their conversation, and the counts and token
// totals are added once a chunk. A Claude Code transcript has a sidechain every
// few turns; each used to cost a Bun insert, a fork-point query and an
// update for its conversation, and two queries, short INSERTs and two
// counter updates for its messages.
type stagedWriter struct {
	s       *Store
	doc     *baton.ImportDocument
	staged  *baton.Session // the session row as staged: whose conversations they are
	owner   *baton.Session // whose messages they are
	convs   []*stagedConversation
	byKey   map[string]*baton.Conversation
	rows    rowValues        // the chunk's messages' values (readChunk)
	pending []*baton.Message // read, numbered, not yet inserted
	written []*baton.Message // inserted in this chunk
	seed    maphash.Seed     // of sourceHash
}

// stagedConversation is one conversation of the document, as written.
type stagedConversation struct {
	conv   *baton.Conversation
	seen   map[string]bool // this chunk's source ids it holds (a repeated one is a duplicate)
	last   int64           // the last sequence number given
	added  int             // messages written in this chunk
	stored int             // messages written in earlier chunks
	// written holds a hash of each source id written to it (sourceHash):
	// an id whose hash is not there was never written, and is not read
	// back (readSeen). 8 bytes an id, not the id.
	written map[uint64]struct{}
}

func newStagedWriter(s *Store, doc *baton.ImportDocument, staged, owner *baton.Session) *stagedWriter {
	return &stagedWriter{s: s, doc: doc, staged: staged, owner: owner, byKey: map[string]*baton.Conversation{},
		seed: maphash.MakeSeed()}
}

// sourceHash is the hash of a source id the conversations' written sets hold.
func (w *stagedWriter) sourceHash(sourceID string) uint64 {
	return maphash.String(w.seed, sourceID)
}

// writeChunk writes the chunk's messages in tx (the conversations they
// are the first of too) and returns how many it stored: a message whose
// source id its conversation has already is left out, as appendInTx does.
func (w *stagedWriter) writeChunk(ctx context.Context, tx bun.Tx, r *readChunk) (int, error) {
	w.pending, w.written, w.rows = w.pending[:0], w.written[:0], r.rows
	if err := w.readSeen(ctx, tx, r); err != nil {
		return 0, err
	}
	for i, m := range r.msgs {
		c, err := w.conversation(ctx, tx, r.convs[i])
		if err != nil {
			return 0, err
		}
		if c.seen == nil {
			c.seen = map[string]bool{}
		}
		if c.seen[m.SourceID] {
			continue
		}
		c.seen[m.SourceID] = true
		if c.written == nil {
			c.written = map[uint64]struct{}{}
		}
		c.written[w.sourceHash(m.SourceID)] = struct{}{}
		c.last++
		c.added++
		m.ID, m.Seq = 0, c.last
		m.StewardID, m.SessionID, m.ConversationID = w.owner.StewardID, w.owner.ID, c.conv.ID
		w.pending = append(w.pending, m)
	}
	if err := w.flush(ctx, tx); err != nil {
		return 0, err
	}
	return len(w.written), w.count(ctx, tx)
}

// readSeen reads which of the chunk's source ids the conversations
// written to in earlier chunks hold already. Only an id whose hash one of
// them was written with is read back: the others it cannot hold (no other
// writer reaches a staged session), and a document of ids that are never
// repeated (a Claude Code transcript's) reads none (the read was ~2% of
// an import's CPU, on the writer).
func (w *stagedWriter) readSeen(ctx context.Context, tx bun.Tx, r *readChunk) error {
	by := map[int][]*baton.Message{}
	for i, m := range r.msgs {
		ci := r.convs[i]
		if ci >= len(w.convs) || w.convs[ci].stored == 0 {
			continue
		}
		if _, ok := w.convs[ci].written[w.sourceHash(m.SourceID)]; ok {
			by[ci] = append(by[ci], m)
		}
	}
	for ci, msgs := range by {
		have, err := w.s.sourceIDsIn(ctx, tx, w.convs[ci].conv.ID, msgs)
		if err != nil {
			return err
		}
		w.convs[ci].seen = have
	}
	return nil
}

// flush inserts the pending messages.
func (w *stagedWriter) flush(ctx context.Context, tx bun.Tx) error {
	if len(w.pending) == 0 {
		return nil
	}
	if err := w.s.insertMessagesBy(ctx, tx, w.pending, w.rows, messageInsertRows); err != nil {
		return err
	}
	w.written = append(w.written, w.pending...)
	w.pending = w.pending[:0]
	return nil
}

// count adds the chunk's messages to their conversations' and the
// session's counts and token totals.
func (w *stagedWriter) count(ctx context.Context, tx bun.Tx) error {
	for _, c := range w.convs {
		c.seen = nil
		if c.added == 0 {
			continue
		}
		if _, err := w.s.execBound(ctx, tx, "UPDATE conversations SET message_count = message_count + ? WHERE id = ?",
			int64(c.added), c.conv.ID); err != nil {
			return err
		}
		c.stored += c.added
		c.added = 0
	}
	if len(w.written) == 0 {
		return nil
	}
	t := pricing.Totals(w.written)
	_, err := w.s.execBound(ctx, tx, `UPDATE sessions SET message_count = message_count + ?, tokens_input = tokens_input + ?,
		tokens_output = tokens_output + ?, tokens_cache_read = tokens_cache_read + ?, tokens_cache_write = tokens_cache_write + ?,
		tokens_total = tokens_total + ?, tokens_cost_usd = tokens_cost_usd + ?, tokens_unpriced = tokens_unpriced + ? WHERE id = ?`,
		int64(len(w.written)), t.Input, t.Output, t.CacheRead, t.CacheWrite, t.Total, t.CostUSD, t.Unpriced, w.staged.ID)
	return err
}

// conversation is the document's conversation ci, made (with those before
// it, in order) the first time it is asked for.
func (w *stagedWriter) conversation(ctx context.Context, tx bun.Tx, ci int) (*stagedConversation, error) {
	for len(w.convs) <= ci {
		conv, err := w.insertConversation(ctx, tx, &w.doc.Conversations[len(w.convs)])
		if err != nil {
			return nil, err
		}
		w.byKey[conv.SourceRef] = conv
		w.convs = append(w.convs, &stagedConversation{conv: conv, last: conv.ForkPointSeq})
	}
	return w.convs[ci], nil
}

// insertConversation writes the row importConversation writes for a new
// session's conversation, in one bound INSERT: its parent is one written
// before it, and the message it forks after is read once the parent's
// pending messages are written.
func (w *stagedWriter) insertConversation(ctx context.Context, tx bun.Tx, ic *baton.ImportConversation) (*baton.Conversation, error) {
	conv := &baton.Conversation{ID: uuid.NewString(), StewardID: w.staged.StewardID, SessionID: w.staged.ID,
		Kind: ic.Kind, Title: ic.Title, SourceRef: ic.Key, CreatedAt: w.s.clock()}
	if conv.Kind == "" {
		conv.Kind = baton.ConversationOriginal
		if ic.ParentKey != "" {
			conv.Kind = baton.ConversationFork
		}
	}
	if conv.Title == "" && ic.ParentKey == "" {
		conv.Title = w.staged.Title
	}
	if ic.ParentKey != "" {
		if err := w.forkPoint(ctx, tx, ic, conv); err != nil {
			return nil, err
		}
	}
	_, err := w.s.execBound(ctx, tx, `INSERT INTO conversations (id, steward_id, session_id, kind, title, source_ref,
		parent_conversation_id, fork_point_message_id, fork_point_seq, message_count, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		conv.ID, conv.StewardID, conv.SessionID, conv.Kind, conv.Title, conv.SourceRef,
		nullString(conv.ParentConversationID), nullInt64(conv.ForkPointMessageID), conv.ForkPointSeq, int64(0),
		conv.CreatedAt.UTC().Format(bunTimeFormat))
	return conv, err
}

// forkPoint sets conv's parent (the conversation ic names, written before
// it) and fork point: the parent's message it forks after, or before the
// parent's first message.
func (w *stagedWriter) forkPoint(ctx context.Context, tx bun.Tx, ic *baton.ImportConversation, conv *baton.Conversation) error {
	parent := w.byKey[ic.ParentKey]
	if parent == nil {
		return baton.Invalid("conversations", "conversation %q names parent %q, which does not come before it", ic.Key, ic.ParentKey)
	}
	conv.ParentConversationID, conv.ForkPointSeq = &parent.ID, parent.ForkPointSeq
	if ic.ForkAfterSourceID == "" {
		return nil
	}
	for _, m := range w.pending {
		if m.ConversationID == parent.ID { // the message may be one of them
			if err := w.flush(ctx, tx); err != nil {
				return err
			}
			break
		}
	}
	rs, err := w.s.queryBound(ctx, tx, "SELECT id, seq FROM messages WHERE conversation_id = ? AND source_id = ?", parent.ID, ic.ForkAfterSourceID)
	if err != nil {
		return err
	}
	defer rs.Close()
	if !rs.Next() {
		if err := rs.Err(); err != nil {
			return err
		}
		return baton.Invalid("conversations", "conversation %q forks after message %q, which its parent does not have", ic.Key, ic.ForkAfterSourceID)
	}
	var id, seq int64
	if err := rs.Scan(&id, &seq); err != nil {
		return err
	}
	conv.ForkPointMessageID, conv.ForkPointSeq = &id, seq
	return errors.Join(rs.Close())
}

// nullString is p's string, or NULL for nil, as Bun writes a *string.
func nullString(p *string) any {
	if p == nil {
		return sql.NullString{}
	}
	return *p
}

// nullInt64 is p's value, or NULL for nil, as Bun writes an *int64.
func nullInt64(p *int64) any {
	if p == nil {
		return sql.NullInt64{}
	}
	return *p
}
