package views

import (
	"fmt"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// now is the clock relative times are measured against; tests pin it.
var now = time.Now

// formatDuration says how long something took, to the two largest units:
// "45s", "12m", "1h 12m", "3d 4h", "8030y 14d" (a year is 365 days).
func formatDuration(seconds int64) string {
	if seconds <= 0 {
		return "—"
	}
	y, d, h, m, s := seconds/(365*86400), seconds%(365*86400)/86400, seconds%86400/3600, seconds%3600/60, seconds%60
	switch {
	case y > 0:
		return joinUnits(y, "y", d, "d")
	case d > 0:
		return joinUnits(d, "d", h, "h")
	case h > 0:
		return joinUnits(h, "h", m, "m")
	case m > 0:
		return joinUnits(m, "m", s, "s")
	default:
		return fmt.Sprintf("%ds", s)
	}
}

func joinUnits(a int64, au string, b int64, bu string) string {
	if b == 0 {
		return fmt.Sprintf("%d%s", a, au)
	}
	return fmt.Sprintf("%d%s %d%s", a, au, b, bu)
}

// sessionDuration is a session's length: its recorded duration, or the
// time between its start and end.
func sessionDuration(s *baton.Session) string {
	if s.DurationSeconds > 0 {
		return formatDuration(s.DurationSeconds)
	}
	if s.EndedAt != nil {
		return formatDuration(baton.DurationSeconds(s.StartedAt, *s.EndedAt))
	}
	return "—"
}

// absTime is a moment as people read it, in UTC: "1 Apr 2026, 09:05 UTC".
func absTime(t time.Time) string {
	if t.IsZero() {
		return "—"
	}
	return t.UTC().Format("2 Jan 2006, 15:04 MST")
}

// shortTime is the time of day of a message, with seconds: "09:05:12".
func shortTime(t time.Time) string {
	return t.UTC().Format("15:04:05")
}

// isoTime is the machine-readable form for <time datetime>.
func isoTime(t time.Time) string {
	return t.UTC().Format(time.RFC3339)
}

// relTime says how long ago t was: "just now", "5 minutes ago",
// "yesterday", "3 days ago"; older moments get their date.
func relTime(t time.Time) string {
	if t.IsZero() {
		return "—"
	}
	n := now()
	d := n.Sub(t)
	// Whole days count by the calendar (UTC), so two times of the same day
	// always read alike: "yesterday", never "23 hours ago" beside it.
	days := calendarDays(t, n)
	switch {
	case d < 0:
		return absTime(t)
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return plural(int(d/time.Minute), "minute") + " ago"
	case days == 0:
		return plural(int(d/time.Hour), "hour") + " ago"
	case days == 1:
		return "yesterday"
	case days < 30:
		return plural(days, "day") + " ago"
	case t.Year() == n.Year():
		return t.UTC().Format("2 Jan")
	default:
		return t.UTC().Format("2 Jan 2006")
	}
}

// calendarDays is how many UTC calendar days lie between t and later.
func calendarDays(t, later time.Time) int {
	y1, m1, d1 := t.UTC().Date()
	y2, m2, d2 := later.UTC().Date()
	a := time.Date(y1, m1, d1, 0, 0, 0, 0, time.UTC)
	b := time.Date(y2, m2, d2, 0, 0, 0, 0, time.UTC)
	return int(b.Sub(a).Hours() / 24)
}
