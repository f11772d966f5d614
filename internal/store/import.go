package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// Import writes one imported document for the steward, whole or not at all.
// A document whose source reference the steward already has adds only the
// messages that are new (a transcript that grew); one with nothing new is a
// duplicate and changes nothing. A document that fails validation is
// rejected with an error that names what is wrong, and writes nothing.
func (s *Store) Import(ctx context.Context, stewardID int64, doc *baton.ImportDocument) (baton.ImportResult, error) {
	return s.importDocument(ctx, stewardID, doc, true)
}

// importDocument is Import; grown says whether a re-import of more than a
// chunk may go in chunks (importGrown), false when importGrown has just
// left the document to the one-transaction path. Its steps: check the
// document, then write it by the first path that takes it — a new large
// session in chunks, a grown transcript in chunks, or everything else in
// one transaction — and say what was done.
func (s *Store) importDocument(ctx context.Context, stewardID int64, doc *baton.ImportDocument, grown bool) (baton.ImportResult, error) {
	res := baton.ImportResult{Key: doc.Key, Skipped: doc.Skipped}
	reject := func(err error) (baton.ImportResult, error) {
		if baton.ErrorCode(err) == baton.EINTERNAL {
			return res, err
		}
		res.Status, res.Error = baton.ImportRejected, baton.ErrorMessage(err)
		return res, nil
	}
	if err := checkDocument(doc, func(c *baton.ImportConversation) error {
		return PrepareMessages(ptrs(c.Messages), "conversation "+c.Key+" message", s.clock())
	}); err != nil {
		return reject(err)
	}
	if done, err := s.importNewLarge(ctx, stewardID, doc, &res); err != nil {
		return reject(err)
	} else if done {
		return res, nil
	}
	if grown && documentSize(doc) > s.importChunkSize() {
		if done, err := s.importGrownDocument(ctx, stewardID, doc, &res); err != nil {
			return reject(err)
		} else if done {
			return res, nil
		}
	}
	var w wholeImport
	if err := s.inTx(ctx, func(tx bun.Tx) error { return s.importWholeInTx(ctx, tx, stewardID, doc, &w) }); err != nil {
		return reject(err)
	}
	return s.wholeResult(res, &w), nil
}

// importNewLarge writes a document that makes a new session of more than
// a chunk in chunks (importInChunks); done is false, nothing written, for
// any other document.
func (s *Store) importNewLarge(ctx context.Context, stewardID int64, doc *baton.ImportDocument, res *baton.ImportResult) (done bool, err error) {
	large, err := s.importsNewLarge(ctx, stewardID, doc)
	if err != nil || !large {
		return false, err
	}
	sess := importedSession(doc)
	if err := s.prepareNewSession(stewardID, sess); err != nil {
		return false, err
	}
	stored, err := s.importInChunks(ctx, stewardID, doc, sess, documentMessages(doc), false)
	if err != nil {
		return false, err
	}
	res.SessionID, res.Messages, res.Status = sess.ID, stored, baton.ImportStored
	s.Kick()
	return true, nil
}

// importGrownDocument writes the re-import of a session the steward has
// in chunks (importGrown); done is false, nothing written, when the
// session is new or importGrown leaves the document to one transaction.
func (s *Store) importGrownDocument(ctx context.Context, stewardID int64, doc *baton.ImportDocument, res *baton.ImportResult) (done bool, err error) {
	sess, err := s.sessionBySourceRef(ctx, stewardID, doc)
	if err != nil || sess == nil {
		return false, err
	}
	stored, refreshed, handled, err := s.importGrown(ctx, stewardID, sess, doc, documentMessages(doc), false)
	if err != nil || !handled {
		return false, err
	}
	*res = s.grownResult(*res, sess.ID, stored, refreshed)
	return true, nil
}

// wholeImport is what importWholeInTx did.
type wholeImport struct {
	sessionID                   string
	existed                     bool // the session was there before
	stored, refreshed, replaced int  // messages written, completed, and event messages replaced
	retitled                    bool // no message changed, but the document's title did
}

// importWholeInTx writes a document in the transaction the caller holds:
// its session (found by source reference, or new), then each conversation
// in order.
func (s *Store) importWholeInTx(ctx context.Context, tx bun.Tx, stewardID int64, doc *baton.ImportDocument, w *wholeImport) error {
	sess, found, err := s.importedSessionInTx(ctx, tx, stewardID, doc)
	if err != nil {
		return err
	}
	w.sessionID, w.existed = sess.ID, found
	convs := map[string]*baton.Conversation{}
	for i := range doc.Conversations {
		if err := s.importConversationInTx(ctx, tx, sess, doc, &doc.Conversations[i], convs, found, w); err != nil {
			return err
		}
	}
	if !found {
		return nil
	}
	return s.followGrownSessionInTx(ctx, tx, sess, doc, w)
}

