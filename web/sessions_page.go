package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// parseSessionFilter reads the session list's filters from the query; the
// same names serve the page and the API.
func parseSessionFilter(q url.Values) (baton.SessionFilter, error) {
	f := baton.SessionFilter{
		Source: q.Get("source"), Tag: q.Get("tag"), Topic: q.Get("topic"), Emotion: q.Get("emotion"), Text: strings.TrimSpace(q.Get("q")),
		Sort: q.Get("sort"), Cursor: q.Get("cursor"), ReviewStatus: baton.ReviewStatus(q.Get("review")),
		HasBreakthroughs: q.Get("breakthroughs") == "1" || q.Get("breakthroughs") == "true",
	}
	for _, t := range q["type"] {
		if t == "" {
			continue
		}
		if !baton.SessionType(t).Valid() {
			return f, baton.Invalid("type", "type must be one of chat, code_session, analysis, planning, reflection; got %q", t)
		}
		f.Types = append(f.Types, baton.SessionType(t))
	}
	if f.ReviewStatus != "" && !f.ReviewStatus.Valid() {
		return f, baton.Invalid("review", "review must be pending, reviewed or archived; got %q", f.ReviewStatus)
	}
	for _, d := range []struct {
		name string
		dst  **time.Time
		add  time.Duration
	}{{"from", &f.From, 0}, {"to", &f.To, 24 * time.Hour}} {
		v := q.Get(d.name)
		if v == "" {
			continue
		}
		t, err := time.Parse("2006-01-02", v)
		if err != nil {
			if t, err = time.Parse(time.RFC3339, v); err != nil {
				return f, baton.Invalid(d.name, "%s must be a date like 2026-01-31; got %q", d.name, v)
			}
		} else {
			t = t.Add(d.add) // "to" a day includes that day
		}
		*d.dst = &t
	}
	if v := q.Get("min_quality"); v != "" {
		mq, err := strconv.ParseFloat(v, 64)
		if err != nil || mq < 0 || mq > 1 {
			return f, baton.Invalid("min_quality", "min_quality must be a number from 0 to 1; got %q", v)
		}
		f.MinQuality = &mq
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 200 {
			return f, baton.Invalid("limit", "limit must be a whole number from 1 to 200; got %q", v)
		}
		f.Limit = n
	}
	return f, nil
}

// searchHitsPage is how many message hits the session list shows for a
// search at first; "Show more" asks for up to maxSearchHits.
const (
	searchHitsPage = 30
	maxSearchHits  = 200
)

func (s *Server) sessionList(c echo.Context) error {
	q := c.QueryParams()
	f, err := parseSessionFilter(q)
	if err != nil {
		return err
	}
	page, err := s.store.ListSessions(ctx(c), stewardID(c), f)
	if err != nil {
		return err
	}
	p := views.SessionListPage{
		Page: s.page(c, "Sessions", "sessions"), Query: q, Sessions: page.Sessions, Total: page.Total,
		Sort: f.Sort, Types: baton.SessionTypes, ReviewStatuses: baton.ReviewStatuses, BulkURL: "/sessions/review",
	}
	if q.Get("done") == "deleted" {
		p.Flash, p.FlashKind = "Session deleted.", "success"
	}
	if page.NextCursor != "" {
		next := url.Values{}
		for k, v := range q {
			next[k] = v
		}
		next.Set("cursor", page.NextCursor)
		next.Set("rows", "1")
		p.NextURL = "/sessions?" + next.Encode()
	}
	if q.Get("rows") == "1" {
		return renderHTML(c, http.StatusOK, views.SessionRows(p))
	}
	if f.Text != "" && f.Cursor == "" {
		limit := searchHitsPage
		if n, err := strconv.Atoi(q.Get("hits")); err == nil && n > limit {
			limit = min(n, maxSearchHits)
		}
		if p.Hits, err = s.store.Search(ctx(c), stewardID(c), f.Text, limit); err != nil {
			return err
		}
		if len(p.Hits) == limit && limit < maxSearchHits {
			more := url.Values{}
			for k, v := range q {
				more[k] = v
			}
			more.Set("hits", strconv.Itoa(min(limit*4, maxSearchHits)))
			p.MoreHitsURL = "/sessions?" + more.Encode() + "#hits-title"
		}
	}
	if isHTMX(c) {
		return renderHTML(c, http.StatusOK, views.SessionResults(p))
	}
	if p.Sources, err = s.store.Sources(ctx(c), stewardID(c)); err != nil {
		return err
	}
	if p.Tags, err = s.store.Tags(ctx(c), stewardID(c)); err != nil {
		return err
	}
	if p.Topics, err = s.store.TopicSuggestions(ctx(c), stewardID(c)); err != nil {
		return err
	}
	if p.Emotions, err = s.store.Emotions(ctx(c), stewardID(c)); err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.SessionList(p))
}
