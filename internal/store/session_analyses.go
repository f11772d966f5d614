package store

import (
	"context"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// sessionAnalysisRow is a row of session_analyses (migration 0005): what
// the analysis keeps about a session beyond the session's own fields,
// one typed column per value and JSON only for the two lists.
type sessionAnalysisRow struct {
	bun.BaseModel `bun:"table:session_analyses"`

	SessionID    string                   `bun:"session_id,pk"`
	StewardID    int64                    `bun:"steward_id,notnull"`
	AnalysedAt   time.Time                `bun:"analysed_at,notnull"`
	QualityScore float64                  `bun:"quality_score,notnull"`
	QualityParts []baton.QualityPart      `bun:"quality_parts,type:json,notnull"`
	Patterns     []baton.Pattern          `bun:"patterns,type:json,notnull"`
	Trust        float64                  `bun:"trust,notnull"`
	Health       float64                  `bun:"health,notnull"`
	Sentiment    float64                  `bun:"sentiment,notnull"`
	Momentum     string                   `bun:"momentum,notnull"`
	Style        baton.CollaborationStyle `bun:"collaboration_style,notnull"`
	Exchanges    int                      `bun:"exchanges,notnull"`
	Successes    int                      `bun:"successes,notnull"`
	// The session's TrustEffect (migration 0043); NULL in rows stored
	// before it was kept.
	TrustShift *float64 `bun:"trust_shift"`
	TrustLow   *float64 `bun:"trust_low"`
	TrustHigh  *float64 `bun:"trust_high"`
}

func analysisRow(stewardID int64, a *baton.StoredAnalysis) *sessionAnalysisRow {
	r := &sessionAnalysisRow{
		SessionID: a.SessionID, StewardID: stewardID, AnalysedAt: a.AnalysedAt.UTC(),
		QualityScore: a.Quality.Score, QualityParts: a.Quality.Parts, Patterns: a.Patterns,
		Trust: a.Relationship.Trust, Health: a.Relationship.Health, Sentiment: a.Relationship.Sentiment,
		Momentum: a.Relationship.Momentum, Style: a.Relationship.Style,
		Exchanges: a.Relationship.Exchanges, Successes: a.Relationship.Successes,
	}
	if e := a.TrustEffect; e != nil {
		r.TrustShift, r.TrustLow, r.TrustHigh = &e.Shift, &e.Low, &e.High
	}
	// The columns are NOT NULL: an empty list is [], not null.
	if r.QualityParts == nil {
		r.QualityParts = []baton.QualityPart{}
	}
	if r.Patterns == nil {
		r.Patterns = []baton.Pattern{}
	}
	return r
}

func (r *sessionAnalysisRow) stored(startedAt time.Time) *baton.StoredAnalysis {
	a := &baton.StoredAnalysis{
		SessionID: r.SessionID, AnalysedAt: r.AnalysedAt.UTC(),
		Quality:  baton.QualityParts{Parts: r.QualityParts, Score: r.QualityScore},
		Patterns: r.Patterns,
		Relationship: baton.RelationshipPoint{
			SessionID: r.SessionID, StartedAt: startedAt, Trust: r.Trust, Health: r.Health,
			Sentiment: r.Sentiment, Momentum: r.Momentum, Style: r.Style,
			Exchanges: r.Exchanges, Successes: r.Successes,
		},
	}
	if r.TrustShift != nil && r.TrustLow != nil && r.TrustHigh != nil {
		a.TrustEffect = &baton.TrustEffect{Shift: *r.TrustShift, Low: *r.TrustLow, High: *r.TrustHigh}
	}
	return a
}

// SaveSessionAnalysis writes a session's recomputed fields and its stored
// analysis in one transaction, so a page never shows the new arc with the
// old quality. Only the analysis service calls it.
func (s *Store) SaveSessionAnalysis(ctx context.Context, stewardID int64, sess *baton.Session, a *baton.StoredAnalysis) error {
	a.SessionID = sess.ID
	row := analysisRow(stewardID, a)
	return s.inTx(ctx, func(tx bun.Tx) error {
		var oldTitle string
		if err := tx.NewSelect().Model((*baton.Session)(nil)).Column("title").
			Where("id = ? AND steward_id = ?", sess.ID, stewardID).Scan(ctx, &oldTitle); err != nil {
			return notFound(err, "session")
		}
		// The session is the steward's (or this is NotFound), and the row
		// is keyed by the session: the upsert needs no steward check of
		// its own.
		if err := s.updateSession(ctx, tx, stewardID, sess, true); err != nil {
			return err
		}
		// A title the analysis rewrote: the main conversation named after
		// the session follows it (one the steward renamed keeps its name).
		if sess.Title != oldTitle {
			if _, err := tx.NewRaw("UPDATE conversations SET title = ? WHERE session_id = ? AND steward_id = ? AND parent_conversation_id IS NULL AND title = ?",
				sess.Title, sess.ID, stewardID, oldTitle).Exec(ctx); err != nil {
				return err
			}
		}
		_, err := tx.NewInsert().Model(row).
			On("CONFLICT (session_id) DO UPDATE").
			Set("analysed_at = EXCLUDED.analysed_at").
			Set("quality_score = EXCLUDED.quality_score").
			Set("quality_parts = EXCLUDED.quality_parts").
			Set("patterns = EXCLUDED.patterns").
			Set("trust = EXCLUDED.trust").
			Set("health = EXCLUDED.health").
			Set("sentiment = EXCLUDED.sentiment").
			Set("momentum = EXCLUDED.momentum").
			Set("collaboration_style = EXCLUDED.collaboration_style").
			Set("exchanges = EXCLUDED.exchanges").
			Set("successes = EXCLUDED.successes").
			Set("trust_shift = EXCLUDED.trust_shift").
			Set("trust_low = EXCLUDED.trust_low").
			Set("trust_high = EXCLUDED.trust_high").
			Exec(ctx)
		return err
	})
}

// chainRow is a stored analysis with what the relationship chain needs
// of its session.
type chainRow struct {
	sessionAnalysisRow `bun:",extend"`
	StartedAt          time.Time          `bun:"started_at"`
	Relationship       baton.Relationship `bun:"relationship,type:json"`
}

// chainQuery selects the steward's analysed sessions with their start and
// relationship, walking the sessions through their (steward, start, id)
// index: those never analysed have no row to join and are passed over.
func (s *Store) chainQuery(rows *[]chainRow, stewardID int64) *bun.SelectQuery {
	return s.db.NewSelect().Model(rows).ModelTableExpr("session_analyses AS sa").
		Join("JOIN sessions AS s ON s.id = sa.session_id AND s.steward_id = sa.steward_id").
		ColumnExpr("sa.*").ColumnExpr("s.started_at AS started_at").ColumnExpr("s.relationship AS relationship").
		Where("s.steward_id = ?", stewardID)
}

// PreviousAnalysis is the stored analysis of the steward's last analysed
// session before the one that started at startedAt with id sessionID, in
// order of start and then id (the relationship chart's order): the one
// whose trust a session follows on from. nil when there is none.
func (s *Store) PreviousAnalysis(ctx context.Context, stewardID int64, startedAt time.Time, sessionID string) (*baton.StoredAnalysis, error) {
	var rows []chainRow
	err := s.chainQuery(&rows, stewardID).
		Where("(s.started_at < ? OR (s.started_at = ? AND s.id < ?))", startedAt.UTC(), startedAt.UTC(), sessionID).
		OrderExpr("s.started_at DESC, s.id DESC").Limit(1).Scan(ctx)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	return rows[0].stored(rows[0].StartedAt.UTC()), nil
}

// RelationshipLink is one of the steward's analysed sessions as the
// relationship over time chains them: its stored analysis and the
// relationship the session keeps (its page's trust and growth).
type RelationshipLink struct {
	Analysis     *baton.StoredAnalysis
	Relationship baton.Relationship
}

// LaterRelationships are up to limit of the steward's analysed sessions
// after the one that started at startedAt with id sessionID, in order of
// start and then id: the sessions whose trust follows on from it.
func (s *Store) LaterRelationships(ctx context.Context, stewardID int64, startedAt time.Time, sessionID string, limit int) ([]RelationshipLink, error) {
	var rows []chainRow
	err := s.chainQuery(&rows, stewardID).
		Where("(s.started_at > ? OR (s.started_at = ? AND s.id > ?))", startedAt.UTC(), startedAt.UTC(), sessionID).
		OrderExpr("s.started_at ASC, s.id ASC").Limit(int64(limit)).Scan(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]RelationshipLink, len(rows))
	for i := range rows {
		out[i] = RelationshipLink{Analysis: rows[i].stored(rows[i].StartedAt.UTC()), Relationship: rows[i].Relationship}
	}
	return out, nil
}