// importedSessionInTx is the steward's session of the document's source
// reference (found), or a new one it inserts.
func (s *Store) importedSessionInTx(ctx context.Context, tx bun.Tx, stewardID int64, doc *baton.ImportDocument) (*baton.Session, bool, error) {
	if ref := strings.TrimSpace(doc.Session.SourceRef); ref != "" {
		sess := new(baton.Session)
		cond, args := bySourceRef("", stewardID, doc.Session.Source, ref)
		err := tx.NewSelect().Model(sess).Where(cond, args...).Scan(ctx)
		if err == nil {
			return sess, true, nil
		} else if baton.ErrorCode(notFound(err, "")) != baton.ENOTFOUND {
			return nil, false, err
		}
	}
	sess := importedSession(doc)
	if err := s.prepareNewSession(stewardID, sess); err != nil {
		return nil, false, err
	}
	if err := insertSession(ctx, tx, sess); err != nil {
		return nil, false, err
	}
	return sess, false, nil
}

// importConversationInTx writes one of the document's conversations:
// found (or made at its fork point), its messages built from events that
// the document has too replaced by the document's, the messages seen
// before in part completed, and the new ones appended.
func (s *Store) importConversationInTx(ctx context.Context, tx bun.Tx, sess *baton.Session, doc *baton.ImportDocument,
	ic *baton.ImportConversation, convs map[string]*baton.Conversation, found bool, w *wholeImport) error {
	conv, err := importConversation(ctx, tx, s, sess, ic, convs, found)
	if err != nil {
		return err
	}
	convs[ic.Key] = conv
	// Messages built from events that the document has too are replaced
	// by the document's (prepared, so they compare).
	var events, gone []*baton.Message
	if found && ic.ParentKey == "" && doc.EventPrefix != "" {
		if events, err = eventMessagesInTx(ctx, tx, conv, doc.EventPrefix); err != nil {
			return err
		}
		gone = replacedEvents(events, ic.Messages, doc.EventPrefix)
		if err := s.deleteMessagesInTx(ctx, tx, sess, conv, gone); err != nil {
			return err
		}
		w.replaced += len(gone)
	}
	if found {
		// A message seen before only in part is completed.
		n, err := s.refreshInTx(ctx, tx, conv, ptrs(ic.Messages))
		if err != nil {
			return err
		}
		w.refreshed += n
	}
	appendMessages := s.appendInTx
	if !found {
		appendMessages = s.appendToNewConversationInTx // the session, and so the conversation, made in tx
	}
	n, _, err := appendMessages(ctx, tx, sess, conv, ptrs(ic.Messages))
	if err != nil {
		return err
	}
	w.stored += n
	if eventsAfter(events, gone, ic.Messages) {
		return placeEventsInTx(ctx, tx, conv, doc.EventPrefix)
	}
	return nil
}

// followGrownSessionInTx makes a session the document changed follow it:
// its facts, and a later end when the transcript grew.
func (s *Store) followGrownSessionInTx(ctx context.Context, tx bun.Tx, sess *baton.Session, doc *baton.ImportDocument, w *wholeImport) error {
	// A transcript can grow by its title alone (Claude Code writes its
	// own title for the conversation after the first exchange).
	w.retitled = w.stored+w.refreshed+w.replaced == 0 && titleChanged(sess, &doc.Session)
	if w.stored+w.refreshed+w.replaced > 0 || w.retitled {
		if err := refreshSessionInTx(ctx, tx, sess, &doc.Session, func() any { return s.clock() }); err != nil {
			return err
		}
	}
	if w.stored == 0 {
		return nil
	}
	return s.extendEndInTx(ctx, tx, sess, doc.Session.EndedAt)
}

// extendEndInTx moves a session's end to end when that is later (a
// transcript that grew ends later than it did).
func (s *Store) extendEndInTx(ctx context.Context, tx bun.Tx, sess *baton.Session, end *time.Time) error {
	if end == nil || (sess.EndedAt != nil && !end.After(*sess.EndedAt)) {
		return nil
	}
	_, err := tx.NewRaw("UPDATE sessions SET ended_at = ?, duration_seconds = ?, updated_at = ? WHERE id = ? AND steward_id = ?",
		end.UTC(), baton.DurationSeconds(sess.StartedAt, *end), s.clock(), sess.ID, sess.StewardID).Exec(ctx)
	return err
}

