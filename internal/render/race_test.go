//go:build race

package render

// raceEnabled relaxes timing checks: the race detector slows code tenfold.
const raceEnabled = true
