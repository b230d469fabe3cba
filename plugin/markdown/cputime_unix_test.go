//go:build unix

package markdown

import "syscall"

// cpuNanos returns the CPU time the process has used so far, user and
// system, in nanoseconds. On a shared machine it measures a benchmark's own
// work where the wall clock also counts the time other processes ran.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
