package store

import (
	"context"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

type watchedFileRow struct {
	bun.BaseModel `bun:"table:watched_files"`
	StewardID     int64 `bun:"steward_id,pk"`
	baton.WatchedFile
}

// maxWatchedReport bounds one report of watched files.
const maxWatchedReport = 5000

// checkWatchedFile refuses a file's state naming the field at fault by its
// whole path (files[2].mod_time).
func checkWatchedFile(at string, f baton.WatchedFile) error {
	if strings.TrimSpace(f.Path) == "" {
		return baton.Invalid(at+"path", "%spath is required", at)
	}
	for name, v := range map[string]string{"path": f.Path, "agent": f.Agent, "folder": f.Folder, "error": f.Error} {
		if strings.ContainsRune(v, 0) {
			return baton.Invalid(at+name, "%s%s holds a NUL character", at, name)
		}
	}
	if f.Size < 0 {
		return baton.Invalid(at+"size", "%ssize must be 0 or more bytes, not %d", at, f.Size)
	}
	for _, t := range []struct {
		name string
		t    time.Time
	}{{"mod_time", f.ModTime}, {"seen_at", f.SeenAt}} {
		if err := baton.CheckTime(at+t.name, t.t); err != nil {
			return err
		}
	}
	for _, t := range []struct {
		name string
		t    *time.Time
	}{{"synced_at", f.SyncedAt}, {"deleted_at", f.DeletedAt}, {"replaced_at", f.ReplacedAt}} {
		if t.t != nil {
			if err := baton.CheckTime(at+t.name, *t.t); err != nil {
				return err
			}
		}
	}
	return nil
}

// ReportWatchedFiles records what a watcher says of the steward's files:
// each file's latest state replaces the one stored. A session id a file
// names must be the steward's; ids that are not are dropped, so a report
// can never point at another steward's session.
func (s *Store) ReportWatchedFiles(ctx context.Context, stewardID int64, files []baton.WatchedFile) error {
	if len(files) > maxWatchedReport {
		return baton.Invalid("files", "a report holds at most %d files; got %d", maxWatchedReport, len(files))
	}
	for i, f := range files {
		if err := checkWatchedFile("files["+strconv.Itoa(i)+"].", f); err != nil {
			return err
		}
	}
	return s.inTx(ctx, func(tx bun.Tx) error {
		for _, f := range files {
			ids, err := ownSessionIDs(ctx, tx, stewardID, f.SessionIDs)
			if err != nil {
				return err
			}
			kept, err := ownSessionIDs(ctx, tx, stewardID, f.KeptSessionIDs)
			if err != nil {
				return err
			}
			row := &watchedFileRow{StewardID: stewardID, WatchedFile: f}
			row.SessionIDs, row.KeptSessionIDs = ids, kept
			row.ModTime, row.SeenAt = f.ModTime.UTC(), f.SeenAt.UTC()
			if _, err := tx.NewInsert().Model(row).
				On("CONFLICT (steward_id, path) DO UPDATE").
				Set("agent = EXCLUDED.agent").
				Set("folder = EXCLUDED.folder").
				Set("size = EXCLUDED.size").
				Set("mod_time = EXCLUDED.mod_time").
				Set("synced_at = EXCLUDED.synced_at").
				Set("session_ids = EXCLUDED.session_ids").
				Set("error = EXCLUDED.error").
				Set("deleted_at = EXCLUDED.deleted_at").
				Set("seen_at = EXCLUDED.seen_at").
				Set("replaced_at = EXCLUDED.replaced_at").
				Set("kept_session_ids = EXCLUDED.kept_session_ids").
				Exec(ctx); err != nil {
				return err
			}
		}
		return nil
	})
}

// ownSessionIDs keeps the ids that name the steward's sessions.
func ownSessionIDs(ctx context.Context, db bun.IDB, stewardID int64, ids []string) ([]string, error) {
	if len(ids) == 0 {
		return []string{}, nil
	}
	var own []string
	err := db.NewSelect().Table("sessions").Column("id").
		Where("steward_id = ? AND id IN (?)", stewardID, bun.List(ids)).Scan(ctx, &own)
	sort.Strings(own)
	if own == nil {
		own = []string{}
	}
	return own, err
}

// WatchedFiles lists the steward's watched files, by folder and path.
func (s *Store) WatchedFiles(ctx context.Context, stewardID int64) ([]baton.WatchedFile, error) {
	var rows []watchedFileRow
	err := s.db.NewSelect().Model(&rows).Where("steward_id = ?", stewardID).
		Order("folder", "path").Scan(ctx)
	out := make([]baton.WatchedFile, len(rows))
	for i := range rows {
		out[i] = rows[i].WatchedFile
	}
	return out, err
}

// SessionKeptByBaton says when the agent deleted the file a session of the
// steward's came from, or wrote it anew without the session, if it did and
// no other watched file still holds the session (a rotated or moved file):
// Baton is then the only copy.
func (s *Store) SessionKeptByBaton(ctx context.Context, stewardID int64, sessionID string) (*time.Time, error) {
	if strings.ContainsAny(sessionID, "%_\\") {
		return nil, nil // not a session id (they are UUIDs)
	}
	// Only the rows whose ids mention the session are read; the loop
	// below checks the match exactly.
	// On SQLite instr, not LIKE: a statement whose LIKE pattern is bound
	// is parsed again each time it runs (SQLite plans by the pattern).
	mentions := "instr(session_ids, ?) > 0 OR instr(kept_session_ids, ?) > 0"
	pattern := sessionID
	if s.dialect != SQLite {
		mentions, pattern = "session_ids::text LIKE ? OR kept_session_ids::text LIKE ?", "%"+sessionID+"%"
	}
	var rows []watchedFileRow
	err := s.readBound(ctx, &rows, s.selectOf((*watchedFileRow)(nil))+" WHERE steward_id = ? AND ("+mentions+")",
		stewardID, pattern, pattern)
	if err != nil {
		return nil, err
	}
	var first *time.Time
	for _, r := range rows {
		for _, id := range r.KeptSessionIDs {
			if id == sessionID && r.ReplacedAt != nil && (first == nil || r.ReplacedAt.Before(*first)) {
				first = r.ReplacedAt
			}
		}
		for _, id := range r.SessionIDs {
			if id != sessionID {
				continue
			}
			if r.DeletedAt == nil {
				return nil, nil // still on disk somewhere
			}
			if first == nil || r.DeletedAt.Before(*first) {
				first = r.DeletedAt
			}
		}
	}
	return first, nil
}
