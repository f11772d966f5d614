package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// bridgeColumns select a bridge with its sessions' titles.
const bridgeColumns = `b.id, b.steward_id, b.bridge_type, b.from_session, b.to_session, b.status, b.revision,
	b.published_revision, (b.status = 'published' AND b.revision > b.published_revision) AS unpublished_changes,
	b.transferred_context, b.handoff_instructions, b.quality, b.effectiveness, b.created_at, b.updated_at, b.published_at,
	coalesce(f.title, '') AS from_title, coalesce(t.title, '') AS to_title`

const bridgeFrom = ` FROM bridges b
	LEFT JOIN sessions f ON f.id = b.from_session AND f.steward_id = b.steward_id
	LEFT JOIN sessions t ON t.id = b.to_session AND t.steward_id = b.steward_id`

// DraftBridge stores the bridge Baton drafted from a session as a new
// revision by "baton". The session's bridge is created when it has none;
// one the steward has already edited or published keeps the steward's
// content (only its quality is recomputed by the caller later), and
// redrafted reports false.
func (s *Store) DraftBridge(ctx context.Context, stewardID int64, b *baton.Bridge) (redrafted bool, err error) {
	now := s.clock()
	err = s.inTx(ctx, func(tx bun.Tx) error {
		var n int
		if err := tx.NewRaw("SELECT count(*) FROM sessions WHERE id = ? AND steward_id = ?", b.FromSession, stewardID).Scan(ctx, &n); err != nil {
			return err
		} else if n == 0 {
			return baton.NotFound("session")
		}
		existing, err := bridgeWhere(ctx, tx, stewardID, "b.from_session = ? AND b.bridge_type = ?", b.FromSession, b.Type)
		if err != nil && baton.ErrorCode(err) != baton.ENOTFOUND {
			return err
		}
		if existing == nil {
			b.ID = uuid.NewString()
			b.StewardID = stewardID
			b.Status = baton.BridgeDraft
			b.Revision = 1
			b.CreatedAt, b.UpdatedAt = now, now
			if _, err := tx.NewInsert().Model(b).Exec(ctx); err != nil {
				return err
			}
			redrafted = true
			return insertRevision(ctx, tx, b, baton.AuthorBaton, "drafted at finalize", now)
		}
		var edited int
		if err := tx.NewRaw("SELECT count(*) FROM bridge_revisions WHERE bridge_id = ? AND steward_id = ? AND author <> ?",
			existing.ID, stewardID, baton.AuthorBaton).Scan(ctx, &edited); err != nil {
			return err
		}
		if edited > 0 || existing.Status == baton.BridgePublished {
			*b = *existing
			return nil
		}
		existing.BridgeContent = b.BridgeContent
		existing.Quality = b.Quality
		existing.Revision++
		existing.UpdatedAt = now
		if err := updateBridge(ctx, tx, existing); err != nil {
			return err
		}
		redrafted = true
		*b = *existing
		return insertRevision(ctx, tx, existing, baton.AuthorBaton, "redrafted at finalize", now)
	})
	return redrafted, err
}

func insertRevision(ctx context.Context, tx bun.IDB, b *baton.Bridge, author, note string, now time.Time) error {
	rev := &baton.BridgeRevision{BridgeID: b.ID, StewardID: b.StewardID, Revision: b.Revision, Author: author, Note: note,
		CreatedAt: now, BridgeContent: b.BridgeContent}
	_, err := tx.NewInsert().Model(rev).Exec(ctx)
	return err
}

func updateBridge(ctx context.Context, tx bun.IDB, b *baton.Bridge) error {
	_, err := tx.NewUpdate().Model(b).
		Column("to_session", "status", "revision", "published_revision", "transferred_context", "handoff_instructions", "quality", "effectiveness", "updated_at", "published_at").
		Where("id = ? AND steward_id = ?", b.ID, b.StewardID).Exec(ctx)
	return err
}

