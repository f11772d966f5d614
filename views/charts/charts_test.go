package charts

import (
	"bytes"
	"context"
	"flag"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"
	"github.com/baton-dev/baton/internal/baton"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ from the current output")

var t0 = time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)

// golden renders c and compares it with testdata/name.golden, one tag per
// line so a diff points at the element that changed.
func golden(t *testing.T, name string, c templ.Component) *goquery.Document {
	t.Helper()
	var buf bytes.Buffer
	if err := c.Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	got := strings.ReplaceAll(buf.String(), "><", ">\n<") + "\n"
	file := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run go test ./views/charts -update to create it)", err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := 0; i < max(len(gl), len(wl)); i++ {
			g, w := "", ""
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("%s differs at line %d:\n got %s\nwant %s\n(go test ./views/charts -update rewrites it after a deliberate change)", file, i+1, g, w)
			}
		}
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// shortSession is a small debugging session: frustration, a turn, relief.
func shortSession() ([]baton.SentimentPoint, baton.EmotionalArc) {
	sents := []float64{-0.62, -0.1, -0.45, 0.2, 0.35, 0.05, 0.81, 0.6}
	emos := []string{"frustration", "", "frustration", "", "curiosity", "", "relief", "gratitude"}
	var pts []baton.SentimentPoint
	for i, s := range sents {
		role := baton.RoleSteward
		if i%2 == 1 {
			role = baton.RoleAssistant
		}
		// Tool calls between the prose messages leave gaps in the numbers.
		pts = append(pts, baton.SentimentPoint{Seq: int64(1 + 3*i), Role: role, Timestamp: t0.Add(time.Duration(i) * 2 * time.Minute), Sentiment: s, Emotion: emos[i]})
	}
	arc := baton.EmotionalArc{
		StartingMood: []string{"frustration"}, EndingMood: []string{"relief", "gratitude"}, OverallSentiment: 0.105,
		PeakMoments: []baton.PeakMoment{
			{Emotion: "frustration", MessageSeq: 1, Sentiment: -0.62, Trigger: "The build is red again"},
			{Emotion: "relief", MessageSeq: 19, Sentiment: 0.81, Trigger: "Finally green"},
		},
	}
	return pts, arc
}

func TestArcChartGolden(t *testing.T) {
	pts, arc := shortSession()
	a := NewArc("s-1", pts, arc)
	doc := golden(t, "arc_short", ArcChart(a))

	svg := doc.Find("svg")
	if svg.AttrOr("role", "") != "img" || svg.AttrOr("aria-labelledby", "") != "arc-chart-title arc-chart-desc" {
		t.Errorf("svg is not a labelled image: %v", svg.Nodes[0].Attr)
	}
	desc := doc.Find("desc").Text()
	for _, want := range []string{"8 steward and assistant messages", "Starting mood: frustration. Ending mood: relief, gratitude.", "relief at message 19"} {
		if !strings.Contains(desc, want) {
			t.Errorf("description lacks %q: %q", want, desc)
		}
	}
	// Every message is a dot that links to it, with its sentiment on hover.
	dots := doc.Find(".chart-svg-wide .chart-dots a")
	if dots.Length() != 8 {
		t.Fatalf("dots = %d", dots.Length())
	}
	if href := dots.Eq(2).AttrOr("href", ""); href != "/sessions/s-1?at=7#m-7" {
		t.Errorf("third dot links to %q", href)
	}
	if title := dots.Eq(2).Find("title").Text(); title != "#7 Steward, 1 Apr 09:04 UTC: −0.45 (frustration)" {
		t.Errorf("third dot title = %q", title)
	}
	peaks := doc.Find(".chart-svg-wide .chart-peaks a")
	if peaks.Length() != 2 || peaks.Eq(1).Find("text").Text() != "Relief" || peaks.Eq(1).AttrOr("href", "") != "/sessions/s-1?at=19#m-19" {
		t.Errorf("peaks = %d, second %q → %q", peaks.Length(), peaks.Eq(1).Find("text").Text(), peaks.Eq(1).AttrOr("href", ""))
	}
	// The phone's picture holds the same points, in a narrower frame.
	if n := doc.Find(".chart-svg-narrow .chart-dots a").Length(); n != 8 || doc.Find(".chart-svg-narrow").AttrOr("viewBox", "") != "0 0 400 180" {
		t.Errorf("narrow picture: %d dots, viewBox %q", n, doc.Find(".chart-svg-narrow").AttrOr("viewBox", ""))
	}
	// No inline style anywhere: the CSP forbids it.
	if doc.Find("[style]").Length() != 0 {
		t.Error("chart carries a style attribute")
	}
	if doc.Find(".chart-data tbody tr").Length() != 8 {
		t.Error("data table does not list every point")
	}
}

