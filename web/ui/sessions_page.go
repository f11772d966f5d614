package ui

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// searchHitsPage is how many message hits the session list shows for a
// search at first; "Show more" asks for up to maxSearchHits.
const (
	searchHitsPage = 30
	maxSearchHits  = 200
)

func (s *Server) SessionList(c echo.Context) error {
	q := c.QueryParams()
	f, err := httpx.ParseSessionFilter(q)
	if err != nil {
		return err
	}
	page, err := s.sessions.ListSessions(requestContext(c), stewardID(c), f)
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
		if p.Hits, err = s.sessions.Search(requestContext(c), stewardID(c), f.Text, limit); err != nil {
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
	if p.Sources, err = s.sessions.Sources(requestContext(c), stewardID(c)); err != nil {
		return err
	}
	if p.Tags, err = s.sessions.Tags(requestContext(c), stewardID(c)); err != nil {
		return err
	}
	if p.Topics, err = s.sessions.TopicSuggestions(requestContext(c), stewardID(c)); err != nil {
		return err
	}
	if p.Emotions, err = s.sessions.Emotions(requestContext(c), stewardID(c)); err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.SessionList(p))
}
