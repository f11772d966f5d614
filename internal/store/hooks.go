package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"maps"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// HookEvent is one Claude Code hook event as it is kept.
type HookEvent struct {
	RequestID  string
	Name       string
	Payload    []byte // JSON
	OccurredAt time.Time
}

// HookReceipt says what RecordHook did.
type HookReceipt struct {
	// New is false when the request id was received before: the event
	// changed nothing the second time.
	New bool
	// Grew reports that some transcript lines were new.
	Grew bool
	// Offsets are the bytes received so far of each transcript file.
	Offsets map[string]int64
	// State is the hooked session's state after the event.
	State []byte
}

// HookSnapshot is a hooked session as a request finds it: its state (JSON;
// "{}" before its first event) and the bytes received so far of each
// transcript file.
type HookSnapshot struct {
	State   []byte
	Offsets map[string]int64
}

// ErrHookStale is RecordHook's answer when the hooked session is no longer
// as the snapshot read it (another request of the session came between):
// nothing was written; read it again and retry.
var ErrHookStale = errors.New("the hooked session changed since it was read")

// HookSnapshot reads the steward's hooked session ref (Claude Code's
// session id) as RecordHook will compare it.
func (s *Store) HookSnapshot(ctx context.Context, stewardID int64, ref string) (HookSnapshot, error) {
	snap := HookSnapshot{State: []byte("{}"), Offsets: map[string]int64{}}
	var state string
	err := s.db.NewRaw("SELECT state FROM hook_sessions WHERE steward_id = ? AND source_ref = ?", stewardID, ref).Scan(ctx, &state)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return snap, err
	default:
		snap.State = []byte(state)
	}
	return snap, hookOffsets(ctx, s.db, stewardID, ref, snap.Offsets)
}

// RecordHook records one hook request for the steward's hooked session
// ref, in one transaction: the hooked session on its first event, the
// event once per request id with next as the session's new state, and the
// transcript chunks that continue what was received. A chunk that
// overlaps what was received keeps only its new whole lines; one that
// would leave a gap is refused (the receipt's offsets tell the client
// where to resume). A repeated event changes no state. When the session
// is no longer as read says, it writes nothing and returns ErrHookStale.
//
// On SQLite, hook events share the write transaction with the appends
// and other hook events queued beside them (group commit, append_group.go).
func (s *Store) RecordHook(ctx context.Context, stewardID int64, ref string, ev HookEvent, chunks []baton.TranscriptChunk,
	read HookSnapshot, next []byte) (HookReceipt, error) {
	var rc HookReceipt
	record := func(ctx context.Context, tx bun.Tx) error {
		var err error
		rc, err = s.recordHookInTx(ctx, tx, stewardID, ref, ev, chunks, read, next)
		return err
	}
	var err error
	if s.dialect == SQLite {
		err = s.inGroup(ctx, 1+len(chunks), record, func() { rc = HookReceipt{} })
	} else {
		err = s.inTx(ctx, func(tx bun.Tx) error { return record(ctx, tx) })
	}
	if err != nil {
		return HookReceipt{Offsets: map[string]int64{}}, err
	}
	return rc, nil
}

