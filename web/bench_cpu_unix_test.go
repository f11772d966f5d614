//go:build unix

package web_test

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used, user and system: a
// benchmark's work as the machine's load does not stretch it.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