func TestArcChartOfALongSessionIsBucketedKeepingExtremes(t *testing.T) {
	// 6,000 messages of a slow wave, with one sharp dip and one spike.
	var pts []baton.SentimentPoint
	for i := range 6000 {
		s := 0.3 * math.Sin(float64(i)/400)
		switch i {
		case 1234:
			s = -0.97
		case 4321:
			s = 0.99
		}
		role := baton.RoleSteward
		if i%2 == 1 {
			role = baton.RoleAssistant
		}
		pts = append(pts, baton.SentimentPoint{Seq: int64(i + 1), Role: role, Timestamp: t0.Add(time.Duration(i) * 10 * time.Second), Sentiment: s})
	}
	a := NewArc("long", pts, baton.EmotionalArc{PeakMoments: []baton.PeakMoment{{Emotion: "excitement", MessageSeq: 4322, Sentiment: 0.99}}})
	if !a.Bucketed || len(a.Dots) > MaxArcPoints || len(a.Dots) < MaxArcPoints/2 {
		t.Fatalf("bucketed %v with %d dots", a.Bucketed, len(a.Dots))
	}
	var dip, spike bool
	for i, d := range a.Dots {
		dip = dip || d.Seq == 1235
		spike = spike || d.Seq == 4322
		if i > 0 && d.Seq <= a.Dots[i-1].Seq {
			t.Fatalf("dots out of order at %d", i)
		}
	}
	if !dip || !spike {
		t.Errorf("extremes lost: dip %v, spike %v", dip, spike)
	}
	if n := strings.Count(a.Line, "L"); n >= MaxArcPoints {
		t.Errorf("line has %d segments", n)
	}
	if a.XTicks[0].Label != "#1" || !strings.Contains(a.Description, "6000 steward and assistant messages") {
		t.Errorf("ticks %v, description %q", a.XTicks, a.Description)
	}
}

func TestArcChartEmptyAndSingle(t *testing.T) {
	doc := golden(t, "arc_empty", ArcChart(NewArc("e", nil, baton.EmotionalArc{})))
	if doc.Find(".chart-dots a, .chart-line, .chart-data").Length() != 0 {
		t.Error("an empty arc draws points")
	}
	one := NewArc("o", []baton.SentimentPoint{{Seq: 4, Role: baton.RoleSteward, Sentiment: 0.5}}, baton.EmotionalArc{})
	if len(one.Dots) != 1 || one.Dots[0].X != (arcFrame.Left+arcFrame.Right)/2 || math.IsNaN(one.Dots[0].Y) {
		t.Errorf("one point = %+v", one.Dots)
	}
}

func TestRelationshipTimelinesGolden(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 3, d, 10, 0, 0, 0, time.UTC) }
	samples := []baton.RelationshipSample{
		{SessionID: "a", Title: "Plan the roadmap", StartedAt: day(1), Trust: 0.52, Health: 0.8, HasHealth: true, Sentiment: 0.2, Momentum: "building"},
		{SessionID: "b", Title: "Fix the flaky test", StartedAt: day(4), Trust: 0.47, Health: 0.41, HasHealth: true, Sentiment: -0.35, Momentum: "slowing"},
		{SessionID: "c", Title: "Old session", StartedAt: day(9), Trust: 0.5, Sentiment: 0.05},
		{SessionID: "d", Title: "", StartedAt: day(20), Trust: 0.61, Health: 0.9, HasHealth: true, Sentiment: 0.55, Momentum: "building"},
	}
	th, se := NewRelationship(samples)
	doc := golden(t, "relationship_trust", TimelineChart(th, "trust-chart"))
	golden(t, "relationship_sentiment", TimelineChart(se, "sentiment-chart"))

	trust := doc.Find(".chart-svg-wide .chart-series-trust a")
	health := doc.Find(".chart-svg-wide .chart-series-health a")
	if doc.Find(".chart-svg-narrow .chart-series-trust a").Length() != 4 {
		t.Error("the phone's picture lacks the points")
	}
	if doc.Find(".chart-svg-wide .chart-axis-title").Length() != 2 {
		t.Error("the axes have no titles")
	}
	if trust.Length() != 4 || health.Length() != 3 {
		t.Fatalf("trust points %d, health points %d (a session without health has no health point)", trust.Length(), health.Length())
	}
	if href := trust.Eq(1).AttrOr("href", ""); href != "/sessions/b" {
		t.Errorf("second point links to %q", href)
	}
	if title := trust.Eq(3).Find("title").Text(); title != "Untitled session (20 Mar 2026): trust 0.61" {
		t.Errorf("title = %q", title)
	}
	if !se.HasZero || th.HasZero {
		t.Error("only the sentiment chart has a zero line")
	}
	if !strings.Contains(th.Description, "Trust went from 0.52 to 0.61 (lowest 0.47, highest 0.61)") {
		t.Errorf("description = %q", th.Description)
	}
	// Points are placed in time: the 20 March session is at the right edge.
	if x := trust.Eq(3).Find("circle").AttrOr("cx", ""); x != num(timelineFrame.Right) {
		t.Errorf("last point at x = %s", x)
	}
}

func TestRelationshipTimelineOfManySessionsIsAveraged(t *testing.T) {
	var samples []baton.RelationshipSample
	for i := range 1000 {
		samples = append(samples, baton.RelationshipSample{SessionID: string(rune('a'+i%26)) + itoa(int64(i)), StartedAt: t0.Add(time.Duration(i) * time.Hour), Trust: 0.5, Sentiment: 0.1})
	}
	th, _ := NewRelationship(samples)
	if n := len(th.Series[0].Points); n != MaxTimelinePoints {
		t.Errorf("trust points = %d", n)
	}
	if !regexp.MustCompile(`^\d+ sessions, `).MatchString(th.Series[0].Points[0].Title) {
		t.Errorf("a run's title = %q", th.Series[0].Points[0].Title)
	}
	_, se := NewRelationship(nil)
	if len(se.Series[0].Points) != 0 || !strings.Contains(se.Description, "no analysed sessions") {
		t.Errorf("empty timeline = %+v", se)
	}
}
