package analysis

import (
	"reflect"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// viewsPastBound are the views of msgs as a session's views are past
// maxKeptLower: none keeps its lower-cased prose.
func viewsPastBound(a *Analyzer, msgs []*baton.Message) []view {
	b := newViewBuilder(a, len(msgs))
	b.keptLower = maxKeptLower
	for _, m := range msgs {
		b.add(m)
	}
	return b.views()
}

// The views of a session past maxKeptLower, which lower-case their prose
// again on each read instead of keeping it, give the analysis the views
// that keep it give: the session's report (arc, progress, technical
// context, patterns, title, summary, quality) and its relationship, for
// sessions short and long, each starting at a different point of
// largeSession's mix.
func TestViewsPastKeptLowerAnalyseTheSame(t *testing.T) {
	a := New()
	long := largeSession(3001)
	for _, n := range []int{1, 2, 17, 250, 3001} {
		for _, from := range []int{0, 7} {
			msgs := long[min(from, len(long)):min(from+n, len(long))]
			kept, past := buildViews(a, msgs), viewsPastBound(a, msgs)
			for i := range past {
				if past[i].lowered != "" {
					t.Fatalf("%d messages from %d: view %d kept its lower-cased prose past the bound", n, from, i)
				}
				if kept[i].lower() != past[i].lower() {
					t.Fatalf("%d messages from %d: view %d lower-cased %q, past the bound %q", n, from, i, kept[i].lower(), past[i].lower())
				}
			}
			exKept, exPast := exchangesOf(kept), exchangesOf(past)
			rKept := reportOf("/repo", "1.0", kept, exKept)
			rPast := reportOf("/repo", "1.0", past, exPast)
			if !reflect.DeepEqual(rKept, rPast) {
				t.Errorf("%d messages from %d: report\nkept %+v\npast %+v", n, from, rKept, rPast)
			}
			sess := &baton.Session{}
			relKept, pointKept := sessionRelationshipOf(0.6, 0.5, sess, kept, exKept, errorsOf(kept))
			relPast, pointPast := sessionRelationshipOf(0.6, 0.5, sess, past, exPast, errorsOf(past))
			if !reflect.DeepEqual(relKept, relPast) || !reflect.DeepEqual(pointKept, pointPast) {
				t.Errorf("%d messages from %d: relationship %+v %+v, past the bound %+v %+v", n, from, relKept, pointKept, relPast, pointPast)
			}
			if n == 3001 && (len(rKept.Summary.Decisions) == 0 || len(rKept.Progress.TasksCompleted) == 0 || rKept.Title == "") {
				t.Errorf("%d messages from %d: nothing to compare: %+v", n, from, rKept)
			}
		}
	}
	// A session's views keep lower-cased prose up to the bound, then stop.
	b := newViewBuilder(a, len(long))
	b.keptLower = maxKeptLower - 100
	for _, m := range long {
		b.add(m)
	}
	if b.keptLower > maxKeptLower {
		t.Errorf("the views kept %d bytes of lower-cased prose, over %d", b.keptLower, maxKeptLower)
	}
}
