// Package background holds what Baton's background workers (the search
// indexer, the analysis worker) share: waiting for a burst of writes to
// settle, and turning a panic into an error so a worker goes on.
package background

import (
	"context"
	"fmt"
	"time"
)

// WaitForQuiet returns once kick has been silent for quiet, or after at
// most longest, or when ctx ends; it says whether kick fell silent.
func WaitForQuiet(ctx context.Context, kick <-chan struct{}, quiet, longest time.Duration) bool {
	deadline := time.NewTimer(longest)
	defer deadline.Stop()
	for {
		select {
		case <-ctx.Done():
			return false
		case <-deadline.C:
			return false
		case <-kick:
		case <-time.After(quiet):
			return true
		}
	}
}

// Recovered runs fn and turns a panic into an error.
func Recovered(fn func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	fn()
	return nil
}