func bridgeWhere(ctx context.Context, db bun.IDB, stewardID int64, where string, args ...any) (*baton.Bridge, error) {
	var out []*baton.Bridge
	q := "SELECT " + bridgeColumns + bridgeFrom + " WHERE b.steward_id = ? AND " + where + " LIMIT 1"
	if err := db.NewRaw(q, append([]any{stewardID}, args...)...).Scan(ctx, &out); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, baton.NotFound("bridge")
	}
	return out[0], nil
}

// Bridge returns one of the steward's bridges.
func (s *Store) Bridge(ctx context.Context, stewardID int64, id string) (*baton.Bridge, error) {
	return bridgeWhere(ctx, s.db, stewardID, "b.id = ?", id)
}

// SessionBridge returns the handoff bridge drafted from one of the
// steward's sessions.
func (s *Store) SessionBridge(ctx context.Context, stewardID int64, sessionID string) (*baton.Bridge, error) {
	return bridgeWhere(ctx, s.db, stewardID, "b.from_session = ? AND b.bridge_type = ?", sessionID, baton.BridgeHandoff)
}

// BridgeInto returns the bridge that handed over to one of the steward's
// sessions.
func (s *Store) BridgeInto(ctx context.Context, stewardID int64, sessionID string) (*baton.Bridge, error) {
	return bridgeWhere(ctx, s.db, stewardID, "b.to_session = ?", sessionID)
}

// Bridges lists the steward's bridges: those awaiting review first
// (drafts, and published bridges with unpublished changes), then the
// others, newest first within each.
func (s *Store) Bridges(ctx context.Context, stewardID int64, limit int) ([]*baton.Bridge, error) {
	if limit <= 0 || limit > 500 {
		limit = 500
	}
	out := []*baton.Bridge{}
	q := "SELECT " + bridgeColumns + bridgeFrom + ` WHERE b.steward_id = ?
		ORDER BY CASE WHEN b.revision > b.published_revision THEN 0 ELSE 1 END, coalesce(f.started_at, b.created_at) DESC, b.id LIMIT ?`
	if err := s.db.NewRaw(q, stewardID, limit).Scan(ctx, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// ProjectBridge returns the bridge a new session of a project receives:
// of the bridges drafted from the steward's sessions in that project
// (any session when the project is not known), leaving out the session
// exclude and, when before is set, sessions that started after it — a
// published one before any draft, then one from the same branch, then the
// newest session's.
func (s *Store) ProjectBridge(ctx context.Context, stewardID int64, q baton.ProjectQuery, exclude string, before *time.Time) (*baton.Bridge, error) {
	where, args := projectWhere("f", q)
	query := "SELECT " + bridgeColumns + bridgeFrom + ` WHERE b.steward_id = ? AND b.from_session <> ?` + where
	args = append([]any{stewardID, exclude}, args...)
	if before != nil {
		query += " AND f.started_at < ?"
		args = append(args, before.UTC())
	}
	query += ` ORDER BY CASE WHEN b.status = 'published' THEN 0 ELSE 1 END,
		CASE WHEN f.branch = ? AND f.branch <> '' THEN 0 ELSE 1 END, coalesce(f.started_at, b.created_at) DESC, b.id LIMIT 1`
	args = append(args, q.Branch)
	var out []*baton.Bridge
	if err := s.db.NewRaw(query, args...).Scan(ctx, &out); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, baton.NotFound("bridge")
	}
	return out[0], nil
}

// SaveBridge stores the steward's edit of a bridge as a new revision. The
// edit must start from the bridge's latest revision (baseRevision): a
// stale edit is refused with ECONFLICT and changes nothing, so two tabs
// never overwrite each other silently. An edit of a published bridge
// stays unpublished (UnpublishedChanges) and the published revision stays
// in force until the bridge is published again. quality is recomputed by
// the caller from the new content.
func (s *Store) SaveBridge(ctx context.Context, stewardID int64, id string, baseRevision int, author string,
	content baton.BridgeContent, quality baton.BridgeQuality) (*baton.Bridge, error) {
	var out *baton.Bridge
	err := s.inTx(ctx, func(tx bun.Tx) error {
		b, err := bridgeWhere(ctx, tx, stewardID, "b.id = ?", id)
		if err != nil {
			return err
		}
		if baseRevision > b.Revision || baseRevision < 1 {
			// Not a revision this bridge has had: a mistake, not a race.
			return baton.Invalid("base_revision", "base_revision %d is not a revision of this bridge: its latest is %d", baseRevision, b.Revision)
		}
		if b.Revision != baseRevision {
			out = b
			return &baton.Error{Code: baton.ECONFLICT, Field: "base_revision",
				Message: "the bridge changed since this edit began: revision " + itoa(int64(b.Revision)) + " is newer than " + itoa(int64(baseRevision))}
		}
		now := s.clock()
		b.BridgeContent = content
		b.Quality.Completeness, b.Quality.Clarity, b.Quality.Relevance, b.Quality.Why, b.Quality.Noise =
			quality.Completeness, quality.Clarity, quality.Relevance, quality.Why, quality.Noise
		b.Revision++
		b.UpdatedAt = now
		b.UnpublishedChanges = b.Status == baton.BridgePublished && b.Revision > b.PublishedRevision
		if err := updateBridge(ctx, tx, b); err != nil {
			return err
		}
		out = b
		return insertRevision(ctx, tx, b, author, "", now)
	})
	return out, err
}

// PublishBridge publishes the latest revision of one of the steward's
// bridges: what the next session receives from now on.
func (s *Store) PublishBridge(ctx context.Context, stewardID int64, id string) (*baton.Bridge, error) {
	var out *baton.Bridge
	err := s.inTx(ctx, func(tx bun.Tx) error {
		b, err := bridgeWhere(ctx, tx, stewardID, "b.id = ?", id)
		if err != nil {
			return err
		}
		if b.Status != baton.BridgePublished || b.PublishedRevision != b.Revision {
			now := s.clock()
			b.Status, b.PublishedRevision, b.PublishedAt, b.UpdatedAt = baton.BridgePublished, b.Revision, &now, now
			b.UnpublishedChanges = false
			if err := updateBridge(ctx, tx, b); err != nil {
				return err
			}
		}
		out = b
		return nil
	})
	return out, err
}

// LinkBridge records the session a bridge handed over to.
func (s *Store) LinkBridge(ctx context.Context, stewardID int64, bridgeID, toSession string) error {
	res, err := s.db.NewRaw(`UPDATE bridges SET to_session = ? WHERE id = ? AND steward_id = ?
		AND EXISTS (SELECT 1 FROM sessions WHERE id = ? AND steward_id = ?)`,
		toSession, bridgeID, stewardID, toSession, stewardID).Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return baton.NotFound("bridge")
	}
	return nil
}

