package ui

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// chartOf is a drawn chart of n bytes.
func chartOf(n int) drawnArc { return drawnArc{html: strings.Repeat("x", n)} }

// A new version of a session's chart replaces its old one: the cache holds
// one entry per (steward, session), the old version is not served, and
// the bytes count only the new one.
func TestArcCacheReplacesOnNewVersion(t *testing.T) {
	var c arcCache
	slot := arcSlot{stewardID: 7, sessionID: "s1"}
	for v := 0; v < 10; v++ {
		c.put(slot, fmt.Sprint("v", v), chartOf(1000), false)
	}
	if c.recent.Len() != 1 || len(c.bySlot) != 1 {
		t.Fatalf("%d entries (%d slots) after ten versions of one session; want 1", c.recent.Len(), len(c.bySlot))
	}
	if want := (&arcEntry{slot: slot, version: "v9", drawn: chartOf(1000)}).size(); c.bytes != want {
		t.Fatalf("cache counts %d bytes; want %d, the latest version's", c.bytes, want)
	}
	if _, ok := c.get(slot, "v8"); ok {
		t.Fatal("an older version was served")
	}
	if got, ok := c.get(slot, "v9"); !ok || len(got.html) != 1000 {
		t.Fatalf("the latest version was not served: %v", ok)
	}
}

// Every read is scoped to the steward: the same session seen by another
// steward is another entry, and one's chart is never served to the other.
func TestArcCacheIsScopedToTheSteward(t *testing.T) {
	var c arcCache
	c.put(arcSlot{stewardID: 1, sessionID: "s1"}, "v1", drawnArc{html: "ada's"}, false)
	if _, ok := c.get(arcSlot{stewardID: 2, sessionID: "s1"}, "v1"); ok {
		t.Fatal("steward 2 was served steward 1's chart")
	}
	c.put(arcSlot{stewardID: 2, sessionID: "s1"}, "v1", drawnArc{html: "bob's"}, false)
	if got, _ := c.get(arcSlot{stewardID: 1, sessionID: "s1"}, "v1"); got.html != "ada's" {
		t.Fatalf("steward 1 got %q", got.html)
	}
}

// A full cache drops its least recently used charts, one at a time, until
// it is within its byte budget; it does not start over.
func TestArcCacheEvictsLeastRecentlyUsedByBytes(t *testing.T) {
	var c arcCache
	chart := arcCacheBytes / 4 // four fit, less the entries' overhead: three
	slot := func(i int) arcSlot { return arcSlot{stewardID: 7, sessionID: fmt.Sprint("s", i)} }
	for i := 0; i < 3; i++ {
		c.put(slot(i), "v", chartOf(chart), false)
	}
	if c.recent.Len() != 3 {
		t.Fatalf("%d entries; want 3", c.recent.Len())
	}
	if _, ok := c.get(slot(0), "v"); !ok { // s0 is now the most recently used, s1 the least
		t.Fatal("s0 missing")
	}
	c.put(slot(3), "v", chartOf(chart), false) // over budget: s1 goes
	if _, ok := c.get(slot(1), "v"); ok {
		t.Fatal("s1, the least recently used, was kept")
	}
	for _, i := range []int{0, 2, 3} {
		if _, ok := c.get(slot(i), "v"); !ok {
			t.Fatalf("s%d was evicted with s1; want only the least recently used gone", i)
		}
	}
	if c.bytes > arcCacheBytes {
		t.Fatalf("cache holds %d bytes, over its budget of %d", c.bytes, arcCacheBytes)
	}
	sum := 0
	for el := c.recent.Front(); el != nil; el = el.Next() {
		sum += el.Value.(*arcEntry).size()
	}
	if sum != c.bytes || len(c.bySlot) != c.recent.Len() {
		t.Fatalf("bytes %d counted, %d held; %d slots, %d entries", c.bytes, sum, len(c.bySlot), c.recent.Len())
	}
}

// A chart drawn ahead of any view goes first when the cache is full: it
// does not push out the charts being read.
func TestArcCacheEvictsChartsDrawnAheadFirst(t *testing.T) {
	var c arcCache
	chart := arcCacheBytes / 4
	slot := func(i int) arcSlot { return arcSlot{stewardID: 7, sessionID: fmt.Sprint("s", i)} }
	for i := 0; i < 2; i++ {
		c.put(slot(i), "v", chartOf(chart), false)
	}
	c.put(slot(2), "v", chartOf(chart), true)  // drawn ahead: the least recently used
	c.put(slot(3), "v", chartOf(chart), false) // over budget: s2 goes, not s0
	if _, ok := c.get(slot(2), "v"); ok {
		t.Fatal("the chart drawn ahead was kept over one being read")
	}
	for _, i := range []int{0, 1, 3} {
		if _, ok := c.get(slot(i), "v"); !ok {
			t.Fatalf("s%d, being read, was evicted", i)
		}
	}
}

// A chart bigger than the whole budget is kept alone rather than dropped
// at once (its next view would draw it again), and goes with the next one.
func TestArcCacheKeepsOneOversizedChart(t *testing.T) {
	var c arcCache
	c.put(arcSlot{sessionID: "big"}, "v", chartOf(arcCacheBytes+1), false)
	if _, ok := c.get(arcSlot{sessionID: "big"}, "v"); !ok {
		t.Fatal("the oversized chart was not kept")
	}
	c.put(arcSlot{sessionID: "small"}, "v", chartOf(10), false)
	if _, ok := c.get(arcSlot{sessionID: "big"}, "v"); ok || c.recent.Len() != 1 {
		t.Fatalf("the oversized chart was kept beside another: %d entries", c.recent.Len())
	}
}

// The cache is safe for concurrent use (run with -race).
func TestArcCacheConcurrentUse(t *testing.T) {
	var c arcCache
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				slot := arcSlot{stewardID: int64(g % 2), sessionID: fmt.Sprint("s", i%16)}
				c.put(slot, fmt.Sprint("v", i%3), chartOf(100), false)
				c.get(slot, fmt.Sprint("v", i%3))
			}
		}()
	}
	wg.Wait()
	if len(c.bySlot) != c.recent.Len() || c.recent.Len() > 32 {
		t.Fatalf("%d slots, %d entries; want equal and at most 32", len(c.bySlot), c.recent.Len())
	}
}