// wholeResult says what importWholeInTx did.
func (s *Store) wholeResult(res baton.ImportResult, w *wholeImport) baton.ImportResult {
	res.SessionID, res.Messages = w.sessionID, w.stored
	changed := w.stored+w.refreshed+w.replaced > 0 || w.retitled
	switch {
	case w.existed && changed:
		res.Status = baton.ImportUpdated
		if w.refreshed > 0 {
			res.Skipped = append(res.Skipped, completedNote(w.refreshed))
		}
	case w.existed:
		res.Status = baton.ImportDuplicate
	default:
		res.Status = baton.ImportStored
	}
	if changed {
		s.Kick()
	}
	return res
}

// checkDocument checks what Import checks of a document besides its
// messages: its end, and its conversations' keys and parents, calling
// each (when not nil) with each conversation once its key is checked.
func checkDocument(doc *baton.ImportDocument, each func(c *baton.ImportConversation) error) error {
	if len(doc.Conversations) == 0 {
		return baton.Invalid("conversations", "document has no conversation")
	}
	if doc.Session.EndedAt != nil {
		// A grown transcript's end is written below without prepareNewSession.
		if err := baton.CheckTime("ended_at", *doc.Session.EndedAt); err != nil {
			return err
		}
	}
	keys := map[string]bool{}
	for i := range doc.Conversations {
		c := &doc.Conversations[i]
		if c.Key == "" || keys[c.Key] {
			return baton.Invalid("conversations", "conversation %d has a missing or repeated key %q", i, c.Key)
		}
		if i > 0 && !keys[c.ParentKey] {
			return baton.Invalid("conversations", "conversation %q names parent %q, which does not come before it", c.Key, c.ParentKey)
		}
		keys[c.Key] = true
		if each != nil {
			if err := each(c); err != nil {
				return err
			}
		}
	}
	return nil
}

// grownResult is the result of a re-import importGrown wrote.
func (s *Store) grownResult(res baton.ImportResult, sessionID string, stored, refreshed int) baton.ImportResult {
	res.SessionID, res.Messages, res.Status = sessionID, stored, baton.ImportDuplicate
	if stored+refreshed > 0 {
		res.Status = baton.ImportUpdated
		if refreshed > 0 {
			res.Skipped = append(res.Skipped, completedNote(refreshed))
		}
		s.Kick()
	}
	return res
}

// documentSize is how many messages a document has.
func documentSize(doc *baton.ImportDocument) int {
	total := 0
	for i := range doc.Conversations {
		total += len(doc.Conversations[i].Messages)
	}
	return total
}

// sessionBySourceRef is the steward's session the document's source
// reference names, or nil.
func (s *Store) sessionBySourceRef(ctx context.Context, stewardID int64, doc *baton.ImportDocument) (*baton.Session, error) {
	ref := strings.TrimSpace(doc.Session.SourceRef)
	if ref == "" {
		return nil, nil
	}
	sess := new(baton.Session)
	cond, args := bySourceRef("", stewardID, doc.Session.Source, ref)
	err := s.db.NewSelect().Model(sess).Where(cond, args...).Scan(ctx)
	if baton.ErrorCode(notFound(err, "")) == baton.ENOTFOUND {
		return nil, nil
	}
	return sess, err
}

// importedSession is the new session a document makes, remembering the
// title it came with.
func importedSession(doc *baton.ImportDocument) *baton.Session {
	sess := new(baton.Session)
	*sess = doc.Session
	if t := strings.TrimSpace(sess.Title); t != "" {
		attrs := make(map[string]any, len(sess.Attributes)+1)
		for k, v := range sess.Attributes {
			attrs[k] = v
		}
		attrs[importedTitleKey] = t
		sess.Attributes = attrs
	}
	return sess
}

// importsNewLarge reports whether a document is written in chunks: it
// makes a new session (its source reference is new to the steward) of more
// messages than one chunk holds.
func (s *Store) importsNewLarge(ctx context.Context, stewardID int64, doc *baton.ImportDocument) (bool, error) {
	total := 0
	for i := range doc.Conversations {
		total += len(doc.Conversations[i].Messages)
	}
	if total <= s.importChunkSize() {
		return false, nil
	}
	return s.isNewSource(ctx, stewardID, doc)
}

