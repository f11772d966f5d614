package store

import (
	"context"
	"iter"

	"github.com/baton-dev/baton/internal/baton"
)

// ImportStream is Import for a document read one message at a time (a
// large structured document): doc's conversations carry
// no messages; messages yields each message, in order, with the index of
// its conversation in doc, and may be ranged over more than once; total is
// how many it yields.
//
// A new session of more than one chunk is written chunk by chunk as it is
// read (importInChunks), so memory holds one chunk, not the document; a
// message that breaks a rule fails the import there, naming the message as
// Import would, and what was written is removed. A re-import of more than
// one chunk goes in chunks too (importGrown). Anything else (a small
// document, or a re-import importGrown leaves to one transaction) is read
// whole and imported as Import does.
func (s *Store) ImportStream(ctx context.Context, stewardID int64, doc *baton.ImportDocument, total int,
	messages iter.Seq2[int, *baton.Message]) (baton.ImportResult, error) {
	res := baton.ImportResult{Key: doc.Key, Skipped: doc.Skipped}
	reject := func(err error) (baton.ImportResult, error) {
		if baton.ErrorCode(err) == baton.EINTERNAL {
			return res, err
		}
		res.Status, res.Error = baton.ImportRejected, baton.ErrorMessage(err)
		return res, nil
	}
	if err := checkDocument(doc, nil); err != nil {
		return reject(err)
	}
	large, existing := false, (*baton.Session)(nil)
	if total > s.importChunkSize() {
		var err error
		if existing, err = s.sessionBySourceRef(ctx, stewardID, doc); err != nil {
			return reject(err)
		}
		large = existing == nil
	}
	if existing != nil {
		next, stop := iter.Pull2(messages)
		stored, refreshed, handled, err := s.importGrown(ctx, stewardID, existing, doc, next, true)
		stop()
		if err != nil {
			return reject(err)
		}
		if handled {
			return s.grownResult(res, existing.ID, stored, refreshed), nil
		}
	}
	if !large {
		// Read whole (messages is read again if importGrown began it).
		for ci, m := range messages {
			if ci < 0 || ci >= len(doc.Conversations) {
				return res, baton.Errorf(baton.EINTERNAL, "import %s: a message of conversation %d, which it does not have", doc.Key, ci)
			}
			c := &doc.Conversations[ci]
			c.Messages = append(c.Messages, *m)
		}
		return s.importDocument(ctx, stewardID, doc, false)
	}
	sess := importedSession(doc)
	if err := s.prepareNewSession(stewardID, sess); err != nil {
		return reject(err)
	}
	next, stop := iter.Pull2(messages)
	defer stop()
	stored, err := s.importInChunks(ctx, stewardID, doc, sess, next, true)
	if err != nil {
		return reject(err)
	}
	res.SessionID, res.Messages, res.Status = sess.ID, stored, baton.ImportStored
	s.Kick()
	return res, nil
}
