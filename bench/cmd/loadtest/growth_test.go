package main

import (
	"io"
	"strings"
	"testing"
	"time"
)

func TestGrowthAimIsJudgedOnCPUTimeBesideTheReference(t *testing.T) {
	ms := func(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }
	rounds := func(f float64) []time.Duration {
		out := make([]time.Duration, growthRounds)
		for i := range out {
			out[i] = ms(f)
		}
		return out
	}
	figures := []string{"session list", "search rare"}
	levels := []int{10_000, 1_000_000} // log n grows 1.5×
	// The smallest level is measured beside the reference too; its CPU
	// times, high here, must not be the baseline: the reference's of the
	// same rounds is.
	first := growthLevel{cpus: [][]time.Duration{rounds(9), rounds(9)}, refs: [][]time.Duration{rounds(9), rounds(9)}}
	for _, c := range []struct {
		name   string
		last   growthLevel
		ok     bool
		figure string
	}{
		{"within log n", growthLevel{cpus: [][]time.Duration{rounds(2.8), rounds(1.2)}, refs: [][]time.Duration{rounds(2), rounds(1)}}, true, "session list"},
		{"one grows faster", growthLevel{cpus: [][]time.Duration{rounds(2.2), rounds(1.7)}, refs: [][]time.Duration{rounds(2), rounds(1)}}, false, "search rare"},
	} {
		r := &report{w: io.Discard}
		growthAim(r, figures, []growthLevel{first, c.last}, levels)
		if len(r.aims) != 1 {
			t.Fatalf("%s: %d aims recorded", c.name, len(r.aims))
		}
		a := r.aims[0]
		if a.ok != c.ok || !strings.Contains(a.name, "("+c.figure+")") || !strings.Contains(a.name, "CPU time per request") {
			t.Errorf("%s: aim %+v, want ok=%v on %s", c.name, a, c.ok, c.figure)
		}
		if !c.ok && a.miss == "" {
			t.Errorf("%s: a miss without by how much", c.name)
		}
	}
}

func TestGrowthSpreadIsTheLeastAndMostOfOneRound(t *testing.T) {
	const ms = time.Millisecond
	m := growthLevel{cpus: [][]time.Duration{{3 * ms, 2 * ms, 6 * ms}}, refs: [][]time.Duration{{2 * ms, 2 * ms, 3 * ms}}}
	lo, hi := m.spread(0)
	if lo != 1 || hi != 2 {
		t.Errorf("spread %v–%v, want 1–2", lo, hi)
	}
	if g := m.growth(0); g != 11.0/7 {
		t.Errorf("growth %v, want the sums' ratio 11/7", g)
	}
}
