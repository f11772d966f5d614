package web

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// reviewPageSize is how many annotations one page of the review lists.
const reviewPageSize = 100

// parseDay reads a YYYY-MM-DD (or RFC 3339) bound; a "to" day includes
// the whole day.
func parseDay(q url.Values, name string, inclusiveEnd bool) (*time.Time, error) {
	v := strings.TrimSpace(q.Get(name))
	if v == "" {
		return nil, nil
	}
	t, err := time.Parse("2006-01-02", v)
	if err != nil {
		if t, err = time.Parse(time.RFC3339, v); err != nil {
			return nil, baton.Invalid(name, "%s must be a date like 2026-01-31; got %q", name, v)
		}
	} else if inclusiveEnd {
		t = t.Add(24 * time.Hour)
	}
	return &t, nil
}

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

// exportBatch is how many annotations an export reads at a time.
const exportBatch = 500

// eachAnnotation calls fn for every annotation the filter matches, newest
// first, reading them in keyset batches so an export of any size streams.
func (s *Server) eachAnnotation(c echo.Context, f baton.AnnotationFilter, fn func(*baton.Annotation) error) error {
	f.Limit = exportBatch
	for {
		list, more, err := s.store.ListAnnotations(ctx(c), stewardID(c), f)
		if err != nil {
			return err
		}
		for _, a := range list {
			if err := fn(a); err != nil {
				return err
			}
		}
		if !more {
			return nil
		}
		f.Before = list[len(list)-1].ID
	}
}

// startDownload sets the headers of an export named baton-annotations-DATE.EXT.
func startDownload(c echo.Context, contentType, ext string) {
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, contentType)
	h.Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="baton-annotations-%s.%s"`, time.Now().UTC().Format("2006-01-02"), ext))
	h.Set("Cache-Control", "no-store")
	c.Response().WriteHeader(http.StatusOK)
}

// csvHeader is the first row of the CSV export.
var csvHeader = []string{"id", "created_at", "session_id", "session_title", "message_id", "message_seq", "kind", "label", "dimension", "value", "note"}

// reviewExportCSV writes the filtered annotations as CSV (RFC 4180 quoting).
func (s *Server) reviewExportCSV(c echo.Context) error {
	f, err := parseAnnotationFilter(c.QueryParams())
	if err != nil {
		return err
	}
	f.Before = 0
	startDownload(c, "text/csv; charset=utf-8", "csv")
	w := csv.NewWriter(c.Response())
	if err := w.Write(csvHeader); err != nil {
		return err
	}
	err = s.eachAnnotation(c, f, func(a *baton.Annotation) error {
		row := []string{
			strconv.FormatInt(a.ID, 10), a.CreatedAt.UTC().Format(time.RFC3339), a.SessionID, csvText(a.SessionTitle),
			"", "", a.Kind, csvText(a.Label), csvText(a.Dimension), "", csvText(a.Note),
		}
		if a.MessageID != nil {
			row[4] = strconv.FormatInt(*a.MessageID, 10)
		}
		if a.MessageSeq != nil {
			row[5] = strconv.FormatInt(*a.MessageSeq, 10)
		}
		if a.Value != nil {
			row[9] = strconv.FormatFloat(*a.Value, 'f', -1, 64)
		}
		return w.Write(row)
	})
	w.Flush()
	if err == nil {
		err = w.Error()
	}
	if err != nil {
		// The download has started; all that is left is to cut it short and log.
		s.log.Error("annotation export failed", "err", err)
	}
	return nil
}

// csvText keeps free text from being read as a formula by a spreadsheet
// (=, +, -, @ and control characters at the start), the usual defence
// against CSV injection.
func csvText(v string) string {
	if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return "'" + v
	}
	return v
}

// reviewExportJSON writes the filtered annotations as one JSON document.
func (s *Server) reviewExportJSON(c echo.Context) error {
	q := c.QueryParams()
	f, err := parseAnnotationFilter(q)
	if err != nil {
		return err
	}
	f.Before = 0
	startDownload(c, "application/json; charset=utf-8", "json")
	w := c.Response()
	kept := map[string]string{}
	for k := range filterQuery(q) {
		kept[k] = q.Get(k)
	}
	filters, _ := json.Marshal(kept)
	fmt.Fprintf(w, `{"exported_at":%q,"filters":%s,"annotations":[`, time.Now().UTC().Format(time.RFC3339), filters)
	n := 0
	err = s.eachAnnotation(c, f, func(a *baton.Annotation) error {
		b, err := json.Marshal(a)
		if err != nil {
			return err
		}
		if n > 0 {
			w.Write([]byte(","))
		}
		n++
		_, err = w.Write(append([]byte("\n"), b...))
		return err
	})
	if err != nil {
		s.log.Error("annotation export failed", "err", err)
		return nil
	}
	fmt.Fprintf(w, "\n],\"count\":%d}\n", n)
	return nil
}
