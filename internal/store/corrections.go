package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// A steward's corrections live in session_corrections (migration 0023),
// one row per corrected field, apart from the analysis. The session's own
// columns hold the corrected value, so every reader of a session (lists,
// facets, bridges, the next-session context, summaries, exports) shows the
// steward's value without knowing corrections exist: the correction is
// written over the session when it is made, and over each new analysis in
// the transaction that saves it (applyCorrectionsInTx).

// correctionRow is a row of session_corrections.
type correctionRow struct {
	bun.BaseModel `bun:"table:session_corrections"`

	SessionID string          `bun:"session_id,pk"`
	Field     string          `bun:"field,pk"`
	StewardID int64           `bun:"steward_id,notnull"`
	Value     json.RawMessage `bun:"value,type:json,notnull"`
	Extracted json.RawMessage `bun:"extracted,type:json,notnull"`
	EditedAt  time.Time       `bun:"edited_at,notnull"`
}

func (r *correctionRow) correction() (baton.Correction, error) {
	c := baton.Correction{SessionID: r.SessionID, Field: baton.CorrectionField(r.Field), EditedAt: r.EditedAt.UTC()}
	if err := c.Value.Decode(c.Field, r.Value); err != nil {
		return c, fmt.Errorf("correction %s of session %s: %w", r.Field, r.SessionID, err)
	}
	if err := c.Extracted.Decode(c.Field, r.Extracted); err != nil {
		return c, fmt.Errorf("correction %s of session %s: %w", r.Field, r.SessionID, err)
	}
	return c, nil
}

// correctionsInTx reads the corrections of one of the steward's sessions,
// in the order of baton.CorrectionFields.
func correctionsInTx(ctx context.Context, db bun.IDB, stewardID int64, sessionID string) ([]baton.Correction, error) {
	var rows []correctionRow
	if err := db.NewSelect().Model(&rows).
		Where("session_id = ? AND steward_id = ?", sessionID, stewardID).Scan(ctx); err != nil {
		return nil, err
	}
	return correctionsOf(rows)
}

// correctionsOf orders a session's correction rows by baton.CorrectionFields.
func correctionsOf(rows []correctionRow) ([]baton.Correction, error) {
	byField := map[baton.CorrectionField]baton.Correction{}
	for i := range rows {
		c, err := rows[i].correction()
		if err != nil {
			return nil, err
		}
		byField[c.Field] = c
	}
	out := make([]baton.Correction, 0, len(rows))
	for _, f := range baton.CorrectionFields {
		if c, ok := byField[f]; ok {
			out = append(out, c)
		}
	}
	return out, nil
}

// Corrections lists the steward's corrections of one of their sessions,
// in the order of baton.CorrectionFields; another steward's session (or
// none) is NotFound.
func (s *Store) Corrections(ctx context.Context, stewardID int64, sessionID string) ([]baton.Correction, error) {
	// Bound values: the session page reads these on every view.
	var found []string
	if err := s.readBound(ctx, &found, "SELECT id FROM sessions WHERE id = ? AND steward_id = ?", sessionID, stewardID); err != nil {
		return nil, err
	}
	if len(found) == 0 {
		return nil, baton.NotFound("session")
	}
	return s.CorrectionsOf(ctx, stewardID, &baton.Session{ID: sessionID})
}

// CorrectionsOf is Corrections of a session the caller has read with the
// steward's id: the session page reads it once, not once per section.
func (s *Store) CorrectionsOf(ctx context.Context, stewardID int64, sess *baton.Session) ([]baton.Correction, error) {
	var rows []correctionRow
	if err := s.readBound(ctx, &rows, s.selectOf((*correctionRow)(nil))+" WHERE session_id = ? AND steward_id = ?", sess.ID, stewardID); err != nil {
		return nil, err
	}
	return correctionsOf(rows)
}

