package main

import (
	"io"
	"strings"
	"testing"
	"time"
)

func TestGrowthAimIsJudgedOnCPUTimePerRequest(t *testing.T) {
	ms := func(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }
	figures := []string{"session list", "search rare"}
	levels := []int{10_000, 1_000_000} // log n grows 1.5×
	for _, c := range []struct {
		name   string
		cpus   [][]time.Duration
		ok     bool
		figure string
	}{
		{"within log n", [][]time.Duration{{ms(2), ms(2.8)}, {ms(1), ms(1.2)}}, true, "session list"},
		{"one grows faster", [][]time.Duration{{ms(2), ms(2.2)}, {ms(1), ms(1.7)}}, false, "search rare"},
	} {
		r := &report{w: io.Discard}
		growthAim(r, figures, c.cpus, levels)
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
