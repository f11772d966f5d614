package charts

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// MaxTimelinePoints bounds the points of one relationship series; more
// sessions than that are averaged in runs of consecutive sessions.
const MaxTimelinePoints = 300

// timelineFrame leaves room above the plot for the y axis's title and
// below it for the dates; narrowTimelineFrame is the same for a phone.
var (
	timelineFrame       = Frame{Width: 960, Height: 236, Left: 44, Right: 940, Top: 30, Bottom: 200}
	narrowTimelineFrame = Frame{Width: 400, Height: 220, Left: 36, Right: 384, Top: 30, Bottom: 184}
)

// Timeline is a chart of values over time: one or more series whose
// points are sessions, each a link to its session.
type Timeline struct {
	Frame
	Series []Series
	XTicks []Tick
	YTicks []Tick
	// ZeroY is where 0 lies on a −1..+1 scale; HasZero says whether the
	// scale has a zero line.
	ZeroY   float64
	HasZero bool
	// Title and Description name the chart and say what it shows, for
	// screen readers.
	Title, Description string
	// YTitle and XTitle name the axes.
	YTitle, XTitle string
	// Narrow is the same chart laid out for a phone's width (nil inside it).
	Narrow *Timeline
}

// Series is one line of a timeline.
type Series struct {
	Name   string // shown in the legend
	Class  string // colours the line and its points: chart-series-trust, …
	Path   string
	Points []TimePoint
}

// TimePoint is one session (or run of sessions) on a timeline.
type TimePoint struct {
	X, Y  float64
	Value float64
	Time  time.Time
	Href  string
	Title string // the hover text
}

// run is the samples one timeline point stands for.
type run struct {
	samples []baton.RelationshipSample
}

func (r run) last() baton.RelationshipSample { return r.samples[len(r.samples)-1] }

