package baton

import (
	"math"
	"time"
)

// ValidTime reports whether t can be stored and read back by both
// databases and by encoding/json: its UTC year is between 1 and 9999.
// A zero time is not valid either (callers that allow "no time" check
// IsZero first). Importers refuse a message whose timestamp fails it; the
// API and background workers do the same, so no stored row breaks a read.
func ValidTime(t time.Time) bool {
	if t.IsZero() {
		return false
	}
	y := t.UTC().Year()
	return y >= 1 && y <= 9999
}

// CheckTime returns an EINVALID error naming field when t is not a
// ValidTime, and nil otherwise.
func CheckTime(field string, t time.Time) error {
	if ValidTime(t) {
		return nil
	}
	if t.IsZero() {
		return Invalid(field, "%s is missing or zero", field)
	}
	return Invalid(field, "%s %s is outside the years 1 to 9999 (UTC)", field, t.UTC().Format(time.RFC3339))
}

// DurationSeconds is the whole seconds from start to end. time.Time.Sub
// saturates at about 292 years, so a longer span (years 1 to 9999 are
// valid) is counted in Unix seconds instead.
func DurationSeconds(start, end time.Time) int64 {
	d := end.Sub(start)
	if d == math.MaxInt64 || d == math.MinInt64 {
		return end.Unix() - start.Unix()
	}
	return int64(d / time.Second)
}
