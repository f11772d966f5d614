package charts

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// MaxArcPoints bounds the dots an arc draws. A longer session is cut into
// MaxArcPoints/2 runs of consecutive messages, and each run keeps its
// lowest and its highest message, so every swing still shows.
const MaxArcPoints = 300

// arcFrame is the arc's drawing area: room above for peak labels, below
// for message numbers, left for the sentiment scale.
// It is short so it fits the session page's strip above the transcript;
// narrowArcFrame is the same picture redrawn for a phone's width.
var (
	arcFrame       = Frame{Width: 960, Height: 170, Left: 40, Right: 936, Top: 24, Bottom: 140}
	narrowArcFrame = Frame{Width: 400, Height: 180, Left: 34, Right: 380, Top: 24, Bottom: 150}
)

// Arc is a session's emotional arc ready to draw: the sentiment of each
// steward and assistant message (x = message number, y = −1..+1), the
// smoothed line through them, the peak moments with their emotion, and
// the starting and ending mood.
type Arc struct {
	Frame
	Line   string // SVG path of the smoothed sentiment
	Dots   []ArcDot
	Peaks  []ArcPeak
	XTicks []Tick
	YTicks []Tick
	ZeroY  float64
	// Total is how many messages the arc has; Bucketed is true when there
	// were more than MaxArcPoints and Dots holds each run's extremes.
	Total    int
	Bucketed bool
	// StartingMood, EndingMood and Overall repeat the session's arc for
	// the caption.
	StartingMood, EndingMood string
	Overall                  float64
	// Description says in words what the picture shows, for screen readers.
	Description string
	// Narrow is the same arc laid out for a phone's width (nil inside it).
	Narrow *Arc
}

// ArcDot is one message on the arc; its link opens the transcript there.
type ArcDot struct {
	X, Y      float64
	Seq       int64
	Role      baton.Role
	Time      time.Time
	Sentiment float64
	Emotion   string
	Href      string
	Title     string // the hover text
}

// ArcPeak is a peak moment: a marker on its trigger message and the
// emotion's name beside it.
type ArcPeak struct {
	X, Y           float64
	Seq            int64
	Label          string // the emotion, as words
	LabelX, LabelY float64
	Anchor         string // text-anchor of the label: start, middle or end
	Up             bool   // a positive peak
	Href, Title    string
}

// NewArc lays out the arc of session sessionID from its sentiment series
// (in message order, as store.SentimentSeries returns it) and its analysed
// arc (peaks, moods, overall sentiment).
func NewArc(sessionID string, points []baton.SentimentPoint, arc baton.EmotionalArc) Arc {
	a := newArc(sessionID, points, arc, arcFrame, 6)
	narrow := newArc(sessionID, points, arc, narrowArcFrame, 3)
	a.Narrow = &narrow
	return a
}

// newArc lays the arc out in frame with about xTicks message numbers.
func newArc(sessionID string, points []baton.SentimentPoint, arc baton.EmotionalArc, frame Frame, xTicks int) Arc {
	a := Arc{
		Frame: frame, Total: len(points), Overall: arc.OverallSentiment,
		StartingMood: moods(arc.StartingMood), EndingMood: moods(arc.EndingMood),
	}
	a.ZeroY = a.y(0)
	for _, v := range []float64{1, 0.5, 0, -0.5, -1} {
		a.YTicks = append(a.YTicks, Tick{Pos: a.y(v), Label: tickText(v, true), Major: v != 0})
	}
	if len(points) == 0 {
		a.Description = "No steward or assistant messages yet, so the arc is empty."
		return a
	}
	lo, hi := points[0].Seq, points[len(points)-1].Seq
	x := func(seq int64) float64 { return scale(float64(seq), float64(lo), float64(hi), a.Left, a.Right) }
	for _, s := range countTicks(lo, hi, xTicks) {
		a.XTicks = append(a.XTicks, Tick{Pos: x(s), Label: "#" + itoa(s), Major: true})
	}

	raw := make([]float64, len(points))
	for i, p := range points {
		raw[i] = p.Sentiment
	}
	runs := buckets(len(points), MaxArcPoints/2)
	a.Bucketed = len(points) > MaxArcPoints
	a.Line = path(a.line(points, raw, runs, x))
	for _, i := range keptPoints(raw, runs, a.Bucketed) {
		p := points[i]
		a.Dots = append(a.Dots, ArcDot{
			X: x(p.Seq), Y: a.y(p.Sentiment), Seq: p.Seq, Role: p.Role, Time: p.Timestamp,
			Sentiment: p.Sentiment, Emotion: p.Emotion,
			Href: messageHref(sessionID, p.Seq), Title: dotTitle(p),
		})
	}
	for _, pm := range arc.PeakMoments {
		if pm.MessageSeq >= lo && pm.MessageSeq <= hi {
			a.Peaks = append(a.Peaks, a.peak(sessionID, pm, x))
		}
	}
	a.Description = arcDescription(a, arc)
	return a
}

// line is the arc's line: the analysis's ¼ ½ ¼ smoothing for a short
// session; for a long one (bucketed) a wider moving average, drawn through
// each run's mean.
func (a Arc) line(points []baton.SentimentPoint, raw []float64, runs [][2]int, x func(int64) float64) []Pt {
	var line []Pt
	if !a.Bucketed {
		for i, v := range smooth(raw, 1) {
			line = append(line, Pt{x(points[i].Seq), a.y(v)})
		}
		return line
	}
	sm := smooth(raw, max(1, len(points)/100))
	for _, r := range runs {
		sx, sy := 0.0, 0.0
		for i := r[0]; i < r[1]; i++ {
			sx += x(points[i].Seq)
			sy += sm[i]
		}
		n := float64(r[1] - r[0])
		line = append(line, Pt{sx / n, a.y(sy / n)})
	}
	return line
}

