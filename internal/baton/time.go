package baton

import (
	"math"
	"strconv"
	"time"
)

// TimeForm says, in an error, what a time sent to Baton must be.
const TimeForm = "an RFC 3339 time such as 2026-01-02T15:04:05Z, in the years 1 to 9999 (UTC)"

// ParseTime reads a time as every entry point that takes one reads it:
// RFC 3339 exactly as encoding/json reads a time.Time field of an API
// request (two-digit hours, a period before a fraction of a second, a zone
// of at most ±23:59, nothing around it). The structured importer reads a
// message's time with it, so a time the API refuses an imported document
// has refused too, and the other way round. ok is false when s is not
// such a time; whether its year can be stored is CheckTime's to say.
func ParseTime(s string) (t time.Time, ok bool) {
	if err := t.UnmarshalText([]byte(s)); err != nil {
		return time.Time{}, false
	}
	return t, true
}

// TimeFormError is the EINVALID error for a time field whose text s is
// not a time ParseTime reads: the API's answer for any time field
// (web/httpx), naming the field.
func TimeFormError(field, s string) error {
	return Invalid(field, "%s must be %s, not %s", field, TimeForm, strconv.Quote(ClipMarked(s, 40)))
}

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