// mean averages a value over the run's samples that have it.
func (r run) mean(v func(baton.RelationshipSample) (float64, bool)) (float64, bool) {
	sum, n := 0.0, 0
	for _, s := range r.samples {
		if x, ok := v(s); ok {
			sum += x
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	return sum / float64(n), true
}

func (r run) when() time.Time {
	var sum time.Duration
	first := r.samples[0].StartedAt
	for _, s := range r.samples {
		sum += s.StartedAt.Sub(first)
	}
	return first.Add(sum / time.Duration(len(r.samples)))
}

// NewRelationship lays out the relationship over time from the samples
// of a steward's sessions (oldest first): trust and collaboration health
// on a 0..1 scale, and average sentiment on −1..+1 below it.
func NewRelationship(samples []baton.RelationshipSample) (trustHealth, sentiment Timeline) {
	trustHealth, sentiment = layoutRelationship(samples, timelineFrame, 6)
	narrowTrust, narrowSentiment := layoutRelationship(samples, narrowTimelineFrame, 3)
	trustHealth.Narrow, sentiment.Narrow = &narrowTrust, &narrowSentiment
	return trustHealth, sentiment
}

// layoutRelationship lays the two timelines out in frame with about xTicks dates.
func layoutRelationship(samples []baton.RelationshipSample, frame Frame, xTicks int) (trustHealth, sentiment Timeline) {
	var runs []run
	for _, b := range buckets(len(samples), MaxTimelinePoints) {
		runs = append(runs, run{samples: samples[b[0]:b[1]]})
	}
	var lo, hi time.Time
	if len(samples) > 0 {
		lo, hi = samples[0].StartedAt, samples[len(samples)-1].StartedAt
	}
	newTimeline := func(title string, yLo, yHi float64) Timeline {
		t := Timeline{Frame: frame, Title: title, XTitle: "Session start (UTC)"}
		for _, tt := range timeTicks(lo, hi, xTicks) {
			t.XTicks = append(t.XTicks, Tick{Pos: t.x(tt, lo, hi), Label: tickLabel(tt, lo, hi), Major: true})
		}
		for _, v := range []float64{yHi, (yLo + yHi) / 2, yLo} {
			t.YTicks = append(t.YTicks, Tick{Pos: scale(v, yLo, yHi, t.Bottom, t.Top), Label: tickText(v, yLo < 0), Major: v != 0 || yLo >= 0})
		}
		if yLo < 0 {
			t.HasZero, t.ZeroY = true, scale(0, yLo, yHi, t.Bottom, t.Top)
		}
		return t
	}
	trustHealth = newTimeline("Trust and collaboration health", 0, 1)
	trustHealth.YTitle = "Score, 0 to 1"
	sentiment = newTimeline("Average sentiment", -1, 1)
	sentiment.YTitle = "Sentiment, −1 to +1"

	type metric struct {
		chart *Timeline
		name  string
		class string
		lo    float64
		value func(baton.RelationshipSample) (float64, bool)
		print func(float64) string
	}
	for _, m := range []metric{
		{&trustHealth, "Trust", "chart-series-trust", 0,
			func(s baton.RelationshipSample) (float64, bool) { return s.Trust, true }, fixed2},
		{&trustHealth, "Collaboration health", "chart-series-health", 0,
			func(s baton.RelationshipSample) (float64, bool) { return s.Health, s.HasHealth }, fixed2},
		{&sentiment, "Average sentiment", "chart-series-sentiment", -1,
			func(s baton.RelationshipSample) (float64, bool) { return s.Sentiment, true }, signed},
	} {
		sr := Series{Name: m.name, Class: m.class}
		var line []Pt
		for _, r := range runs {
			v, ok := r.mean(m.value)
			if !ok {
				continue
			}
			at := r.when()
			p := TimePoint{
				X: m.chart.x(at, lo, hi), Y: scale(max(m.lo, min(1, v)), m.lo, 1, m.chart.Bottom, m.chart.Top),
				Value: v, Time: at, Href: "/sessions/" + url.PathEscape(r.last().SessionID),
			}
			p.Title = runTitle(r, m.name, m.print(v))
			sr.Points = append(sr.Points, p)
			line = append(line, Pt{p.X, p.Y})
		}
		sr.Path = path(line)
		m.chart.Series = append(m.chart.Series, sr)
	}
	trustHealth.Description = timelineDescription(trustHealth, len(samples))
	sentiment.Description = timelineDescription(sentiment, len(samples))
	return trustHealth, sentiment
}

func (t Timeline) x(at, lo, hi time.Time) float64 {
	return scale(float64(at.Sub(lo)), 0, float64(hi.Sub(lo)), t.Left, t.Right)
}

func tickLabel(t, lo, hi time.Time) string {
	switch {
	case hi.Sub(lo) < 48*time.Hour:
		return t.UTC().Format("2 Jan 15:04")
	case lo.Year() != hi.Year():
		return t.UTC().Format("Jan 2006")
	}
	return t.UTC().Format("2 Jan")
}

func runTitle(r run, metric, value string) string {
	if len(r.samples) == 1 {
		s := r.samples[0]
		title := s.Title
		if strings.TrimSpace(title) == "" {
			title = "Untitled session"
		}
		return fmt.Sprintf("%s (%s): %s %s", title, s.StartedAt.UTC().Format("2 Jan 2006"), strings.ToLower(metric), value)
	}
	first, last := r.samples[0].StartedAt.UTC(), r.last().StartedAt.UTC()
	return fmt.Sprintf("%d sessions, %s – %s: mean %s %s", len(r.samples), first.Format("2 Jan"), last.Format("2 Jan 2006"),
		strings.ToLower(metric), value)
}

func timelineDescription(t Timeline, sessions int) string {
	if sessions == 0 {
		return t.Title + ": no analysed sessions in this range."
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s over %d sessions.", t.Title, sessions)
	for _, s := range t.Series {
		if len(s.Points) == 0 {
			continue
		}
		first, last := s.Points[0], s.Points[len(s.Points)-1]
		lo, hi := first, first
		for _, p := range s.Points {
			if p.Value < lo.Value {
				lo = p
			}
			if p.Value > hi.Value {
				hi = p
			}
		}
		fmt.Fprintf(&b, " %s went from %s to %s (lowest %s, highest %s).", s.Name,
			val(first.Value, t.HasZero), val(last.Value, t.HasZero), val(lo.Value, t.HasZero), val(hi.Value, t.HasZero))
	}
	return b.String()
}

func val(v float64, isSigned bool) string {
	if isSigned {
		return signed(v)
	}
	return fixed2(v)
}