// keptPoints is the points drawn as dots: all of a short session's; of a
// bucketed one, each run's lowest and highest, in order.
func keptPoints(raw []float64, runs [][2]int, bucketed bool) []int {
	keep := make([]int, 0, min(len(raw), MaxArcPoints))
	if !bucketed {
		for i := range raw {
			keep = append(keep, i)
		}
		return keep
	}
	for _, r := range runs {
		lowest, highest := r[0], r[0]
		for i := r[0]; i < r[1]; i++ {
			if raw[i] < raw[lowest] {
				lowest = i
			}
			if raw[i] > raw[highest] {
				highest = i
			}
		}
		keep = append(keep, min(lowest, highest))
		if lowest != highest {
			keep = append(keep, max(lowest, highest))
		}
	}
	return keep
}

// peak places a peak moment and its label: above an upward peak, below a
// downward one or one at the top, kept inside the plot.
func (a Arc) peak(sessionID string, pm baton.PeakMoment, x func(int64) float64) ArcPeak {
	pk := ArcPeak{
		X: x(pm.MessageSeq), Y: a.y(pm.Sentiment), Seq: pm.MessageSeq, Up: pm.Sentiment >= 0,
		Label: Humanize(pm.Emotion), Href: messageHref(sessionID, pm.MessageSeq),
	}
	pk.Title = fmt.Sprintf("Peak moment at #%d: %s, %s", pm.MessageSeq, strings.ToLower(pk.Label), signed(pm.Sentiment))
	if pm.Trigger != "" {
		pk.Title += " — “" + pm.Trigger + "”"
	}
	pk.LabelX, pk.LabelY, pk.Anchor = pk.X, pk.Y-10, "middle"
	if !pk.Up || pk.LabelY < 12 {
		pk.LabelY = pk.Y + 20
	}
	if pk.LabelY > a.Bottom-4 {
		pk.LabelY = pk.Y - 10
	}
	switch {
	case pk.X < a.Left+48:
		pk.Anchor = "start"
	case pk.X > a.Right-48:
		pk.Anchor = "end"
	}
	return pk
}

// y maps a sentiment to the plot: +1 at the top, −1 at the bottom.
func (a Arc) y(v float64) float64 { return scale(max(-1, min(1, v)), -1, 1, a.Bottom, a.Top) }

// buckets cuts n items into at most k runs of consecutive items, as
// [start, end) pairs; with n ≤ k every item is its own run.
func buckets(n, k int) [][2]int {
	if n <= k {
		out := make([][2]int, n)
		for i := range out {
			out[i] = [2]int{i, i + 1}
		}
		return out
	}
	out := make([][2]int, k)
	for i := range out {
		out[i] = [2]int{i * n / k, (i + 1) * n / k}
	}
	return out
}

// smooth averages each value with its neighbours up to h away: weights
// ¼ ½ ¼ for h = 1 (the analysis's own smoothing), a moving average of
// 2h+1 values for wider windows; renormalised at the ends.
func smooth(x []float64, h int) []float64 {
	if h <= 1 {
		return baton.SmoothArc(x)
	}
	out := make([]float64, len(x))
	// Prefix sums keep a wide window linear in the series' length.
	prefix := make([]float64, len(x)+1)
	for i, v := range x {
		prefix[i+1] = prefix[i] + v
	}
	for i := range x {
		lo, hi := max(0, i-h), min(len(x), i+h+1)
		out[i] = (prefix[hi] - prefix[lo]) / float64(hi-lo)
	}
	return out
}

// messageHref opens a session's transcript at a message, even one that
// infinite scroll has not loaded yet.
func messageHref(sessionID string, seq int64) string {
	return fmt.Sprintf("/sessions/%s?at=%d#m-%d", url.PathEscape(sessionID), seq, seq)
}

func dotTitle(p baton.SentimentPoint) string {
	who := "Steward"
	if p.Role == baton.RoleAssistant {
		who = "Assistant"
	}
	t := fmt.Sprintf("#%d %s", p.Seq, who)
	if !p.Timestamp.IsZero() {
		t += ", " + p.Timestamp.UTC().Format("2 Jan 15:04 UTC")
	}
	t += ": " + signed(p.Sentiment)
	if p.Emotion != "" {
		t += " (" + p.Emotion + ")"
	}
	return t
}

func moods(ms []string) string {
	if len(ms) == 0 {
		return ""
	}
	return strings.Join(ms, ", ")
}

func arcDescription(a Arc, arc baton.EmotionalArc) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Sentiment of %d steward and assistant messages, from −1 (negative) to +1 (positive)", a.Total)
	if a.Bucketed {
		fmt.Fprintf(&b, "; %d of them drawn, the lowest and highest of each stretch", len(a.Dots))
	}
	b.WriteString(".")
	if a.StartingMood != "" {
		fmt.Fprintf(&b, " Starting mood: %s. Ending mood: %s.", a.StartingMood, orDash(a.EndingMood))
	}
	fmt.Fprintf(&b, " Overall sentiment %s.", signed(arc.OverallSentiment))
	if len(a.Peaks) > 0 {
		b.WriteString(" Peak moments:")
		for i, p := range a.Peaks {
			if i > 0 {
				b.WriteString(";")
			}
			fmt.Fprintf(&b, " %s at message %d", strings.ToLower(p.Label), p.Seq)
		}
		b.WriteString(".")
	}
	return b.String()
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func itoa(n int64) string { return fmt.Sprint(n) }