// CorrectSession stores the steward's new values for the fields the edit
// sets (Normalize it first) and writes them over the session, in one
// transaction. What the analysis said of a field is kept from its first
// correction on. It returns the session as corrected and all its
// corrections; another steward's session (or none) is NotFound, and then
// nothing is written.
func (s *Store) CorrectSession(ctx context.Context, stewardID int64, sessionID string, edit *baton.SessionEdit) (*baton.Session, []baton.Correction, error) {
	var (
		sess *baton.Session
		out  []baton.Correction
	)
	err := s.inTx(ctx, func(tx bun.Tx) error {
		sess = new(baton.Session)
		if err := tx.NewSelect().Model(sess).Where("id = ? AND steward_id = ?", sessionID, stewardID).Scan(ctx); err != nil {
			return notFound(err, "session")
		}
		existing, err := correctionsInTx(ctx, tx, stewardID, sessionID)
		if err != nil {
			return err
		}
		extracted := baton.FieldValuesOf(sess) // the session holds the analysis where no correction is
		for _, c := range existing {
			extracted.Take(c.Field, &c.Extracted)
		}
		now := s.clock()
		before := baton.FieldValuesOf(sess)
		values := edit.Values()
		if edit.Decisions != nil {
			at := sess.StartedAt
			if sess.EndedAt != nil {
				at = *sess.EndedAt
			}
			values.Decisions = baton.MergeDecisions(values.Decisions, before.Decisions, at)
		}
		oldTitle := sess.Title
		for _, f := range edit.Fields() {
			value, err := values.Encode(f)
			if err != nil {
				return err
			}
			was, err := extracted.Encode(f)
			if err != nil {
				return err
			}
			row := &correctionRow{SessionID: sessionID, Field: string(f), StewardID: stewardID, Value: value, Extracted: was, EditedAt: now}
			if _, err := tx.NewInsert().Model(row).On("CONFLICT (session_id, field) DO UPDATE").
				Set("value = EXCLUDED.value").Set("edited_at = EXCLUDED.edited_at").Exec(ctx); err != nil {
				return err
			}
			values.ApplyTo(sess, f)
		}
		if err := s.writeCorrectedInTx(ctx, tx, sess, oldTitle); err != nil {
			return err
		}
		out, err = correctionsInTx(ctx, tx, stewardID, sessionID)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return sess, out, nil
}

// RevertCorrection drops the steward's correction of one field of their
// session and puts back what the analysis said of it. A session (or
// field) without that correction is NotFound.
func (s *Store) RevertCorrection(ctx context.Context, stewardID int64, sessionID string, field baton.CorrectionField) (*baton.Session, error) {
	if !field.Valid() {
		return nil, baton.Invalid("field", "field must be one of title, decisions, tasks, topics, technologies; got %q", field)
	}
	sess := new(baton.Session)
	err := s.inTx(ctx, func(tx bun.Tx) error {
		if err := tx.NewSelect().Model(sess).Where("id = ? AND steward_id = ?", sessionID, stewardID).Scan(ctx); err != nil {
			return notFound(err, "session")
		}
		row := new(correctionRow)
		if err := tx.NewSelect().Model(row).Where("session_id = ? AND steward_id = ? AND field = ?", sessionID, stewardID, string(field)).
			Scan(ctx); err != nil {
			return notFound(err, "correction")
		}
		c, err := row.correction()
		if err != nil {
			return err
		}
		if _, err := tx.NewDelete().Model((*correctionRow)(nil)).
			Where("session_id = ? AND steward_id = ? AND field = ?", sessionID, stewardID, string(field)).Exec(ctx); err != nil {
			return err
		}
		oldTitle := sess.Title
		c.Extracted.ApplyTo(sess, field)
		return s.writeCorrectedInTx(ctx, tx, sess, oldTitle)
	})
	if err != nil {
		return nil, err
	}
	return sess, nil
}

// writeCorrectedInTx writes the correctable fields of a session (and the
// topics facet) after a correction; a main conversation that was named
// after the session follows its title.
func (s *Store) writeCorrectedInTx(ctx context.Context, tx bun.Tx, sess *baton.Session, oldTitle string) error {
	sess.UpdatedAt = s.clock()
	if _, err := tx.NewUpdate().Model(sess).Column("title", "summary", "progress", "technical_context", "updated_at").
		Where("id = ? AND steward_id = ?", sess.ID, sess.StewardID).Exec(ctx); err != nil {
		return err
	}
	if err := writeFacets(ctx, tx, sess); err != nil {
		return err
	}
	if sess.Title != oldTitle {
		if _, err := tx.NewRaw("UPDATE conversations SET title = ? WHERE session_id = ? AND steward_id = ? AND parent_conversation_id IS NULL AND title = ?",
			sess.Title, sess.ID, sess.StewardID, oldTitle).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}

// applyCorrectionsInTx writes the steward's corrections over a session
// about to be saved. With analysed, sess holds a new analysis: what it
// says of each corrected field is kept as the correction's extracted
// value first (the title only when the analysis changed it, as the
// analysis does not always write one).
func applyCorrectionsInTx(ctx context.Context, tx bun.IDB, stewardID int64, sess *baton.Session, analysed bool) error {
	corrections, err := correctionsInTx(ctx, tx, stewardID, sess.ID)
	if err != nil || len(corrections) == 0 {
		return err
	}
	fresh := baton.FieldValuesOf(sess)
	for _, c := range corrections {
		if analysed && !fresh.Same(c.Field, &c.Extracted) && (c.Field != baton.FieldTitle || fresh.Title != c.Value.Title) {
			was, err := fresh.Encode(c.Field)
			if err != nil {
				return err
			}
			if _, err := tx.NewRaw("UPDATE session_corrections SET extracted = ? WHERE session_id = ? AND steward_id = ? AND field = ?",
				string(was), sess.ID, stewardID, string(c.Field)).Exec(ctx); err != nil {
				return err
			}
		}
		c.Value.ApplyTo(sess, c.Field)
	}
	return nil
}

// correctedTitleInTx is the steward's corrected title of a session, if
// they corrected it.
func correctedTitleInTx(ctx context.Context, tx bun.IDB, stewardID int64, sessionID string) (string, bool, error) {
	var raw []string
	if err := tx.NewRaw("SELECT value FROM session_corrections WHERE session_id = ? AND steward_id = ? AND field = ?",
		sessionID, stewardID, string(baton.FieldTitle)).Scan(ctx, &raw); err != nil || len(raw) == 0 {
		return "", false, err
	}
	var title string
	if err := json.Unmarshal([]byte(raw[0]), &title); err != nil {
		return "", false, err
	}
	return title, true, nil
}

// recordExtractedTitleInTx keeps a title an import derived as what the
// analysis said of a corrected title.
func recordExtractedTitleInTx(ctx context.Context, tx bun.IDB, stewardID int64, sessionID, title string) error {
	was, err := json.Marshal(title)
	if err != nil {
		return err
	}
	_, err = tx.NewRaw("UPDATE session_corrections SET extracted = ? WHERE session_id = ? AND steward_id = ? AND field = ?",
		string(was), sessionID, stewardID, string(baton.FieldTitle)).Exec(ctx)
	return err
}

// CorrectedSession is a session the steward corrected, with its
// corrections: an evaluation case.
type CorrectedSession struct {
	Session     *baton.Session
	Corrections []baton.Correction
}

// CorrectedSessions lists the steward's corrected sessions, the most
// recently corrected first.
func (s *Store) CorrectedSessions(ctx context.Context, stewardID int64) ([]CorrectedSession, error) {
	var ids []string
	if err := s.db.NewRaw(`SELECT session_id FROM session_corrections WHERE steward_id = ?
		GROUP BY session_id ORDER BY MAX(edited_at) DESC, session_id`, stewardID).Scan(ctx, &ids); err != nil {
		return nil, err
	}
	out := make([]CorrectedSession, 0, len(ids))
	for _, id := range ids {
		sess, err := s.Session(ctx, stewardID, id)
		if err != nil {
			return nil, err
		}
		cs, err := correctionsInTx(ctx, s.db, stewardID, id)
		if err != nil {
			return nil, err
		}
		out = append(out, CorrectedSession{Session: sess, Corrections: cs})
	}
	return out, nil
}

// CorrectedSessionCount is how many of the steward's sessions they corrected.
func (s *Store) CorrectedSessionCount(ctx context.Context, stewardID int64) (int, error) {
	var n int
	err := s.db.NewRaw("SELECT COUNT(DISTINCT session_id) FROM session_corrections WHERE steward_id = ?", stewardID).Scan(ctx, &n)
	return n, err
}
