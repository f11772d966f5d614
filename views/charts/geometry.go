// Package charts draws Baton's pictures — the emotional arc of a session
// and the relationship over time — as server-rendered SVG. The geometry is
// plain Go over domain values (arc.go, lines.go); the templ components in
// charts.templ only print it. Colours come from CSS classes on the design
// system's custom properties, so charts follow the light and dark themes
// and need no inline style (the CSP forbids it) and no JavaScript.
package charts

import (
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Frame is the drawing area of a chart: the SVG viewBox and the plot
// rectangle inside it, with room for the axes' labels.
type Frame struct {
	Width, Height            float64
	Left, Right, Top, Bottom float64 // the plot rectangle's edges
}

// ViewBox is the SVG viewBox attribute.
func (f Frame) ViewBox() string { return "0 0 " + num(f.Width) + " " + num(f.Height) }

// Tick is one labelled position on an axis.
type Tick struct {
	Pos   float64 // x for the x axis, y for the y axis
	Label string
	// Major ticks get a grid line (the zero line of a sentiment axis is drawn apart).
	Major bool
}

// scale maps v from [lo, hi] onto [a, b]; a degenerate domain maps to the middle.
func scale(v, lo, hi, a, b float64) float64 {
	if hi <= lo {
		return (a + b) / 2
	}
	return a + (v-lo)/(hi-lo)*(b-a)
}

// num prints a coordinate with at most one decimal, so SVG stays small
// and output is stable for golden files.
func num(v float64) string {
	v = math.Round(v*10) / 10
	if v == 0 {
		v = 0 // no "-0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// Pt is a point of a polyline.
type Pt struct{ X, Y float64 }

// path is the SVG path data of a polyline through pts.
func path(pts []Pt) string {
	var b strings.Builder
	for i, p := range pts {
		if i == 0 {
			b.WriteString("M")
		} else {
			b.WriteString(" L")
		}
		b.WriteString(num(p.X))
		b.WriteByte(' ')
		b.WriteString(num(p.Y))
	}
	return b.String()
}

// niceStep is a round step (1, 2 or 5 × 10^k) near span/n.
func niceStep(span float64, n int) float64 {
	if span <= 0 || n <= 0 {
		return 1
	}
	raw := span / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if raw <= m*mag {
			return m * mag
		}
	}
	return 10 * mag
}

// countTicks are round whole numbers from lo to hi, about n of them.
func countTicks(lo, hi int64, n int) []int64 {
	if hi <= lo {
		return []int64{lo}
	}
	step := int64(math.Max(1, niceStep(float64(hi-lo), n)))
	var out []int64
	for v := (lo + step - 1) / step * step; v <= hi; v += step {
		out = append(out, v)
	}
	if len(out) == 0 || out[0] != lo {
		// The first message always has a label, unless a round tick crowds it.
		if len(out) == 0 || float64(out[0]-lo) > float64(step)/2 {
			out = append([]int64{lo}, out...)
		} else {
			out[0] = lo
		}
	}
	return out
}

// timeTicks are up to n evenly spaced moments from lo to hi, at midnight
// UTC when the range spans days.
func timeTicks(lo, hi time.Time, n int) []time.Time {
	if !hi.After(lo) {
		return []time.Time{lo}
	}
	span := hi.Sub(lo)
	days := span.Hours() / 24
	if days >= 2 {
		stepDays := int(math.Max(1, math.Ceil(days/float64(n))))
		for _, nice := range []int{1, 2, 7, 14, 30, 60, 90, 180, 365} {
			if stepDays <= nice {
				stepDays = nice
				break
			}
		}
		start := time.Date(lo.Year(), lo.Month(), lo.Day(), 0, 0, 0, 0, time.UTC)
		if start.Before(lo) {
			start = start.AddDate(0, 0, 1)
		}
		var out []time.Time
		for t := start; !t.After(hi); t = t.AddDate(0, 0, stepDays) {
			out = append(out, t)
		}
		return out
	}
	out := make([]time.Time, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, lo.Add(time.Duration(float64(span)*float64(i)/float64(n-1))).Truncate(time.Minute))
	}
	return out
}

// signed prints a −1..1 value with its sign: "+0.42", "−0.10".
func signed(v float64) string {
	s := strconv.FormatFloat(math.Abs(v), 'f', 2, 64)
	if math.Round(v*100) < 0 {
		return "−" + s
	}
	return "+" + s
}

// tickText labels a scale: "1", "0.5", "0"; with signs on a signed
// scale: "+1", "−0.5".
func tickText(v float64, signedScale bool) string {
	s := strconv.FormatFloat(math.Abs(v), 'f', -1, 64)
	switch {
	case v < 0:
		return "−" + s
	case v > 0 && signedScale:
		return "+" + s
	}
	return s
}

// fixed2 prints a 0..1 value with two decimals.
func fixed2(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

// Humanize turns an identifier into words: "needs_follow-up" → "Needs
// follow up". The pages' labels (views) say identifiers the same way.
func Humanize(s string) string {
	s = strings.NewReplacer("_", " ", "-", " ").Replace(s)
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}

// clock is when a message was written, for the data table.
func clock(t time.Time) string {
	if t.IsZero() {
		return "—"
	}
	return t.UTC().Format("2 Jan 15:04:05")
}

// tickAnchor keeps the outermost labels of an x axis inside the picture:
// the last one ends at its tick instead of being centred on it.
func tickAnchor(i, n int) string {
	if i == n-1 && n > 1 {
		return "end"
	}
	return "middle"
}
