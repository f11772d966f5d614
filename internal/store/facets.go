package store

import (
	"context"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// Topics and emotions are session-list filters; like tags they live in
// their own tables (session_topics, session_emotions) so a filter is an
// index lookup, and every write of a session rewrites them.

// sessionTopics are a session's key topics, lower-cased, without repeats.
func sessionTopics(sess *baton.Session) []string {
	return distinctLower(sess.Summary.KeyTopics)
}

// sessionEmotions are the moods a session started and ended with and the
// emotions of its peak moments.
func sessionEmotions(sess *baton.Session) []string {
	arc := sess.EmotionalArc
	all := append(append([]string(nil), arc.StartingMood...), arc.EndingMood...)
	for _, p := range arc.PeakMoments {
		all = append(all, p.Emotion)
	}
	return distinctLower(all)
}

func distinctLower(in []string) []string {
	out := make([]string, 0, len(in))
	seen := map[string]bool{}
	for _, v := range in {
		v = strings.ToLower(strings.TrimSpace(stripNUL(v)))
		if v != "" && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// writeFacets rewrites a session's rows in session_topics and
// session_emotions.
func writeFacets(ctx context.Context, tx bun.IDB, sess *baton.Session) error {
	for _, f := range []struct {
		table, column string
		values        []string
	}{
		{"session_topics", "topic", sessionTopics(sess)},
		{"session_emotions", "emotion", sessionEmotions(sess)},
	} {
		if _, err := tx.NewRaw("DELETE FROM ? WHERE session_id = ? AND steward_id = ?",
			bun.Ident(f.table), sess.ID, sess.StewardID).Exec(ctx); err != nil {
			return err
		}
		for _, v := range f.values {
			if _, err := tx.NewRaw("INSERT INTO ? (session_id, steward_id, ?) VALUES (?, ?, ?)",
				bun.Ident(f.table), bun.Ident(f.column), sess.ID, sess.StewardID, v).Exec(ctx); err != nil {
				return err
			}
		}
	}
	return nil
}

// Topics lists the distinct topics of the steward's sessions, for filters.
func (s *Store) Topics(ctx context.Context, stewardID int64) ([]string, error) {
	var out []string
	err := s.db.NewRaw("SELECT DISTINCT topic FROM session_topics WHERE steward_id = ? ORDER BY topic", stewardID).Scan(ctx, &out)
	return out, err
}

// Emotions lists the distinct moods and peak emotions of the steward's
// sessions, for filters.
func (s *Store) Emotions(ctx context.Context, stewardID int64) ([]string, error) {
	return s.distinctOf(ctx, "session_emotions", "emotion", stewardID)
}
