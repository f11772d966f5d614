package httpx

import (
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/labstack/echo/v4"
)

// ParseSessionFilter reads the session list's filters from the query; the
// same names serve the page and the API.
func ParseSessionFilter(q url.Values) (baton.SessionFilter, error) {
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
	var err error
	if f.From, err = ParseDay(q, "from", false); err != nil {
		return f, err
	}
	if f.To, err = ParseDay(q, "to", true); err != nil {
		return f, err
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

// ParseAnnotationFilter reads the review filters from a query; the page,
// its exports and the API share the names.
func ParseAnnotationFilter(q url.Values) (baton.AnnotationFilter, error) {
	f := baton.AnnotationFilter{
		Kind: strings.TrimSpace(q.Get("kind")), Label: q.Get("label"), Dimension: q.Get("dimension"),
		SessionID: strings.TrimSpace(q.Get("session")),
	}
	if f.Kind != "" && f.Kind != baton.AnnotationComment && f.Kind != baton.AnnotationLabel && f.Kind != baton.AnnotationScore {
		return f, baton.Invalid("kind", "kind must be comment, label or score; got %q", f.Kind)
	}
	var err error
	if f.From, err = ParseDay(q, "from", false); err != nil {
		return f, err
	}
	if f.To, err = ParseDay(q, "to", true); err != nil {
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

// ParseDay reads a YYYY-MM-DD (or RFC 3339) bound; a "to" day includes
// the whole day.
func ParseDay(q url.Values, name string, inclusiveEnd bool) (*time.Time, error) {
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
		if t.Year() > 9999 {
			// The end of the last day a timestamp can name: nothing
			// stored is later, so the range is open (year 10000 is
			// past what the databases' timestamps compare correctly).
			return nil, nil
		}
	}
	return &t, nil
}

// ParseRange reads a from/to date range (either end may be open).
func ParseRange(q url.Values) (from, to *time.Time, err error) {
	if from, err = ParseDay(q, "from", false); err != nil {
		return nil, nil, err
	}
	if to, err = ParseDay(q, "to", true); err != nil {
		return nil, nil, err
	}
	if from != nil && to != nil && !to.After(*from) {
		return nil, nil, baton.Invalid("to", "to must not be before from")
	}
	return from, to, nil
}

// FrameFilter reads a timeline's or an export's query parameters.
func FrameFilter(c echo.Context, maxLimit int) (baton.FrameFilter, error) {
	f := baton.FrameFilter{Branch: c.QueryParam("branch"), Module: c.QueryParam("module"), Jira: c.QueryParam("jira"), Cursor: c.QueryParam("cursor"), Limit: 50}
	var err error
	if f.IncludeSuperseded, err = frames.IncludeSuperseded(c.QueryParam("superseded")); err != nil {
		return f, err
	}
	if f.Since, err = frames.ParseInstant("since", c.QueryParam("since"), false); err != nil {
		return f, err
	}
	if f.Until, err = frames.ParseInstant("until", c.QueryParam("until"), true); err != nil {
		return f, err
	}
	if v := c.QueryParam("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxLimit {
			return f, baton.Invalid("limit", "limit must be a whole number from 1 to %d; got %q", maxLimit, v)
		}
		f.Limit = n
	}
	return f, nil
}
