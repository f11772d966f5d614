package ui

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// reviewPageSize is how many annotations one page of the review lists.
const reviewPageSize = 100

// filterQuery keeps only the review filters of a query, for export and
// paging links.
func filterQuery(q url.Values) url.Values {
	out := url.Values{}
	for _, k := range []string{"kind", "label", "dimension", "session", "from", "to"} {
		if v := strings.TrimSpace(q.Get(k)); v != "" {
			out.Set(k, v)
		}
	}
	return out
}

func (s *Server) ReviewPage(c echo.Context) error {
	q := c.QueryParams()
	f, err := httpx.ParseAnnotationFilter(q)
	if err != nil {
		return err
	}
	f.Limit = reviewPageSize
	list, more, err := s.annotations.ListAnnotations(requestContext(c), stewardID(c), f)
	if err != nil {
		return err
	}
	keep := filterQuery(q)
	p := views.ReviewPage{
		Page: s.page(c, "Review", "review"), Query: q, Annotations: list, Kinds: baton.AnnotationKinds,
		ExportCSV: "/review/export.csv?" + keep.Encode(), ExportJSON: "/review/export.json?" + keep.Encode(),
	}
	if more {
		next := filterQuery(q)
		next.Set("before", strconv.FormatInt(list[len(list)-1].ID, 10))
		next.Set("rows", "1")
		p.NextURL = "/review?" + next.Encode()
	}
	if q.Get("rows") == "1" {
		return renderHTML(c, http.StatusOK, views.ReviewRows(p))
	}
	if isHTMX(c) {
		return renderHTML(c, http.StatusOK, views.ReviewResults(p))
	}
	if p.Labels, p.Dimensions, p.Sessions, err = s.annotations.AnnotationFacets(requestContext(c), stewardID(c)); err != nil {
		return err
	}
	if p.Corrected, err = s.annotations.CorrectedSessionCount(requestContext(c), stewardID(c)); err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.Review(p))
}
