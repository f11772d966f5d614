package baton

import (
	"testing"
	"time"
)

func TestValidTime(t *testing.T) {
	for _, tc := range []struct {
		t    time.Time
		want bool
	}{
		{time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC), true},
		{time.Date(1, 1, 1, 0, 0, 1, 0, time.UTC), true},
		{time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC), true},
		{time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), false},
		{time.Date(0, 12, 31, 0, 0, 0, 0, time.UTC), false},
		{time.Date(-5, 1, 1, 0, 0, 0, 0, time.UTC), false},
		// 9999-12-31T23:00-02:00 is year 10000 in UTC.
		{time.Date(9999, 12, 31, 23, 0, 0, 0, time.FixedZone("", -2*3600)), false},
		{time.Time{}, false},
	} {
		if got := ValidTime(tc.t); got != tc.want {
			t.Errorf("ValidTime(%v) = %v, want %v", tc.t, got, tc.want)
		}
		if err := CheckTime("timestamp", tc.t); (err == nil) != tc.want {
			t.Errorf("CheckTime(%v) = %v", tc.t, err)
		}
	}
	if err := CheckTime("messages[2].timestamp", time.Date(12000, 1, 1, 0, 0, 0, 0, time.UTC)); ErrorCode(err) != EINVALID || err.(*Error).Field != "messages[2].timestamp" {
		t.Errorf("CheckTime error = %v", err)
	}
}

func TestDurationSecondsBeyondDurationRange(t *testing.T) {
	a := time.Date(1969, 12, 31, 0, 0, 0, 0, time.UTC)
	b := time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)
	if got, want := DurationSeconds(a, b), b.Unix()-a.Unix(); got != want {
		t.Errorf("DurationSeconds = %d, want %d", got, want)
	}
	if got, want := DurationSeconds(b, a), a.Unix()-b.Unix(); got != want {
		t.Errorf("backwards = %d, want %d", got, want)
	}
	if got := DurationSeconds(a, a.Add(90*time.Minute+500*time.Millisecond)); got != 5400 {
		t.Errorf("short = %d", got)
	}
}
