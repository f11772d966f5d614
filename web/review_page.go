package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// reviewPageSize is how many annotations one page of the review lists.
const reviewPageSize = 100

// parseAnnotationFilter reads the review filters from a query; the page,
// its exports and the API share the names.
func parseAnnotationFilter(q url.Values) (baton.AnnotationFilter, error) {
	f := baton.AnnotationFilter{
		Kind: strings.TrimSpace(q.Get("kind")), Label: q.Get("label"), Dimension: q.Get("dimension"),
		SessionID: strings.TrimSpace(q.Get("session")),
	}
	if f.Kind != "" && f.Kind != baton.AnnotationComment && f.Kind != baton.AnnotationLabel && f.Kind != baton.AnnotationScore {
		return f, baton.Invalid("kind", "kind must be comment, label or score; got %q", f.Kind)
	}
	var err error
	if f.From, err = parseDay(q, "from", false); err != nil {
		return f, err
	}
	if f.To, err = parseDay(q, "to", true); err != nil {
		return f, err
	}
	if f.From != nil && f.To != nil && !f.To.After(*f.From) {
		return f, baton.Invalid("to", "to must not be before from")
	}
	if v := q.Get("before"); v != "" {
		if f.Before, err = strconv.ParseInt(v, 10, 64); err != nil || f.Before < 1 {
			return f, baton.Invalid("before", "before must be an annotation id; got %q", v)
		}
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 500 {
			return f, baton.Invalid("limit", "limit must be a whole number from 1 to 500; got %q", v)
		}
		f.Limit = n
	}
	return f, nil
}

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

func (s *Server) reviewPage(c echo.Context) error {
	q := c.QueryParams()
	f, err := parseAnnotationFilter(q)
	if err != nil {
		return err
	}
	f.Limit = reviewPageSize
	list, more, err := s.store.ListAnnotations(ctx(c), stewardID(c), f)
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
	if p.Labels, p.Dimensions, p.Sessions, err = s.store.AnnotationFacets(ctx(c), stewardID(c)); err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.Review(p))
}
