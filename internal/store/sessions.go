package store

import (
	"context"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Limits on what one session may carry, so one request cannot make every
// list and page that shows the session slow.
const (
	MaxTags        = 64
	maxTagLength   = 100
	MaxPeakMoments = 200
)

// prepareNewSession fills a new session's defaults and checks what a
// client may have got wrong, naming the field.
func (s *Store) prepareNewSession(stewardID int64, sess *baton.Session) error {
	now := s.clock()
	sess.ID = uuid.NewString()
	sess.StewardID = stewardID
	sess.Tokens = baton.SessionTokens{} // counted from the messages as they are written
	sess.Title = strings.TrimSpace(stripNUL(sess.Title))
	if len(sess.Title) > baton.MaxTitleBytes {
		return baton.Invalid("title", "title must be at most %d bytes", baton.MaxTitleBytes)
	}
	if sess.Type == "" {
		sess.Type = baton.SessionChat
	}
	if !sess.Type.Valid() {
		return baton.Invalid("conversation_type", "conversation_type must be one of chat, code_session, analysis, planning, reflection; got %q", sess.Type)
	}
	if sess.ReviewStatus == "" {
		sess.ReviewStatus = baton.ReviewPending
	}
	if !sess.ReviewStatus.Valid() {
		return baton.Invalid("review_status", "review_status must be pending, reviewed or archived; got %q", sess.ReviewStatus)
	}
	if sess.Source == "" {
		sess.Source = "api"
	}
	if sess.QualityScore != nil && (*sess.QualityScore < 0 || *sess.QualityScore > 1) {
		return baton.Invalid("quality_score", "quality_score must be between 0 and 1")
	}
	if sess.StartedAt.IsZero() {
		sess.StartedAt = now
	}
	if err := baton.CheckTime("started_at", sess.StartedAt); err != nil {
		return err
	}
	sess.StartedAt = sess.StartedAt.UTC()
	if sess.EndedAt != nil {
		if err := baton.CheckTime("ended_at", *sess.EndedAt); err != nil {
			return err
		}
		end := sess.EndedAt.UTC()
		if end.Before(sess.StartedAt) {
			return baton.Invalid("ended_at", "ended_at is before started_at")
		}
		sess.EndedAt = &end
		sess.DurationSeconds = baton.DurationSeconds(sess.StartedAt, end)
	}
	tags := make([]string, 0, len(sess.Tags))
	seen := map[string]bool{}
	for _, t := range sess.Tags {
		t = strings.TrimSpace(strings.ToLower(t))
		if t != "" && !seen[t] {
			seen[t] = true
			tags = append(tags, t)
		}
	}
	sess.Tags = tags
	if len(tags) > MaxTags {
		return baton.Invalid("tags", "a session has at most %d tags; got %d", MaxTags, len(tags))
	}
	for i, t := range tags {
		if len(t) > maxTagLength {
			return baton.Invalid(fmt.Sprintf("tags[%d]", i), "tags[%d] must be at most %d characters", i, maxTagLength)
		}
	}
	if n := len(sess.EmotionalArc.PeakMoments); n > MaxPeakMoments {
		return baton.Invalid("emotional_arc.peak_moments", "emotional_arc.peak_moments holds at most %d moments; got %d", MaxPeakMoments, n)
	}
	for i, p := range sess.EmotionalArc.PeakMoments {
		if !p.Timestamp.IsZero() {
			if err := baton.CheckTime(fmt.Sprintf("emotional_arc.peak_moments[%d].timestamp", i), p.Timestamp); err != nil {
				return err
			}
		}
	}
	if sess.Version == "" {
		sess.Version = "2.0"
	}
	if sess.Steward.ID == "" {
		sess.Steward.ID = strconv.FormatInt(stewardID, 10)
	}
	if sess.Steward.ProfileVersion == "" {
		sess.Steward.ProfileVersion = "1"
	}
	sess.PeakCount = len(sess.EmotionalArc.PeakMoments)
	sess.MessageCount = 0
	sess.Project = baton.ProjectOf(sess)
	sess.CreatedAt, sess.UpdatedAt = now, now
	return nil
}

// CreateSession starts a session for the steward with its main conversation.
func (s *Store) CreateSession(ctx context.Context, stewardID int64, sess *baton.Session) error {
	if err := s.prepareNewSession(stewardID, sess); err != nil {
		return err
	}
	return s.inTx(ctx, func(tx bun.Tx) error {
		if err := insertSession(ctx, tx, sess); err != nil {
			return err
		}
		_, err := insertConversation(ctx, tx, sess, baton.ConversationOriginal, sess.Title, nil, s.clock())
		return err
	})
}

func insertSession(ctx context.Context, tx bun.IDB, sess *baton.Session) error {
	if _, err := tx.NewInsert().Model(sess).Exec(ctx); err != nil {
		if isUniqueViolation(err) {
			return &baton.Error{Code: baton.ECONFLICT, Message: "a session with this source and source_ref already exists", Field: "source_ref"}
		}
		return err
	}
	if err := writeTags(ctx, tx, sess); err != nil {
		return err
	}
	return writeFacets(ctx, tx, sess)
}

func writeTags(ctx context.Context, tx bun.IDB, sess *baton.Session) error {
	if _, err := tx.NewRaw("DELETE FROM session_tags WHERE session_id = ? AND steward_id = ?", sess.ID, sess.StewardID).Exec(ctx); err != nil {
		return err
	}
	for _, t := range sess.Tags {
		if _, err := tx.NewRaw("INSERT INTO session_tags (session_id, steward_id, tag) VALUES (?, ?, ?)", sess.ID, sess.StewardID, t).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}

func insertConversation(ctx context.Context, tx bun.IDB, sess *baton.Session, kind, title string, parent *baton.Conversation, now time.Time) (*baton.Conversation, error) {
	c := &baton.Conversation{
		ID: uuid.NewString(), StewardID: sess.StewardID, SessionID: sess.ID,
		Kind: kind, Title: title, CreatedAt: now,
	}
	if parent != nil {
		c.ParentConversationID = &parent.ID
	}
	_, err := tx.NewInsert().Model(c).Exec(ctx)
	return c, err
}

// Session returns one of the steward's sessions.
func (s *Store) Session(ctx context.Context, stewardID int64, id string) (*baton.Session, error) {
	var found []*baton.Session
	if err := s.readBound(ctx, &found, s.selectOf((*baton.Session)(nil))+" WHERE id = ? AND steward_id = ?", id, stewardID); err != nil {
		return nil, err
	}
	if len(found) == 0 {
		return nil, baton.NotFound("session")
	}
	return found[0], nil
}

// UpdateSession writes back a session the steward owns (after analysis, or
// an edit). Identity, owner and counters are not changed.
func (s *Store) UpdateSession(ctx context.Context, stewardID int64, sess *baton.Session) error {
	return s.inTx(ctx, func(tx bun.Tx) error {
		return s.updateSession(ctx, tx, stewardID, sess, false)
	})
}

// updateSession is UpdateSession inside a transaction the caller holds.
// The steward's corrections are written over sess first (corrections.go);
// analysed says sess holds a new analysis, whose values the corrections
// keep as what the analysis said.
func (s *Store) updateSession(ctx context.Context, tx bun.Tx, stewardID int64, sess *baton.Session, analysed bool) error {
	if err := applyCorrectionsInTx(ctx, tx, stewardID, sess, analysed); err != nil {
		return err
	}
	sess.UpdatedAt = s.clock()
	sess.PeakCount = len(sess.EmotionalArc.PeakMoments)
	res, err := tx.NewUpdate().Model(sess).
		ExcludeColumn("id", "steward_id", "message_count", "created_at", // kept by the store:
			"project_repository", "project_directory", // set when stored (baton.Project)
			"tokens_input", "tokens_output", "tokens_cache_read", "tokens_cache_write", "tokens_total", "tokens_cost_usd", "tokens_unpriced").
		Where("id = ? AND steward_id = ?", sess.ID, stewardID).Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return baton.NotFound("session")
	}
	sess.StewardID = stewardID
	if err := writeTags(ctx, tx, sess); err != nil {
		return err
	}
	return writeFacets(ctx, tx, sess)
}

// CloseSession ends an open session now (or at endedAt when given).
func (s *Store) CloseSession(ctx context.Context, stewardID int64, id string, endedAt *time.Time) (*baton.Session, error) {
	sess, err := s.Session(ctx, stewardID, id)
	if err != nil {
		return nil, err
	}
	end := s.clock()
	if endedAt != nil {
		if err := baton.CheckTime("ended_at", *endedAt); err != nil {
			return nil, err
		}
		end = endedAt.UTC()
	}
	if end.Before(sess.StartedAt) {
		return nil, baton.Invalid("ended_at", "ended_at is before the session started")
	}
	sess.EndedAt = &end
	sess.DurationSeconds = baton.DurationSeconds(sess.StartedAt, end)
	_, err = s.db.NewUpdate().Model((*baton.Session)(nil)).
		Set("ended_at = ?, duration_seconds = ?, updated_at = ?", end, sess.DurationSeconds, s.clock()).
		Where("id = ? AND steward_id = ?", id, stewardID).Exec(ctx)
	return sess, err
}

// SetReviewStatus sets the review status of some of the steward's sessions
// and returns how many it changed.
func (s *Store) SetReviewStatus(ctx context.Context, stewardID int64, ids []string, status baton.ReviewStatus) (int, error) {
	if !status.Valid() {
		return 0, baton.Invalid("review_status", "review_status must be pending, reviewed or archived")
	}
	if len(ids) == 0 {
		return 0, nil
	}
	res, err := s.db.NewUpdate().Model((*baton.Session)(nil)).
		Set("review_status = ?, updated_at = ?", status, s.clock()).
		Where("steward_id = ? AND id IN (?)", stewardID, bun.List(ids)).Exec(ctx)
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// DeleteSession removes a session with everything in it.
func (s *Store) DeleteSession(ctx context.Context, stewardID int64, id string) error {
	return s.inTx(ctx, func(tx bun.Tx) error {
		if err := s.search.forget(ctx, tx, stewardID, id); err != nil {
			return err
		}
		res, err := tx.NewDelete().Model((*baton.Session)(nil)).Where("id = ? AND steward_id = ?", id, stewardID).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return baton.NotFound("session")
		}
		_, err = tx.NewRaw("DELETE FROM messages WHERE session_id = ? AND steward_id = ?", id, stewardID).Exec(ctx)
		return err
	})
}

// Sources lists the distinct sources of the steward's sessions, for filters.
func (s *Store) Sources(ctx context.Context, stewardID int64) ([]string, error) {
	return s.distinctOf(ctx, "sessions", "source", stewardID)
}

// Tags lists the distinct tags of the steward's sessions, for filters.
func (s *Store) Tags(ctx context.Context, stewardID int64) ([]string, error) {
	return s.distinctOf(ctx, "session_tags", "tag", stewardID)
}

// distinctOf lists the distinct values of column in the steward's rows of
// table, in order, by stepping from one value to the next through the
// table's (steward_id, column) index: one seek per value, not one row per
// session (SELECT DISTINCT read every row of the steward's, so the session
// list's filter menus grew with the sessions). Empty values are left out,
// as a filter menu cannot offer them.
func (s *Store) distinctOf(ctx context.Context, table, column string, stewardID int64) ([]string, error) {
	// The steward's id is bound (the session list asks this three times
	// on every view: SQLite parses each text once); table and column are
	// the callers' constants.
	out := []string{}
	err := s.readBound(ctx, &out, fmt.Sprintf(`WITH RECURSIVE v(x) AS (
		SELECT (SELECT min("%[2]s") FROM "%[1]s" WHERE steward_id = ? AND "%[2]s" > '')
		UNION ALL
		SELECT (SELECT min("%[2]s") FROM "%[1]s" WHERE steward_id = ? AND "%[2]s" > v.x) FROM v WHERE v.x IS NOT NULL
	) SELECT x FROM v WHERE x IS NOT NULL`, table, column), stewardID, stewardID)
	return out, err
}

// maxPage is the most sessions one page lists.
const maxPage = 200

// ListSessions returns one page of the steward's sessions that match the
// filter, with keyset pagination: the cursor carries the sort value and id
// of the last row, so every page is an index range scan however deep.
func (s *Store) ListSessions(ctx context.Context, stewardID int64, f baton.SessionFilter) (*baton.SessionPage, error) {
	if f.Limit <= 0 || f.Limit > maxPage {
		f.Limit = 50
	}
	if f.Sort == "" {
		f.Sort = baton.SortStartedDesc
	}
	col, desc, err := sessionSortOf(f.Sort)
	if err != nil {
		return nil, err
	}
	var textIDs []string
	if q := strings.TrimSpace(f.Text); q != "" {
		ids, err := s.search.sessionIDs(ctx, s, stewardID, q, 5000)
		if err != nil {
			return nil, err
		}
		if len(ids) == 0 {
			return &baton.SessionPage{Sessions: []*baton.Session{}}, nil
		}
		textIDs = ids
	}
	filter := sessionFilter(stewardID, f, textIDs)
	// A filtered total walks every matching session's index entry (100,000
	// of them for a steward with as many sessions), the page reads 51 rows:
	// they are independent reads, so the count runs on a second connection
	// while the page is read, and the page costs the longer of the two
	// rather than their sum.
	type counted struct {
		n   int
		err error
	}
	count := make(chan counted, 1)
	go func() {
		n, err := s.countSessions(ctx, stewardID, filter, unfiltered(f, textIDs))
		count <- counted{n, err}
	}()
	sessions, err := s.sessionPage(ctx, stewardID, filter, col, desc, f)
	total := <-count
	if err != nil {
		return nil, err
	}
	if total.err != nil {
		return nil, total.err
	}
	page := &baton.SessionPage{Sessions: sessions, Total: total.n}
	if page.Sessions == nil {
		page.Sessions = []*baton.Session{}
	}
	if len(sessions) > f.Limit {
		page.Sessions = sessions[:f.Limit]
		last := page.Sessions[f.Limit-1]
		page.NextCursor = encodeCursor(col.value(last), last.ID)
	}
	return page, nil
}

// countSessions counts the steward's sessions that match filter. On SQLite
// the count of all of them (all is true: the filter is the steward alone) is
// the one row its triggers keep in steward_session_counts; PostgreSQL keeps
// no such row (see its migration) and counts through an index.
func (s *Store) countSessions(ctx context.Context, stewardID int64, filter func(*bun.SelectQuery) *bun.SelectQuery, all bool) (int, error) {
	if all && s.dialect == SQLite {
		var n []int
		err := s.readBound(ctx, &n, "SELECT sessions FROM steward_session_counts WHERE steward_id = ?", stewardID)
		if err != nil || len(n) == 0 {
			return 0, err
		}
		return n[0], nil
	}
	n, err := filter(s.db.NewSelect().Model((*baton.Session)(nil))).Count(ctx)
	return int(n), err
}

// unfiltered reports whether f (with textIDs, the sessions a text search
// found) selects every session of the steward: sessionFilter adds no
// condition but the steward's. Sort, cursor and limit choose the page, not
// the sessions counted.
func unfiltered(f baton.SessionFilter, textIDs []string) bool {
	return len(f.Types) == 0 && f.Source == "" && f.From == nil && f.To == nil && f.ReviewStatus == "" &&
		f.MinQuality == nil && f.Tag == "" && f.Topic == "" && f.Emotion == "" && !f.HasBreakthroughs && textIDs == nil
}

// sessionPage reads the page of sessions f asks for, one more than its
// limit to tell whether another page follows.
func (s *Store) sessionPage(ctx context.Context, stewardID int64, filter func(*bun.SelectQuery) *bun.SelectQuery, col sessionSortColumn, desc bool, f baton.SessionFilter) ([]*baton.Session, error) {
	var sessions []*baton.Session
	dir := "ASC"
	if desc {
		dir = "DESC"
	}
	if f.Cursor == "" && unfiltered(f, nil) && strings.TrimSpace(f.Text) == "" {
		// The first page of the whole list, what the session list shows
		// most: with the steward id bound, SQLite parses the query once and
		// pgx prepares it once (as a Bun query it was a new text each time).
		// The same query as below; the limit stays in the text, as SQLite
		// plans with it.
		err := s.readBound(ctx, &sessions, s.selectOf((*baton.Session)(nil))+" WHERE session.steward_id = ? ORDER BY "+
			col.expr+" "+dir+", session.id "+dir+" LIMIT "+strconv.Itoa(f.Limit+1), stewardID)
		return sessions, err
	}
	q, err := afterCursor(filter(s.db.NewSelect().Model(&sessions)), col, desc, f.Cursor)
	if err != nil {
		return nil, err
	}
	q = q.OrderExpr(col.expr + " " + dir).OrderExpr("session.id " + dir).Limit(int64(f.Limit + 1))
	err = q.Scan(ctx)
	return sessions, err
}

// sessionFilter is the conditions of the filter f on the steward's
// sessions; textIDs, when not nil, are the sessions a text search found.
// A condition added here must also make unfiltered false.
func sessionFilter(stewardID int64, f baton.SessionFilter, textIDs []string) func(q *bun.SelectQuery) *bun.SelectQuery {
	return func(q *bun.SelectQuery) *bun.SelectQuery {
		q = q.Where("session.steward_id = ?", stewardID)
		if len(f.Types) > 0 {
			q = q.Where("session.conversation_type IN (?)", bun.List(f.Types))
		}
		if f.Source != "" {
			q = q.Where("session.source = ?", f.Source)
		}
		if f.From != nil {
			q = q.Where("session.started_at >= ?", f.From.UTC())
		}
		if f.To != nil {
			q = q.Where("session.started_at < ?", f.To.UTC())
		}
		if f.ReviewStatus != "" {
			q = q.Where("session.review_status = ?", f.ReviewStatus)
		}
		if f.MinQuality != nil {
			q = q.Where("session.quality_score >= ?", *f.MinQuality)
		}
		if f.Tag != "" {
			q = q.Where("EXISTS (SELECT 1 FROM session_tags t WHERE t.session_id = session.id AND t.steward_id = ? AND t.tag = ?)", stewardID, strings.ToLower(f.Tag))
		}
		if f.Topic != "" {
			q = q.Where("EXISTS (SELECT 1 FROM session_topics t WHERE t.session_id = session.id AND t.steward_id = ? AND t.topic = ?)", stewardID, strings.ToLower(strings.TrimSpace(f.Topic)))
		}
		if f.Emotion != "" {
			q = q.Where("EXISTS (SELECT 1 FROM session_emotions e WHERE e.session_id = session.id AND e.steward_id = ? AND e.emotion = ?)", stewardID, strings.ToLower(strings.TrimSpace(f.Emotion)))
		}
		if f.HasBreakthroughs {
			q = q.Where("session.peak_count > 0")
		}
		if textIDs != nil {
			q = q.Where("session.id IN (?)", bun.List(textIDs))
		}
		return q
	}
}

// afterCursor starts a page after the row a cursor names: past its sort
// value, or at the same value past its id.
func afterCursor(q *bun.SelectQuery, col sessionSortColumn, desc bool, cursor string) (*bun.SelectQuery, error) {
	if cursor == "" {
		return q, nil
	}
	val, id, err := decodeCursor(cursor)
	if err != nil {
		return nil, err
	}
	op := ">"
	if desc {
		op = "<"
	}
	v, err := col.parse(val)
	if err != nil {
		return nil, baton.Invalid("cursor", "cursor is not valid for this sort")
	}
	return q.Where(fmt.Sprintf("(%s %s ? OR (%s = ? AND session.id %s ?))", col.expr, op, col.expr, op), v, v, id), nil
}

func encodeCursor(val, id string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(val + "|" + id))
}

func decodeCursor(c string) (val, id string, err error) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return "", "", baton.Invalid("cursor", "cursor is not valid")
	}
	val, id, ok := strings.Cut(string(b), "|")
	if !ok {
		return "", "", baton.Invalid("cursor", "cursor is not valid")
	}
	return val, id, nil
}

// stripNUL removes NUL bytes, which neither SQL dialect stores in text.
func stripNUL(s string) string {
	if strings.IndexByte(s, 0) < 0 {
		return s
	}
	return strings.ReplaceAll(s, "\x00", "")
}
