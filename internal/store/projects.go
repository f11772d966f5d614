package store

import (
	"context"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// projectWhere is the condition (" AND …", or "" for any project) that
// keeps the sessions (alias a) of a project: the same repository, or the
// same working directory (baton.ProjectQuery.Matches).
func projectWhere(a string, q baton.ProjectQuery) (string, []any) {
	switch {
	case q.Repository != "" && q.Directory != "":
		return " AND (" + a + ".project_repository = ? OR " + a + ".project_directory = ?)", []any{q.Repository, q.Directory}
	case q.Repository != "":
		return " AND " + a + ".project_repository = ?", []any{q.Repository}
	case q.Directory != "":
		return " AND " + a + ".project_directory = ?", []any{q.Directory}
	}
	return "", nil
}

// BranchInOtherProjects reports whether the steward has a session on
// q.Branch that is of another project than q's (of any two projects when
// q names none). Frames record a branch and no repository, so the frames
// of a branch two projects share ("main") cannot be told apart.
func (s *Store) BranchInOtherProjects(ctx context.Context, stewardID int64, q baton.ProjectQuery) (bool, error) {
	// A session with no project (a chat) is of no other project.
	query := `SELECT s.project_repository || '|' || s.project_directory FROM sessions s
		WHERE s.steward_id = ? AND s.branch = ? AND (s.project_repository <> '' OR s.project_directory <> '')`
	args := []any{stewardID, q.Branch}
	limit := 2
	if where, whereArgs := projectWhere("s", q); where != "" {
		query += " AND NOT (" + strings.TrimPrefix(where, " AND ") + ")"
		args = append(args, whereArgs...)
		limit = 1
	} else {
		query = strings.Replace(query, "SELECT", "SELECT DISTINCT", 1)
	}
	var rows []string
	if err := s.db.NewRaw(query+" LIMIT ?", append(args, limit)...).Scan(ctx, &rows); err != nil {
		return false, err
	}
	return len(rows) >= limit, nil
}

// PreviousInProject returns the session of the steward's that a session
// follows: of the project's sessions that started before it, one on the
// same branch when there is one, the latest. A session with no project
// follows none (ENOTFOUND): nothing says what it continues.
func (s *Store) PreviousInProject(ctx context.Context, stewardID int64, sess *baton.Session) (*baton.Session, error) {
	q := baton.QueryOf(sess)
	if !q.Known() {
		return nil, baton.NotFound("session")
	}
	where, args := projectWhere("s", q)
	var ids []string
	err := s.db.NewRaw(`SELECT s.id FROM sessions s WHERE s.steward_id = ? AND s.id <> ? AND s.started_at < ?`+where+`
		ORDER BY CASE WHEN s.branch = ? AND s.branch <> '' THEN 0 ELSE 1 END, s.started_at DESC, s.id LIMIT 1`,
		append(append([]any{stewardID, sess.ID, sess.StartedAt.UTC()}, args...), q.Branch)...).Scan(ctx, &ids)
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, baton.NotFound("session")
	}
	return s.Session(ctx, stewardID, ids[0])
}

// LatestInProject returns the id of the steward's most recently started
// session of a project (any session when the project is not known),
// leaving out exclude; one on the queried branch comes first.
func (s *Store) LatestInProject(ctx context.Context, stewardID int64, q baton.ProjectQuery, exclude string, before *time.Time) (string, error) {
	where, args := projectWhere("s", q)
	query := `SELECT s.id FROM sessions s WHERE s.steward_id = ? AND s.id <> ?` + where
	args = append([]any{stewardID, exclude}, args...)
	if before != nil {
		query += " AND s.started_at < ?"
		args = append(args, before.UTC())
	}
	query += ` ORDER BY CASE WHEN s.branch = ? AND s.branch <> '' THEN 0 ELSE 1 END, s.started_at DESC, s.id LIMIT 1`
	var ids []string
	if err := s.db.NewRaw(query, append(args, q.Branch)...).Scan(ctx, &ids); err != nil {
		return "", err
	}
	if len(ids) == 0 {
		return "", baton.NotFound("session")
	}
	return ids[0], nil
}

// ProjectSessions returns up to limit of the steward's completed sessions
// of a project, newest first.
func (s *Store) ProjectSessions(ctx context.Context, stewardID int64, q baton.ProjectQuery, limit int) ([]*baton.Session, error) {
	where, args := projectWhere("session", q) // bun's alias of the sessions table
	out := []*baton.Session{}
	err := s.db.NewSelect().Model(&out).
		Where("session.steward_id = ? AND session.ended_at IS NOT NULL"+where, append([]any{stewardID}, args...)...).
		OrderExpr("session.started_at DESC, session.id").Limit(int64(limit)).Scan(ctx)
	return out, err
}