// SetBridgeMeasures stores a bridge's effectiveness and quality figures.
func (s *Store) SetBridgeMeasures(ctx context.Context, stewardID int64, id string, q baton.BridgeQuality, e *baton.Effectiveness) error {
	b := &baton.Bridge{ID: id, StewardID: stewardID, Quality: q, Effectiveness: e}
	res, err := s.db.NewUpdate().Model(b).Column("quality", "effectiveness").Where("id = ? AND steward_id = ?", id, stewardID).Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return baton.NotFound("bridge")
	}
	return nil
}

// BridgeRevisions lists every revision of one of the steward's bridges,
// newest first.
func (s *Store) BridgeRevisions(ctx context.Context, stewardID int64, bridgeID string) ([]*baton.BridgeRevision, error) {
	out := []*baton.BridgeRevision{}
	if err := s.db.NewSelect().Model(&out).Where("bridge_id = ? AND steward_id = ?", bridgeID, stewardID).
		Order("revision DESC").Scan(ctx); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, baton.NotFound("bridge")
	}
	return out, nil
}

// BridgeRevision returns one revision of one of the steward's bridges.
func (s *Store) BridgeRevision(ctx context.Context, stewardID int64, bridgeID string, revision int) (*baton.BridgeRevision, error) {
	rev := new(baton.BridgeRevision)
	err := s.db.NewSelect().Model(rev).Where("bridge_id = ? AND steward_id = ? AND revision = ?", bridgeID, stewardID, revision).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, baton.NotFound("revision")
	}
	return rev, err
}