// SaveFollowedRelationship writes what changes in an analysed session of
// the steward when one before it changed: the relationship it keeps
// (trust, growth), its point's trust and momentum, and its trust effect
// when it was made now (nil: kept as stored). Only the analysis service
// calls it.
func (s *Store) SaveFollowedRelationship(ctx context.Context, stewardID int64, sessionID string, rel baton.Relationship, momentum string, effect *baton.TrustEffect) error {
	return s.inTx(ctx, func(tx bun.Tx) error {
		sess := &baton.Session{ID: sessionID, Relationship: rel}
		res, err := tx.NewUpdate().Model(sess).Column("relationship").
			Where("id = ? AND steward_id = ?", sessionID, stewardID).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return baton.NotFound("session")
		}
		q := tx.NewUpdate().Model((*sessionAnalysisRow)(nil)).
			Set("trust = ?", rel.TrustLevel).Set("momentum = ?", momentum).
			Where("session_id = ? AND steward_id = ?", sessionID, stewardID)
		if effect != nil {
			q = q.Set("trust_shift = ?", effect.Shift).Set("trust_low = ?", effect.Low).Set("trust_high = ?", effect.High)
		}
		res, err = q.Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return baton.NotFound("analysis")
		}
		return nil
	})
}

// SessionAnalysis is the stored analysis of one of the steward's
// sessions; a session never analysed (or another steward's) is NotFound.
func (s *Store) SessionAnalysis(ctx context.Context, stewardID int64, sessionID string) (*baton.StoredAnalysis, error) {
	// Bound values: the session page reads it on every view.
	var rows []*sessionAnalysisRow
	if err := s.readBound(ctx, &rows, s.selectOf((*sessionAnalysisRow)(nil))+" WHERE session_id = ? AND steward_id = ?",
		sessionID, stewardID); err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, baton.NotFound("analysis")
	}
	var sessions []*baton.Session
	if err := s.readBound(ctx, &sessions, `SELECT started_at FROM sessions AS "session" WHERE id = ? AND steward_id = ?`,
		sessionID, stewardID); err != nil {
		return nil, err
	}
	if len(sessions) == 0 {
		return nil, baton.NotFound("session")
	}
	return rows[0].stored(sessions[0].StartedAt.UTC()), nil
}

// SessionAnalyses are the stored analyses of the given sessions of the
// steward, by session id; sessions never analysed are absent.
func (s *Store) SessionAnalyses(ctx context.Context, stewardID int64, sessions []*baton.Session) (map[string]*baton.StoredAnalysis, error) {
	out := make(map[string]*baton.StoredAnalysis, len(sessions))
	if len(sessions) == 0 {
		return out, nil
	}
	ids := make([]string, len(sessions))
	started := make(map[string]time.Time, len(sessions))
	for i, sess := range sessions {
		ids[i] = sess.ID
		started[sess.ID] = sess.StartedAt
	}
	var rows []sessionAnalysisRow
	if err := s.db.NewSelect().Model(&rows).
		Where("steward_id = ? AND session_id IN (?)", stewardID, bun.List(ids)).Scan(ctx); err != nil {
		return nil, err
	}
	for i := range rows {
		out[rows[i].SessionID] = rows[i].stored(started[rows[i].SessionID].UTC())
	}
	return out, nil
}
