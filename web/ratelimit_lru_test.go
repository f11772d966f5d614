package web

import "testing"

// Defect: a limiter that held 100,000 keys forgot every bucket,
// so whoever sent many keys reset everyone's limits. It now drops only the
// least recently used bucket.
func TestLimiterEvictsTheLeastRecentlyUsedBucket(t *testing.T) {
	l := newLimiter(Rate{PerSecond: 0.0001, Burst: 1})
	l.max = 3
	if ok, _ := l.allow("guesser"); !ok {
		t.Fatal("first request refused")
	}
	if ok, _ := l.allow("guesser"); ok {
		t.Fatal("second request allowed; the bucket holds one")
	}
	l.allow("b")
	l.allow("c")
	if ok, _ := l.allow("guesser"); ok { // used again: now the most recent
		t.Fatal("guesser's bucket was forgotten while the limiter had room")
	}
	for _, k := range []string{"d", "e"} { // two new keys push out b and c
		l.allow(k)
	}
	if ok, _ := l.allow("guesser"); ok {
		t.Error("new keys reset the recently used guesser's bucket")
	}
	if _, kept := l.buckets["b"]; kept || len(l.buckets) != 3 {
		t.Errorf("buckets %d, b kept %v; want 3 without b", len(l.buckets), kept)
	}
}