// recordHookInTx is RecordHook inside the transaction the caller holds.
func (s *Store) recordHookInTx(ctx context.Context, tx bun.Tx, stewardID int64, ref string, ev HookEvent, chunks []baton.TranscriptChunk,
	read HookSnapshot, next []byte) (HookReceipt, error) {
	rc := HookReceipt{Offsets: map[string]int64{}}
	now := s.clock()
	if _, err := tx.NewRaw(`INSERT INTO hook_sessions (steward_id, source_ref, state, created_at, updated_at)
		VALUES (?, ?, '{}', ?, ?) ON CONFLICT (steward_id, source_ref) DO NOTHING`, stewardID, ref, now, now).Exec(ctx); err != nil {
		return rc, err
	}
	lock := ""
	if s.dialect == Postgres {
		lock = " FOR UPDATE" // SQLite's IMMEDIATE transaction already holds the write lock
	}
	var state string
	if err := tx.NewRaw("SELECT state FROM hook_sessions WHERE steward_id = ? AND source_ref = ?"+lock, stewardID, ref).
		Scan(ctx, &state); err != nil {
		return rc, err
	}
	if err := hookOffsets(ctx, tx, stewardID, ref, rc.Offsets); err != nil {
		return rc, err
	}
	if state != string(read.State) || !maps.Equal(rc.Offsets, read.Offsets) {
		return rc, ErrHookStale
	}
	rc.State = []byte(state)
	res, err := tx.NewRaw(`INSERT INTO hook_events (steward_id, source_ref, request_id, event, payload, occurred_at, received_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (steward_id, request_id) DO NOTHING`,
		stewardID, ref, ev.RequestID, ev.Name, string(ev.Payload), ev.OccurredAt.UTC(), now).Exec(ctx)
	if err != nil {
		return rc, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		rc.New = true
		if _, err := tx.NewRaw("UPDATE hook_sessions SET state = ?, updated_at = ? WHERE steward_id = ? AND source_ref = ?",
			string(next), now, stewardID, ref).Exec(ctx); err != nil {
			return rc, err
		}
		rc.State = next
	}
	for _, c := range chunks {
		have := rc.Offsets[c.File]
		lines := []byte(c.Lines)
		end := c.Offset + int64(len(lines))
		switch {
		case len(lines) == 0 || end <= have:
			continue // nothing new
		case c.Offset > have:
			continue // a gap: lines in between never arrived
		case c.Offset < have:
			skip := have - c.Offset
			if lines[skip-1] != '\n' {
				continue // does not line up with what was received
			}
			lines = lines[skip:]
		}
		if _, err := tx.NewRaw(`INSERT INTO hook_transcript_chunks (steward_id, source_ref, file, start_offset, end_offset, lines, received_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, stewardID, ref, c.File, have, end, lines, now).Exec(ctx); err != nil {
			return rc, err
		}
		rc.Offsets[c.File] = end
		rc.Grew = true
	}
	return rc, nil
}

func hookOffsets(ctx context.Context, db bun.IDB, stewardID int64, ref string, into map[string]int64) error {
	var rows []struct {
		File string `bun:"file"`
		End  int64  `bun:"end_offset"`
	}
	if err := db.NewRaw(`SELECT file, max(end_offset) AS end_offset FROM hook_transcript_chunks
		WHERE steward_id = ? AND source_ref = ? GROUP BY file`, stewardID, ref).Scan(ctx, &rows); err != nil {
		return err
	}
	for _, r := range rows {
		into[r.File] = r.End
	}
	return nil
}

// HookTranscripts returns every transcript line received for the steward's
// hooked session ref: the main transcript, and each subagent's by file name.
func (s *Store) HookTranscripts(ctx context.Context, stewardID int64, ref string) (main []byte, subagents map[string][]byte, err error) {
	var rows []struct {
		File  string `bun:"file"`
		Lines []byte `bun:"lines"`
	}
	if err := s.db.NewRaw(`SELECT file, lines FROM hook_transcript_chunks
		WHERE steward_id = ? AND source_ref = ? ORDER BY file, start_offset`, stewardID, ref).Scan(ctx, &rows); err != nil {
		return nil, nil, err
	}
	files := map[string]*bytes.Buffer{}
	for _, r := range rows {
		if files[r.File] == nil {
			files[r.File] = new(bytes.Buffer)
		}
		files[r.File].Write(r.Lines)
	}
	subagents = map[string][]byte{}
	for name, buf := range files {
		if name == "" {
			main = buf.Bytes()
		} else {
			subagents[name] = buf.Bytes()
		}
	}
	return main, subagents, nil
}

// HookState returns the state of the steward's hooked session ref, or nil
// when no event of it has arrived.
func (s *Store) HookState(ctx context.Context, stewardID int64, ref string) ([]byte, error) {
	var state string
	err := s.db.NewRaw("SELECT state FROM hook_sessions WHERE steward_id = ? AND source_ref = ?", stewardID, ref).Scan(ctx, &state)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return []byte(state), err
}

// SessionBySource returns the steward's session imported from a source
// document (source and source_ref), or ENOTFOUND.
//
// A reference names at most one session (the unique partial index), read
// with bound values: an import and the watcher look each document's
// session up before writing it, and SQLite parsing Bun's query, its
// values in the text, each time was ~1% of a first sync's CPU.
func (s *Store) SessionBySource(ctx context.Context, stewardID int64, source, ref string) (*baton.Session, error) {
	cond, args := bySourceRef("", stewardID, source, ref)
	if ref == "" {
		sess := new(baton.Session)
		err := s.db.NewSelect().Model(sess).Where(cond, args...).Scan(ctx)
		return sess, notFound(err, "session")
	}
	var found []*baton.Session
	if err := s.readBound(ctx, &found, s.selectOf((*baton.Session)(nil))+" WHERE "+cond, args...); err != nil {
		return nil, err
	}
	if len(found) == 0 {
		return nil, baton.NotFound("session")
	}
	return found[0], nil
}

// SourceIDs returns the source ids of every message of one of the
// steward's sessions, by the source_ref of their conversation (an import's
// conversation key), so an importer can leave out what is already stored.
func (s *Store) SourceIDs(ctx context.Context, stewardID int64, sessionID string) (map[string]map[string]bool, error) {
	var rows []struct {
		Conv     string `bun:"source_ref"`
		SourceID string `bun:"source_id"`
	}
	if err := s.db.NewRaw(`SELECT c.source_ref, m.source_id FROM messages m
		JOIN conversations c ON c.id = m.conversation_id AND c.steward_id = m.steward_id
		WHERE m.session_id = ? AND m.steward_id = ?`, sessionID, stewardID).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	out := map[string]map[string]bool{}
	for _, r := range rows {
		if out[r.Conv] == nil {
			out[r.Conv] = map[string]bool{}
		}
		out[r.Conv][r.SourceID] = true
	}
	return out, nil
}

// UpdateSourceFacts writes what a source document says about one of the
// steward's sessions as it grows — title (of the session and its main
// conversation), branch, assistant and its attributes (each key it has
// replaces the session's; the others stay) — leaving the analysis, the
// review, the counters and a title the steward corrected alone.
func (s *Store) UpdateSourceFacts(ctx context.Context, stewardID int64, sessionID string, src *baton.Session) error {
	sess := &baton.Session{ID: sessionID, Title: strings.TrimSpace(stripNUL(src.Title)), Branch: src.Branch, Assistant: src.Assistant,
		UpdatedAt: s.clock()}
	return s.inTx(ctx, func(tx bun.Tx) error {
		cur := new(baton.Session)
		if err := tx.NewSelect().Model(cur).Column("attributes").Where("id = ? AND steward_id = ?", sessionID, stewardID).Scan(ctx); err != nil {
			return notFound(err, "session")
		}
		sess.Attributes = make(map[string]any, len(cur.Attributes)+len(src.Attributes))
		for k, v := range cur.Attributes {
			sess.Attributes[k] = v
		}
		for k, v := range src.Attributes {
			sess.Attributes[k] = v
		}
		// A title the steward corrected stays; the source's is what the
		// analysis said (corrections.go).
		if corrected, ok, err := correctedTitleInTx(ctx, tx, stewardID, sessionID); err != nil {
			return err
		} else if ok {
			if sess.Title != "" {
				if err := recordExtractedTitleInTx(ctx, tx, stewardID, sessionID, sess.Title); err != nil {
					return err
				}
			}
			sess.Title = corrected
		}
		res, err := tx.NewUpdate().Model(sess).Column("title", "branch", "assistant", "attributes", "updated_at").
			Where("id = ? AND steward_id = ?", sessionID, stewardID).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return baton.NotFound("session")
		}
		_, err = tx.NewRaw(`UPDATE conversations SET title = ? WHERE session_id = ? AND steward_id = ? AND parent_conversation_id IS NULL`,
			sess.Title, sessionID, stewardID).Exec(ctx)
		return err
	})
}

// ReopenSession marks one of the steward's closed sessions open again (a
// session resumed after it ended). An open session is left alone.
func (s *Store) ReopenSession(ctx context.Context, stewardID int64, sessionID string) error {
	_, err := s.db.NewRaw(`UPDATE sessions SET ended_at = NULL, duration_seconds = 0, updated_at = ?
		WHERE id = ? AND steward_id = ? AND ended_at IS NOT NULL`, s.clock(), sessionID, stewardID).Exec(ctx)
	return err
}

// bySourceRef is the condition that finds the steward's session of a
// source document (source and its non-empty source_ref) through the unique
// index sessions_steward_source_ref. That index is partial (WHERE
// source_ref <> ”), and SQLite uses a partial index only when the query
// itself says its condition: with source_ref = ? alone it read every
// session of the source (sessions_steward_source) and each one's row, for
// each lookup, so a first sync's lookups grew with the sessions it had
// stored. ref "" keeps the plain condition (no session is found through
// the index then).
func bySourceRef(alias string, stewardID int64, source, ref string) (string, []any) {
	cond := alias + "steward_id = ? AND " + alias + "source = ? AND " + alias + "source_ref = ?"
	if ref != "" {
		cond += " AND " + alias + "source_ref <> ''"
	}
	return cond, []any{stewardID, source, ref}
}