// isNewSource reports whether a document makes a new session: the steward
// has no session of its source reference (or it has none).
func (s *Store) isNewSource(ctx context.Context, stewardID int64, doc *baton.ImportDocument) (bool, error) {
	ref := strings.TrimSpace(doc.Session.SourceRef)
	if ref == "" {
		return true, nil
	}
	cond, args := bySourceRef("", stewardID, doc.Session.Source, ref)
	n, err := s.db.NewSelect().Model((*baton.Session)(nil)).Where(cond, args...).Count(ctx)
	return n == 0, err
}

// importConversation finds the conversation an imported thread maps to
// (by its key, when the session already existed) or creates it at its fork point.
func importConversation(ctx context.Context, tx bun.Tx, s *Store, sess *baton.Session, ic *baton.ImportConversation,
	convs map[string]*baton.Conversation, sessionExisted bool) (*baton.Conversation, error) {
	if sessionExisted {
		conv := new(baton.Conversation)
		q := tx.NewSelect().Model(conv).Where("session_id = ? AND steward_id = ?", sess.ID, sess.StewardID)
		if ic.ParentKey == "" {
			q = q.Where("parent_conversation_id IS NULL").Order("created_at", "id").Limit(1)
		} else {
			q = q.Where("source_ref = ?", ic.Key)
		}
		err := q.Scan(ctx)
		if err == nil {
			return conv, nil
		} else if baton.ErrorCode(notFound(err, "")) != baton.ENOTFOUND {
			return nil, err
		}
	}
	kind := ic.Kind
	if kind == "" {
		kind = baton.ConversationOriginal
		if ic.ParentKey != "" {
			kind = baton.ConversationFork
		}
	}
	title := ic.Title
	if title == "" && ic.ParentKey == "" {
		title = sess.Title
	}
	var parent *baton.Conversation
	if ic.ParentKey != "" {
		parent = convs[ic.ParentKey]
	}
	conv, err := insertConversation(ctx, tx, sess, kind, title, parent, s.clock())
	if err != nil {
		return nil, err
	}
	conv.SourceRef = ic.Key
	if parent != nil {
		// The fork point: the parent's message it forks after, or before
		// the parent's first message.
		conv.ForkPointSeq = parent.ForkPointSeq
		if ic.ForkAfterSourceID != "" {
			var point struct {
				ID  int64 `bun:"id"`
				Seq int64 `bun:"seq"`
			}
			if err := tx.NewRaw(`SELECT id, seq FROM messages WHERE conversation_id = ? AND source_id = ?`,
				parent.ID, ic.ForkAfterSourceID).Scan(ctx, &point); err != nil {
				if baton.ErrorCode(notFound(err, "")) == baton.ENOTFOUND {
					return nil, baton.Invalid("conversations", "conversation %q forks after message %q, which its parent does not have", ic.Key, ic.ForkAfterSourceID)
				}
				return nil, err
			}
			conv.ForkPointMessageID, conv.ForkPointSeq = &point.ID, point.Seq
		}
	}
	if _, err := tx.NewUpdate().Model(conv).Column("source_ref", "fork_point_message_id", "fork_point_seq").
		Where("id = ?", conv.ID).Exec(ctx); err != nil {
		return nil, fmt.Errorf("set fork point: %w", err)
	}
	return conv, nil
}

// documentMessages reads a document's messages in order, each with the
// index of its conversation.
func documentMessages(doc *baton.ImportDocument) func() (int, *baton.Message, bool) {
	ci, mi := 0, 0
	return func() (int, *baton.Message, bool) {
		for ci < len(doc.Conversations) && mi == len(doc.Conversations[ci].Messages) {
			ci, mi = ci+1, 0
		}
		if ci == len(doc.Conversations) {
			return 0, nil, false
		}
		mi++
		return ci, &doc.Conversations[ci].Messages[mi-1], true
	}
}

func ptrs(msgs []baton.Message) []*baton.Message {
	out := make([]*baton.Message, len(msgs))
	for i := range msgs {
		out[i] = &msgs[i]
	}
	return out
}

// completedNote is the import result's note that n messages stored before
// in part were completed in place.
func completedNote(n int) string {
	return strconv.Itoa(n) + completedNoteText
}

const completedNoteText = " message(s) seen before in part were completed"

// IsCompletedNote says an import result's note is completedNote's: news
// for a steward importing a file again, not a problem with the file.
func IsCompletedNote(note string) bool {
	n, ok := strings.CutSuffix(note, completedNoteText)
	_, err := strconv.Atoi(n)
	return ok && err == nil
}
