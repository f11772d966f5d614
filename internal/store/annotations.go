package store

import (
	"context"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// Limits on what an annotation may carry.
const (
	maxLabelLength = 60
	maxNoteLength  = 10000
	maxAnnotations = 500 // one listing page
)

// prepareAnnotation checks an annotation and fills what the store decides.
// field prefixes the names in errors ("" for a form, "annotations[2]." for a batch).
func prepareAnnotation(a *baton.Annotation, field string) error {
	a.Kind = strings.ToLower(strings.TrimSpace(a.Kind))
	a.Note = strings.TrimSpace(stripNUL(a.Note))
	a.Label = baton.NormalizeLabel(a.Label)
	a.Dimension = strings.Join(strings.Fields(strings.ToLower(stripNUL(a.Dimension))), " ")
	if utf8.RuneCountInString(a.Note) > maxNoteLength {
		return baton.Invalid(field+"note", "note must be at most %d characters", maxNoteLength)
	}
	switch a.Kind {
	case baton.AnnotationComment:
		if a.Note == "" {
			return baton.Invalid(field+"note", "a comment needs text: note is empty")
		}
		a.Label, a.Dimension, a.Value = "", "", nil
	case baton.AnnotationLabel:
		if a.Label == "" {
			return baton.Invalid(field+"label", "label is required for a label annotation")
		}
		if utf8.RuneCountInString(a.Label) > maxLabelLength {
			return baton.Invalid(field+"label", "label must be at most %d characters", maxLabelLength)
		}
		a.Dimension, a.Value = "", nil
	case baton.AnnotationScore:
		if a.Dimension == "" {
			return baton.Invalid(field+"dimension", "dimension is required for a score (what is scored, such as accuracy)")
		}
		if utf8.RuneCountInString(a.Dimension) > maxLabelLength {
			return baton.Invalid(field+"dimension", "dimension must be at most %d characters", maxLabelLength)
		}
		if a.Value == nil {
			return baton.Invalid(field+"value", "value is required for a score: a number from 0 to 1")
		}
		if v := *a.Value; math.IsNaN(v) || v < 0 || v > 1 {
			return baton.Invalid(field+"value", "value must be from 0 to 1")
		}
		a.Label = ""
	case "":
		return baton.Invalid(field+"kind", "kind is required: comment, label or score")
	default:
		return baton.Invalid(field+"kind", "kind must be comment, label or score; got %q", a.Kind)
	}
	return nil
}

// AddAnnotations adds annotations to one of the steward's sessions or to
// one of its messages (messageID 0 annotates the session), all of them or
// none. The session or message must be the steward's, or it is not found.
func (s *Store) AddAnnotations(ctx context.Context, stewardID int64, sessionID string, messageID int64, as []*baton.Annotation) error {
	for i, a := range as {
		field := ""
		if len(as) > 1 {
			field = "annotations[" + itoa(int64(i)) + "]."
		}
		if err := prepareAnnotation(a, field); err != nil {
			return err
		}
	}
	return s.inTx(ctx, func(tx bun.Tx) error {
		var n int
		if messageID != 0 {
			var ids []string
			if err := tx.NewRaw("SELECT session_id FROM messages WHERE id = ? AND steward_id = ?", messageID, stewardID).
				Scan(ctx, &ids); err != nil {
				return err
			}
			if len(ids) == 0 || (sessionID != "" && ids[0] != sessionID) {
				return baton.NotFound("message")
			}
			sessionID = ids[0]
		} else if err := tx.NewRaw("SELECT count(*) FROM sessions WHERE id = ? AND steward_id = ?", sessionID, stewardID).
			Scan(ctx, &n); err != nil {
			return err
		} else if n == 0 {
			return baton.NotFound("session")
		}
		now := s.clock()
		for _, a := range as {
			a.ID = 0
			a.StewardID = stewardID
			a.SessionID = sessionID
			a.MessageID = nil
			if messageID != 0 {
				id := messageID
				a.MessageID = &id
			}
			a.CreatedAt = now
			if _, err := tx.NewInsert().Model(a).Returning("id").Exec(ctx); err != nil {
				return err
			}
		}
		return nil
	})
}

// annotationQuery selects the steward's annotations with the sequence
// number of their message, the conversation it is in when that is not the
// main one (a replay's message 7 is not the original's), and the title of
// their session. AnnotationsOfSession writes the same query with bound
// values: a change here belongs there too.
func (s *Store) annotationQuery(out *[]*baton.Annotation, stewardID int64) *bun.SelectQuery {
	return s.db.NewSelect().Model(out).
		ColumnExpr("annotation.*").
		ColumnExpr("m.seq AS message_seq").
		ColumnExpr("CASE WHEN mc.parent_conversation_id IS NOT NULL THEN mc.id ELSE '' END AS message_conversation_id").
		ColumnExpr("sess.title AS session_title").
		Join("JOIN sessions AS sess ON sess.id = annotation.session_id AND sess.steward_id = annotation.steward_id").
		Join("LEFT JOIN messages AS m ON m.id = annotation.message_id AND m.steward_id = annotation.steward_id").
		Join("LEFT JOIN conversations AS mc ON mc.id = m.conversation_id").
		Where("annotation.steward_id = ?", stewardID)
}

// Annotation returns one of the steward's annotations.
func (s *Store) Annotation(ctx context.Context, stewardID, id int64) (*baton.Annotation, error) {
	var out []*baton.Annotation
	if err := s.annotationQuery(&out, stewardID).Where("annotation.id = ?", id).Scan(ctx); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, baton.NotFound("annotation")
	}
	return out[0], nil
}

