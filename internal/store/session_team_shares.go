package store

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// CommentOnSharedSession adds the steward's comment (a session annotation
// of kind comment, attributed to them) to a session shared with a team in
// which they are a member, not a viewer. The grant is part of the INSERT.
func (s *Store) CommentOnSharedSession(ctx context.Context, stewardID int64, sessionID, note string) (*baton.Annotation, error) {
	a := &baton.Annotation{Kind: baton.AnnotationComment, Note: note}
	if err := prepareAnnotation(a, ""); err != nil {
		// Who cannot read the session learns nothing about the field.
		if _, _, rerr := s.SharedSession(ctx, stewardID, sessionID); rerr != nil {
			return nil, rerr
		}
		return nil, err
	}
	now := s.clock()
	var ids []int64
	err := s.inTx(ctx, func(tx bun.Tx) error {
		return tx.NewRaw(`INSERT INTO annotations (steward_id, session_id, message_id, kind, label, dimension, value, note, created_at, author_id)
			SELECT s.steward_id, s.id, NULL, ?, '', '', NULL, ?, ?, ? FROM sessions s
			WHERE s.id = ? AND (s.steward_id = ? OR `+sharedGrant("s.id", "s.steward_id", true)+`) RETURNING id`,
			baton.AnnotationComment, a.Note, now, stewardID, sessionID, stewardID, baton.TeamShareSession, stewardID).Scan(ctx, &ids)
	})
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		// A viewer may read but not comment; anyone else does not see it.
		if _, _, err := s.SharedSession(ctx, stewardID, sessionID); err != nil {
			return nil, err
		}
		return nil, baton.Errorf(baton.EFORBIDDEN, "viewers of a team may read this session but not comment")
	}
	a.ID, a.SessionID, a.CreatedAt, a.AuthorID = ids[0], sessionID, now, &stewardID
	return a, nil
}

// SharedSessionComments lists the comments on a session the steward may
// read (their own or shared with one of their teams), oldest first, each
// with its author's name.
func (s *Store) SharedSessionComments(ctx context.Context, stewardID int64, sessionID string) ([]*baton.Annotation, error) {
	out := []*baton.Annotation{}
	err := s.db.NewRaw(`SELECT a.id, a.session_id, a.kind, a.note, a.created_at, a.author_id,
		coalesce(nullif(w.display_name, ''), w.username) AS author_name
		FROM annotations a JOIN sessions s ON s.id = a.session_id AND s.steward_id = a.steward_id
		JOIN stewards w ON w.id = coalesce(a.author_id, a.steward_id)
		WHERE a.session_id = ? AND a.message_id IS NULL AND a.kind = ? AND `+readable("s.id", "s.steward_id")+`
		ORDER BY a.id`, sessionID, baton.AnnotationComment, stewardID, baton.TeamShareSession, stewardID).Scan(ctx, &out)
	return out, err
}
