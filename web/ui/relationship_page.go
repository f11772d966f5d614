package ui

import (
	"net/http"
	"net/url"
	"sort"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/baton-dev/baton/views/charts"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// RelationshipPage charts trust, collaboration health and sentiment over
// the sessions of a date range, with the mix of styles and the momentum.
func (s *Server) RelationshipPage(c echo.Context) error {
	q := c.QueryParams()
	from, to, err := httpx.ParseRange(q)
	if err != nil {
		return err
	}
	samples, unanalysed, err := s.relationshipSamples(c, from, to)
	if err != nil {
		return err
	}
	p := views.RelationshipPage{
		Page: s.page(c, "Relationship", "relationship"), Query: q, From: q.Get("from"), To: q.Get("to"),
		Samples: samples, Unanalysed: unanalysed, Ranges: rangeLinks(q, time.Now().UTC()),
	}
	p.Trust, p.Sentiment = charts.NewRelationship(samples)
	styles, momentum := map[string]int{}, map[string]int{}
	withMomentum := 0
	for _, smp := range samples {
		if smp.Style != "" {
			styles[string(smp.Style)]++
		}
		if smp.Momentum != "" {
			momentum[smp.Momentum]++
			withMomentum++
		}
	}
	p.Styles = shares(styles, len(samples))
	p.Momentum = shares(momentum, withMomentum)
	if len(samples) > 0 {
		p.Latest = &samples[len(samples)-1]
	}
	if isHTMX(c) {
		return renderHTML(c, http.StatusOK, views.RelationshipResults(p))
	}
	return renderHTML(c, http.StatusOK, views.Relationship(p))
}

// shares lists counts biggest first (ties by name).
func shares(counts map[string]int, of int) []views.Share {
	out := make([]views.Share, 0, len(counts))
	for name, n := range counts {
		out = append(out, views.Share{Name: name, Count: n, Of: of})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// rangeLinks are the preset ranges, the current one marked.
func rangeLinks(q url.Values, now time.Time) []views.RangeLink {
	today := now.Format("2006-01-02")
	var out []views.RangeLink
	for _, r := range []struct {
		label string
		days  int
	}{{"Last 30 days", 30}, {"Last 90 days", 90}, {"Last year", 365}, {"All time", 0}} {
		v := url.Values{}
		if r.days > 0 {
			v.Set("from", now.AddDate(0, 0, -r.days).Format("2006-01-02"))
			v.Set("to", today)
		}
		href := "/relationship"
		if len(v) > 0 {
			href += "?" + v.Encode()
		}
		out = append(out, views.RangeLink{Label: r.label, Href: href, Current: q.Get("from") == v.Get("from") && q.Get("to") == v.Get("to")})
	}
	return out
}

// relationshipSamples are the relationship points of the steward's
// sessions that started in [from, to), oldest first, and how many
// sessions there were never analysed.
func (s *Server) relationshipSamples(c echo.Context, from, to *time.Time) ([]baton.RelationshipSample, int, error) {
	return s.analysis.RelationshipSamples(requestContext(c), stewardID(c), from, to)
}