// SessionAnnotations returns the annotations of one of the steward's
// sessions on the session itself (not on its messages), oldest first.
func (s *Store) SessionAnnotations(ctx context.Context, stewardID int64, sessionID string) ([]*baton.Annotation, error) {
	out := []*baton.Annotation{}
	err := s.annotationQuery(&out, stewardID).
		Where("annotation.session_id = ? AND annotation.message_id IS NULL", sessionID).
		Order("annotation.id").Scan(ctx)
	return out, err
}

// AnnotationsOfSession returns every annotation of one of the steward's
// sessions, on the session itself and on its messages, oldest first: the
// session page's review block and transcript both show them, and reading
// them once, with bound values, took two Bun queries (parsed anew by
// SQLite, prepared anew by pgx) and a count off each view.
func (s *Store) AnnotationsOfSession(ctx context.Context, stewardID int64, sessionID string) ([]*baton.Annotation, error) {
	out := []*baton.Annotation{}
	err := s.readBound(ctx, &out, `SELECT annotation.*, m.seq AS message_seq,
		CASE WHEN mc.parent_conversation_id IS NOT NULL THEN mc.id ELSE '' END AS message_conversation_id,
		sess.title AS session_title
		FROM annotations AS annotation
		JOIN sessions AS sess ON sess.id = annotation.session_id AND sess.steward_id = annotation.steward_id
		LEFT JOIN messages AS m ON m.id = annotation.message_id AND m.steward_id = annotation.steward_id
		LEFT JOIN conversations AS mc ON mc.id = m.conversation_id
		WHERE annotation.steward_id = ? AND annotation.session_id = ? ORDER BY annotation.id`, stewardID, sessionID)
	return out, err
}

// MessageAnnotations returns the steward's annotations of the given
// messages, oldest first, by message id: what a transcript chunk shows
// under each message.
func (s *Store) MessageAnnotations(ctx context.Context, stewardID int64, messageIDs []int64) (map[int64][]*baton.Annotation, error) {
	byMsg := map[int64][]*baton.Annotation{}
	if len(messageIDs) == 0 {
		return byMsg, nil
	}
	var out []*baton.Annotation
	if err := s.annotationQuery(&out, stewardID).
		Where("annotation.message_id IN (?)", bun.List(messageIDs)).
		Order("annotation.id").Scan(ctx); err != nil {
		return nil, err
	}
	for _, a := range out {
		byMsg[*a.MessageID] = append(byMsg[*a.MessageID], a)
	}
	return byMsg, nil
}

