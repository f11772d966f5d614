package store

import (
	"testing"
	"time"
)

func TestScannedTimeReadsEveryFormTheDriversReturn(t *testing.T) {
	want := time.Date(2026, 4, 1, 9, 0, 0, 123456000, time.UTC)
	for _, src := range []any{
		want,
		"2026-04-01 09:00:00.123456+00:00",
		"2026-04-01 11:00:00.123456+02:00",
		"2026-04-01 11:00:00.123456+02",
		"2026-04-01 09:00:00.123456",
		[]byte("2026-04-01T09:00:00.123456Z"),
	} {
		var got scannedTime
		if err := got.Scan(src); err != nil {
			t.Fatalf("%v: %v", src, err)
		}
		if !time.Time(got).Equal(want) {
			t.Errorf("%v read as %v, want %v", src, time.Time(got), want)
		}
	}
	for _, bad := range []any{"yesterday", 42, nil} {
		var got scannedTime
		if err := got.Scan(bad); err == nil {
			t.Errorf("%v read as %v, want an error", bad, time.Time(got))
		}
	}
}
