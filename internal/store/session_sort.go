package store

import (
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// sessionSortColumn is how the session list sorts on one column: the SQL
// expression it orders by, and how the keyset cursor carries the value of
// the last row shown (value writes it, parse reads it back for the query).
type sessionSortColumn struct {
	expr  string
	value func(*baton.Session) string
	parse func(string) (any, error)
}

func parseText(v string) (any, error) { return v, nil }
func parseInt(v string) (any, error)  { return strconv.ParseInt(v, 10, 64) }
func parseFloat(v string) (any, error) {
	return strconv.ParseFloat(v, 64)
}
func parseTime(v string) (any, error) { return time.Parse(time.RFC3339Nano, v) }

// sessionSortColumns maps each of baton.SessionSortKeys to its column. A
// missing value sorts as the lowest (a session not scored yet has quality -1).
var sessionSortColumns = map[string]sessionSortColumn{
	"title":  {"session.title", func(s *baton.Session) string { return s.Title }, parseText},
	"type":   {"session.conversation_type", func(s *baton.Session) string { return string(s.Type) }, parseText},
	"source": {"session.source", func(s *baton.Session) string { return s.Source }, parseText},
	"started": {"session.started_at", func(s *baton.Session) string {
		return s.StartedAt.UTC().Format(time.RFC3339Nano)
	}, parseTime},
	"duration": {"session.duration_seconds", func(s *baton.Session) string { return strconv.FormatInt(s.DurationSeconds, 10) }, parseInt},
	"messages": {"session.message_count", func(s *baton.Session) string { return strconv.Itoa(s.MessageCount) }, parseInt},
	// Token totals and estimated cost (migration 0009, session_tokens.go).
	"tokens": {"session.tokens_total", func(s *baton.Session) string { return strconv.FormatInt(s.Tokens.Total, 10) }, parseInt},
	"cost": {"session.tokens_cost_usd", func(s *baton.Session) string {
		return strconv.FormatFloat(s.Tokens.CostUSD, 'g', -1, 64)
	}, parseFloat},
	"quality": {"coalesce(session.quality_score, -1)", func(s *baton.Session) string {
		v := -1.0
		if s.QualityScore != nil {
			v = *s.QualityScore
		}
		return strconv.FormatFloat(v, 'g', -1, 64)
	}, parseFloat},
	"review": {"session.review_status", func(s *baton.Session) string { return string(s.ReviewStatus) }, parseText},
}

// sessionSortOf reads a sort value ("quality_desc") into its column and direction.
func sessionSortOf(sort string) (sessionSortColumn, bool, error) {
	key, desc, ok := baton.ParseSessionSort(sort)
	col, known := sessionSortColumns[key]
	if !ok || !known {
		var all []string
		for _, k := range baton.SessionSortKeys {
			all = append(all, k+"_desc", k+"_asc")
		}
		return sessionSortColumn{}, false, baton.Invalid("sort", "sort must be one of %s; got %q", strings.Join(all, ", "), sort)
	}
	return col, desc, nil
}