// ListAnnotations returns the steward's annotations that match the
// filter, newest first, one page of f.Limit (at most 500), and whether
// there are more (then the next page starts Before the last id).
func (s *Store) ListAnnotations(ctx context.Context, stewardID int64, f baton.AnnotationFilter) ([]*baton.Annotation, bool, error) {
	if f.Limit <= 0 || f.Limit > maxAnnotations {
		f.Limit = 100
	}
	if f.Kind != "" && !slices.Contains(baton.AnnotationKinds, f.Kind) {
		return nil, false, baton.Invalid("kind", "kind must be comment, label or score; got %q", f.Kind)
	}
	out := []*baton.Annotation{}
	q := s.annotationQuery(&out, stewardID)
	if f.Kind != "" {
		q = q.Where("annotation.kind = ?", f.Kind)
	}
	if f.Label != "" {
		q = q.Where("annotation.label = ?", baton.NormalizeLabel(f.Label))
	}
	if f.Dimension != "" {
		q = q.Where("annotation.dimension = ?", strings.Join(strings.Fields(strings.ToLower(f.Dimension)), " "))
	}
	if f.SessionID != "" {
		q = q.Where("annotation.session_id = ?", f.SessionID)
	}
	if f.From != nil {
		q = q.Where("annotation.created_at >= ?", f.From.UTC())
	}
	if f.To != nil {
		q = q.Where("annotation.created_at < ?", f.To.UTC())
	}
	if f.Before > 0 {
		q = q.Where("annotation.id < ?", f.Before)
	}
	if err := q.OrderExpr("annotation.id DESC").Limit(int64(f.Limit + 1)).Scan(ctx); err != nil {
		return nil, false, err
	}
	more := len(out) > f.Limit
	if more {
		out = out[:f.Limit]
	}
	return out, more, nil
}

// DeleteAnnotation removes one of the steward's annotations and returns
// it as it was, so pages can redraw where it stood.
func (s *Store) DeleteAnnotation(ctx context.Context, stewardID, id int64) (*baton.Annotation, error) {
	a, err := s.Annotation(ctx, stewardID, id)
	if err != nil {
		return nil, err
	}
	res, err := s.db.NewDelete().Model((*baton.Annotation)(nil)).Where("id = ? AND steward_id = ?", id, stewardID).Exec(ctx)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, baton.NotFound("annotation")
	}
	return a, nil
}

// AnnotationLabels lists the labels the steward has used, for the forms'
// suggestions.
func (s *Store) AnnotationLabels(ctx context.Context, stewardID int64) ([]string, error) {
	var labels []string
	err := s.readBound(ctx, &labels, "SELECT DISTINCT label FROM annotations WHERE steward_id = ? AND label <> '' ORDER BY label", stewardID)
	return labels, err
}

// AnnotationFacets lists the labels and score dimensions the steward has
// used, and the sessions they annotated (id and title, most recently
// annotated first, at most 200), for the review page's filters.
func (s *Store) AnnotationFacets(ctx context.Context, stewardID int64) (labels, dimensions []string, sessions []*baton.Session, err error) {
	if labels, err = s.AnnotationLabels(ctx, stewardID); err != nil {
		return
	}
	if err = s.db.NewRaw("SELECT DISTINCT dimension FROM annotations WHERE steward_id = ? AND dimension <> '' ORDER BY dimension", stewardID).
		Scan(ctx, &dimensions); err != nil {
		return
	}
	err = s.db.NewSelect().Model(&sessions).Column("id", "title").
		Where("steward_id = ? AND id IN (SELECT session_id FROM annotations WHERE steward_id = ?)", stewardID, stewardID).
		Order("started_at DESC").Limit(200).Scan(ctx)
	return
}

// SetMessageImpact replaces what one of the steward's messages led to
// (insight, change of direction, significance 0–1, triggered action) and
// returns the message.
func (s *Store) SetMessageImpact(ctx context.Context, stewardID, messageID int64, impact baton.Impact) (*baton.Message, error) {
	if math.IsNaN(impact.Significance) || impact.Significance < 0 || impact.Significance > 1 {
		return nil, baton.Invalid("significance", "significance must be from 0 to 1")
	}
	impact.TriggeredAction = strings.TrimSpace(stripNUL(impact.TriggeredAction))
	if utf8.RuneCountInString(impact.TriggeredAction) > 500 {
		return nil, baton.Invalid("triggered_action", "triggered_action must be at most 500 characters")
	}
	m := &baton.Message{ID: messageID, Impact: impact}
	res, err := s.db.NewUpdate().Model(m).Column("impact").
		Where("id = ? AND steward_id = ?", messageID, stewardID).Exec(ctx)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, baton.NotFound("message")
	}
	return s.Message(ctx, stewardID, messageID)
}
