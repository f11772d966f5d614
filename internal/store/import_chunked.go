package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// Large imports: a document of more than ImportChunk
// messages for a new session is written in chunks of ImportChunk
// messages, one transaction each, so another writer waits for one chunk,
// not for the whole document (150,000 messages in one transaction held
// every other writer up for 8 s).
//
// The promise stays "stored whole or not at all": until its last chunk
// commits, the session belongs to StagingStewardID (migration 0012), and
// every read filters on the steward, so lists, search, pages, the API, MCP
// and counts do not show it; its messages are the steward's already (so
// the hand-over does not rewrite them) but are reached through their
// session or, in search, joined to it. The hand-over is one small
// transaction: the session and its conversations change owner. A chunk
// that fails removes what the import wrote; an import whose process died
// leaves a staged session that RemoveStaleImports removes once it has not
// moved for ImportAbandonedAfter.
const (
	ImportChunk          = 1000
	ImportAbandonedAfter = 10 * time.Minute
)

// StagingStewardID owns the sessions of imports still being written.
// No one can sign in as it (migration 0012).
const StagingStewardID int64 = -1

// importTuning lets tests shrink the chunks and stop between them.
type importTuning struct {
	chunk int // messages per transaction; 0 is ImportChunk
	// afterChunk runs after chunk n (from 1) commits; an error fails the
	// import there (errAbandonImport: as if the process died).
	afterChunk func(n int) error
}

// errAbandonImport, returned by a test's afterChunk, stops an import
// without removing what it wrote, as a process that dies would.
var errAbandonImport = errors.New("import abandoned")

func (s *Store) importChunkSize() int {
	if s.imports.chunk > 0 {
		return s.imports.chunk
	}
	return ImportChunk
}

// importInChunks writes a validated document as a new session, in chunks.
// sess is the session prepared for the steward (id, times, attributes).
// The messages come from next, in order, each with the index of its
// conversation in doc (doc's own Messages are not read); prepare says
// whether they still have to be checked (PrepareMessages), which a chunk
// does before it writes, so a message that breaks a rule fails the import
// there, naming it, and what was written is removed.
func (s *Store) importInChunks(ctx context.Context, stewardID int64, doc *baton.ImportDocument, sess *baton.Session,
	next func() (int, *baton.Message, bool), prepare bool) (stored int, err error) {
	staged := *sess // the session row as staged: no owner, no source ref yet
	staged.StewardID, staged.SourceRef = StagingStewardID, ""
	owner := *sess // whose messages they are
	chunk := s.importChunkSize()
	defer func() {
		if err != nil && !errors.Is(err, errAbandonImport) {
			if rerr := s.removeStagedImport(context.WithoutCancel(ctx), sess.ID); rerr != nil {
				err = errors.Join(err, fmt.Errorf("remove the failed import: %w", rerr))
			}
		}
	}()

	w := newStagedWriter(s, doc, &staged, &owner)
	// Each chunk is read (parsed, analysed, its rows' values built) before
	// taking the writer, and while the one before it is written.
	chunks := readAhead(newChunkReader(s, doc, next, prepare, chunk))
	defer chunks.stop()
	more := true
	for n := 1; more; n++ {
		c := chunks.next()
		if c.err != nil {
			return 0, c.err
		}
		more = c.more
		err := s.inTx(ctx, func(tx bun.Tx) error {
			if n == 1 {
				if _, err := tx.NewInsert().Model(&staged).Exec(ctx); err != nil {
					return err
				}
			} else if _, err := tx.NewRaw("UPDATE sessions SET updated_at = ? WHERE id = ? AND steward_id = ?",
				s.clock(), sess.ID, StagingStewardID).Exec(ctx); err != nil {
				return err // the heartbeat RemoveStaleImports reads
			}
			k, err := w.writeChunk(ctx, tx, &c)
			if err != nil {
				return err
			}
			stored += k
			if !more && len(doc.Conversations) > 0 {
				// The last chunk makes the conversations no message came for.
				_, err := w.conversation(ctx, tx, len(doc.Conversations)-1)
				return err
			}
			return nil
		})
		if err != nil {
			return 0, err
		}
		if s.imports.afterChunk != nil {
			if err := s.imports.afterChunk(n); err != nil {
				return 0, err
			}
		}
	}

	// The hand-over: the session and its threads become the steward's.
	err = s.inTx(ctx, func(tx bun.Tx) error {
		res, err := tx.NewRaw("UPDATE sessions SET steward_id = ?, source_ref = ?, updated_at = ? WHERE id = ? AND steward_id = ?",
			stewardID, sess.SourceRef, s.clock(), sess.ID, StagingStewardID).Exec(ctx)
		if isUniqueViolation(err) {
			return &baton.Error{Code: baton.ECONFLICT, Message: "a session with this source and source_ref was imported meanwhile", Field: "source_ref"}
		} else if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return fmt.Errorf("import of session %s: its staged rows are gone", sess.ID)
		}
		if _, err := tx.NewRaw("UPDATE conversations SET steward_id = ? WHERE session_id = ? AND steward_id = ?",
			stewardID, sess.ID, StagingStewardID).Exec(ctx); err != nil {
			return err
		}
		if err := writeTags(ctx, tx, sess); err != nil {
			return err
		}
		return writeFacets(ctx, tx, sess)
	})
	if err != nil {
		return 0, err
	}
	return stored, nil
}

// removeStagedImport removes a staged session and what was written for it,
// chunk by chunk, so removing a large failed import does not hold other
// writers up either.
func (s *Store) removeStagedImport(ctx context.Context, sessionID string) error {
	chunk := s.importChunkSize()
	for {
		var ids []int64
		err := s.inTx(ctx, func(tx bun.Tx) error {
			if err := tx.NewRaw(`SELECT m.id FROM messages m JOIN conversations c ON c.id = m.conversation_id
				WHERE c.session_id = ? AND c.steward_id = ? LIMIT ?`, sessionID, StagingStewardID, chunk).Scan(ctx, &ids); err != nil {
				return err
			}
			if len(ids) == 0 {
				_, err := tx.NewRaw("DELETE FROM sessions WHERE id = ? AND steward_id = ?", sessionID, StagingStewardID).Exec(ctx)
				return err
			}
			if s.dialect == SQLite {
				// FTS5 keeps its own copy of what the indexer has passed.
				if _, err := tx.NewRaw("DELETE FROM messages_fts WHERE rowid IN (?)", bun.List(ids)).Exec(ctx); err != nil {
					return err
				}
			}
			_, err := tx.NewRaw("DELETE FROM messages WHERE id IN (?)", bun.List(ids)).Exec(ctx)
			return err
		})
		if err != nil || len(ids) == 0 {
			return err
		}
	}
}

// RemoveStaleImports removes the imports whose process died: staged
// sessions no chunk has touched since before. It returns how many it
// removed. The analysis worker calls it at start and then now and again.
func (s *Store) RemoveStaleImports(ctx context.Context, before time.Time) (int, error) {
	var ids []string
	if err := s.db.NewRaw("SELECT id FROM sessions WHERE steward_id = ? AND updated_at < ?",
		StagingStewardID, before.UTC()).Scan(ctx, &ids); err != nil {
		return 0, err
	}
	for i, id := range ids {
		if err := s.removeStagedImport(ctx, id); err != nil {
			return i, err
		}
	}
	return len(ids), nil
}
